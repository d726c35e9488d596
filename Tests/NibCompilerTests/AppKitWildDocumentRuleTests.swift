import CorpusSupport
import Foundation
import KeyedArchive
import NibArchive
import NibCompiler
import Testing

// AppKit rules learned for the documents of the wild corpus (docs/COMPILE.md, "Session 16"):
// custom color spaces, boxes, focus rings, autoresizing, array controllers, segments. Each
// expected value is read from Apple's nibs in the corpus where it has them.

/// What the suites below share: Apple's nib at a corpus path, and a compile with its warnings.
enum WildRuleSupport {
    /// Apple's nib at `path` under the corpus (NIBArchive or keyed archive) as a graph.
    static func apple(_ path: String) throws -> Graph {
        let bytes = try [UInt8](Data(contentsOf: try Corpus.directory().appendingPathComponent(path)))
        return Graph(
            NibArchive.isKeyedArchive(bytes) ? try NibArchive(keyedArchiveBytes: bytes) : try NibArchive(parsing: bytes)
        )
    }

    /// `subviews` in a custom view `width` × `height` points, as a macOS document.
    static func inView(_ subviews: String, width: Int, height: Int) -> String {
        Source.macOSXib(
            """
            <customView id="1">
                <rect key="frame" x="0.0" y="0.0" width="\(width)" height="\(height)"/>
                <subviews>
            \(subviews)
                </subviews>
            </customView>
            """)
    }

    /// `source` compiled with stand-in ICC profiles: the graph and the warnings.
    static func compile(_ source: String) throws -> (graph: Graph, warnings: [CompileWarning]) {
        let output = try Source.compiler(StandInProfiles.options).compile(Data(source.utf8), fileName: "Test.xib")
        return (try Graph(NibArchive(parsing: output.files[""] ?? [])), output.warnings)
    }
}

/// Colors in custom color spaces (`colorSpace="custom"`) other than sRGB: compiled as the
/// calibrated colors they resolve to, with a warning, instead of failing their control.
@Suite("AppKit colors in custom color spaces")
struct AppKitCustomColorSpaceTests {
    /// A text field whose text color is `color`, in a custom view.
    static func textField(color: String) -> String {
        Source.macOSXib(
            #"""
            <customView id="v1">
                <rect key="frame" x="0.0" y="0.0" width="200" height="100"/>
                <subviews>
                    <textField id="t1">
                        <rect key="frame" x="0.0" y="0.0" width="100" height="22"/>
                        <textFieldCell key="cell" lineBreakMode="clipping" title="Label" id="t2">
                            <font key="font" metaFont="system"/>
                            \#(color)
                            <color key="backgroundColor" name="textBackgroundColor" catalog="System" colorSpace="catalog"/>
                        </textFieldCell>
                    </textField>
                </subviews>
            </customView>
            """#)
    }

    static func textColor(_ color: String) throws -> (graph: Graph, color: Int, warnings: [CompileWarning]) {
        let (graph, warnings) = try WildRuleSupport.compile(Self.textField(color: color))
        let cell = try #require(graph.all("NSTextFieldCell").first)
        return (graph, try #require(graph.object("NSTextColor", of: cell)), warnings)
    }

    @Test("a Generic Gray Gamma 2.2 level that a catalog gray resolves to archives Apple's calibrated white", .corpus)
    func catalogLevel() throws {
        // Apple: StatusBar's controlColor resolves to the gamma 2.2 level 0.6666666667 with the
        // calibrated white "0.602715373".
        let apple = try WildRuleSupport.apple("xib-pairs/macos-viraptor-ibtool-StatusBar/StatusBar.nib")
        let appleGray = try #require(
            apple.all("NSColor").first { apple.data("NSComponents", of: $0) == Array("0.6666666667 1".utf8) })
        let (graph, color, warnings) = try Self.textColor(
            #"<color key="textColor" white="0.6666666667" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>"#
        )
        #expect(graph.className("NSTextColor", of: try #require(graph.all("NSTextFieldCell").first)) == "NSColor")
        #expect(graph.data("NSWhite", of: color) == apple.data("NSWhite", of: appleGray))
        #expect(graph.value("NSColorSpace", of: color) == apple.value("NSColorSpace", of: appleGray))
        #expect(graph.data("NSComponents", of: color) == apple.data("NSComponents", of: appleGray))
        #expect(!warnings.contains { $0.message.contains("Gamma 2.2 level") })
    }

    @Test("other gamma 2.2 levels are interpolated between the catalog grays, with a warning, and keep their control")
    func interpolatedLevel() throws {
        let (graph, color, warnings) = try Self.textColor(
            #"<color key="textColor" white="0.4" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>"#
        )
        #expect(graph.all("NSTextField").count == 1)
        let text = String(decoding: try #require(graph.data("NSWhite", of: color)).dropLast(), as: UTF8.self)
        let white = try #require(Double(text))
        // Between secondaryLabelColor's (1/3 → 0.2638) and gridColor's (1/2 → 0.4247) conversions.
        #expect(white > 0.2637968361 && white < 0.4246723652)
        #expect(warnings.contains { $0.kind == .colorConversion && $0.message.contains("Gamma 2.2 level 0.4") })
        // --strict refuses the approximation.
        Source.expectApproximation(
            Self.textField(
                color:
                    #"<color key="textColor" white="0.4" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>"#
            ), .colorConversion, mentioning: "Gamma 2.2 level", options: StandInProfiles.options)
    }

    @Test(
        "custom calibrated white, calibrated RGB and Display P3 colors are written as calibrated colors, with a warning",
        arguments: [
            (#"white="0.25" alpha="1" colorSpace="custom" customColorSpace="calibratedWhite""#, "NSWhite", 3),
            (
                #"red="0.5" green="0.25" blue="1" alpha="1" colorSpace="custom" customColorSpace="calibratedRGB""#,
                "NSRGB", 1
            ),
            (#"red="1" green="0" blue="0" alpha="1" colorSpace="custom" customColorSpace="displayP3""#, "NSRGB", 1),
        ])
    func withoutProfile(attributes: String, key: String, space: Int) throws {
        let (graph, color, warnings) = try Self.textColor(#"<color key="textColor" \#(attributes)/>"#)
        #expect(graph.all("NSTextField").count == 1)
        #expect(graph.value("NSColorSpace", of: color)?.integerValue == Int64(space))
        #expect(graph.data(key, of: color) != nil)
        #expect(warnings.contains { $0.kind == .colorConversion && $0.message.contains("custom") })
    }

    @Test("calibrated custom components are kept; Display P3 red is clamped to Generic RGB's gamut")
    func components() throws {
        let (graph, rgb, _) = try Self.textColor(
            #"<color key="textColor" red="0.5" green="0.25" blue="1" alpha="1" colorSpace="custom" customColorSpace="calibratedRGB"/>"#
        )
        #expect(graph.data("NSRGB", of: rgb) == Array("0.5 0.25 1".utf8) + [0])
        let (p3Graph, red, _) = try Self.textColor(
            #"<color key="textColor" red="1" green="0" blue="0" alpha="1" colorSpace="custom" customColorSpace="displayP3"/>"#
        )
        let text = String(decoding: try #require(p3Graph.data("NSRGB", of: red)).dropLast(), as: UTF8.self)
        let values = text.split(separator: " ").compactMap { Double($0) }
        // P3 red lies outside Generic RGB: red saturates, green and blue clamp at 0.
        #expect(values == [1, 0, 0])
    }
}

/// Boxes without a title, old-style boxes and title fonts, against Sparkle's SUUpdateAlert.
@Suite("AppKit boxes: title positions, old style, title fonts")
struct AppKitBoxTitleTests {
    @Test("an old-style line box without a title keeps its content rect, as SUUpdateAlert's (Apple's nib)", .corpus)
    func untitledOldStyleBox() throws {
        let apple = try WildRuleSupport.apple(
            "xib-pairs/macos-sparkle-project-Sparkle-SUUpdateAlert/Base.lproj/SUUpdateAlert.nib")
        let appleBox = try #require(apple.all("NSBox").first)
        let source = WildRuleSupport.inView(
            #"""
                    <box boxType="oldStyle" borderType="line" titlePosition="noTitle" id="89">
                        <rect key="frame" x="0.0" y="0.0" width="492" height="215"/>
                        <view key="contentView" id="hbB-V1-Bf6">
                            <rect key="frame" x="1" y="1" width="490" height="213"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                        </view>
                        <font key="titleFont" size="11" name="LucidaGrande"/>
                    </box>
            """#, width: 600, height: 300)
        let graph = try Source.graph(source, options: StandInProfiles.options)
        let box = try #require(graph.all("NSBox").first)
        for key in [
            "NSBoxType", "NSTitlePosition", "NSBorderType", "NSTransparent", "IBNSBoxIsUsingDocumentContentView",
        ] {
            #expect(graph.value(key, of: box) == apple.value(key, of: appleBox), "\(key)")
        }
        #expect(graph.text("NSOffsets", of: box) == apple.text("NSOffsets", of: appleBox))
        let content = try #require(graph.object("NSContentView", of: box))
        let appleContent = try #require(apple.object("NSContentView", of: appleBox))
        #expect(graph.text("NSFrame", of: content) == apple.text("NSFrame", of: appleContent))
        let font = try #require(graph.object("NSTitleCell", of: box).flatMap { graph.object("NSSupport", of: $0) })
        let appleFont = try #require(
            apple.object("NSTitleCell", of: appleBox).flatMap { apple.object("NSSupport", of: $0) })
        #expect(graph.text("NSName", of: font) == apple.text("NSName", of: appleFont))
        #expect(graph.value("NSSize", of: font) == apple.value("NSSize", of: appleFont))
        #expect(graph.value("NSfFlags", of: font) == apple.value("NSfFlags", of: appleFont))
    }
}

extension AppKitBoxTitleTests {
    /// A box of `type` without a title, transparent and borderless, whose content view holds
    /// `inside`, in a custom view (Textual's license dialog's banner boxes).
    static func box(type: String, inside: String = "") -> String {
        WildRuleSupport.inView(
            #"""
                    <box boxType="\#(type)" borderType="none" titlePosition="noTitle" transparent="YES" id="b1">
                        <rect key="frame" x="0.0" y="0.0" width="590" height="41"/>
                        <view key="contentView" id="c1">
                            <rect key="frame" x="0.0" y="0.0" width="590" height="41"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>\#(inside)</subviews>
                        </view>
                        <color key="fillColor" white="0.0" alpha="0.0" colorSpace="calibratedWhite"/>
                    </box>
            """#, width: 600, height: 100)
    }

    @Test("a custom box keeps its content view and what it holds (NSBoxType 4), with a warning for its drawing")
    func customBox() throws {
        let source = Self.box(
            type: "custom",
            inside: #"<customView id="v1"><rect key="frame" x="14" y="11" width="249" height="19"/></customView>"#)
        let (graph, warnings) = try WildRuleSupport.compile(source)
        let box = try #require(graph.all("NSBox").first)
        #expect(graph.value("NSBoxType", of: box)?.integerValue == 4)
        #expect(graph.value("NSBorderType", of: box)?.integerValue == 0)
        #expect(graph.value("NSTitlePosition", of: box)?.integerValue == 0)
        #expect(graph.value("NSTransparent", of: box) == .bool(true))
        let content = try #require(graph.object("NSContentView", of: box))
        #expect(graph.all("NSCustomView").contains { graph.object("NSSuperview", of: $0) == content })
        #expect(warnings.contains { $0.message.contains("custom box") })
    }
}

/// Cells' focus ring type, against Sparkle's SUUpdatePermissionPrompt.
@Suite("AppKit cells: focus ring type")
struct AppKitFocusRingTests {
    @Test(
        "a check box cell with focusRingType none has SUUpdatePermissionPrompt's NSCellFlags2; its button no trace",
        .corpus)
    func focusRingNone() throws {
        let apple = try WildRuleSupport.apple(
            "xib-pairs/macos-sparkle-project-Sparkle-SUUpdatePermissionPrompt/Base.lproj/SUUpdatePermissionPrompt.nib/keyedobjects-110000.nib"
        )
        // The small check box "Include anonymous system profile" (state on, focusRingType none).
        let appleCell = try #require(
            apple.all("NSButtonCell").first {
                apple.object("NSContents", of: $0).flatMap { apple.text("NSDev", of: $0) }
                    == "Include anonymous system profile"
            })
        let appleButton = try #require(apple.all("NSButton").first { apple.object("NSCell", of: $0) == appleCell })
        let source = AppKitButtonRuleTests.button(
            #"focusRingType="none""#,
            cell:
                #"type="check" title="Include anonymous system profile" bezelStyle="regularSquare" imagePosition="left" alignment="left" controlSize="small" state="on" focusRingType="none" inset="2""#,
            behavior: #"changeContents="YES" doesNotDimImage="YES" lightByContents="YES""#)
        let graph = try Source.graph(source, options: StandInProfiles.options)
        let cell = try #require(graph.all("NSButtonCell").first)
        #expect(graph.value("NSCellFlags2", of: cell) == apple.value("NSCellFlags2", of: appleCell))
        let button = try #require(graph.all("NSButton").first)
        #expect(
            (graph.value("NSvFlags", of: button)?.integerValue ?? 0) & 0x1000
                == (apple.value("NSvFlags", of: appleButton)?.integerValue ?? 0) & 0x1000)
    }
}

/// Autoresizing with several flexible parts on one axis, as NSView's documentation describes it.
@Suite("AppKit autoresizing: several flexible parts")
struct AppKitSharedAutoresizingTests {
    @Test("a titled box's subview with two flexible parts shares the content view's growth equally, with a warning")
    func sharedGrowth() throws {
        // test_box_titled's box: its 554 × 84 content view is laid out 560 × 88 (+6, +4).
        let source = WildRuleSupport.inView(
            #"""
                    <box title="Box" id="b1">
                        <rect key="frame" x="20" y="20" width="560" height="100"/>
                        <autoresizingMask key="autoresizingMask"/>
                        <view key="contentView" id="c1">
                            <rect key="frame" x="3" y="3" width="554" height="84"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <customView id="v1">
                                    <rect key="frame" x="10" y="10" width="100" height="20"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxX="YES" flexibleMinY="YES"/>
                                </customView>
                            </subviews>
                        </view>
                    </box>
            """#, width: 600, height: 200)
        let (graph, warnings) = try WildRuleSupport.compile(source)
        let content = try #require(graph.all("NSBox").first.flatMap { graph.object("NSContentView", of: $0) })
        #expect(graph.text("NSFrameSize", of: content) == "{560, 88}")
        let view = try #require(graph.all("NSCustomView").first { graph.object("NSSuperview", of: $0) == content })
        // Width and right margin share +6 (3 each); the bottom margin alone takes +4.
        #expect(graph.text("NSFrame", of: view) == "{{10, 14}, {103, 20}}")
        #expect(warnings.contains { $0.message.contains("shared equally") })
    }
}

/// Array controllers, against the corpus's six.
@Suite("AppKit array controllers")
struct AppKitArrayControllerTests {
    static func apple(_ path: String) throws -> Graph {
        let bytes = try [UInt8](Data(contentsOf: try Corpus.directory().appendingPathComponent(path)))
        return Graph(
            NibArchive.isKeyedArchive(bytes) ? try NibArchive(keyedArchiveBytes: bytes) : try NibArchive(parsing: bytes)
        )
    }

    static func compiled(_ controller: String) throws -> (Graph, Int) {
        let graph = try Source.graph(Source.macOSXib(controller), options: StandInProfiles.options)
        return (graph, try #require(graph.all("NSArrayController").first))
    }

    @Test("SUUpdatePermissionPrompt's controller (four NOs, declared keys) archives Apple's keys and values", .corpus)
    func sparkle() throws {
        let apple = try WildRuleSupport.apple(
            "xib-pairs/macos-sparkle-project-Sparkle-SUUpdatePermissionPrompt-eac3efc2/Base.lproj/SUUpdatePermissionPrompt.nib/keyedobjects-101300.nib"
        )
        let appleController = try #require(apple.all("NSArrayController").first)
        let (graph, controller) = try Self.compiled(
            #"""
            <arrayController editable="NO" preservesSelection="NO" selectsInsertedObjects="NO" avoidsEmptySelection="NO" id="24" userLabel="Array Controller">
                <declaredKeys>
                    <string>visibleKey</string>
                    <string>visibleValue</string>
                    <string>displayValue</string>
                    <string>displayKey</string>
                </declaredKeys>
            </arrayController>
            """#)
        #expect(graph.nodes[controller].values.map(\.key) == apple.nodes[appleController].values.map(\.key))
        for key in ["NSFilterRestrictsInsertion", "NSClearsFilterPredicateOnInsertion"] {
            #expect(graph.value(key, of: controller) == apple.value(key, of: appleController))
        }
        let keys = graph.elements(of: graph.object("NSDeclaredKeys", of: controller) ?? -1).compactMap(graph.string)
        let appleKeys = apple.elements(of: apple.object("NSDeclaredKeys", of: appleController) ?? -1).compactMap(
            apple.string)
        #expect(keys == appleKeys)
        #expect(graph.className("_NSManagedProxy", of: controller) == "_NSManagedProxy")
    }

    @Test("with the defaults and an object class, the flags are written true, as Skype's controller has them", .corpus)
    func defaults() throws {
        let apple = try WildRuleSupport.apple(
            "nib-keyed/MacOS-Apps-Cod-Skype__Contents_Resources_Base.lproj_MessagingPreferencesView.nib")
        let appleController = try #require(apple.all("NSArrayController").first)
        let (graph, controller) = try Self.compiled(#"<arrayController objectClassName="Item" id="a1"/>"#)
        #expect(Set(graph.nodes[controller].values.map(\.key)) == Set(apple.nodes[appleController].values.map(\.key)))
        #expect(graph.text("NSObjectClassName", of: controller) == "Item")
    }
}

/// Segments' tool tips, disabled segments and Base.lproj labels, against Skype's and restel's
/// keyed nibs.
@Suite("AppKit segments: tool tips, disabled segments, localizable labels")
struct AppKitSegmentTests {
    static let control = #"""
        <customView id="1">
            <rect key="frame" x="0.0" y="0.0" width="300" height="100"/>
            <subviews>
                <segmentedControl verticalHuggingPriority="750" id="s1">
                    <rect key="frame" x="10" y="10" width="200" height="24"/>
                    <segmentedCell key="cell" borderStyle="border" alignment="left" style="rounded" trackingMode="selectOne" id="O77-mC-41a">
                        <font key="font" metaFont="system"/>
                        <segments>
                            <segment label="Map" toolTip="Show the classic map"/>
                            <segment label="Satellite" toolTip="Show the satellite map" selected="YES" tag="1"/>
                            <segment label="Off" enabled="NO"/>
                        </segments>
                    </segmentedCell>
                </segmentedControl>
            </subviews>
        </customView>
        """#

    @Test(
        "in Base.lproj, labels and tool tips are <cell id>.ibShadowedLabels[i] / ibShadowedToolTips[i], as Skype's",
        .corpus)
    func localizable() throws {
        let apple = try WildRuleSupport.apple(
            "nib-keyed/MacOS-Apps-Cod-Skype__Contents_Resources_Base.lproj_LocationMessageMapView.nib")
        let appleItems = apple.all("NSSegmentItem").filter { apple.value("NSSegmentItemTooltip", of: $0) != nil }
        let appleKeys = appleItems.compactMap { item in
            apple.object("NSSegmentItemTooltip", of: item).flatMap { apple.text("NSKey", of: $0) }
        }
        #expect(appleKeys == ["O77-mC-41a.ibShadowedToolTips[0]", "O77-mC-41a.ibShadowedToolTips[1]"])
        let appleLabels = appleItems.compactMap { item in
            apple.object("NSSegmentItemLabel", of: item).flatMap { apple.text("NSKey", of: $0) }
        }
        #expect(appleLabels == ["O77-mC-41a.ibShadowedLabels[0]", "O77-mC-41a.ibShadowedLabels[1]"])
        var options = StandInProfiles.options
        options.baseLocalized = true
        let graph = try Source.graph(Source.macOSXib(Self.control), options: options)
        let items = graph.all("NSSegmentItem")
        try #require(items.count == 3)
        let keys = items.compactMap { item in
            graph.object("NSSegmentItemTooltip", of: item).flatMap { graph.text("NSKey", of: $0) }
        }
        #expect(keys == appleKeys)
        let labels = items.compactMap { item in
            graph.object("NSSegmentItemLabel", of: item).flatMap { graph.text("NSKey", of: $0) }
        }
        #expect(labels == (0..<3).map { "O77-mC-41a.ibShadowedLabels[\($0)]" })
        #expect(graph.value("NSSegmentItemDisabled", of: items[2]) == .bool(true))
        #expect(graph.value("NSSegmentItemDisabled", of: items[0]) == nil)
    }
}

/// Text completion on plain text fields, by analogy with search fields.
@Suite("AppKit text fields: text completion")
struct AppKitTextCompletionTests {
    @Test(
        "textCompletion NO on a text field archives the search field cell's key (searchfield_no_completion), with a warning",
        .corpus)
    func textCompletion() throws {
        let apple = try WildRuleSupport.apple(
            "xib-pairs/macos-viraptor-ibtool-searchfield_no_completion/searchfield_no_completion.nib")
        let appleCell = try #require(apple.all("NSSearchFieldCell").first)
        let source = WildRuleSupport.inView(
            #"""
                    <textField textCompletion="NO" id="t1">
                        <rect key="frame" x="10" y="10" width="200" height="22"/>
                        <textFieldCell key="cell" lineBreakMode="clipping" title="Label" id="t2">
                            <font key="font" metaFont="system"/>
                        </textFieldCell>
                    </textField>
            """#, width: 300, height: 100)
        let (graph, warnings) = try WildRuleSupport.compile(source)
        let cell = try #require(graph.all("NSTextFieldCell").first)
        #expect(graph.value("NSAutomaticTextCompletionDisabled", of: cell) != nil)
        #expect(
            graph.value("NSAutomaticTextCompletionDisabled", of: cell)
                == apple.value("NSAutomaticTextCompletionDisabled", of: appleCell))
        #expect(warnings.contains { $0.message.contains("textCompletion") })
    }
}

extension AppKitBoxTitleTests {
    @Test("custom and secondary boxes decompile to the attributes that compile to the same nib")
    func customBoxRoundTrip() throws {
        for type in ["custom", "secondary"] {
            let source = Self.box(type: type)
            // Without profiles, as the round trip compiles again.
            let output = try Source.compiler().compile(Data(source.utf8), fileName: "Test.xib")
            let original = try NibArchive(parsing: try #require(output.files[""]))
            let (result, differences) = try AppKitDecompileTests.roundTripDifferences(original)
            #expect(differences.isEmpty, "\(type): \(differences.prefix(5))")
            #expect(result.document.contains(#"boxType="\#(type)" borderType="none""#), "\(type)")
            #expect(result.document.contains(#"transparent="YES""#), "\(type)")
        }
    }
}

/// Without Apple's ICC profiles, every catalog color of a nib is written in its calibrated form;
/// the missing profile is reported once per nib, not once per color.
@Suite("Missing ICC profiles")
struct MissingColorProfileTests {
    @Test("two catalog grays without the Generic Gray profile: one warning, both colors calibrated")
    func oneWarningPerProfile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibkit-no-profiles-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = NibCompiler.Options()
        options.colorProfiles = folder
        let source = Source.macOSXib(
            """
            <customView id="1">
                <rect key="frame" x="0.0" y="0.0" width="300" height="100"/>
                <subviews>
                    <textField verticalHuggingPriority="750" id="2">
                        <rect key="frame" x="20" y="50" width="260" height="17"/>
                        <textFieldCell key="cell" sendsActionOnEndEditing="YES" title="Label" id="3">
                            <font key="font" metaFont="system"/>
                            <color key="textColor" name="controlTextColor" catalog="System" colorSpace="catalog"/>
                            <color key="backgroundColor" name="textBackgroundColor" catalog="System" colorSpace="catalog"/>
                        </textFieldCell>
                    </textField>
                </subviews>
            </customView>
            """, toolsVersion: 21507)
        let output = try Source.compiler(options).compile(Data(source.utf8), fileName: "View.xib")
        let profileWarnings = output.warnings.filter { $0.message.contains("Generic Gray Gamma 2.2 Profile.icc") }
        #expect(profileWarnings.count == 1, "\(output.warnings)")
        #expect(profileWarnings.first?.kind == .colorConversion)
        let graph = Graph(try NibArchive(parsing: try #require(output.files[""])))
        let cell = try #require(graph.all("NSTextFieldCell").first)
        for key in ["NSTextColor", "NSBackgroundColor"] {
            let color = try #require(graph.object(key, of: cell), "\(key)")
            #expect(graph.object("NSColorSpace", of: color) == nil, "\(key) embeds no profile")
        }
    }
}
