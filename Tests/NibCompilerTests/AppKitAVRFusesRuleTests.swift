import CorpusSupport
import Foundation
import KeyedArchive
import NibArchive
import NibCompiler
import Testing

/// What the two AVRFuses pairs added (`macos-vonnieda-AVRFuses-MainMenu-a08b56f5`, Xcode 14.0,
/// and `-dbb7734b`, Xcode 15.3): bindings with options, grid lines, window maximum sizes, the
/// 11.0 table variant, combo boxes with the system font, Xcode 14/15 details and key-view rows.
/// Expected values are read from Apple's `keyedobjects-101300.nib` (and, where a test says so,
/// `keyedobjects-110000.nib`) of those pairs; the sources are cut down from theirs.
@Suite("AppKit: the AVRFuses elements")
struct AppKitAVRFusesRuleTests {
    static func graph(_ source: String, xcode: Double?) throws -> Graph {
        try Source.graph(source, options: AppKitEraRuleTests.options(xcode: xcode))
    }

    /// A window-less view holding `subviews`, saved by Xcode 14.0.
    static func view(_ subviews: String, toolsVersion: Int = 21225) -> String {
        AppKitEraRuleTests.view(subviews, toolsVersion: toolsVersion)
    }

    /// A window-less view holding `subviews`, beside the shared user defaults controller (id 524).
    static func withDefaults(_ subviews: String) -> String {
        Self.view(subviews).replacingOccurrences(
            of: "</objects>", with: "<userDefaultsController representsSharedInstance=\"YES\" id=\"524\"/></objects>")
    }

    /// The keys of an archived `NSDictionary` mapped to their value objects.
    static func entries(_ graph: Graph, _ dictionary: Int) -> [String: Int] {
        let elements = graph.elements(of: dictionary)
        var result: [String: Int] = [:]
        for index in stride(from: 0, to: elements.count - 1, by: 2) {
            if let key = graph.string(elements[index]) { result[key] = elements[index + 1] }
        }
        return result
    }

    @Test("a binding's options are archived as written: booleans, empty strings and −1 integers")
    func bindingOptions() throws {
        let source = """
            <button fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="1179">
                <rect key="frame" x="18" y="20" width="200" height="18"/>
                <autoresizingMask key="autoresizingMask"/>
                <buttonCell key="cell" type="check" title="Check" bezelStyle="regularSquare" imagePosition="left" alignment="left" inset="2" id="1180">
                    <behavior key="behavior" changeContents="YES" doesNotDimImage="YES" lightByContents="YES"/>
                    <font key="font" metaFont="system"/>
                </buttonCell>
                <connections>
                    <binding destination="524" name="value" keyPath="values.SUCheckAtStartup" id="1190">
                        <dictionary key="options">
                            <bool key="NSConditionallySetsEnabled" value="YES"/>
                            <bool key="NSValidatesImmediately" value="NO"/>
                            <integer key="NSNullPlaceholder" value="-1"/>
                            <string key="NSNoSelectionPlaceholder"></string>
                        </dictionary>
                    </binding>
                    <binding destination="524" name="enabled" keyPath="values.on" id="1191"/>
                </connections>
            </button>
            """
        let graph = try Self.graph(Self.withDefaults(source), xcode: 14)
        let bindings = graph.all("NSNibBindingConnector")
        let value = try #require(bindings.first { graph.text("NSBinding", of: $0) == "value" })
        let options = try #require(graph.object("NSOptions", of: value))
        #expect(graph.nodes[options].className == "NSDictionary")
        let entries = Self.entries(graph, options)
        // AVRFuses #816: exactly the source's keys, NS.boolval, NS.intval −1 (int64), "".
        #expect(
            entries.keys.sorted() == [
                "NSConditionallySetsEnabled", "NSNoSelectionPlaceholder", "NSNullPlaceholder", "NSValidatesImmediately",
            ])
        #expect(entries["NSConditionallySetsEnabled"].flatMap { graph.value("NS.boolval", of: $0) } == .bool(true))
        #expect(entries["NSValidatesImmediately"].flatMap { graph.value("NS.boolval", of: $0) } == .bool(false))
        #expect(entries["NSNullPlaceholder"].flatMap { graph.value("NS.intval", of: $0) }?.integerValue == -1)
        #expect(entries["NSNoSelectionPlaceholder"].flatMap(graph.string) == "")
        let enabled = try #require(bindings.first { graph.text("NSBinding", of: $0) == "enabled" })
        #expect(graph.value("NSOptions", of: enabled) == nil)
    }

    @Test("binding options of other types, or a repeated key, are refused")
    func bindingOptionsRefused() throws {
        let entries = [
            "<bool key=\"A\" value=\"YES\"/>", "<real key=\"A\" value=\"1.5\"/>",
            "<bool key=\"A\" value=\"YES\"/><bool key=\"A\" value=\"NO\"/>",
        ]
        for (index, entry) in entries.enumerated() {
            let source = Self.withDefaults(
                """
                <customView id="2">
                    <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                    <connections>
                        <binding destination="524" name="hidden" keyPath="values.x" id="3">
                            <dictionary key="options">\(entry)</dictionary>
                        </binding>
                    </connections>
                </customView>
                """)
            // The first, a plain boolean, compiles: the refusals are the options'.
            if index == 0 {
                _ = try Self.graph(source, xcode: 14)
            } else {
                #expect(throws: CompileError.self) { try Source.refusing { try Self.graph(source, xcode: 14) } }
            }
        }
    }

    @Test("ambiguous=\"YES\" archives nothing")
    func ambiguousView() throws {
        func view(_ extra: String) -> String {
            Self.view(
                """
                <customView \(extra) id="2">
                    <rect key="frame" x="10" y="33" width="554" height="355"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                </customView>
                """)
        }
        let plain = try Self.graph(view(""), xcode: 14)
        let ambiguous = try Self.graph(view("ambiguous=\"YES\""), xcode: 14)
        let first = try #require(plain.all("NSCustomView").first)
        let second = try #require(ambiguous.all("NSCustomView").first)
        #expect(plain.nodes[first].values.map(\.key) == ambiguous.nodes[second].values.map(\.key))
        for (key, payload) in plain.nodes[first].values where key != "NSNextResponder" && key != "NSSuperview" {
            #expect(ambiguous.value(key, of: second) == payload, "\(key)")
        }
    }

    @Test("a window's maximum size: the content's, and the frame's with the title bar (Xcode 14.0)")
    func windowMaxSize() throws {
        let source = Source.macOSXib(
            """
            <window title="Projects" allowsToolTipsWhenApplicationIsInactive="NO" autorecalculatesKeyViewLoop="NO" releasedWhenClosed="NO" visibleAtLaunch="NO" animationBehavior="default" id="1">
                <windowStyleMask key="styleMask" titled="YES" closable="YES" miniaturizable="YES" resizable="YES"/>
                <rect key="contentRect" x="372" y="329" width="617" height="269"/>
                <rect key="screenRect" x="0.0" y="0.0" width="3440" height="1415"/>
                <value key="minSize" type="size" width="617" height="269"/>
                <value key="maxSize" type="size" width="1617" height="269"/>
                <view key="contentView" id="2">
                    <rect key="frame" x="0.0" y="0.0" width="617" height="269"/>
                    <autoresizingMask key="autoresizingMask"/>
                </view>
            </window>
            """, toolsVersion: 21225)
        // AVRFuses #460: NSWindowContentMaxSize {1617, 269}, NSMinSize {617, 297}, NSMaxSize {1617, 297}.
        let graph = try Self.graph(source, xcode: 14)
        let window = try #require(graph.all("NSWindowTemplate").first)
        #expect(graph.text("NSWindowContentMaxSize", of: window) == "{1617, 269}")
        #expect(graph.text("NSWindowContentMinSize", of: window) == "{617, 269}")
        #expect(graph.text("NSMinSize", of: window) == "{617, 297}")
        #expect(graph.text("NSMaxSize", of: window) == "{1617, 297}")
        // No pair shows what Xcode 16 writes: Xcode 15.3's, with a warning.
        Source.expectApproximation(
            source, .nearestXcode, mentioning: "window maximum sizes", options: AppKitEraRuleTests.options())
    }

    /// AVRFuses' combo box (natural alignment, the system font).
    static let comboBox = """
        <comboBox verticalHuggingPriority="750" horizontalCompressionResistancePriority="250" fixedFrame="YES" allowsCharacterPickerTouchBarItem="YES" translatesAutoresizingMaskIntoConstraints="NO" id="1528">
            <rect key="frame" x="124" y="64" width="240" height="26"/>
            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
            <comboBoxCell key="cell" scrollable="YES" selectable="YES" editable="YES" sendsActionOnEndEditing="YES" borderStyle="bezel" drawsBackground="YES" completes="NO" numberOfVisibleItems="5" id="1739">
                <font key="font" metaFont="system"/>
                <color key="textColor" name="controlTextColor" catalog="System" colorSpace="catalog"/>
                <color key="backgroundColor" name="textBackgroundColor" catalog="System" colorSpace="catalog"/>
            </comboBoxCell>
        </comboBox>
        """

    @Test("a combo box with the system font: row height 18; its list and header as Xcode 14.0 and 15.3 wrote them")
    func systemFontComboBox() throws {
        // (Xcode, frame, header NSCellFlags2, descriptor options, NSHasWidth): a08b56f5 #289–#297,
        // dbb7734b #290–#298.
        let cases: [(Double, String, Int64, Int64, NibArchive.Payload?)] = [
            (14, "{38, 5}", 2048, 2_147_516_422, nil),
            (15.3, "{38, 10}", 268_437_504, 2_147_517_444, .bool(false)),
        ]
        for (xcode, frame, headerFlags2, descriptorOptions, hasWidth) in cases {
            let graph = try Self.graph(Self.view(Self.comboBox), xcode: xcode)
            let combo = try #require(graph.all("NSComboBox").first)
            let cell = try #require(graph.object("NSCell", of: combo))
            let table = try #require(graph.object("NSTableView", of: cell))
            #expect(graph.value("NSRowHeight", of: table) == .float64(18))
            #expect(graph.text("NSFrameSize", of: table) == frame)
            let columns = try #require(graph.object("NSTableColumns", of: table))
            let column = try #require(graph.elements(of: columns).first)
            let data = try #require(graph.object("NSDataCell", of: column))
            #expect(graph.value("NSCellFlags2", of: data)?.integerValue == 268_437_504)
            #expect(graph.object("NSSupport", of: data) == graph.object("NSSupport", of: cell))
            let header = try #require(graph.object("NSHeaderCell", of: column))
            #expect(graph.value("NSCellFlags2", of: header)?.integerValue == headerFlags2)
            let font = try #require(graph.object("NSSupport", of: header))
            let descriptor = try #require(graph.object("NSTextStyleDescriptor", of: font))
            #expect(graph.value("NSFontDescriptorOptions", of: descriptor)?.integerValue == descriptorOptions)
            #expect(graph.value("NSHasWidth", of: font) == hasWidth)
        }
    }

    @Test("pop-up menu fonts before Xcode 16 are meta font 5 (NSfFlags 1301)")
    func menuMetaFont() throws {
        let popUp = """
            <popUpButton verticalHuggingPriority="750" fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="983">
                <rect key="frame" x="121" y="94" width="243" height="26"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
                <popUpButtonCell key="cell" type="push" bezelStyle="rounded" alignment="left" lineBreakMode="truncatingTail" borderStyle="borderAndBezel" inset="2" id="1735">
                    <behavior key="behavior" lightByBackground="YES" lightByGray="YES"/>
                    <font key="font" metaFont="menu"/>
                    <menu key="menu" title="OtherViews" id="985"/>
                </popUpButtonCell>
            </popUpButton>
            """
        for (xcode, flags) in [(14.0, 1301), (15.3, 1301), (16.0, 1558)] as [(Double, Int64)] {
            let graph = try Self.graph(Self.view(popUp), xcode: xcode)
            let cell = try #require(graph.all("NSPopUpButtonCell").first)
            let font = try #require(graph.object("NSSupport", of: cell))
            #expect(graph.value("NSfFlags", of: font)?.integerValue == flags)
        }
    }

    @Test("push buttons: Xcode 14.0 writes the vertical hugging of 750, Xcode 15.3 does not")
    func pushButtonHugging() throws {
        let button = """
            <button verticalHuggingPriority="750" fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="255">
                <rect key="frame" x="440" y="3" width="82" height="32"/>
                <autoresizingMask key="autoresizingMask" flexibleMinX="YES"/>
                <buttonCell key="cell" type="push" title="Read" bezelStyle="rounded" alignment="center" borderStyle="border" inset="2" id="1716">
                    <behavior key="behavior" pushIn="YES" lightByBackground="YES" lightByGray="YES"/>
                    <font key="font" metaFont="system"/>
                </buttonCell>
            </button>
            """
        let old = try Self.graph(Self.view(button), xcode: 14)
        #expect(old.text("NSHuggingPriority", of: try #require(old.all("NSButton").first)) == "{250, 750}")
        let newer = try Self.graph(Self.view(button, toolsVersion: 23094), xcode: 15.3)
        #expect(newer.value("NSHuggingPriority", of: try #require(newer.all("NSButton").first)) == nil)
    }

    @Test("split view panes clip from Xcode 15; Xcode 15 text views archive empty subviews")
    func xcode15Views() throws {
        let split = """
            <splitView fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="1438">
                <rect key="frame" x="20" y="20" width="560" height="496"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <customView fixedFrame="YES" id="5">
                        <rect key="frame" x="0.0" y="0.0" width="560" height="496"/>
                        <autoresizingMask key="autoresizingMask"/>
                    </customView>
                </subviews>
            </splitView>
            """
        for (xcode, clips) in [(14.0, false), (15.3, true)] {
            let graph = try Self.graph(Self.view(split), xcode: xcode)
            let pane = try #require(graph.all("NSCustomView").last)
            #expect((graph.value("NSViewClipsToBoundsKeyName", of: pane) == .bool(true)) == clips)
        }
        let text = AppKitTextViewRuleTests.textView("")
        for (xcode, writes) in [(14.0, false), (15.3, true), (16.0, false)] {
            let graph = try Self.graph(text, xcode: xcode)
            let view = try #require(graph.all("NSTextView").first)
            let subviews = graph.object("NSSubviews", of: view)
            #expect((subviews != nil) == writes)
            if let subviews { #expect(graph.elements(of: subviews).isEmpty) }
        }
    }

    /// AVRFuses' table in its scroll view, saved by Xcode 14.0 with `fuse` `width`.
    static func table(fuseWidth: Int) -> String {
        func column(_ identifier: String, _ width: Int, _ minimum: Int, _ id: Int) -> String {
            """
            <tableColumn identifier="\(identifier)" editable="NO" width="\(width)" minWidth="\(minimum)" maxWidth="1000" id="\(id)">
                <tableHeaderCell key="headerCell" lineBreakMode="truncatingTail" borderStyle="border" alignment="left">
                    <color key="textColor" name="headerTextColor" catalog="System" colorSpace="catalog"/>
                    <color key="backgroundColor" white="0.33333299" alpha="1" colorSpace="calibratedWhite"/>
                </tableHeaderCell>
                <textFieldCell key="dataCell" lineBreakMode="charWrapping" selectable="YES" editable="YES" alignment="left" title="Text Cell" id="\(id + 1)">
                    <font key="font" metaFont="system"/>
                    <color key="textColor" name="controlTextColor" catalog="System" colorSpace="catalog"/>
                    <color key="backgroundColor" name="controlBackgroundColor" catalog="System" colorSpace="catalog"/>
                </textFieldCell>
                <tableColumnResizingMask key="resizingMask" resizeWithTable="YES" userResizable="YES"/>
            </tableColumn>
            """
        }
        let body = Self.view(
            """
            <scrollView autohidesScrollers="YES" horizontalLineScroll="19" horizontalPageScroll="10" verticalLineScroll="19" verticalPageScroll="10" usesPredominantAxisScrolling="NO" translatesAutoresizingMaskIntoConstraints="NO" id="245">
                <rect key="frame" x="0.0" y="55" width="554" height="299.5"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <clipView key="contentView" id="qig-VE-kAA">
                    <rect key="frame" x="1" y="1" width="552" height="297.5"/>
                    <autoresizingMask key="autoresizingMask"/>
                    <subviews>
                        <tableView verticalHuggingPriority="750" allowsExpansionToolTips="YES" columnAutoresizingStyle="lastColumnOnly" alternatingRowBackgroundColors="YES" columnReordering="NO" columnResizing="NO" multipleSelection="NO" autosaveColumns="NO" id="246">
                            <rect key="frame" x="0.0" y="0.0" width="552" height="297.5"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <size key="intercellSpacing" width="3" height="2"/>
                            <color key="backgroundColor" name="controlBackgroundColor" catalog="System" colorSpace="catalog"/>
                            <tableViewGridLines key="gridStyleMask" horizontal="YES"/>
                            <color key="gridColor" name="gridColor" catalog="System" colorSpace="catalog"/>
                            <tableColumns>
                                \(column("checkbox", 40, 40, 248))
                                \(column("fuse", fuseWidth, 8, 250))
                            </tableColumns>
                        </tableView>
                    </subviews>
                </clipView>
                <scroller key="horizontalScroller" hidden="YES" verticalHuggingPriority="750" horizontal="YES" id="1744">
                    <rect key="frame" x="1" y="-30" width="429" height="15"/>
                    <autoresizingMask key="autoresizingMask"/>
                </scroller>
                <scroller key="verticalScroller" hidden="YES" verticalHuggingPriority="750" horizontal="NO" id="1743">
                    <rect key="frame" x="-30" y="1" width="15" height="183"/>
                    <autoresizingMask key="autoresizingMask"/>
                </scroller>
            </scrollView>
            """)
        return body.replacingOccurrences(
            of: "<objects>",
            with: "<dependencies><deployment version=\"1050\" identifier=\"macosx\"/></dependencies>\n<objects>")
    }

    @Test("before 10.13 a table adds keyedobjects-110000.nib; the earlier variants restyle it plain")
    func tableVariants() throws {
        // a08b56f5 saved the fuse column 497 wide (ibtool shrinks it to 468), dbb7734b 468 wide;
        // Apple's output is the same for both.
        for fuseWidth in [497, 468] {
            let output = try Source.compiler(AppKitEraRuleTests.options(xcode: 14)).compile(
                Data(Self.table(fuseWidth: fuseWidth).utf8), fileName: "T.xib")
            #expect(
                output.files.keys.sorted() == [
                    "keyedobjects-101300.nib", "keyedobjects-110000.nib", "keyedobjects.nib",
                ])
            // (file, NSTvFlags, column widths, NSTableViewStyle): #126, #129, #134 of each file.
            let expected: [(String, Int64, [Double], Int64?)] = [
                ("keyedobjects-110000.nib", 849_346_560, [40, 468], nil),
                ("keyedobjects-101300.nib", 851_443_712, [59, 487], 4),
            ]
            for (file, flags, widths, style) in expected {
                let graph = Graph(try NibArchive(parsing: try #require(output.files[file])))
                let table = try #require(graph.all("NSTableView").first)
                #expect(graph.value("NSTvFlags", of: table)?.integerValue == flags, "\(file)")
                #expect(graph.value("NSGridStyleMask", of: table)?.integerValue == 2)
                #expect(graph.value("NSTableViewStyle", of: table)?.integerValue == style, "\(file)")
                let columns = try #require(graph.object("NSTableColumns", of: table))
                let archived = graph.elements(of: columns).map { column -> Double? in
                    if case .float64(let width)? = graph.value("NSWidth", of: column) { return width }
                    return nil
                }
                #expect(archived == widths, "\(file)")
            }
            let keyed = Graph(try NibArchive(keyedArchiveBytes: try #require(output.files["keyedobjects.nib"])))
            let table = try #require(keyed.all("NSTableView").first)
            #expect(keyed.value("NSTableViewStyle", of: table)?.integerValue == 4)
        }
    }

    @Test(
        "for 10.13 up to 11.0 a table makes the two NIBArchive variants and no keyed archive (Sparkle SUUpdatePermissionPrompt)",
        .corpus)
    func tableVariantsFor1013() throws {
        let reference = try Corpus.directory().appendingPathComponent(
            "xib-pairs/macos-sparkle-project-Sparkle-SUUpdatePermissionPrompt/Base.lproj/SUUpdatePermissionPrompt.nib")
        let appleFiles = try FileManager.default.contentsOfDirectory(atPath: reference.path).sorted()
        let source = Self.table(fuseWidth: 468).replacingOccurrences(of: "version=\"1050\"", with: "version=\"101300\"")
        let options = AppKitEraRuleTests.options(xcode: 14, deployment: "10.13")
        let output = try Source.compiler(options).compile(Data(source.utf8), fileName: "T.xib")
        #expect(output.files.keys.sorted() == appleFiles)
        // The earlier variant is plain-styled, the 11.0 one not (as in Apple's two files).
        for (file, style) in [("keyedobjects-101300.nib", Int64(4)), ("keyedobjects-110000.nib", nil)] {
            let graph = Graph(try NibArchive(parsing: try #require(output.files[file])))
            let table = try #require(graph.all("NSTableView").first)
            #expect(graph.value("NSTableViewStyle", of: table)?.integerValue == style, "\(file)")
            let apple = Graph(
                try NibArchive(parsing: [UInt8](Data(contentsOf: reference.appendingPathComponent(file)))))
            let appleTable = try #require(apple.all("NSTableView").first)
            #expect(apple.value("NSTableViewStyle", of: appleTable)?.integerValue == style, "Apple's \(file)")
        }
    }

    @Test("a table the plain style cannot restyle as the pair shows is refused when strict")
    func tableVariantRefused() {
        // Uniform autoresizing: no pair shows how the earlier variants grow its columns.
        let source = Self.table(fuseWidth: 468).replacingOccurrences(
            of: "columnAutoresizingStyle=\"lastColumnOnly\" ", with: "")
        #expect(throws: CompileError.self) {
            try Source.refusing {
                try Source.compiler(AppKitEraRuleTests.options(xcode: 14)).compile(
                    Data(source.utf8), fileName: "T.xib")
            }
        }
    }
}
