import Foundation
import NibArchive
import NibCompiler
import Testing

/// Stand-ins for Apple's ICC profiles: valid ICC headers (size, data color space, `acsp`)
/// without Apple's bytes, so the rules can be tested without the real files.
enum StandInProfiles {
    /// A 128-byte ICC header declaring `space` (`GRAY` or `RGB `).
    static func header(_ space: String) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 128)
        bytes[3] = 128
        bytes.replaceSubrange(16..<20, with: Array(space.utf8))
        bytes.replaceSubrange(36..<40, with: Array("acsp".utf8))
        return bytes
    }

    /// A folder holding both stand-ins under Apple's file names.
    static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("nibkit-standin-profiles-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? Data(header("GRAY")).write(to: folder.appendingPathComponent("Generic Gray Gamma 2.2 Profile.icc"))
        try? Data(header("RGB ")).write(to: folder.appendingPathComponent("sRGB Profile.icc"))
        return folder
    }()

    /// Compiler options reading the stand-ins.
    static var options: NibCompiler.Options {
        var options = NibCompiler.Options()
        options.colorProfiles = folder
        return options
    }
}

/// AppKit fonts, colors, cells and text fields. Expected values are read from Apple's nibs in
/// the macOS pairs named in each test.
@Suite("AppKit text rules")
struct AppKitTextRuleTests {
    /// A view holding one text field with `fieldAttributes`, whose cell has `cellAttributes`
    /// and `cellBody`.
    static func textField(
        _ fieldAttributes: String = "", cell cellAttributes: String = "", body cellBody: String? = nil,
        toolsVersion: Int = 15702
    ) -> String {
        let body =
            cellBody ?? """
                <font key="font" metaFont="system"/>
                <color key="textColor" name="controlTextColor" catalog="System" colorSpace="catalog"/>
                <color key="backgroundColor" name="controlColor" catalog="System" colorSpace="catalog"/>
                """
        return Source.macOSXib(
            """
            <customView id="1">
                <rect key="frame" x="0.0" y="0.0" width="300" height="100"/>
                <autoresizingMask key="autoresizingMask"/>
                <subviews>
                    <textField verticalHuggingPriority="750" \(fieldAttributes) id="2">
                        <rect key="frame" x="20" y="50" width="260" height="17"/>
                        <textFieldCell key="cell" \(cellAttributes) title="Label" id="3">
                            \(body)
                        </textFieldCell>
                    </textField>
                </subviews>
            </customView>
            """, toolsVersion: toolsVersion)
    }

    // MARK: Fonts

    @Test(
        "meta fonts resolve to the system font with AppKit's meta-font number in NSfFlags",
        arguments: [
            // (font attributes, NSName, NSSize, NSfFlags) — metafonts_extra, test1, numfmt_basic,
            // square_shadowless_button, popup_default_hugging, test_popup_textured, HSChooserWindow.
            (#"metaFont="system""#, ".AppleSystemUIFont", 13.0, Int64(1044)),
            (#"metaFont="system" size="31""#, ".AppleSystemUIFont", 31, 1044),
            (#"metaFont="smallSystem""#, ".AppleSystemUIFont", 11, 3100),
            (#"metaFont="message" size="11""#, ".AppleSystemUIFont", 11, 1558),
            (#"metaFont="menu""#, ".AppleSystemUIFont", 13, 1558),
            (#"metaFont="label""#, ".AppleSystemUIFont", 10, 2843),
            (#"metaFont="miniSystem""#, ".AppleSystemUIFont", 9, 3614),
            (#"metaFont="cellTitle""#, ".AppleSystemUIFont", 12, 4883),
            (#"metaFont="controlContent""#, ".AppleSystemUIFont", 12, 2586),
            (#"metaFont="menuBar""#, ".AppleSystemUIFont", 14, 4112),
            (#"metaFont="palette""#, ".AppleSystemUIFont", 11, 1815),
            (#"metaFont="toolTip""#, ".AppleSystemUIFont", 11, 2329),
            (#"metaFont="miniSystemBold""#, ".AppleSystemUIFontBold", 9, 3871),
            (#"metaFont="systemBold" size="24""#, ".AppleSystemUIFontBold", 24, 2072),
            (#"metaFont="user""#, "Helvetica", 12, 273),
            (#"name="HelveticaNeue" size="12""#, "HelveticaNeue", 12, 16),
        ])
    func metaFonts(font: String, name: String, size: Double, flags: Int64) throws {
        let graph = try Source.graph(
            Self.textField(body: "<font key=\"font\" \(font)/>"), options: StandInProfiles.options)
        let cell = try #require(graph.all("NSTextFieldCell").first)
        let fontObject = try #require(graph.object("NSSupport", of: cell))
        #expect(graph.nodes[fontObject].className == "NSFont")
        #expect(graph.text("NSName", of: fontObject) == name)
        #expect(graph.value("NSSize", of: fontObject) == .float64(size))
        #expect(graph.value("NSfFlags", of: fontObject)?.integerValue == flags)
    }

    @Test("the title bar font carries a headline text style descriptor (metafonts_extra)")
    func titleBarFont() throws {
        let graph = try Source.graph(
            Self.textField(body: #"<font key="font" metaFont="titleBar"/>"#), options: StandInProfiles.options)
        let font = try #require(graph.all("NSFont").first)
        #expect(graph.text("NSName", of: font) == ".AppleSystemUIFontBold")
        #expect(graph.value("NSfFlags", of: font)?.integerValue == 787)
        let descriptor = try #require(graph.object("NSTextStyleDescriptor", of: font))
        #expect(graph.value("NSFontDescriptorOptions", of: descriptor)?.integerValue == 2_147_517_444)
        let attributes = graph.elements(of: graph.object("NSFontDescriptorAttributes", of: descriptor) ?? -1)
        #expect(attributes.compactMap(graph.string).contains("UICTFontTextStyleHeadline"))
        #expect(graph.value("NSHasWidth", of: font) == .bool(false))
    }

    @Test("an appearance font is the 13-point system font flagged as using the appearance size")
    func appearanceFont() throws {
        let graph = try Source.graph(
            Self.textField(body: #"<font key="font" usesAppearanceFont="YES"/>"#), options: StandInProfiles.options)
        let font = try #require(graph.all("NSFont").first)
        #expect(graph.value("NSFontUsesAppearanceFontSize", of: font) == .bool(true))
        #expect(graph.value("NSfFlags", of: font)?.integerValue == 1044)
    }

    @Test("an unknown meta font is an error naming it")
    func unknownMetaFont() {
        #expect {
            try Source.refusing {
                try Source.graph(
                    Self.textField(body: #"<font key="font" metaFont="fancy"/>"#), options: StandInProfiles.options)
            }
        } throws: { error in
            (error as? CompileError)?.message.contains("metaFont \"fancy\"") ?? false
        }
    }

    // MARK: Colors

    @Test("catalog colors resolve to gamma-2.2 grays carrying the gray ICC profile (textfield_textcolor)")
    func catalogGray() throws {
        let graph = try Source.graph(Self.textField(), options: StandInProfiles.options)
        let cell = try #require(graph.all("NSTextFieldCell").first)
        let background = try #require(graph.object("NSBackgroundColor", of: cell))
        #expect(graph.value("NSColorSpace", of: background)?.integerValue == 6)
        #expect(graph.text("NSCatalogName", of: background) == "System")
        #expect(graph.text("NSColorName", of: background) == "controlColor")
        let resolved = try #require(graph.object("NSColor", of: background))
        #expect(graph.value("NSColorSpace", of: resolved)?.integerValue == 3)
        #expect(graph.data("NSWhite", of: resolved) == Array("0.602715373\0".utf8))
        #expect(graph.data("NSComponents", of: resolved) == Array("0.6666666667 1".utf8))
        #expect(graph.data("NSLinearExposure", of: resolved) == Array("1".utf8))
        let space = try #require(graph.object("NSCustomColorSpace", of: resolved))
        #expect(graph.value("NSID", of: space)?.integerValue == 9)
        #expect(graph.value("NSModel", of: space)?.integerValue == 0)
        let icc = try #require(graph.object("NSICC", of: space))
        #expect(graph.data("NS.bytes", of: icc) == StandInProfiles.header("GRAY"))
        // Both colors share one color space object, as in Apple's nibs.
        let text = try #require(graph.object("NSTextColor", of: cell))
        #expect(graph.object("NSCustomColorSpace", of: graph.object("NSColor", of: text) ?? -1) == space)
        #expect(graph.all("NSColorSpace").count == 1)
    }

    @Test(
        "calibrated and device colors write their components with ten significant digits",
        arguments: [
            // color_white_precision, test11_text_view_back, test19_layouts, HSChooserWindow, white_color_format.
            (#"white="0.41999999999999998" alpha="1" colorSpace="calibratedWhite""#, Int64(3), "NSWhite", "0.42"),
            (
                #"white="0.75810480442176875" alpha="0.84705882352941175" colorSpace="calibratedWhite""#, 3,
                "NSWhite", "0.7581048044 0.8470588235"
            ),
            (#"white="1" alpha="1" colorSpace="calibratedWhite""#, 3, "NSWhite", "1"),
            (#"white="0.80000000000000004" alpha="0.0" colorSpace="deviceWhite""#, 4, "NSWhite", "0.8 0"),
            (
                #"red="0.05813049898" green="0.055541899059999997" blue="1" alpha="1" colorSpace="calibratedRGB""#, 1,
                "NSRGB", "0.05813049898 0.05554189906 1"
            ),
            (#"red="0.0" green="0.0" blue="0.0" alpha="1" colorSpace="calibratedRGB""#, 1, "NSRGB", "0 0 0"),
        ])
    func componentColors(color: String, space: Int64, key: String, text: String) throws {
        let body = #"<font key="font" metaFont="system"/><color key="textColor" \#(color)/>"#
        let graph = try Source.graph(Self.textField(body: body), options: NibCompiler.Options())
        let cell = try #require(graph.all("NSTextFieldCell").first)
        let colorObject = try #require(graph.object("NSTextColor", of: cell))
        #expect(graph.value("NSColorSpace", of: colorObject)?.integerValue == space)
        #expect(graph.data(key, of: colorObject) == Array(text.utf8) + [0])
    }

    @Test(
        "a catalog color without its ICC profile is written in its calibrated form with a warning naming the profile and the option; refused when strict"
    )
    func missingProfile() throws {
        var options = NibCompiler.Options()
        options.colorProfiles = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-profiles")
        Source.expectApproximation(
            Self.textField(), .colorConversion, mentioning: "Generic Gray Gamma 2.2 Profile.icc", options: options)
        Source.expectApproximation(Self.textField(), .colorConversion, mentioning: "--color-profiles", options: options)
        options.colorProfiles = nil
        Source.expectApproximation(Self.textField(), .colorConversion, mentioning: "--color-profiles", options: options)
        // The nearest form that loads: the calibrated white without the embedded color space.
        let graph = try Source.graph(Self.textField(), options: options)
        let color = try #require(graph.all("NSColor").first { graph.value("NSColorSpace", of: $0)?.integerValue == 3 })
        #expect(graph.object("NSCustomColorSpace", of: color) == nil)
        #expect(graph.data("NSWhite", of: color) != nil)
        #expect(graph.all("NSColorSpace").isEmpty)
    }

    @Test(
        "sRGB colors carry an approximated calibrated NSRGB with a warning, or are refused when exact colors are asked for"
    )
    func customSRGB() throws {
        // HSChooserWindow: sRGB (0, 105/255, 217/255) with alpha 0 archives NSColorSpace 1,
        // NSRGB "0.0347256697 0.3152296245 0.8149212003 0", the sRGB profile,
        // NSComponents "0 0.4117647059 0.8509803922 0" and NSLinearExposure "1".
        let body =
            #"<color key="textColor" red="0.0" green="0.41176470588235292" blue="0.85098039215686272" alpha="0.0" colorSpace="custom" customColorSpace="sRGB"/>"#
        let source = Self.textField(body: body)
        let compiled = try Source.compiler(StandInProfiles.options).compile(
            Data(source.utf8), fileName: "Test.xib")
        #expect(compiled.warnings.count == 1)
        let graph = try Graph(NibArchive(parsing: compiled.files[""] ?? []))
        let color = try #require(
            graph.all("NSColor").first {
                graph.value("NSComponents", of: $0) != nil && graph.value("NSRGB", of: $0) != nil
            })
        #expect(graph.value("NSColorSpace", of: color) == .int8(1))
        #expect(graph.value("NSComponents", of: color) == .bytes(Array("0 0.4117647059 0.8509803922 0".utf8)))
        #expect(graph.value("NSLinearExposure", of: color) == .bytes(Array("1".utf8)))
        guard case .data(let rgb) = graph.value("NSRGB", of: color) else {
            Issue.record("no NSRGB")
            return
        }
        #expect(rgb.last == 0)
        let numbers: [Double] = String(decoding: rgb.dropLast(), as: UTF8.self).split(separator: " ").compactMap {
            Double($0)
        }
        let apple: [Double] = [0.034_725_669_7, 0.315_229_624_5, 0.814_921_200_3, 0]
        #expect(numbers.count == 4)
        for (value, expected) in zip(numbers, apple) {
            // Both profiles relative to their whites: within 8e-8 (1.2e-4 through the plain colorants).
            #expect((value - expected).magnitude <= 1e-7, "\(value), Apple \(expected)")
        }
        var exact = StandInProfiles.options
        exact.approximations = .refuse
        #expect(throws: CompileError.self) { try Source.refusing { try Source.graph(source, options: exact) } }
    }

    // MARK: Cells and text fields

    @Test(
        "cell attributes pack into NSCellFlags and NSCellFlags2",
        arguments: [
            // test30_character_picker
            (#"sendsActionOnEndEditing="YES""#, Int64(0x0400_0000), Int64(0x1040_0000)),
            // textfield_textcolor: -1804599231 and 272630784
            (
                #"scrollable="YES" lineBreakMode="clipping" selectable="YES" editable="YES" sendsActionOnEndEditing="YES" state="on" borderStyle="bezel" drawsBackground="YES""#,
                -1_804_599_231, 272_630_784
            ),
            // textfield_truncates
            (
                #"controlSize="small" lineBreakMode="charWrapping" sendsActionOnEndEditing="YES" truncatesLastVisibleLine="YES""#,
                0x0400_0000, 0x1042_0300
            ),
            // color_white_precision
            (
                #"scrollable="YES" lineBreakMode="clipping" selectable="YES" editable="YES" sendsActionOnEndEditing="YES" state="on" borderStyle="bezel" alignment="right" controlSize="small" drawsBackground="YES""#,
                -1_804_599_231, 0x0442_0400
            ),
            // test27_allows_writing_tools
            (#"alignment="center""#, 0x0400_0000, 0x0800_0000),
            // metafonts_extra
            (#"selectable="YES" sendsActionOnEndEditing="YES" alignment="left""#, 0x0420_0001, 0x0040_0000),
            // outline_2col_default (data cells)
            (#"lineBreakMode="truncatingTail" alignment="left""#, 0x0400_0040, 0x0000_0800),
            // transmission_MainMenu: allowsUndo="NO"
            (#"controlSize="small" lineBreakMode="truncatingMiddle" allowsUndo="NO""#, 0x0400_0040, 0x1002_1A00),
            // HSChooserWindow: allowsEditingTextAttributes, truncatesLastVisibleLine, state on
            (
                #"lineBreakMode="truncatingMiddle" truncatesLastVisibleLine="YES" sendsActionOnEndEditing="YES" state="on" allowsEditingTextAttributes="YES""#,
                -2_080_374_720, 0x5040_0B00
            ),
            // scribendi MarkupTagsController: enabled="NO" (-1267728319)
            (
                #"controlSize="small" scrollable="YES" lineBreakMode="clipping" selectable="YES" editable="YES" enabled="NO" sendsActionOnEndEditing="YES" state="on" borderStyle="bezel" alignment="left" tag="92" drawsBackground="YES""#,
                -1_267_728_319, 4_326_400
            ),
        ])
    func cellFlags(attributes: String, flags: Int64, flags2: Int64) throws {
        let graph = try Source.graph(Self.textField(cell: attributes), options: StandInProfiles.options)
        let cell = try #require(graph.all("NSTextFieldCell").first)
        #expect(graph.value("NSCellFlags", of: cell)?.integerValue == flags)
        #expect(graph.value("NSCellFlags2", of: cell)?.integerValue == flags2)
    }

    @Test("the text field archives its control keys from the cell (color_white_precision, test32)")
    func controlKeys() throws {
        let source = Self.textField(
            #"horizontalHuggingPriority="249" horizontalCompressionResistancePriority="250""#,
            cell: #"alignment="right" controlSize="small" lineBreakMode="clipping""#)
        let graph = try Source.graph(source, options: StandInProfiles.options)
        let field = try #require(graph.all("NSTextField").first)
        #expect(graph.value("NSControlTextAlignment", of: field)?.integerValue == 2)
        #expect(graph.value("NSControlSize", of: field)?.integerValue == 1)
        #expect(graph.value("NSControlLineBreakMode", of: field)?.integerValue == 2)
        #expect(graph.value("NSControlSendActionMask", of: field)?.integerValue == 4)
        #expect(graph.value("NSControlWritingDirection", of: field)?.integerValue == -1)
        #expect(graph.value("NSTextFieldAlignmentRectInsetsVersion", of: field)?.integerValue == 2)
        #expect(graph.text("NSHuggingPriority", of: field) == "{249, 750}")
        #expect(graph.text("NSAntiCompressionPriority", of: field) == "{250, 750}")
        let cell = try #require(graph.object("NSCell", of: field))
        #expect(graph.object("NSControlView", of: cell) == field)
        #expect(graph.text("NSContents", of: cell) == "Label")
    }

    @Test("default priorities and a zero preferred width are not written (textfield_textcolor, metafonts_extra)")
    func defaultsOmitted() throws {
        let graph = try Source.graph(
            Self.textField(#"preferredMaxLayoutWidth="0.0""#), options: StandInProfiles.options)
        let field = try #require(graph.all("NSTextField").first)
        #expect(graph.value("NSHuggingPriority", of: field) == nil)
        #expect(graph.value("NSAntiCompressionPriority", of: field) == nil)
        #expect(graph.value("NSPreferredMaxLayoutWidth", of: field) == nil)
        let wide = try Source.graph(Self.textField(#"preferredMaxLayoutWidth="164""#), options: StandInProfiles.options)
        #expect(wide.value("NSPreferredMaxLayoutWidth", of: wide.all("NSTextField")[0]) == .float64(164))
    }

    @Test(
        "the character picker follows the attribute, or the tools version for old documents",
        arguments: [
            // test30_character_picker, metafonts_extra (11762), test_tv (15505), test_animations (9059)
            (#"allowsCharacterPickerTouchBarItem="YES""#, 21507, true), ("", 11762, true), ("", 15505, false),
            ("", 9059, false),
        ])
    func characterPicker(attributes: String, toolsVersion: Int, enabled: Bool) throws {
        let graph = try Source.graph(
            Self.textField(attributes, toolsVersion: toolsVersion), options: StandInProfiles.options)
        let cell = try #require(graph.all("NSTextFieldCell").first)
        #expect((graph.value("NSCharacterPickerEnabled", of: cell) == .bool(true)) == enabled)
    }

    @Test("the text field and its cell are tracked with their parents, in document order")
    func tracking() throws {
        let graph = try Source.graph(Self.textField(), options: StandInProfiles.options)
        let data = try #require(graph.object("IB.objectdata", of: graph.root))
        let keys = graph.elements(of: graph.object("NSObjectsKeys", of: data) ?? -1).map { graph.nodes[$0].className }
        #expect(keys.suffix(2) == ["NSTextField", "NSTextFieldCell"])
        let parents = graph.elements(of: graph.object("NSObjectsValues", of: data) ?? -1)
        #expect(parents.last.map { graph.nodes[$0].className } == "NSTextField")
    }

    @Test("unmodelled cell attributes stay errors", arguments: [#"wraps="YES""#, #"borderStyle="line""#])
    func unsupportedCellAttribute(attributes: String) {
        #expect(throws: CompileError.self) {
            try Source.refusing { try Source.graph(Self.textField(cell: attributes), options: StandInProfiles.options) }
        }
    }

    // MARK: Secure and search fields, formatters, placeholders

    @Test(
        "secure text fields archive their own classes, no writing tools and the allowed input locales (securetextfield)"
    )
    func secureTextField() throws {
        let source = Source.macOSXib(
            """
            <customView id="1">
                <rect key="frame" x="0.0" y="0.0" width="300" height="100"/>
                <subviews>
                    <secureTextField focusRingType="none" verticalHuggingPriority="750" id="2">
                        <rect key="frame" x="20" y="20" width="184" height="21"/>
                        <secureTextFieldCell key="cell" scrollable="YES" lineBreakMode="clipping" selectable="YES" editable="YES" sendsActionOnEndEditing="YES" borderStyle="bezel" drawsBackground="YES" id="3">
                            <font key="font" metaFont="system"/>
                            <allowedInputSourceLocales>
                                <string>NSAllRomanInputSourcesLocaleIdentifier</string>
                            </allowedInputSourceLocales>
                        </secureTextFieldCell>
                    </secureTextField>
                </subviews>
            </customView>
            """)
        let graph = try Source.graph(source, options: StandInProfiles.options)
        let field = try #require(graph.all("NSSecureTextField").first)
        #expect(graph.value("NSAllowsWritingTools", of: field) == .bool(false))
        let cell = try #require(graph.object("NSCell", of: field))
        #expect(graph.nodes[cell].className == "NSSecureTextFieldCell")
        #expect(graph.value("NSCellFlags", of: cell)?.integerValue == 342_884_417)
        #expect(graph.value("NSCellFlags2", of: cell)?.integerValue == 272_630_784)
        let locales = graph.elements(of: graph.object("NSAllowedInputLocales", of: cell) ?? -1)
        #expect(locales.compactMap(graph.string) == ["NSAllRomanInputSourcesLocaleIdentifier"])
    }

    /// A search field as in `searchfield_no_completion` and `searchfieldcell_customclass`.
    static func searchField(_ fieldAttributes: String, cell cellAttributes: String = "") -> String {
        Source.macOSXib(
            """
            <customView id="1">
                <rect key="frame" x="0.0" y="0.0" width="300" height="100"/>
                <subviews>
                    <searchField verticalHuggingPriority="750" \(fieldAttributes) id="2">
                        <rect key="frame" x="20" y="20" width="200" height="22"/>
                        <searchFieldCell key="cell" scrollable="YES" lineBreakMode="clipping" selectable="YES" editable="YES" borderStyle="bezel" usesSingleLineMode="YES" bezelStyle="round" \(cellAttributes) id="3">
                            <font key="font" metaFont="system"/>
                        </searchFieldCell>
                    </searchField>
                </subviews>
            </customView>
            """)
    }

    @Test("search fields archive the fixed search and cancel button cells (searchfield_no_completion)")
    func searchField() throws {
        let graph = try Source.graph(Self.searchField(#"textCompletion="NO""#), options: StandInProfiles.options)
        let field = try #require(graph.all("NSSearchField").first)
        #expect(graph.value("NSControlUsesSingleLineMode", of: field) == .bool(true))
        let cell = try #require(graph.object("NSCell", of: field))
        #expect(graph.value("NSCellFlags2", of: cell)?.integerValue == 268_436_544)
        #expect(graph.value("NSTextBezelStyle", of: cell)?.integerValue == 1)
        #expect(graph.value("NSMaximumRecents", of: cell)?.integerValue == 255)
        #expect(graph.data("NSSearchFieldFlags", of: cell) == [6, 0, 0, 0])
        #expect(graph.value("NSAutomaticTextCompletionDisabled", of: cell) == .bool(true))
        let search = try #require(graph.object("NSSearchButtonCell", of: cell))
        #expect(graph.text("NSAction", of: search) == "_searchFieldSearch:")
        #expect(graph.text("NSContents", of: search) == "search")
        #expect(graph.value("NSButtonFlags", of: search)?.integerValue == 138_428_416)
        #expect(graph.object("NSTarget", of: search) == cell)
        let cancel = try #require(graph.object("NSCancelButtonCell", of: cell))
        #expect(graph.text("NSAction", of: cancel) == "_searchFieldCancel:")
        #expect(graph.value("NSCellFlags", of: cancel)?.integerValue == -2_147_483_648)
    }

    @Test(
        "a cell with a custom class becomes an NSClassSwapper naming its original class (searchfieldcell_customclass)")
    func cellCustomClass() throws {
        let graph = try Source.graph(
            Self.searchField("", cell: #"customClass="MySearchCell""#), options: StandInProfiles.options)
        let field = try #require(graph.all("NSSearchField").first)
        let cell = try #require(graph.object("NSCell", of: field))
        #expect(graph.nodes[cell].className == "NSClassSwapper")
        #expect(graph.text("NSClassName", of: cell) == "MySearchCell")
        #expect(graph.text("NSOriginalClassName", of: cell) == "NSSearchFieldCell")
        #expect(graph.value("NSAutomaticTextCompletionDisabled", of: cell) == nil)
    }

    @Test("date formatters archive their styles and the compiling Mac's pattern (textfield_formatter)")
    func dateFormatter() throws {
        let body = """
            <dateFormatter key="formatter" dateStyle="long" timeStyle="short" doesRelativeDateFormatting="YES" id="4"/>
            <font key="font" metaFont="smallSystem"/>
            """
        let source = Self.textField(
            cell: #"lineBreakMode="truncatingTail" sendsActionOnEndEditing="YES" placeholderString="N/A""#, body: body
        )
        .replacingOccurrences(of: #"title="Label" "#, with: "")
        let graph = try Source.graph(source, options: StandInProfiles.options)
        let cell = try #require(graph.all("NSTextFieldCell").first)
        #expect(graph.text("NSPlaceholderString", of: cell) == "N/A")
        #expect(graph.value("NSCellFlags2", of: cell)?.integerValue == -1_874_851_840)
        let formatter = try #require(graph.object("NSFormatter", of: cell))
        #expect(graph.text("NS.format", of: formatter) == "d MMMM y 'at' h:mm\u{202F}a")
        #expect(graph.value("NS.natural", of: formatter) == .bool(false))
        let attributes = graph.elements(of: graph.object("NS.attributes", of: formatter) ?? -1)
        #expect(
            attributes.compactMap(graph.string) == [
                "dateStyle", "doesRelativeDateFormatting", "formatterBehavior", "timeStyle",
            ])
        let data = try #require(graph.object("IB.objectdata", of: graph.root))
        let tracked = graph.elements(of: graph.object("NSObjectsKeys", of: data) ?? -1)
        #expect(tracked.contains(formatter))
    }

    /// The cell of a text field titled `title` whose date formatter is `formatter`.
    static func dateCell(_ title: String, formatter: String) throws -> (Graph, Int) {
        let body = "<dateFormatter key=\"formatter\" \(formatter) id=\"4\"/>"
        let source = Self.textField(body: body).replacingOccurrences(
            of: #"title="Label""#, with: "title=\"\(title)\"")
        let graph = try Source.graph(source, options: StandInProfiles.options)
        return (graph, try #require(graph.all("NSTextFieldCell").first))
    }

    @Test("a weekday title parses to that weekday in the first ISO week of 2000, UTC (dateformatter_weekday)")
    func weekdayTitle() throws {
        let (graph, cell) = try Self.dateCell(
            "Wednesday", formatter: #"formatterBehavior="custom10_4" dateFormat="EEEE""#)
        let date = try #require(graph.object("NSContents", of: cell))
        #expect(graph.nodes[date].className == "NSDate")
        // Apple's nib: NS.time -31276800 (5 January 2000, 00:00 UTC).
        #expect(graph.value("NS.time", of: date) == .float64(-31_276_800))
    }

    @Test("a short/short title parses leniently and clears the styled bit (test_date_formatter)")
    func styledTitle() throws {
        let (graph, cell) = try Self.dateCell(
            "4/1/1976, 11:00 pm", formatter: #"dateStyle="short" timeStyle="short""#)
        let date = try #require(graph.object("NSContents", of: cell))
        // Apple's nib (a table data cell there): NS.time -788662800, 4 January 1976 23:00 UTC,
        // and no bit 31 in NSCellFlags2.
        #expect(graph.value("NS.time", of: date) == .float64(-788_662_800))
        let flags2 = try #require(graph.value("NSCellFlags2", of: cell)?.integerValue)
        #expect(flags2 & 0x8000_0000 == 0)
    }

    @Test("titles the date parse cannot model are refused")
    func refusedDateTitles() {
        let styled = #"dateStyle="short" timeStyle="short""#
        let custom = #"formatterBehavior="custom10_4" dateFormat="EEEE""#
        for (title, formatter) in [
            ("4/7/1976, 11:00 pm", styled),  // July: the summer-time offset is unknown
            ("4/1/1969, 11:00 pm", styled),  // before 1972
            ("4/1/76, 11:00 pm", styled),  // a two-digit year
            ("31/2/1999, 1:00 am", styled),  // no such day
            ("Someday", custom),  // does not match
            ("Saturday", custom),  // 1 or 8 January by the week rule, not in the pairs
            ("Wednesday", #"formatterBehavior="custom10_4" dateFormat="EEE""#),  // field not modelled
        ] {
            #expect(throws: CompileError.self, "\(title)") {
                try Source.refusing { try Self.dateCell(title, formatter: formatter) }
            }
        }
    }

    @Test(
        "top-level custom views archive their subviews last to first, tracked in document order (textfield_formatter)")
    func reversedSubviews() throws {
        let source = Source.macOSXib(
            """
            <customView id="1">
                <rect key="frame" x="0.0" y="0.0" width="200" height="80"/>
                <subviews>
                    <customView id="2"><rect key="frame" x="10" y="40" width="100" height="14"/></customView>
                    <customView id="3"><rect key="frame" x="10" y="10" width="100" height="14"/></customView>
                </subviews>
            </customView>
            """)
        let graph = try Source.graph(source)
        let top = try #require(graph.all("NSCustomView").first { graph.value("NSSuperview", of: $0) == nil })
        let subviews = graph.elements(of: graph.object("NSSubviews", of: top) ?? -1)
        #expect(subviews.map { graph.text("NSFrame", of: $0) } == ["{{10, 10}, {100, 14}}", "{{10, 40}, {100, 14}}"])
        let data = try #require(graph.object("IB.objectdata", of: graph.root))
        let tracked = graph.elements(of: graph.object("NSObjectsKeys", of: data) ?? -1)
        #expect(
            tracked.suffix(2).map { graph.text("NSFrame", of: $0) } == [
                "{{10, 40}, {100, 14}}", "{{10, 10}, {100, 14}}",
            ])
    }

    @Test("nested custom views reverse their subviews too; plain views keep document order (nkv_overlap)")
    func nestedReversedSubviews() throws {
        let source = Source.macOSXib(
            """
            <view id="1">
                <rect key="frame" x="0.0" y="0.0" width="200" height="80"/>
                <subviews>
                    <customView id="2">
                        <rect key="frame" x="0" y="0" width="200" height="80"/>
                        <subviews>
                            <customView id="3"><rect key="frame" x="10" y="40" width="100" height="14"/></customView>
                            <customView id="4"><rect key="frame" x="10" y="10" width="100" height="14"/></customView>
                        </subviews>
                    </customView>
                    <customView id="5"><rect key="frame" x="5" y="5" width="10" height="10"/></customView>
                </subviews>
            </view>
            """)
        let graph = try Source.graph(source)
        let top = try #require(graph.all("NSView").first)
        let children = graph.elements(of: graph.object("NSSubviews", of: top) ?? -1)
        #expect(children.map { graph.text("NSFrame", of: $0) } == [nil, "{{5, 5}, {10, 10}}"])
        let nested = graph.elements(of: graph.object("NSSubviews", of: children[0]) ?? -1)
        #expect(nested.map { graph.text("NSFrame", of: $0) } == ["{{10, 10}, {100, 14}}", "{{10, 40}, {100, 14}}"])
    }

    // MARK: Image views

    /// A view holding one image view (`test_named_image`, `imageview_customclass`).
    static func imageView(_ viewAttributes: String, cell cellAttributes: String, resources: String = "") -> String {
        Source.macOSXib(
            """
            <customView id="1">
                <rect key="frame" x="0.0" y="0.0" width="100" height="50"/>
                <subviews>
                    <imageView \(viewAttributes) id="2">
                        <rect key="frame" x="10" y="10" width="8" height="12"/>
                        <imageCell key="cell" refusesFirstResponder="YES" alignment="left" \(cellAttributes) id="3"/>
                    </imageView>
                </subviews>
            </customView>
            """
        ).replacingOccurrences(of: "</objects>", with: "</objects>\n<resources>\(resources)</resources>")
    }

    @Test("image views archive their image as a custom resource with the cached design size (test_named_image)")
    func namedImage() throws {
        let source = Self.imageView(
            "", cell: #"animates="YES" image="TestArrow""#,
            resources: #"<image name="TestArrow" width="8" height="12"/>"#)
        let graph = try Source.graph(source)
        let view = try #require(graph.all("NSImageView").first)
        #expect(graph.value("NSControlRefusesFirstResponder", of: view) == .bool(true))
        #expect(graph.value("NSControlTextAlignment", of: view)?.integerValue == 0)
        #expect(graph.value("NSEditable", of: view) == .bool(true))
        #expect(graph.elements(of: graph.object("NSSubviews", of: view) ?? -1).isEmpty)
        #expect(graph.elements(of: graph.object("NSDragTypes", of: view) ?? -1).count == 8)
        let cell = try #require(graph.object("NSCell", of: view))
        #expect(graph.value("NSCellFlags", of: cell)?.integerValue == 0)
        #expect(graph.value("NSCellFlags2", of: cell)?.integerValue == 0x0200_0000)
        #expect(graph.value("NSScale", of: cell)?.integerValue == 2)
        #expect(graph.value("NSAnimates", of: cell) == .bool(true))
        let image = try #require(graph.object("NSContents", of: cell))
        #expect(graph.text("NSResourceName", of: image) == "TestArrow")
        #expect(graph.value("IBNamespaceID", of: image) == .nil)
        let size = try #require(graph.object("IBDesignSize", of: image))
        #expect(graph.text("NS.sizeval", of: size) == "{8, 12}")
    }

    @Test("AppKit's own images take their design size from AppKit, not from <resources> (test32_hugging_priority)")
    func systemImage() throws {
        let source = Self.imageView(
            "", cell: #"imageScaling="proportionallyDown" image="NSApplicationIcon""#,
            resources: #"<image name="NSApplicationIcon" width="128" height="128"/>"#)
        let graph = try Source.graph(source)
        let image = try #require(graph.all("NSCustomResource").first)
        #expect(graph.text("IBNamespaceID", of: image) == "system")
        #expect(graph.text("NS.sizeval", of: graph.object("IBDesignSize", of: image) ?? -1) == "{32, 32}")
        #expect(graph.value("NSScale", of: graph.all("NSImageCell")[0])?.integerValue == 0)
    }

    @Test("a custom image view class, clipping and priorities (imageview_customclass)")
    func imageViewCustomClass() throws {
        let source = Self.imageView(
            #"clipsToBounds="YES" verticalHuggingPriority="1000" verticalCompressionResistancePriority="1000" customClass="PiecesView""#,
            cell: #"animates="YES" imageScaling="axesIndependently""#)
        let graph = try Source.graph(source)
        let view = try #require(graph.all("NSClassSwapper").first)
        #expect(graph.text("NSClassName", of: view) == "PiecesView")
        #expect(graph.text("NSOriginalClassName", of: view) == "NSImageView")
        #expect(graph.value("NSViewClipsToBoundsKeyName", of: view) == .bool(true))
        #expect(graph.value("IBNSClipsToBounds", of: view)?.integerValue == 1)
        #expect(graph.text("NSHuggingPriority", of: view) == "{250, 1000}")
        #expect(graph.text("NSAntiCompressionPriority", of: view) == "{750, 1000}")
        let cell = try #require(graph.object("NSCell", of: view))
        #expect(graph.value("NSContents", of: cell) == nil)
        #expect(graph.value("NSScale", of: cell)?.integerValue == 1)
    }

    @Test("an unknown AppKit image is an error, and so are borders on image cells")
    func unknownSystemImage() {
        #expect(throws: CompileError.self) {
            try Source.refusing { try Source.strictGraph(Self.imageView("", cell: #"image="NSUnknownThing""#)) }
        }
        #expect(throws: CompileError.self) {
            try Source.refusing { try Source.strictGraph(Self.imageView("", cell: #"borderStyle="bezel""#)) }
        }
    }

    // MARK: Number formatters, runtime attributes

    @Test("number formatters archive their properties, the digit pattern and the limits (numfmt_basic)")
    func numberFormatter() throws {
        let body = """
            <numberFormatter key="formatter" formatterBehavior="default10_4" usesGroupingSeparator="NO" groupingSize="0" minimumIntegerDigits="0" maximumIntegerDigits="42" id="12">
                <real key="minimum" value="1"/>
                <real key="maximum" value="40320"/>
            </numberFormatter>
            <font key="font" metaFont="smallSystem"/>
            """
        let source = Self.textField(cell: #"sendsActionOnEndEditing="YES""#, body: body)
            .replacingOccurrences(of: #"title="Label" "#, with: "")
        let graph = try Source.graph(source, options: StandInProfiles.options)
        let cell = try #require(graph.all("NSTextFieldCell").first)
        #expect(graph.value("NSContents", of: cell) == nil)
        let formatter = try #require(graph.object("NSFormatter", of: cell))
        #expect(graph.text("NS.positiveformat", of: formatter) == String(repeating: "#", count: 42))
        #expect(graph.value("NS.hasthousands", of: formatter) == .bool(false))
        #expect(graph.value("NS.allowsfloats", of: formatter) == .bool(true))
        #expect(graph.text("NS.decimal", of: formatter) == ".")
        let maximum = try #require(graph.object("NS.max", of: formatter))
        #expect(graph.value("NS.dblval", of: maximum) == .float64(40320))
        let pairs = graph.elements(of: graph.object("NS.attributes", of: formatter) ?? -1)
        let keys = stride(from: 0, to: pairs.count, by: 2).compactMap { graph.string(pairs[$0]) }
        #expect(keys.count == 20)
        #expect(keys.contains("negativeInfinitySymbol") && keys.contains("maximum"))
        let rounding = try #require(graph.object("NS.rounding", of: formatter))
        #expect(graph.value("NS.roundingmode", of: rounding)?.integerValue == 3)
    }

    @Test("a decimal number formatter parses an integer title and stands NaN in for missing limits (numfmt_decimal)")
    func decimalFormatter() throws {
        let body = """
            <numberFormatter key="formatter" formatterBehavior="default10_4" numberStyle="decimal" formatWidth="-1" minimumIntegerDigits="1" maximumIntegerDigits="2000000000" maximumFractionDigits="3" id="nf1"/>
            <font key="font" metaFont="system"/>
            """
        let source = Self.textField(body: body).replacingOccurrences(of: #"title="Label""#, with: #"title="400""#)
        let graph = try Source.graph(source, options: StandInProfiles.options)
        let cell = try #require(graph.all("NSTextFieldCell").first)
        #expect(graph.value("NS.intval", of: graph.object("NSContents", of: cell) ?? -1)?.integerValue == 400)
        let formatter = try #require(graph.object("NSFormatter", of: cell))
        #expect(graph.text("NS.positiveformat", of: formatter) == "#,##0.###")
        #expect(graph.value("NS.hasthousands", of: formatter) == .bool(true))
        let minimum = try #require(graph.object("NS.min", of: formatter))
        #expect(graph.nodes[minimum].className == "NSDecimalNumberPlaceholder")
        #expect(graph.object("NS.max", of: formatter) == minimum)
    }

    @Test("user-defined runtime attributes become one connector with parallel arrays (test_udra)")
    func runtimeAttributes() throws {
        let source = Self.textField().replacingOccurrences(
            of: "</textField>",
            with: """
                <userDefinedRuntimeAttributes>
                    <userDefinedRuntimeAttribute type="boolean" keyPath="editable" value="NO"/>
                    <userDefinedRuntimeAttribute type="string" keyPath="placeholderString" value="Enter text"/>
                </userDefinedRuntimeAttributes>
                </textField>
                """)
        let graph = try Source.graph(source, options: StandInProfiles.options)
        let connector = try #require(graph.all("NSIBUserDefinedRuntimeAttributesConnector").first)
        #expect(graph.nodes[graph.object("NSObject", of: connector) ?? -1].className == "NSTextField")
        let keyPaths = graph.elements(of: graph.object("NSKeyPaths", of: connector) ?? -1).compactMap(graph.string)
        #expect(keyPaths == ["editable", "placeholderString"])
        let values = graph.elements(of: graph.object("NSValues", of: connector) ?? -1)
        #expect(graph.value("NS.boolval", of: values[0]) == .bool(false))
        #expect(graph.string(values[1]) == "Enter text")
    }

    @Test(
        "number and geometry runtime attributes are NSNumber and NSValue as in UIKit; an unknown type leaves its key path out too"
    )
    func runtimeNumbers() throws {
        let source = Self.textField().replacingOccurrences(
            of: "</textField>",
            with: """
                <userDefinedRuntimeAttributes>
                    <userDefinedRuntimeAttribute type="number" keyPath="layer.cornerRadius"><real key="value" value="4.5"/></userDefinedRuntimeAttribute>
                    <userDefinedRuntimeAttribute type="range" keyPath="selection"/>
                    <userDefinedRuntimeAttribute type="number" keyPath="tag"><integer key="value" value="7"/></userDefinedRuntimeAttribute>
                    <userDefinedRuntimeAttribute type="size" keyPath="intrinsic"><size key="value" width="10" height="20"/></userDefinedRuntimeAttribute>
                </userDefinedRuntimeAttributes>
                </textField>
                """)
        let output = try Source.compiler(StandInProfiles.options).compile(Data(source.utf8), fileName: "Test.xib")
        let graph = try Graph(NibArchive(parsing: output.files[""] ?? []))
        let connector = try #require(graph.all("NSIBUserDefinedRuntimeAttributesConnector").first)
        let keyPaths = graph.elements(of: graph.object("NSKeyPaths", of: connector) ?? -1).compactMap(graph.string)
        #expect(keyPaths == ["layer.cornerRadius", "tag", "intrinsic"])
        let values = graph.elements(of: graph.object("NSValues", of: connector) ?? -1)
        try #require(values.count == 3)
        #expect(graph.value("NS.dblval", of: values[0]) == .float64(4.5))
        #expect(graph.value("NS.intval", of: values[1])?.integerValue == 7)
        #expect(graph.text("NS.sizeval", of: values[2]) == "{10, 20}")
        #expect(output.warnings.contains { $0.message.contains("\"range\"") })
    }

    // MARK: Boxes, date pickers, progress indicators

    /// A window-less view holding `body` as its only subview.
    static func view(holding body: String) -> String {
        Source.macOSXib(
            """
            <customView id="1">
                <rect key="frame" x="0.0" y="0.0" width="300" height="200"/>
                <subviews>
            \(body)
                </subviews>
            </customView>
            """)
    }

    @Test("a separator box archives a default title cell and separator type (box_separator_autoresize)")
    func separatorBox() throws {
        let source = Self.view(
            holding: """
                <box verticalHuggingPriority="750" boxType="separator" id="3">
                    <rect key="frame" x="17" y="61" width="236" height="5"/>
                    <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
                </box>
                """)
        let graph = try Source.graph(source, options: StandInProfiles.options)
        let box = try #require(graph.all("NSBox").first)
        #expect(graph.value("NSBoxType", of: box)?.integerValue == 2)
        #expect(graph.value("NSBorderType", of: box)?.integerValue == 3)
        #expect(graph.text("NSOffsets", of: box) == "{5, 5}")
        #expect(graph.text("NSHuggingPriority", of: box) == "{250, 750}")
        let title = try #require(graph.object("NSTitleCell", of: box))
        #expect(graph.text("NSContents", of: title) == "Title")
        #expect(graph.value("NSCellFlags2", of: title)?.integerValue == 0x0800_0000)
        #expect(graph.value("NSControlView", of: title) == .nil)
        #expect(graph.text("NSColorName", of: graph.object("NSTextColor", of: title) ?? -1) == "labelColor")
        #expect(throws: CompileError.self) {
            try Source.refusing {
                try Source.graph(
                    Self.view(holding: #"<box boxType="custom" id="3"/>"#), options: StandInProfiles.options)
            }
        }
    }

    @Test("a date picker archives its date, elements and cell (datepicker)")
    func datePicker() throws {
        let source = Self.view(
            holding: """
                <datePicker verticalHuggingPriority="750" id="10">
                    <rect key="frame" x="20" y="20" width="86" height="28"/>
                    <datePickerCell key="cell" borderStyle="bezel" alignment="left" id="11">
                        <font key="font" metaFont="system"/>
                        <date key="date" timeIntervalSinceReferenceDate="678949666.07677197"/>
                        <datePickerElements key="datePickerElements" hour="YES" minute="YES"/>
                    </datePickerCell>
                </datePicker>
                """)
        let graph = try Source.graph(source, options: StandInProfiles.options)
        let picker = try #require(graph.all("NSDatePicker").first)
        #expect(graph.value("presentsCalendarOverlay", of: picker) == .bool(false))
        #expect(graph.value("NSControlTextAlignment", of: picker)?.integerValue == 0)
        let cell = try #require(graph.object("NSCell", of: picker))
        #expect(graph.value("NSCellFlags", of: cell)?.integerValue == 71_303_168)
        #expect(graph.value("NSCellFlags2", of: cell)?.integerValue == 0)
        #expect(graph.value("NSDatePickerElements", of: cell)?.integerValue == 12)
        #expect(
            graph.value("NS.time", of: graph.object("NSContents", of: cell) ?? -1) == .float64(678_949_666.07677197))
    }

    @Test(
        "progress indicators pack their style into NSpiFlags (progressindicator_doublevalue, blocklist_big)",
        arguments: [
            (
                #"minValue="16" maxValue="100" doubleValue="16" bezeled="NO" indeterminate="YES" style="spinning""#,
                Int64(20486)
            ),
            (#"maxValue="1" bezeled="NO" indeterminate="YES" style="bar""#, 16390),
        ])
    func progressIndicator(attributes: String, flags: Int64) throws {
        let source = Self.view(
            holding: """
                <progressIndicator verticalHuggingPriority="750" \(attributes) id="4">
                    <rect key="frame" x="32" y="135" width="32" height="32"/>
                </progressIndicator>
                """)
        let graph = try Source.graph(source)
        let indicator = try #require(graph.all("NSProgressIndicator").first)
        #expect(graph.value("NSpiFlags", of: indicator)?.integerValue == flags)
        #expect(graph.value("NSViewIsLayerTreeHost", of: indicator) == .bool(true))
        #expect(graph.value("NSHuggingPriority", of: indicator) == nil)
        #expect(graph.value("NSMaxValue", of: indicator) != nil)
    }

    // MARK: Segmented controls, custom view classes

    @Test("segmented controls archive their segments, tracking and distribution (segmented_fillprop)")
    func segmentedControl() throws {
        let source = Self.view(
            holding: """
                <segmentedControl verticalHuggingPriority="1000" verticalCompressionResistancePriority="1000" id="2">
                    <rect key="frame" x="10" y="10" width="97" height="16"/>
                    <segmentedCell key="cell" controlSize="mini" borderStyle="border" alignment="left" segmentDistribution="fillProportionally" style="rounded" trackingMode="selectAny" id="3">
                        <font key="font" metaFont="miniSystem"/>
                        <segments>
                            <segment label="A" imageScaling="none"/>
                            <segment label="B" imageScaling="none" tag="1"/>
                        </segments>
                    </segmentedCell>
                </segmentedControl>
                """)
        let graph = try Source.graph(source)
        let control = try #require(graph.all("NSSegmentedControl").first)
        #expect(graph.value("NSControlSize", of: control)?.integerValue == 2)
        #expect(graph.text("NSHuggingPriority", of: control) == "{250, 1000}")
        let cell = try #require(graph.object("NSCell", of: control))
        #expect(graph.value("NSCellFlags", of: cell)?.integerValue == 75_497_472)
        #expect(graph.value("NSCellFlags2", of: cell)?.integerValue == 262_144)
        #expect(graph.value("NSContents", of: cell) == nil)
        #expect(graph.value("NSTrackingMode", of: cell)?.integerValue == 1)
        #expect(graph.value("NSSegmentDistribution", of: cell)?.integerValue == 3)
        #expect(graph.value("NSSelectedSegment", of: cell)?.integerValue == -1)
        let items = graph.elements(of: graph.object("NSSegmentImages", of: cell) ?? -1)
        #expect(items.map { graph.text("NSSegmentItemLabel", of: $0) } == ["A", "B"])
        #expect(items.map { graph.value("NSSegmentItemTag", of: $0)?.integerValue } == [nil, 1])
        #expect(items.map { graph.value("NSSegmentItemImageScaling", of: $0)?.integerValue } == [2, 2])
    }

    @Test("a view with a custom class is a class swapper; a custom view records its class (test14, test15)")
    func customViewClasses() throws {
        let source = Source.macOSXib(
            """
            <window title="Window" id="1">
                <rect key="contentRect" x="196" y="240" width="480" height="270"/>
                <rect key="screenRect" x="0.0" y="0.0" width="1440" height="900"/>
                <view key="contentView" id="2" customClass="SomeClass">
                    <rect key="frame" x="0.0" y="0.0" width="480" height="270"/>
                </view>
            </window>
            <customView id="3" customClass="SomeViewClass">
                <rect key="frame" x="0.0" y="0.0" width="163" height="96"/>
            </customView>
            """)
        let graph = try Source.graph(source)
        let swapper = try #require(graph.all("NSClassSwapper").first)
        #expect(graph.text("NSClassName", of: swapper) == "SomeClass")
        #expect(graph.text("NSOriginalClassName", of: swapper) == "NSView")
        let custom = try #require(graph.all("NSCustomView").first)
        #expect(graph.text("NSClassName", of: custom) == "SomeViewClass")
        let reference = try #require(graph.object("IBClassReference", of: custom))
        #expect(graph.text("IBClassName", of: reference) == "SomeViewClass")
    }

    // MARK: Color wells, tab views, tags

    @Test("a color well is a cell-less control with its color and the color pasteboard type (test19_2_layouts)")
    func colorWell() throws {
        let source = Self.view(
            holding: """
                <colorWell id="2">
                    <rect key="frame" x="-3" y="62" width="44" height="28"/>
                    <color key="color" red="0.05813049898" green="0.055541899059999997" blue="1" alpha="1" colorSpace="calibratedRGB"/>
                </colorWell>
                """)
        let graph = try Source.graph(source)
        let well = try #require(graph.all("NSColorWell").first)
        #expect(graph.value("NSCell", of: well) == nil)
        #expect(graph.value("NSControlWritingDirection", of: well)?.integerValue == 0)
        #expect(graph.value("NSIsBordered", of: well) == .bool(true))
        #expect(graph.text("NSFrame", of: well) == "{{-3, 62}, {44, 28}}")
        let types = graph.elements(of: graph.object("NSDragTypes", of: well) ?? -1).compactMap(graph.string)
        #expect(types == ["NSColor pasteboard type"])
        #expect(
            graph.data("NSRGB", of: graph.object("NSColor", of: well) ?? -1)
                == Array("0.05813049898 0.05554189906 1\0".utf8))
    }

    @Test("a tab view without items archives its type, font and background flag (tabview_notabsnoborder)")
    func emptyTabView() throws {
        let source = Self.view(
            holding: """
                <tabView drawsBackground="NO" type="noTabsNoBorder" id="2">
                    <rect key="frame" x="0.0" y="0.0" width="300" height="200"/>
                    <font key="font" metaFont="system"/>
                </tabView>
                """)
        let graph = try Source.graph(source)
        let tabView = try #require(graph.all("NSTabView").first)
        #expect(graph.value("NSTvFlags", of: tabView)?.integerValue == 6)
        #expect(graph.value("NSDrawsBackground", of: tabView) == nil)
        #expect(graph.value("NSAllowTruncatedLabels", of: tabView) == .bool(true))
        #expect(graph.elements(of: graph.object("NSTabViewItems", of: tabView) ?? -1).isEmpty)
        #expect(graph.value("NSfFlags", of: graph.object("NSFont", of: tabView) ?? -1)?.integerValue == 1044)
    }

    @Test("a control's tag is archived as NSTag when it is not 0 (HSChooserWindow)")
    func controlTag() throws {
        let graph = try Source.graph(Self.textField(#"tag="-1""#), options: StandInProfiles.options)
        #expect(graph.value("NSTag", of: graph.all("NSTextField")[0])?.integerValue == -1)
        let untagged = try Source.graph(Self.textField(#"tag="0""#), options: StandInProfiles.options)
        #expect(untagged.value("NSTag", of: untagged.all("NSTextField")[0]) == nil)
    }

    @Test("segments record selection, missing labels and styles (test23_segmented)")
    func segmentSelection() throws {
        let source = Self.view(
            holding: """
                <segmentedControl verticalHuggingPriority="750" id="2" customClass="OneSelected">
                    <rect key="frame" x="127" y="192" width="104" height="24"/>
                    <segmentedCell key="cell" borderStyle="border" alignment="left" style="separated" trackingMode="selectOne" id="3" customClass="OneSelectedCell">
                        <font key="font" metaFont="system"/>
                        <segments>
                            <segment width="32"/>
                            <segment width="32" selected="YES" tag="1"/>
                            <segment width="32"><nil key="label"/></segment>
                        </segments>
                    </segmentedCell>
                </segmentedControl>
                """)
        let graph = try Source.graph(source)
        let control = try #require(
            graph.all("NSClassSwapper").first { graph.text("NSClassName", of: $0) == "OneSelected" })
        #expect(graph.text("NSOriginalClassName", of: control) == "NSSegmentedControl")
        let cell = try #require(graph.object("NSCell", of: control))
        #expect(graph.text("NSOriginalClassName", of: cell) == "NSSegmentedCell")
        #expect(graph.value("NSSelectedSegment", of: cell)?.integerValue == 1)
        #expect(graph.value("NSTrackingMode", of: cell) == nil)
        #expect(graph.value("NSSegmentStyle", of: cell)?.integerValue == 9)
        #expect(graph.value("NSSegmentStyleSeparated", of: cell)?.integerValue == 1)
        let items = graph.elements(of: graph.object("NSSegmentImages", of: cell) ?? -1)
        #expect(items.map { graph.value("NSSegmentItemSelected", of: $0) } == [nil, .bool(true), nil])
        #expect(items.map { graph.text("NSSegmentItemLabel", of: $0) } == ["", "", nil])
        #expect(items.map { graph.value("NSSegmentItemWidth", of: $0) } == [.float64(32), .float64(32), .float64(32)])
    }

    @Test("a control with a custom class is a class swapper naming its original class")
    func controlCustomClass() throws {
        let graph = try Source.graph(Self.textField(#"customClass="MyField""#), options: StandInProfiles.options)
        let field = try #require(graph.all("NSClassSwapper").first)
        #expect(graph.text("NSClassName", of: field) == "MyField")
        #expect(graph.text("NSOriginalClassName", of: field) == "NSTextField")
        #expect(graph.all("NSTextField").isEmpty)
    }

    @Test(
        "an editable Xcode 8 text field archives the System textColor as controlTextColor (textfield_textcolor, test1)")
    func textColorUpgrade() throws {
        let body = """
            <font key="font" metaFont="system"/>
            <color key="textColor" name="textColor" catalog="System" colorSpace="catalog"/>
            """
        func textColorName(_ cell: String, toolsVersion: Int) throws -> String? {
            let graph = try Source.graph(
                Self.textField(cell: cell, body: body, toolsVersion: toolsVersion), options: StandInProfiles.options)
            return graph.text("NSColorName", of: graph.object("NSTextColor", of: graph.all("NSTextFieldCell")[0]) ?? -1)
        }
        #expect(try textColorName(#"selectable="YES" editable="YES""#, toolsVersion: 11762) == "controlTextColor")
        #expect(try textColorName(#"selectable="YES""#, toolsVersion: 11762) == "textColor")
        #expect(try textColorName(#"selectable="YES" editable="YES""#, toolsVersion: 17701) == "textColor")
        #expect(throws: CompileError.self) {
            try Source.refusing { try textColorName(#"editable="YES""#, toolsVersion: 9059) }
        }
    }

    @Test("a text field's identifier names the view and its cell (scribendi GroupingController)")
    func textFieldIdentifier() throws {
        let graph = try Source.graph(
            Self.textField(#"identifier="Title for Numbers group""#), options: StandInProfiles.options)
        let field = try #require(graph.all("NSTextField").first)
        #expect(graph.text("NSReuseIdentifierKey", of: field) == "Title for Numbers group")
        #expect(
            graph.text("NSCellIdentifier", of: graph.object("NSCell", of: field) ?? -1) == "Title for Numbers group")
    }

    @Test(
        "tool tips become help connectors, from the attribute or a string child (tooltip_attr, tooltip_child)",
        arguments: [
            (#"toolTip="Tooltip via attribute""#, "", "Tooltip via attribute"),
            ("", #"<string key="toolTip">Tooltip via child element</string>"#, "Tooltip via child element"),
        ])
    func toolTips(attribute: String, child: String, text: String) throws {
        let source = Self.textField(attribute, toolsVersion: 15702)
            .replacingOccurrences(of: "<textFieldCell", with: "\(child)<textFieldCell")
        let graph = try Source.graph(source, options: StandInProfiles.options)
        let connector = try #require(graph.all("NSIBHelpConnector").first)
        #expect(graph.nodes[graph.object("NSDestination", of: connector) ?? -1].className == "NSTextField")
        #expect(graph.text("NSFile", of: connector) == "NSToolTipHelpKey")
        #expect(graph.text("NSMarker", of: connector) == text)
    }

    @Test("a titled box lays its content view out and resizes the subviews by their masks (test_box_titled)")
    func titledBox() throws {
        let source = Self.view(
            holding: """
                <box fixedFrame="YES" title="Test Box" translatesAutoresizingMaskIntoConstraints="NO" id="10">
                    <rect key="frame" x="20" y="20" width="560" height="100"/>
                    <view key="contentView" id="11">
                        <rect key="frame" x="3" y="3" width="554" height="84"/>
                        <subviews>
                            <customView id="12">
                                <rect key="frame" x="100" y="30" width="400" height="22"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES"/>
                            </customView>
                            <customView id="13">
                                <rect key="frame" x="10" y="5" width="20" height="20"/>
                                <autoresizingMask key="autoresizingMask" flexibleMinX="YES" flexibleMinY="YES"/>
                            </customView>
                        </subviews>
                    </view>
                </box>
                """)
        let graph = try Source.graph(source, options: StandInProfiles.options)
        let box = try #require(graph.all("NSBox").first)
        #expect(graph.value("NSBoxType", of: box)?.integerValue == 0)
        #expect(graph.text("NSOffsets", of: box) == "{0, 0}")
        #expect(graph.value("IBNSBoxIsUsingDocumentContentView", of: box) == .bool(true))
        #expect(graph.text("NSContents", of: graph.object("NSTitleCell", of: box) ?? -1) == "Test Box")
        let content = try #require(graph.object("NSContentView", of: box))
        #expect(graph.elements(of: graph.object("NSSubviews", of: box) ?? -1) == [content])
        #expect(graph.text("NSFrameSize", of: content) == "{560, 88}")
        #expect(graph.value("NSFrame", of: content) == nil)
        #expect(graph.value("NSvFlags", of: content)?.integerValue == 274)
        let subviews = graph.elements(of: graph.object("NSSubviews", of: content) ?? -1)
        #expect(
            Set(subviews.compactMap { graph.text("NSFrame", of: $0) }) == [
                "{{100, 30}, {406, 22}}", "{{16, 9}, {20, 20}}",
            ])
    }
}
