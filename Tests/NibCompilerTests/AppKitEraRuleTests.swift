import Foundation
import KeyedArchive
import NibArchive
import NibCompiler
import Testing

/// Older Xcodes' AppKit nibs, the keyed-archive variant and the elements the scribendi pairs
/// added. Expected values are read from Apple's nibs in the pairs named in each test
/// (`keyedobjects-101300.nib` unless the test says otherwise).
@Suite("AppKit Xcode eras, keyed variants and the scribendi elements")
struct AppKitEraRuleTests {
    /// A window-less view holding `subviews`.
    static func view(_ subviews: String, toolsVersion: Int = 21507) -> String {
        Source.macOSXib(
            """
            <customView id="1">
                <rect key="frame" x="0.0" y="0.0" width="400" height="300"/>
                <autoresizingMask key="autoresizingMask"/>
                <subviews>
            \(subviews)
                </subviews>
            </customView>
            """, toolsVersion: toolsVersion)
    }

    /// A small left-aligned text field with `cellAttributes` (GroupingController's labels).
    static let label = """
        <textField verticalHuggingPriority="750" fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="2">
            <rect key="frame" x="15" y="66" width="101" height="14"/>
            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
            <textFieldCell key="cell" controlSize="small" sendsActionOnEndEditing="YES" alignment="left" tag="7" title="Title:" id="3">
                <font key="font" metaFont="smallSystem"/>
                <color key="textColor" name="controlTextColor" catalog="System" colorSpace="catalog"/>
                <color key="backgroundColor" name="controlColor" catalog="System" colorSpace="catalog"/>
            </textFieldCell>
        </textField>
        """

    static func options(xcode: Double? = nil, deployment: String? = nil) -> NibCompiler.Options {
        var options = StandInProfiles.options
        options.xcode = xcode.map(XcodeEra.init)
        options.deploymentTarget = deployment
        return options
    }

    static func graph(_ source: String, xcode: Double? = nil) throws -> Graph {
        try Source.graph(source, options: options(xcode: xcode))
    }

    @Test("Xcode 13 writes NSControlSize2 and no writing-tools keys or linear exposure; Xcode 16 the reverse")
    func controlSize2() throws {
        let old = try Self.graph(Self.view(Self.label), xcode: 13)
        let field = try #require(old.all("NSTextField").first)
        let cell = try #require(old.object("NSCell", of: field))
        // GroupingController #41 / #44.
        #expect(old.value("NSControlSize2", of: field)?.integerValue == 1)
        #expect(old.value("NSControlSize2", of: cell)?.integerValue == 1)
        #expect(old.value("NSAllowsWritingTools", of: field) == nil)
        #expect(old.value("NS.resolvesNaturalAlignmentWithBaseWritingDirection", of: field) == nil)
        #expect(old.all("NSColor").allSatisfy { old.value("NSLinearExposure", of: $0) == nil })
        let new = try Self.graph(Self.view(Self.label))
        let modern = try #require(new.all("NSTextField").first)
        #expect(new.value("NSControlSize2", of: modern) == nil)
        #expect(new.value("NSAllowsWritingTools", of: modern) == .bool(true))
    }

    @Test("a text field cell's tag is its NSTag (MarkupTagsController: 174 cells)")
    func textCellTag() throws {
        let graph = try Self.graph(Self.view(Self.label), xcode: 14.2)
        let field = try #require(graph.all("NSTextField").first)
        let cell = try #require(graph.object("NSCell", of: field))
        #expect(graph.value("NSTag", of: cell)?.integerValue == 7)
    }

    @Test("Xcode 13 numbers NSControlTextAlignment the old way and has no shadowed symbol configuration")
    func xcode13Buttons() throws {
        let source = Self.view(
            """
            <button verticalHuggingPriority="750" fixedFrame="YES" tag="-1" translatesAutoresizingMaskIntoConstraints="NO" id="13">
                <rect key="frame" x="300" y="12" width="69" height="28"/>
                <autoresizingMask key="autoresizingMask" flexibleMinX="YES" flexibleMaxY="YES"/>
                <buttonCell key="cell" type="push" title="OK" bezelStyle="rounded" alignment="center" controlSize="small" borderStyle="border" tag="-1" inset="2" id="49">
                    <behavior key="behavior" pushIn="YES" lightByBackground="YES" lightByGray="YES"/>
                    <font key="font" metaFont="smallSystem"/>
                </buttonCell>
            </button>
            """, toolsVersion: 20037)
        // GroupingController #165/#167: center is 2, hugging {250, 750} written, no bezel style.
        let graph = try Self.graph(source, xcode: 13)
        let button = try #require(graph.all("NSButton").first)
        #expect(graph.value("NSControlTextAlignment", of: button)?.integerValue == 2)
        #expect(graph.text("NSHuggingPriority", of: button) == "{250, 750}")
        #expect(graph.value("IBNSShadowedSymbolConfiguration", of: button) == nil)
        let cell = try #require(graph.object("NSCell", of: button))
        #expect(graph.value("NSBezelStyle", of: cell) == nil)
    }

    /// GroupingController's combo box.
    static let comboBox = """
        <comboBox verticalHuggingPriority="750" fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="24">
            <rect key="frame" x="211" y="10" width="51" height="22"/>
            <autoresizingMask key="autoresizingMask"/>
            <comboBoxCell key="cell" controlSize="small" scrollable="YES" lineBreakMode="clipping" selectable="YES" editable="YES" sendsActionOnEndEditing="YES" borderStyle="bezel" alignment="left" title="24.5" drawsBackground="YES" completes="NO" numberOfVisibleItems="8" id="54">
                <font key="font" metaFont="smallSystem"/>
                <color key="textColor" name="controlTextColor" catalog="System" colorSpace="catalog"/>
                <color key="backgroundColor" name="textBackgroundColor" catalog="System" colorSpace="catalog"/>
                <objectValues>
                    <string>8</string>
                    <string>9</string>
                </objectValues>
            </comboBoxCell>
        </comboBox>
        """

    @Test("a combo box archives its list and an NSComboTableView outside the hierarchy (GroupingController)")
    func comboBox() throws {
        let graph = try Self.graph(Self.view(Self.comboBox, toolsVersion: 20037), xcode: 13)
        let combo = try #require(graph.all("NSComboBox").first)
        let cell = try #require(graph.object("NSCell", of: combo))
        #expect(graph.nodes[cell].className == "NSComboBoxCell")
        #expect(graph.value("NSCellFlags", of: cell)?.integerValue == 342_884_417)
        #expect(graph.value("NSCellFlags2", of: cell)?.integerValue == 4_326_400)
        #expect(graph.value("NSVisibleItemCount", of: cell)?.integerValue == 8)
        #expect(graph.value("NSHasVerticalScroller", of: cell) == .bool(true))
        #expect(graph.value("NSAutomaticTextCompletionStored", of: cell) == .bool(true))
        let list = try #require(graph.object("NSPopUpListData", of: cell))
        #expect(graph.elements(of: list).compactMap(graph.string) == ["8", "9"])
        let table = try #require(graph.object("NSTableView", of: cell))
        #expect(graph.nodes[table].className == "NSComboTableView")
        #expect(graph.value("NSSuperview", of: table) == .nil)
        #expect(graph.text("NSFrameSize", of: table) == "{38, 5}")
        #expect(graph.value("NSTvFlags", of: table)?.integerValue == -765_427_712)
        #expect(graph.value("NSRowHeight", of: table) == .float64(16))
        #expect(graph.object("NSDataSource", of: table) == cell)
        let columns = try #require(graph.object("NSTableColumns", of: table))
        let column = try #require(graph.elements(of: columns).first)
        #expect(graph.text("NSIdentifier", of: column) == "0")
        let header = try #require(graph.object("NSHeaderCell", of: column))
        let font = try #require(graph.object("NSSupport", of: header))
        #expect(graph.value("NSfFlags", of: font)?.integerValue == 16)
        // Xcode 13: no descriptor options and no NSHasWidth (Xcode 14 adds both).
        #expect(graph.value("NSHasWidth", of: font) == nil)
        let data = try #require(graph.object("NSDataCell", of: column))
        #expect(graph.value("NSCellFlags", of: data)?.integerValue == 337_641_536)
        #expect(graph.text("NSContents", of: data) == "Field")
    }

    @Test("a combo box for the current ibtool is compiled as Xcode 14.2 wrote it, with a warning")
    func modernComboBox() throws {
        // No pair shows an Xcode 16 combo box: the nearest pair with this shape is Xcode 14.2's.
        Source.expectApproximation(
            Self.view(Self.comboBox), .nearestXcode, mentioning: "small system font combo boxes",
            options: Self.options())
        let modern = try Self.graph(Self.view(Self.comboBox))
        let older = try Self.graph(Self.view(Self.comboBox), xcode: 14.2)
        let table = try #require(modern.all("NSComboTableView").first)
        let olderTable = try #require(older.all("NSComboTableView").first)
        #expect(modern.text("NSFrameSize", of: table) == older.text("NSFrameSize", of: olderTable))
        #expect(modern.value("NSRowHeight", of: table) == .float64(16))
    }

    @Test("a line box that does not resize its subviews (GroupingController)")
    func lineBox() throws {
        let source = Self.view(
            """
            <box autoresizesSubviews="NO" fixedFrame="YES" borderType="line" title="Group" translatesAutoresizingMaskIntoConstraints="NO" id="73">
                <rect key="frame" x="17" y="43" width="363" height="137"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
                <view key="contentView" id="74">
                    <rect key="frame" x="3" y="3" width="357" height="119"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                </view>
            </box>
            """, toolsVersion: 20037)
        let graph = try Self.graph(source, xcode: 13)
        let box = try #require(graph.all("NSBox").first)
        #expect(graph.value("NSvFlags", of: box)?.integerValue == 12)
        #expect(graph.value("NSBorderType", of: box)?.integerValue == 1)
        // Xcode 13 keeps the content view's source rect.
        let content = try #require(graph.object("NSContentView", of: box))
        #expect(graph.text("NSFrame", of: content) == "{{3, 3}, {357, 119}}")
        let connector = try #require(graph.all("NSIBUserDefinedRuntimeAttributesConnector").first)
        #expect(graph.object("NSObject", of: connector) == box)
        let paths = try #require(graph.object("NSKeyPaths", of: connector))
        #expect(graph.elements(of: paths).compactMap(graph.string) == ["autoresizesSubviews"])
    }

    @Test("a view with focusRingType none sets NSvFlags 0x1000 (MarkupTagsController: 4370)")
    func focusRingNone() throws {
        let source = Source.macOSXib(
            """
            <customView focusRingType="none" id="1">
                <rect key="frame" x="10" y="25" width="272" height="90"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
            </customView>
            """)
        let graph = try Self.graph(source)
        let view = try #require(graph.all("NSCustomView").first)
        #expect(graph.value("NSvFlags", of: view)?.integerValue == 4370)
    }

    @Test("a menu item's empty attributed title, and an empty submenu's NSMenuItems (scribendi MainMenu)")
    func menus() throws {
        let source = Source.macOSXib(
            """
            <menu title="Main" systemMenu="main" id="29">
                <items>
                    <menuItem title="Label 1" tag="1001" keyEquivalent="1" id="518">
                        <attributedString key="attributedTitle"/>
                    </menuItem>
                    <menuItem title="Services" id="131">
                        <menu key="submenu" title="Services" systemMenu="services" id="130"/>
                    </menuItem>
                </items>
            </menu>
            """)
        let graph = try Self.graph(source, xcode: 14.2)
        let item = try #require(graph.all("NSMenuItem").first { graph.text("NSTitle", of: $0) == "Label 1" })
        let title = try #require(graph.object("NSAttributedTitle", of: item))
        #expect(graph.nodes[title].className == "NSAttributedString")
        #expect(graph.text("NSString", of: title) == "")
        let services = try #require(graph.all("NSMenu").first { graph.text("NSTitle", of: $0) == "Services" })
        let items = try #require(graph.object("NSMenuItems", of: services))
        #expect(graph.elements(of: items).isEmpty)
    }

    @Test("a number formatter's symbols and localizesFormat NO (PreferencesController)")
    func numberFormatterSymbols() throws {
        let source = Self.view(
            """
            <textField verticalHuggingPriority="750" fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="2">
                <rect key="frame" x="15" y="66" width="40" height="19"/>
                <autoresizingMask key="autoresizingMask"/>
                <textFieldCell key="cell" controlSize="small" scrollable="YES" lineBreakMode="clipping" selectable="YES" editable="YES" sendsActionOnEndEditing="YES" borderStyle="bezel" alignment="left" drawsBackground="YES" id="3">
                    <numberFormatter key="formatter" formatterBehavior="custom10_4" positiveFormat="###" negativeFormat="-####" localizesFormat="NO" usesGroupingSeparator="NO" paddingCharacter="*" groupingSize="0" minimumIntegerDigits="0" maximumIntegerDigits="309" maximumFractionDigits="1" decimalSeparator="." groupingSeparator="," currencyDecimalSeparator="." plusSign="+" minusSign="-" notANumberSymbol="NaN" perMillSymbol="‰" percentSymbol="%" exponentSymbol="E" positivePrefix="" positiveSuffix="" negativePrefix="-" negativeSuffix="" id="104">
                        <nil key="negativeInfinitySymbol"/>
                        <nil key="positiveInfinitySymbol"/>
                        <real key="minimum" value="0.0"/>
                    </numberFormatter>
                    <font key="font" metaFont="smallSystem"/>
                    <color key="textColor" name="controlTextColor" catalog="System" colorSpace="catalog"/>
                    <color key="backgroundColor" name="textBackgroundColor" catalog="System" colorSpace="catalog"/>
                </textFieldCell>
            </textField>
            """)
        let graph = try Self.graph(source, xcode: 14.2)
        let formatter = try #require(graph.all("NSNumberFormatter").first)
        #expect(graph.value("NS.localized", of: formatter) == .bool(false))
        let attributes = try #require(graph.object("NS.attributes", of: formatter))
        let elements = graph.elements(of: attributes)
        var pairs: [String: Int] = [:]
        for index in stride(from: 0, to: elements.count - 1, by: 2) {
            if let key = graph.string(elements[index]) { pairs[key] = elements[index + 1] }
        }
        #expect(pairs["perMillSymbol"].flatMap(graph.string) == "‰")
        #expect(pairs["paddingCharacter"].flatMap(graph.string) == "*")
        #expect(pairs["positiveSuffix"].flatMap(graph.string) == "")
        let locale = try #require(pairs["locale"])
        #expect(graph.nodes[locale].className == "NSLocale")
        #expect(graph.text("NS.identifier", of: locale) == "")
    }

    @Test("a one-row matrix with autosizesCells NO (PreferencesController: flags 0x4400_0000)")
    func oneRowMatrix() throws {
        func cell(_ title: String, _ id: Int) -> String {
            """
            <buttonCell type="radio" title="\(title)" imagePosition="left" alignment="left" controlSize="small" inset="2" id="\(id)">
                <behavior key="behavior" changeContents="YES" doesNotDimImage="YES" lightByContents="YES"/>
                <font key="font" metaFont="smallSystem"/>
            </buttonCell>
            """
        }
        let source = Self.view(
            """
            <matrix verticalHuggingPriority="750" fixedFrame="YES" tag="999" allowsEmptySelection="NO" autosizesCells="NO" translatesAutoresizingMaskIntoConstraints="NO" id="10">
                <rect key="frame" x="18" y="12" width="186" height="18"/>
                <autoresizingMask key="autoresizingMask"/>
                <color key="backgroundColor" name="controlColor" catalog="System" colorSpace="catalog"/>
                <size key="cellSize" width="91" height="18"/>
                <size key="intercellSpacing" width="4" height="2"/>
                \(cell("Radio", 11).replacingOccurrences(of: "<buttonCell ", with: "<buttonCell key=\"prototype\" "))
                <cells>
                    <column>\(cell("A", 12))</column>
                    <column>\(cell("B", 13))</column>
                </cells>
            </matrix>
            """)
        let graph = try Self.graph(source, xcode: 14.2)
        let matrix = try #require(graph.all("NSMatrix").first)
        #expect(graph.value("NSMatrixFlags", of: matrix)?.integerValue == 0x4400_0000)
        #expect(graph.value("NSNumRows", of: matrix)?.integerValue == 1)
        #expect(graph.value("NSNumCols", of: matrix)?.integerValue == 2)
        #expect(graph.value("NSTag", of: matrix)?.integerValue == 999)
    }

    @Test("the document's deployment version before 10.13 makes a directory nib with a keyed variant")
    func keyedVariant() throws {
        let source = Self.view(Self.label).replacingOccurrences(
            of: "<objects>",
            with: "<dependencies><deployment version=\"1050\" identifier=\"macosx\"/></dependencies>\n<objects>")
        let output = try Source.compiler(Self.options(xcode: 14.2)).compile(Data(source.utf8), fileName: "T.xib")
        #expect(output.kind == .nibDirectory)
        #expect(output.files.keys.sorted() == ["keyedobjects-101300.nib", "keyedobjects.nib"])
        let keyed = try #require(output.files["keyedobjects.nib"])
        #expect(Array(keyed.prefix(8)) == Array("bplist00".utf8))
        let plist = try PropertyList(parsing: keyed)
        #expect(plist["$archiver"] == .string("NSKeyedArchiver"))
        #expect(plist["$nibkit"] == nil)
        let fromKeyed = try NibArchive(keyedArchiveBytes: keyed)
        #expect(fromKeyed.objects.contains { fromKeyed.className(of: $0) == "NSTextField" })
        // --deployment-target wins over the document, and 10.13 gives one NIBArchive file.
        let modern = try Source.compiler(Self.options(xcode: 14.2, deployment: "10.13")).compile(
            Data(source.utf8), fileName: "T.xib")
        #expect(modern.kind == .nibFile)
        #expect(throws: CompileError.self) {
            try Source.compiler(Self.options(deployment: "ten")).compile(Data(source.utf8), fileName: "T.xib")
        }
    }

    @Test("bindings without options and the shared user defaults controller (PreferencesController)")
    func bindings() throws {
        let source = Source.macOSXib(
            """
            <customView id="1">
                <rect key="frame" x="0.0" y="0.0" width="300" height="100"/>
                <autoresizingMask key="autoresizingMask"/>
                <subviews>
                    <button fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="392">
                        <rect key="frame" x="182" y="15" width="194" height="18"/>
                        <autoresizingMask key="autoresizingMask"/>
                        <buttonCell key="cell" type="check" title="Check" bezelStyle="regularSquare" imagePosition="left" alignment="left" controlSize="small" inset="2" id="507">
                            <behavior key="behavior" changeContents="YES" doesNotDimImage="YES" lightByContents="YES"/>
                            <font key="font" metaFont="smallSystem"/>
                            <connections>
                                <binding destination="536" name="value" keyPath="automaticallyChecksForUpdates" id="541"/>
                            </connections>
                        </buttonCell>
                    </button>
                </subviews>
            </customView>
            <customObject id="536" customClass="SUUpdater"/>
            <userDefaultsController representsSharedInstance="YES" id="538"/>
            """, toolsVersion: 21507)
        let graph = try Self.graph(source, xcode: 14.2)
        let binding = try #require(graph.all("NSNibBindingConnector").first)
        #expect(graph.nodes[try #require(graph.object("NSSource", of: binding))].className == "NSButtonCell")
        #expect(graph.text("NSLabel", of: binding) == "value: automaticallyChecksForUpdates")
        #expect(graph.text("NSBinding", of: binding) == "value")
        #expect(graph.text("NSKeyPath", of: binding) == "automaticallyChecksForUpdates")
        #expect(graph.value("NSNibBindingConnectorVersion", of: binding)?.integerValue == 2)
        let controller = try #require(graph.all("NSUserDefaultsController").first)
        #expect(graph.value("NSSharedInstance", of: controller) == .bool(true))
    }

    @Test("a number formatter with the 10.0 behavior (IRIndexRecordWController)")
    func legacyFormatter() throws {
        let source = Self.view(
            """
            <textField verticalHuggingPriority="750" fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="62">
                <rect key="frame" x="34" y="1" width="49" height="14"/>
                <autoresizingMask key="autoresizingMask"/>
                <textFieldCell key="cell" controlSize="small" lineBreakMode="truncatingTail" sendsActionOnEndEditing="YES" alignment="right" id="105">
                    <numberFormatter key="formatter" formatterBehavior="10_0" positiveFormat="###0" negativeFormat="-###0" localizesFormat="NO" thousandSeparator="," id="63">
                        <textAttributesForNegativeValues>
                            <color key="NSColor" red="1" green="0.0" blue="0.0" alpha="1" colorSpace="calibratedRGB"/>
                        </textAttributesForNegativeValues>
                        <attributedString key="attributedStringForZero">
                            <fragment content="0"/>
                        </attributedString>
                        <decimal key="minimum" value="NaN"/>
                        <decimal key="maximum" value="NaN"/>
                    </numberFormatter>
                    <font key="font" metaFont="controlContent" size="11"/>
                </textFieldCell>
            </textField>
            """, toolsVersion: 19529)
        let graph = try Self.graph(source, xcode: 13)
        let formatter = try #require(graph.all("NSNumberFormatter").first)
        #expect(graph.value("NS.rounding", of: formatter) == .nil)
        #expect(graph.value("NS.hasthousands", of: formatter) == .bool(true))
        #expect(graph.value("NS.localized", of: formatter) == .bool(false))
        let zero = try #require(graph.object("NS.zero", of: formatter))
        #expect(graph.text("NSString", of: zero) == "0")
        let negative = try #require(graph.object("NS.negativeattrs", of: formatter))
        #expect(graph.elements(of: negative).first.flatMap(graph.string) == "NSColor")
    }

    @Test("Xcode 13 toolbars: baseline separator, image items sized automatically, space items")
    func toolbar() throws {
        let source = Source.macOSXib(
            """
            <window title="W" allowsToolTipsWhenApplicationIsInactive="NO" autorecalculatesKeyViewLoop="NO" releasedWhenClosed="NO" animationBehavior="default" id="1">
                <windowStyleMask key="styleMask" titled="YES"/>
                <rect key="contentRect" x="100" y="100" width="464" height="102"/>
                <rect key="screenRect" x="0.0" y="0.0" width="2560" height="1415"/>
                <value key="minSize" type="size" width="299" height="74"/>
                <view key="contentView" id="5">
                    <rect key="frame" x="0.0" y="0.0" width="464" height="102"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                </view>
                <toolbar key="toolbar" implicitIdentifier="B8" showsBaselineSeparator="NO" displayMode="iconOnly" sizeMode="small" id="T">
                    <allowedToolbarItems>
                        <toolbarItem implicitItemIdentifier="F9" explicitItemIdentifier="IRBraceTBIdentifier" label="Spell Out" paletteLabel="Spell Out" toolTip="Tip" tag="451" image="braces" sizingBehavior="auto" id="I1"/>
                        <toolbarItem implicitItemIdentifier="NSToolbarFlexibleSpaceItem" id="I2"/>
                    </allowedToolbarItems>
                </toolbar>
            </window>
            """, toolsVersion: 19529
        ).replacingOccurrences(
            of: "</objects>",
            with: "</objects><resources><image name=\"braces\" width=\"32\" height=\"32\"/></resources>")
        let graph = try Self.graph(source, xcode: 13)
        let toolbar = try #require(graph.all("NSToolbar").first)
        #expect(graph.value("NSToolbarShowsBaselineSeparator", of: toolbar) == .bool(false))
        let item = try #require(graph.all("NSToolbarItem").first)
        #expect(graph.text("NSToolbarItemToolTip", of: item) == "Tip")
        #expect(graph.value("NSToolbarItemTag", of: item)?.integerValue == 451)
        #expect(graph.text("NSToolbarItemMinSize", of: item) == "{22, 22}")
        #expect(graph.value("NSToolbarItemIgnoreMinMaxSizes", of: item) == .bool(true))
        #expect(graph.value("NSToolbarItemStyle", of: item) == nil)
        #expect(graph.className("NSToolbarItemImage", of: item) == "NSCustomResource")
        let space = try #require(graph.all("NSToolbarFlexibleSpaceItem").first)
        #expect(graph.text("NSToolbarItemPaletteLabel", of: space) == "Flexible Space")
        #expect(graph.text("NSToolbarItemMaxSize", of: space) == "{20000, 22}")
        #expect(graph.value("NSToolbarItemTag", of: space)?.integerValue == -1)
        let window = try #require(graph.all("NSWindowTemplate").first)
        // 74 + 28 (title bar) + 24 (small toolbar); NSMaxSize even with a toolbar.
        #expect(graph.text("NSMinSize", of: window) == "{299, 126}")
        #expect(graph.text("NSMaxSize", of: window) == "{10000000000000, 10000000000000}")
    }

    @Test("Xcode 13 tiles a text view's scroll view with a 15-point scroller; text view flag 0x100 always")
    func oldTextView() throws {
        let source = Self.view(
            """
            <scrollView fixedFrame="YES" borderType="none" horizontalLineScroll="10" horizontalPageScroll="10" verticalLineScroll="10" verticalPageScroll="10" hasHorizontalScroller="NO" usesPredominantAxisScrolling="NO" translatesAutoresizingMaskIntoConstraints="NO" id="21">
                <rect key="frame" x="81" y="17" width="383" height="85"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <clipView key="contentView" drawsBackground="NO" id="22">
                    <rect key="frame" x="0.0" y="0.0" width="368" height="85"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <subviews>
                        <textView editable="NO" selectable="NO" importsGraphics="NO" richText="NO" verticallyResizable="YES" spellingCorrection="YES" smartInsertDelete="YES" id="27">
                            <rect key="frame" x="0.0" y="0.0" width="368" height="85"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <color key="textColor" name="textColor" catalog="System" colorSpace="catalog"/>
                            <color key="backgroundColor" name="windowBackgroundColor" catalog="System" colorSpace="catalog"/>
                            <size key="minSize" width="368" height="85"/>
                            <size key="maxSize" width="383" height="10000000"/>
                            <color key="insertionPointColor" name="textColor" catalog="System" colorSpace="catalog"/>
                        </textView>
                    </subviews>
                </clipView>
                <scroller key="horizontalScroller" hidden="YES" verticalHuggingPriority="750" doubleValue="1" horizontal="YES" id="108">
                    <rect key="frame" x="-100" y="-100" width="87" height="18"/>
                    <autoresizingMask key="autoresizingMask"/>
                </scroller>
                <scroller key="verticalScroller" verticalHuggingPriority="750" horizontal="NO" id="107">
                    <rect key="frame" x="368" y="0.0" width="15" height="85"/>
                    <autoresizingMask key="autoresizingMask"/>
                </scroller>
            </scrollView>
            """, toolsVersion: 19529)
        let graph = try Self.graph(source, xcode: 13)
        let clip = try #require(graph.all("NSClipView").first)
        #expect(graph.text("NSFrameSize", of: clip) == "{368, 85}")
        let shared = try #require(graph.all("NSTextViewSharedData").first)
        #expect(graph.value("NSFlags", of: shared)?.integerValue == 0x0400_0B00)
        #expect(graph.value("NSWritingToolsFlags", of: shared) == nil)
    }
}

/// The files of a nib for a macOS target before 10.13, by the Xcode that builds it.
@Suite("AppKit nib files for old deployment targets")
struct AppKitOldTargetFileTests {
    @Test(
        "before Xcode 11 the nib is the keyed archive alone (Aerial, LuLu, eqMac); from 11 a directory with the NIBArchive variant (Sparkle, scribendi)"
    )
    func keyedArchiveAlone() throws {
        let text = Source.macOSXib(
            #"<customView id="v1"><rect key="frame" x="0.0" y="0.0" width="100" height="50"/></customView>"#)
        var options = NibCompiler.Options()
        options.deploymentTarget = "10.12"
        options.xcode = XcodeEra(9.2)
        let old = try Source.compiler(options).compile(Data(text.utf8), fileName: "Old.xib")
        #expect(old.kind == .nibFile)
        #expect(Array((old.files[""] ?? []).prefix(8)) == Array("bplist00".utf8))
        options.xcode = XcodeEra(13.2)
        let modern = try Source.compiler(options).compile(Data(text.utf8), fileName: "Modern.xib")
        #expect(modern.kind == .nibDirectory)
        #expect(Set(modern.files.keys) == ["keyedobjects.nib", "keyedobjects-101300.nib"])
    }
}
