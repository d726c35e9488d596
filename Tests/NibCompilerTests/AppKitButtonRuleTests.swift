import Foundation
import NibArchive
import NibCompiler
import Testing

/// AppKit buttons and button cells. Expected values are read from Apple's nibs in the macOS
/// pairs named in each test.
@Suite("AppKit button rules")
struct AppKitButtonRuleTests {
    /// A view holding one button with `buttonAttributes`, whose cell has `cellAttributes` and
    /// `behavior` (the attributes of `<behavior>`).
    static func button(_ buttonAttributes: String = "", cell cellAttributes: String, behavior: String) -> String {
        Source.macOSXib(
            """
            <customView id="1">
                <rect key="frame" x="0.0" y="0.0" width="300" height="100"/>
                <autoresizingMask key="autoresizingMask"/>
                <subviews>
                    <button \(buttonAttributes) id="2">
                        <rect key="frame" x="20" y="20" width="100" height="25"/>
                        <autoresizingMask key="autoresizingMask"/>
                        <buttonCell key="cell" \(cellAttributes) id="3">
                            <behavior key="behavior" \(behavior)/>
                            <font key="font" metaFont="system"/>
                        </buttonCell>
                    </button>
                </subviews>
            </customView>
            """, toolsVersion: 24506)
    }

    /// The push button cell of `test_accessibility` and `tooltip_attr`.
    static let pushCell =
        #"type="push" title="OK" bezelStyle="rounded" alignment="center" borderStyle="border" imageScaling="proportionallyDown" inset="2""#
    /// The behavior of a push button.
    static let pushBehavior = #"pushIn="YES" lightByBackground="YES" lightByGray="YES""#

    @Test("a push button archives its bezel, border, inset and momentary push-in type (test_accessibility)")
    func pushButton() throws {
        let graph = try Source.graph(
            Self.button(#"verticalHuggingPriority="750""#, cell: Self.pushCell, behavior: Self.pushBehavior))
        let button = try #require(graph.all("NSButton").first)
        #expect(graph.value("NSHuggingPriority", of: button) == nil)
        #expect(graph.value("NSControlTextAlignment", of: button)?.integerValue == 1)
        #expect(graph.value("NSControlSendActionMask", of: button)?.integerValue == 4)
        #expect(graph.value("IBNSShadowedSymbolConfiguration", of: button) != nil)
        let cell = try #require(graph.object("NSCell", of: button))
        #expect(graph.nodes[cell].className == "NSButtonCell")
        #expect(graph.value("NSCellFlags", of: cell)?.integerValue == 0x0400_0000)
        #expect(graph.value("NSCellFlags2", of: cell)?.integerValue == 0x0800_0000)
        #expect(graph.text("NSContents", of: cell) == "OK")
        #expect(graph.value("NSButtonFlags", of: cell)?.integerValue == Int64(Int32(bitPattern: 0x8680_4000)))
        #expect(graph.value("NSButtonFlags2", of: cell)?.integerValue == 0x81)
        #expect(graph.value("NSBezelStyle", of: cell)?.integerValue == 1)
        #expect(graph.text("NSAlternateContents", of: cell) == "")
        #expect(graph.text("NSKeyEquivalent", of: cell) == "")
        #expect(graph.value("NSPeriodicDelay", of: cell)?.integerValue == 400)
        #expect(graph.value("NSPeriodicInterval", of: cell)?.integerValue == 75)
        #expect(graph.value("NSAuxButtonType", of: cell)?.integerValue == 7)
    }

    @Test("a check box archives NSSwitch as its alternate image and hugs {250, 250} by default (checkbox_hugging)")
    func checkBox() throws {
        let graph = try Source.graph(
            Self.button(
                #"verticalHuggingPriority="750""#,
                cell:
                    #"type="check" title="Check me" bezelStyle="regularSquare" imagePosition="left" alignment="left" inset="2""#,
                behavior: #"changeContents="YES" doesNotDimImage="YES" lightByContents="YES""#))
        let button = try #require(graph.all("NSButton").first)
        #expect(graph.text("NSHuggingPriority", of: button) == "{250, 750}")
        let cell = try #require(graph.object("NSCell", of: button))
        #expect(graph.value("NSCellFlags2", of: cell)?.integerValue == 0)
        #expect(graph.value("NSButtonFlags", of: cell)?.integerValue == 0x4838_5100)
        #expect(graph.value("NSButtonFlags2", of: cell)?.integerValue == 2)
        #expect(graph.value("NSAuxButtonType", of: cell)?.integerValue == 3)
        let image = try #require(graph.object("NSAlternateImage", of: cell))
        #expect(graph.nodes[image].className == "NSButtonImageSource")
        #expect(graph.text("NSImageName", of: image) == "NSSwitch")
    }

    /// `imagePosition="leading"` (no compiled nib shows it) is archived as `left`, its side in
    /// a left-to-right layout (checkbox_hugging's flags), with a warning.
    @Test("a leading image position is archived as left, with a warning")
    func leadingImagePosition() throws {
        func output(_ position: String) throws -> CompiledNib {
            try Source.compile(
                Self.button(
                    #"verticalHuggingPriority="750""#,
                    cell:
                        #"type="check" title="Check me" bezelStyle="regularSquare" imagePosition="\#(position)" alignment="left" inset="2""#,
                    behavior: #"changeContents="YES" doesNotDimImage="YES" lightByContents="YES""#))
        }
        let leading = try output("leading")
        #expect(leading.warnings.contains { $0.message.contains("imagePosition leading") })
        let graph = try Graph(NibArchive(parsing: leading.files[""] ?? []))
        let button = try #require(graph.all("NSButton").first)
        let cell = try #require(graph.object("NSCell", of: button))
        #expect(graph.value("NSButtonFlags", of: cell)?.integerValue == 0x4838_5100)
    }

    @Test("a radio button without an inset is type 4 with NSRadioButton (radio_hugging)")
    func radioButton() throws {
        let graph = try Source.graph(
            Self.button(
                cell: #"type="radio" title="Radio" bezelStyle="regularSquare" imagePosition="left" alignment="left""#,
                behavior: #"changeContents="YES" doesNotDimImage="YES" lightByContents="YES""#))
        let cell = try #require(graph.all("NSButtonCell").first)
        #expect(graph.value("NSButtonFlags", of: cell)?.integerValue == 0x4838_1100)
        #expect(graph.value("NSAuxButtonType", of: cell)?.integerValue == 4)
        #expect(graph.text("NSImageName", of: graph.object("NSAlternateImage", of: cell) ?? -1) == "NSRadioButton")
    }

    @Test(
        "textured image-only buttons archive the state, image and behavior-made type (button_shadowless)",
        arguments: [
            (#"lightByContents="YES""#, Int64(0x0840_4000), Int64(5)),
            (#"pushIn="YES" changeContents="YES" lightByContents="YES""#, Int64(Int32(bitPattern: 0xC840_4000)), 2),
        ])
    func texturedImageButton(behavior: String, flags: Int64, type: Int64) throws {
        let source = Self.button(
            cell:
                #"type="squareTextured" bezelStyle="texturedSquare" image="NSStatusAvailable" imagePosition="only" alignment="center" state="on" imageScaling="proportionallyDown" inset="2""#,
            behavior: behavior)
        let graph = try Source.graph(source)
        let cell = try #require(graph.all("NSButtonCell").first)
        #expect(graph.value("NSCellFlags", of: cell)?.integerValue == Int64(Int32(bitPattern: 0x8400_0000)))
        #expect(graph.value("NSButtonFlags", of: cell)?.integerValue == flags)
        #expect(graph.value("NSButtonFlags2", of: cell)?.integerValue == 0xA0)
        #expect(graph.value("NSBezelStyle", of: cell)?.integerValue == 8)
        #expect(graph.value("NSAuxButtonType", of: cell)?.integerValue == type)
        #expect(graph.className("NSNormalImage", of: cell) == "NSCustomResource")
        #expect(graph.text("NSContents", of: cell) == "")
    }

    @Test("imageHugsTitle on the button sets 0x20 in the cell's NSButtonFlags (button_imagehugstitle)")
    func imageHugsTitle() throws {
        let graph = try Source.graph(
            Self.button(
                #"verticalHuggingPriority="750" imageHugsTitle="YES""#,
                cell:
                    #"type="roundTextured" title="Hi" bezelStyle="texturedRounded" alignment="center" borderStyle="border" imageScaling="proportionallyDown" inset="2""#,
                behavior: Self.pushBehavior))
        let cell = try #require(graph.all("NSButtonCell").first)
        #expect(graph.value("NSButtonFlags", of: cell)?.integerValue == Int64(Int32(bitPattern: 0x8680_4020)))
        #expect(graph.value("NSButtonFlags2", of: cell)?.integerValue == 0xA3)
        #expect(graph.value("NSBezelStyle", of: cell)?.integerValue == 11)
        #expect(graph.value("NSHuggingPriority", of: graph.all("NSButton").first ?? -1) == nil)
    }

    @Test("a base64 tool tip string archives no help connector (tooltip_base64)")
    func base64ToolTip() throws {
        let source = Self.button(cell: Self.pushCell, behavior: Self.pushBehavior)
            .replacingOccurrences(
                of: "<buttonCell",
                with: "<string key=\"toolTip\" base64-UTF8=\"YES\">\nKFJldHVybik=\n</string><buttonCell")
        let graph = try Source.graph(source)
        #expect(graph.all("NSIBHelpConnector").isEmpty)
        #expect(!graph.all("NSButton").isEmpty)
    }

    /// A view holding one pop-up button whose cell has `cellAttributes`, `behavior` and a menu
    /// with `items`.
    static func popUp(cell cellAttributes: String, behavior: String, font: String = "system", items: String) -> String {
        Source.macOSXib(
            """
            <customView id="1">
                <rect key="frame" x="0.0" y="0.0" width="300" height="100"/>
                <autoresizingMask key="autoresizingMask"/>
                <subviews>
                    <popUpButton verticalHuggingPriority="750" id="2">
                        <rect key="frame" x="20" y="20" width="150" height="26"/>
                        <autoresizingMask key="autoresizingMask"/>
                        <popUpButtonCell key="cell" \(cellAttributes) id="3">
                            <behavior key="behavior" \(behavior)/>
                            <font key="font" metaFont="\(font)"/>
                            <menu key="menu" id="4">\(items)</menu>
                        </popUpButtonCell>
                    </popUpButton>
                </subviews>
            </customView>
            """, toolsVersion: 24506)
    }

    @Test("a pop-up button archives its menu, selection, edge and arrow; items target the cell (test33_popup_pulldown)")
    func popUpButton() throws {
        let source = Self.popUp(
            cell:
                #"type="push" title="Second" bezelStyle="rounded" alignment="left" lineBreakMode="clipping" borderStyle="borderAndBezel" inset="2" arrowPosition="arrowAtCenter" preferredEdge="maxY" selectedItem="203""#,
            behavior: #"lightByBackground="YES" lightByGray="YES""#,
            items:
                #"<items><menuItem title="First" id="204"/><menuItem title="Second" state="on" tag="1" id="203"/></items>"#
        )
        let graph = try Source.graph(source)
        let button = try #require(graph.all("NSPopUpButton").first)
        #expect(graph.value("NSHuggingPriority", of: button) == nil)
        let cell = try #require(graph.object("NSCell", of: button))
        #expect(graph.nodes[cell].className == "NSPopUpButtonCell")
        #expect(graph.value("NSCellFlags", of: cell)?.integerValue == 0x0440_0040)
        #expect(graph.value("NSCellFlags2", of: cell)?.integerValue == 0x400)
        #expect(graph.value("NSButtonFlags", of: cell)?.integerValue == 0x0680_4000)
        #expect(graph.value("NSButtonFlags2", of: cell)?.integerValue == 1)
        #expect(graph.value("NSAuxButtonType", of: cell)?.integerValue == 0)
        #expect(graph.value("NSfFlags", of: graph.object("NSSupport", of: cell) ?? -1)?.integerValue == 1558)
        #expect(graph.text("NSTitle", of: graph.object("NSMenuItem", of: cell) ?? -1) == "Second")
        #expect(graph.value("NSSelectedIndex", of: cell)?.integerValue == 1)
        #expect(graph.value("NSPreferredEdge", of: cell)?.integerValue == 3)
        #expect(graph.value("NSArrowPosition", of: cell)?.integerValue == 1)
        #expect(graph.value("NSPullDown", of: cell) == nil)
        let items = graph.elements(of: graph.object("NSMenuItems", of: graph.object("NSMenu", of: cell) ?? -1) ?? -1)
        #expect(items.count == 2)
        #expect(items.allSatisfy { graph.object("NSTarget", of: $0) == cell })
        #expect(items.allSatisfy { graph.text("NSAction", of: $0) == "_popUpItemAction:" })
        #expect(items.allSatisfy { graph.value("NSIsHidden", of: $0) == nil })
    }

    @Test("a recessed pull-down hides its first item, has no index or arrow (test_pulldown_title)")
    func pullDown() throws {
        let source = Self.popUp(
            cell:
                #"type="recessed" title="my menu" bezelStyle="recessed" imagePosition="left" alignment="left" controlSize="small" lineBreakMode="truncatingTail" borderStyle="borderAndBezel" tag="-1" inset="2" pullsDown="YES" arrowPosition="noArrow" selectedItem="10""#,
            behavior:
                #"pushIn="YES" lightByBackground="YES" lightByGray="YES" changeBackground="YES" changeGray="YES""#,
            font: "smallSystem",
            items: #"<items><menuItem title="my menu" id="10"/><menuItem title="Other" id="11"/></items>"#)
        let graph = try Source.graph(source)
        let cell = try #require(graph.all("NSPopUpButtonCell").first)
        #expect(graph.value("NSCellFlags2", of: cell)?.integerValue == 0x0002_0800)
        #expect(graph.value("NSButtonFlags", of: cell)?.integerValue == Int64(Int32(bitPattern: 0xB6B8_4000)))
        #expect(graph.value("NSButtonFlags2", of: cell)?.integerValue == 0x2D)
        #expect(graph.value("NSAuxButtonType", of: cell)?.integerValue == 1)
        #expect(graph.value("NSBezelStyle", of: cell)?.integerValue == 13)
        #expect(graph.value("NSPullDown", of: cell) == .bool(true))
        #expect(graph.value("NSSelectedIndex", of: cell) == nil)
        #expect(graph.value("NSArrowPosition", of: cell) == nil)
        let items = graph.elements(of: graph.object("NSMenuItems", of: graph.object("NSMenu", of: cell) ?? -1) ?? -1)
        #expect(items.map { graph.value("NSIsHidden", of: $0) } == [.bool(true), nil])
    }

    @Test("an empty pop-up menu still archives NSMenuItems; no selection is index -1 (popup_empty)")
    func emptyPopUp() throws {
        let source = Self.popUp(
            cell:
                #"type="push" bezelStyle="rounded" alignment="left" lineBreakMode="truncatingTail" borderStyle="borderAndBezel" inset="2""#,
            behavior: #"lightByBackground="YES" lightByGray="YES""#, items: "")
        let graph = try Source.graph(source)
        let cell = try #require(graph.all("NSPopUpButtonCell").first)
        #expect(graph.value("NSSelectedIndex", of: cell)?.integerValue == -1)
        #expect(graph.value("NSMenuItem", of: cell) == .nil)
        #expect(graph.value("NSArrowPosition", of: cell)?.integerValue == 2)
        #expect(
            graph.elements(of: graph.object("NSMenuItems", of: graph.object("NSMenu", of: cell) ?? -1) ?? -1).isEmpty)
        #expect(graph.object("NSMenuItems", of: graph.object("NSMenu", of: cell) ?? -1) != nil)
    }

    /// A view holding one `control` element (`slider`, `stepper`) with `attributes`, whose cell
    /// (`cellName`) has `cellAttributes` and `cellBody`.
    static func control(
        _ control: String, _ attributes: String = "", cell cellName: String, _ cellAttributes: String,
        body cellBody: String = "", frame: String = #"width="200" height="25""#
    ) -> String {
        Source.macOSXib(
            """
            <customView id="1">
                <rect key="frame" x="0.0" y="0.0" width="300" height="100"/>
                <autoresizingMask key="autoresizingMask"/>
                <subviews>
                    <\(control) \(attributes) id="2">
                        <rect key="frame" x="10" y="10" \(frame)/>
                        <autoresizingMask key="autoresizingMask"/>
                        <\(cellName) key="cell" \(cellAttributes) id="3">\(cellBody)</\(cellName)>
                    </\(control)>
                </subviews>
            </customView>
            """, toolsVersion: 24506)
    }

    @Test("a continuous slider archives its values, tick marks and the continuous bits (test_slider)")
    func slider() throws {
        let graph = try Source.graph(
            Self.control(
                "slider", cell: "sliderCell",
                #"controlSize="small" continuous="YES" alignment="left" numberOfTickMarks="3" tickMarkPosition="above" minValue="1" maxValue="10" doubleValue="5""#
            ))
        let slider = try #require(graph.all("NSSlider").first)
        #expect(graph.text("NSHuggingPriority", of: slider) == "{250, 250}")
        #expect(graph.elements(of: graph.object("NSSubviews", of: slider) ?? -1).isEmpty)
        #expect(graph.object("NSSubviews", of: slider) != nil)
        #expect(graph.value("NSControlContinuous", of: slider) == .bool(true))
        #expect(graph.value("NSControlSendActionMask", of: slider)?.integerValue == 70)
        #expect(graph.value("NSControlSize", of: slider)?.integerValue == 1)
        let cell = try #require(graph.object("NSCell", of: slider))
        #expect(graph.value("NSCellFlags", of: cell)?.integerValue == 262_400)
        #expect(graph.value("NSCellFlags2", of: cell)?.integerValue == 131_072)
        #expect(graph.value("NSMaxValue", of: cell) == .float64(10))
        #expect(graph.value("NSMinValue", of: cell) == .float64(1))
        #expect(graph.value("NSValue", of: cell) == .float64(5))
        #expect(graph.value("NSAltIncValue", of: cell) == .float64(0))
        #expect(graph.value("NSNumberOfTickMarks", of: cell)?.integerValue == 3)
        #expect(graph.value("NSTickMarkPosition", of: cell)?.integerValue == 1)
        #expect(graph.value("NSAllowsTickMarkValuesOnly", of: cell) == .bool(false))
        #expect(graph.value("NSVertical", of: cell) == .bool(false))
    }

    @Test("a slider that is not continuous, with state and identifier (test_slider_prefs)")
    func sliderPrefs() throws {
        let graph = try Source.graph(
            Self.control(
                "slider", cell: "sliderCell",
                #"state="on" alignment="left" identifier="Step Size Slider" maxValue="1" tickMarkPosition="below" sliderType="linear""#
            ))
        let slider = try #require(graph.all("NSSlider").first)
        #expect(graph.value("NSControlContinuous", of: slider) == .bool(false))
        #expect(graph.value("NSControlSendActionMask", of: slider)?.integerValue == 4)
        let cell = try #require(graph.object("NSCell", of: slider))
        #expect(graph.value("NSCellFlags", of: cell)?.integerValue == -2_147_483_648)
        #expect(graph.text("NSCellIdentifier", of: cell) == "Step Size Slider")
        #expect(graph.value("NSTickMarkPosition", of: cell)?.integerValue == 0)
    }

    @Test("a stepper keeps its values in the cell and constants in the control (stepper_vflags)")
    func stepper() throws {
        let graph = try Source.graph(
            Self.control(
                "stepper", #"horizontalHuggingPriority="750" verticalHuggingPriority="750""#, cell: "stepperCell",
                #"continuous="YES" alignment="left" minValue="6" maxValue="128" doubleValue="11" valueWraps="YES""#,
                frame: #"width="19" height="27""#))
        let stepper = try #require(graph.all("NSStepper").first)
        #expect(graph.value("NSHuggingPriority", of: stepper) == nil)
        #expect(graph.value("NSControlContinuous", of: stepper) == .bool(true))
        #expect(graph.value("NSControlSendActionMask", of: stepper)?.integerValue == 65538)
        #expect(graph.value("NSStepperMaxValue", of: stepper) == .float64(0))
        #expect(graph.value("NSStepperWraps", of: stepper) == .bool(false))
        #expect(graph.value("NSStepperAutorepeat", of: stepper) == .bool(false))
        let cell = try #require(graph.object("NSCell", of: stepper))
        #expect(graph.value("NSCellFlags", of: cell)?.integerValue == 786_464)
        #expect(graph.value("NSCellFlags2", of: cell)?.integerValue == 0)
        #expect(graph.value("NSValue", of: cell) == .float64(11))
        #expect(graph.value("NSMinValue", of: cell) == .float64(6))
        #expect(graph.value("NSMaxValue", of: cell) == .float64(128))
        #expect(graph.value("NSIncrement", of: cell) == .float64(1))
        #expect(graph.value("NSValueWraps", of: cell) == .bool(true))
        #expect(graph.value("NSAutorepeat", of: cell) == .bool(true))
    }

    @Test("a stepper at its defaults writes no value, minimum or wrapping (stepper_default)")
    func defaultStepper() throws {
        let graph = try Source.graph(
            Self.control(
                "stepper", cell: "stepperCell", #"alignment="left" minValue="0" maxValue="100" doubleValue="0""#,
                frame: #"width="19" height="28""#))
        let cell = try #require(graph.all("NSStepperCell").first)
        #expect(graph.value("NSValue", of: cell) == nil)
        #expect(graph.value("NSMinValue", of: cell) == nil)
        #expect(graph.value("NSValueWraps", of: cell) == nil)
        #expect(graph.value("NSMaxValue", of: cell) == .float64(100))
    }

    @Test(
        "unsupported slider and stepper sources are refused",
        arguments: [
            Self.control("slider", cell: "sliderCell", #"maxValue="1" sliderType="circular""#),
            Self.control("slider", cell: "sliderCell", #"maxValue="inf""#),
            Self.control("slider", cell: "sliderCell", #"maxValue="1""#, frame: #"width="20" height="200""#),
            Self.control("slider", cell: "sliderCell", #"numberOfTickMarks="-3""#),
            Self.control("stepper", cell: "stepperCell", #"maxValue="10" autorepeat="NO""#),
            Self.control("stepper", cell: "stepperCell", #"minValue="0""#),
            Self.control("stepper", cell: "stepperCell", #"maxValue="nan""#),
        ])
    func controlRefusals(source: String) {
        #expect(throws: CompileError.self) { try Source.refusing { try Source.strictGraph(source) } }
    }

    @Test("an accessibility description becomes an AX attribute connector with its own object id (test_accessibility)")
    func accessibilityDescription() throws {
        let source = Self.button(cell: Self.pushCell, behavior: Self.pushBehavior)
            .replacingOccurrences(of: "</button>", with: #"<accessibility description="Confirm"/></button>"#)
        let graph = try Source.graph(source)
        let connector = try #require(graph.all("NSNibAXAttributeConnector").first)
        #expect(graph.className("AXDestinationArchiveKey", of: connector) == "NSButton")
        #expect(graph.className("AXAttributeTypeArchiveKey", of: connector) == "NSMutableString")
        #expect(graph.text("AXAttributeTypeArchiveKey", of: connector) == "AXDescription")
        #expect(graph.text("AXAttributeValueArchiveKey", of: connector) == "Confirm")
        let data = try #require(graph.all("NSIBObjectData").first)
        let oids = graph.elements(of: graph.object("NSOidsValues", of: data) ?? -1)
        let axKeys = graph.elements(of: graph.object("NSAccessibilityOidsKeys", of: data) ?? -1)
        let axValues = graph.elements(of: graph.object("NSAccessibilityOidsValues", of: data) ?? -1)
        #expect(axKeys == [connector])
        #expect(axValues.map { graph.value("NS.intval", of: $0)?.integerValue } == [Int64(oids.count + 1)])
    }

    @Test("unknown accessibility attributes are refused")
    func accessibilityRefusal() {
        let source = Self.button(cell: Self.pushCell, behavior: Self.pushBehavior)
            .replacingOccurrences(of: "</button>", with: #"<accessibility help="Press"/></button>"#)
        #expect(throws: CompileError.self) { try Source.refusing { try Source.strictGraph(source) } }
    }

    @Test("a bevel button with a regular square bezel hugs {250, 250} by default (sb_button_hug)")
    func bevelButton() throws {
        let graph = try Source.graph(
            Self.button(
                #"verticalHuggingPriority="750""#,
                cell:
                    #"type="bevel" title="Test" bezelStyle="regularSquare" alignment="center" borderStyle="border" imageScaling="proportionallyDown" inset="2""#,
                behavior: Self.pushBehavior))
        let button = try #require(graph.all("NSButton").first)
        #expect(graph.text("NSHuggingPriority", of: button) == "{250, 750}")
        let cell = try #require(graph.object("NSCell", of: button))
        #expect(graph.value("NSButtonFlags", of: cell)?.integerValue == Int64(Int32(bitPattern: 0x8680_4000)))
        #expect(graph.value("NSButtonFlags2", of: cell)?.integerValue == 0x82)
        #expect(graph.value("NSBezelStyle", of: cell)?.integerValue == 2)
        #expect(graph.value("NSAuxButtonType", of: cell)?.integerValue == 7)
    }

    @Test(
        "a key equivalent string may be plain or base64 with or without padding (blocklist_big, GroupingController)",
        arguments: [
            (#"<string key="keyEquivalent" base64-UTF8="YES"></string>"#, ""),
            ("<string key=\"keyEquivalent\" base64-UTF8=\"YES\">\nDQ\n</string>", "\r"),
            ("<string key=\"keyEquivalent\" base64-UTF8=\"YES\">DQ==</string>", "\r"),
            (#"<string key="keyEquivalent">a</string>"#, "a"),
        ])
    func keyEquivalent(child: String, text: String) throws {
        let source = Self.button(cell: Self.pushCell, behavior: Self.pushBehavior)
            .replacingOccurrences(of: "</buttonCell>", with: child + "</buttonCell>")
        let graph = try Source.graph(source)
        #expect(graph.text("NSKeyEquivalent", of: graph.all("NSButtonCell").first ?? -1) == text)
    }

    @Test("a menu item's image is archived as NSImage after NSMnemonicLoc (StatusBar)")
    func menuItemImage() throws {
        let source = Self.popUp(
            cell:
                #"type="push" bezelStyle="rounded" alignment="left" lineBreakMode="truncatingTail" borderStyle="borderAndBezel" inset="2""#,
            behavior: #"lightByBackground="YES" lightByGray="YES""#,
            items: #"<items><menuItem title="status" image="NSInfo" id="10"/></items>"#)
        let graph = try Source.graph(source)
        let item = try #require(graph.all("NSMenuItem").first)
        #expect(graph.className("NSImage", of: item) == "NSCustomResource")
        #expect(graph.text("NSResourceName", of: graph.object("NSImage", of: item) ?? -1) == "NSInfo")
        let keys = graph.nodes[item].values.map(\.key)
        #expect(keys.firstIndex(of: "NSImage") == keys.firstIndex(of: "NSMnemonicLoc").map { $0 + 1 })
    }

    @Test("a check box data cell of a table column: mixed state bit, the table as control view (test_outline_small_sv)")
    func checkBoxDataCell() throws {
        let dataCell = """
            <buttonCell key="dataCell" type="check" bezelStyle="regularSquare" imagePosition="left" alignment="center" allowsMixedState="YES" inset="2" id="16">
                <behavior key="behavior" changeContents="YES" doesNotDimImage="YES" lightByContents="YES"/>
                <font key="font" metaFont="cellTitle"/>
            </buttonCell>
            """
        let graph = try AppKitScrollRuleTests.graph(AppKitScrollRuleTests.table(secondDataCell: dataCell))
        let cell = try #require(graph.all("NSButtonCell").first)
        #expect(graph.value("NSCellFlags", of: cell)?.integerValue == 0x0400_0000)
        #expect(graph.value("NSCellFlags2", of: cell)?.integerValue == 0x0900_0000)
        #expect(graph.value("NSButtonFlags", of: cell)?.integerValue == 0x4838_5100)
        #expect(graph.className("NSControlView", of: cell) == "NSTableView")
        let column = try #require(graph.all("NSTableColumn").last)
        #expect(graph.object("NSDataCell", of: column) == cell)
    }

    /// A view holding one radio matrix with `attributes` and `columns` (the `<column>` elements).
    static func matrix(_ attributes: String = "", columns: String? = nil) -> String {
        let radio = { (title: String, id: Int, state: String) in
            """
            <buttonCell type="radio" title="\(title)" imagePosition="left" alignment="left" \(state) inset="2" id="\(id)">
                <behavior key="behavior" changeContents="YES" doesNotDimImage="YES" lightByContents="YES"/>
                <font key="font" metaFont="system"/>
            </buttonCell>
            """
        }
        return Source.macOSXib(
            """
            <customView id="1">
                <rect key="frame" x="0.0" y="0.0" width="300" height="200"/>
                <autoresizingMask key="autoresizingMask"/>
                <subviews>
                    <matrix verticalHuggingPriority="750" \(attributes) id="3">
                        <rect key="frame" x="20" y="100" width="100" height="40"/>
                        <autoresizingMask key="autoresizingMask"/>
                        <color key="backgroundColor" white="0.5" alpha="1" colorSpace="calibratedWhite"/>
                        <size key="cellSize" width="100" height="18"/>
                        <size key="intercellSpacing" width="4" height="2"/>
                        \(radio("Radio", 4, "").replacingOccurrences(of: "<buttonCell ", with: #"<buttonCell key="prototype" "#))
                        <cells>\(columns ?? "<column>" + radio("A", 5, "") + radio("B", 6, #"state="on""#) + "</column>")</cells>
                    </matrix>
                </subviews>
            </customView>
            """, toolsVersion: 24506)
    }

    @Test(
        "a radio matrix archives its cells without control views, sizes and selection flags (test_matrix_flags)",
        arguments: [("", Int64(0x5480_0000)), (#"allowsEmptySelection="NO""#, 0x4480_0000)])
    func matrix(attributes: String, flags: Int64) throws {
        let graph = try Source.graph(Self.matrix(attributes))
        let matrix = try #require(graph.all("NSMatrix").first)
        #expect(graph.value("NSHuggingPriority", of: matrix) == nil)
        #expect(graph.className("NSCell", of: matrix) == "NSActionCell")
        #expect(graph.value("NSCellFlags", of: graph.object("NSCell", of: matrix) ?? -1)?.integerValue == 32)
        #expect(graph.value("NSCellFlags2", of: graph.object("NSCell", of: matrix) ?? -1)?.integerValue == 8192)
        #expect(graph.value("NSCellIsDiscardable", of: matrix) == .bool(true))
        #expect(graph.value("NSControlWritingDirection", of: matrix)?.integerValue == 0)
        #expect(graph.value("NSControlSendActionMask", of: matrix)?.integerValue == 0)
        #expect(graph.value("NSNumRows", of: matrix)?.integerValue == 2)
        #expect(graph.value("NSNumCols", of: matrix)?.integerValue == 1)
        #expect(graph.text("NSCellSize", of: matrix) == "{100, 18}")
        #expect(graph.text("NSIntercellSpacing", of: matrix) == "{4, 2}")
        #expect(graph.value("NSMatrixFlags", of: matrix)?.integerValue == flags)
        #expect(graph.text("NSCellClass", of: matrix) == "NSActionCell")
        #expect(graph.value("NSSelectedRow", of: matrix)?.integerValue == -1)
        #expect(graph.value("NSSelectedCol", of: matrix)?.integerValue == -1)
        #expect(graph.object("NSBackgroundColor", of: matrix) == graph.object("NSCellBackgroundColor", of: matrix))
        let cells = graph.elements(of: graph.object("NSCells", of: matrix) ?? -1)
        #expect(cells.map { graph.text("NSContents", of: $0) } == ["A", "B"])
        #expect(cells.allSatisfy { graph.value("NSControlView", of: $0) == nil })
        #expect(cells.map { graph.value("NSCellFlags", of: $0)?.integerValue } == [0x0400_0000, -2_080_374_784])
        #expect(cells.map { graph.value("NSBezelStyle", of: $0)?.integerValue } == [0, 0])
        #expect(graph.text("NSContents", of: graph.object("NSProtoCell", of: matrix) ?? -1) == "Radio")
        #expect(graph.all("NSButtonImageSource").count == 1)
    }

    @Test("a matrix with two columns or an unknown attribute is refused")
    func matrixRefusals() {
        #expect(throws: CompileError.self) {
            try Source.refusing { try Source.strictGraph(Self.matrix(columns: "<column/><column/>")) }
        }
        #expect(throws: CompileError.self) {
            try Source.refusing { try Source.strictGraph(Self.matrix(#"mode="highlight""#)) }
        }
    }

    @Test("a help button with a tag: bezel 9, NSButtonFlags2 0x21, NSTag on the cell (scribendi GroupingController)")
    func helpButtonWithTag() throws {
        let graph = try Source.graph(
            Self.button(
                cell:
                    #"type="help" bezelStyle="helpButton" alignment="center" controlSize="small" borderStyle="border" tag="-1" inset="2""#,
                behavior: Self.pushBehavior))
        let cell = try #require(graph.all("NSButtonCell").first)
        #expect(graph.value("NSButtonFlags", of: cell)?.integerValue == Int64(Int32(bitPattern: 0x8680_4000)))
        #expect(graph.value("NSButtonFlags2", of: cell)?.integerValue == 0x21)
        #expect(graph.value("NSCellFlags2", of: cell)?.integerValue == 134_348_800)
        #expect(graph.value("NSBezelStyle", of: cell)?.integerValue == 9)
        #expect(graph.value("NSTag", of: cell)?.integerValue == -1)
    }

    @Test(
        "unknown button types, behaviors, bezels and insets are refused",
        arguments: [
            (#"type="bogus" bezelStyle="rounded""#, pushBehavior),
            (#"type="push" bezelStyle="bogus""#, pushBehavior),
            (#"type="push" bezelStyle="rounded" inset="9""#, pushBehavior),
            (#"type="push" bezelStyle="rounded" inset="-1""#, pushBehavior),
            (#"type="push" bezelStyle="rounded" imagePosition="sideways""#, pushBehavior),
            (#"type="push" bezelStyle="rounded""#, #"changeGray="YES""#),
            (#"type="push" bezelStyle="rounded""#, #"pushIn="maybe""#),
            (#"type="push" bezelStyle="rounded" borderStyle="borderAndBezel""#, pushBehavior),
            (#"type="push" bezelStyle="rounded" tag="x""#, pushBehavior),
        ])
    func refusals(cell: String, behavior: String) {
        #expect(throws: CompileError.self) {
            try Source.refusing { try Source.strictGraph(Self.button(cell: cell, behavior: behavior)) }
        }
    }
}

/// What no macOS pair shows, compiled from AppKit's public values and the layout of the flags
/// the pairs do show (each case says its source) instead of dropping the whole control.
@Suite("AppKit values beyond the pairs")
struct AppKitBeyondPairsTests {
    static func cell(_ graph: Graph) throws -> Int { try #require(graph.all("NSButtonCell").first) }

    /// Image positions share one field of `NSButtonFlags` whose left (0x38) and only (0x40)
    /// values the pairs show; open AppKit implementations (Cocotron, Cappuccino's nib2cib) give
    /// the rest with the same two values.
    @Test(
        "image positions right, below, above and overlaps in NSButtonFlags",
        arguments: [("right", 0x0028_0000), ("below", 0x0018_0000), ("above", 0x0008_0000), ("overlaps", 0x0068_0000)]
            as [(String, UInt32)])
    func imagePositions(position: String, bits: UInt32) throws {
        let graph = try Source.graph(
            AppKitButtonRuleTests.button(
                cell:
                    #"type="push" title="OK" bezelStyle="rounded" imagePosition="\#(position)" alignment="center" borderStyle="border" inset="2""#,
                behavior: AppKitButtonRuleTests.pushBehavior))
        let flags = UInt32(
            truncatingIfNeeded: graph.value("NSButtonFlags", of: try Self.cell(graph))?.integerValue ?? 0)
        #expect(flags & 0x0078_0000 == bits)
    }

    /// Bezel styles pack into `NSButtonFlags2` as the pairs' eight do (low three bits, bit 3 at
    /// 0x20); `NSBezelStyle` is `NSButton.BezelStyle`'s public value (roundRect 12).
    @Test("a round-rect bezel: NSBezelStyle 12, NSButtonFlags2 0x24")
    func roundRectBezel() throws {
        let graph = try Source.graph(
            AppKitButtonRuleTests.button(
                cell:
                    #"type="roundRect" title="Go" bezelStyle="roundedRect" alignment="center" borderStyle="border" inset="2""#,
                behavior: AppKitButtonRuleTests.pushBehavior))
        let cell = try Self.cell(graph)
        #expect(graph.value("NSBezelStyle", of: cell)?.integerValue == 12)
        #expect(graph.value("NSButtonFlags2", of: cell)?.integerValue == 0x24)
    }

    @Test("a large control: NSControlSize 3 (AppKit's public value), size bits in NSCellFlags2, with a warning")
    func largeControl() throws {
        let source = AppKitButtonRuleTests.button(
            cell:
                #"type="push" title="OK" bezelStyle="rounded" alignment="center" controlSize="large" borderStyle="border" inset="2""#,
            behavior: AppKitButtonRuleTests.pushBehavior)
        let output = try Source.compile(source)
        let graph = try Graph(NibArchive(parsing: output.files[""] ?? []))
        let button = try #require(graph.all("NSButton").first)
        #expect(graph.value("NSControlSize", of: button)?.integerValue == 3)
        let flags2 = graph.value("NSCellFlags2", of: try Self.cell(graph))?.integerValue ?? 0
        #expect((flags2 >> 17) & 3 == 3)
        #expect(output.warnings.contains { $0.message.contains("controlSize large") })
    }

    @Test("a System catalog color no pair resolves is archived by name with a stand-in value and a warning")
    func unknownCatalogColor() throws {
        let source = Self.textField(
            #"lineBreakMode="clipping" title="Off""#, color: "disabledControlTextColor", toolsVersion: 24506)
        let output = try Source.compile(source)
        let graph = try Graph(NibArchive(parsing: output.files[""] ?? []))
        #expect(!graph.all("NSTextFieldCell").isEmpty)
        let names = graph.all("NSColor").compactMap { graph.text("NSColorName", of: $0) }
        #expect(names.contains("disabledControlTextColor"))
        #expect(output.warnings.contains { $0.message.contains("disabledControlTextColor") })
    }

    static func textField(_ cellAttributes: String, color: String, toolsVersion: Int) -> String {
        Source.macOSXib(
            """
            <customView id="1">
                <rect key="frame" x="0.0" y="0.0" width="300" height="100"/>
                <autoresizingMask key="autoresizingMask"/>
                <subviews>
                    <textField verticalHuggingPriority="750" id="t1">
                        <rect key="frame" x="20" y="20" width="100" height="22"/>
                        <autoresizingMask key="autoresizingMask"/>
                        <textFieldCell key="cell" \(cellAttributes) id="c1">
                            <font key="font" metaFont="system"/>
                            <color key="textColor" name="\(color)" catalog="System" colorSpace="catalog"/>
                            <color key="backgroundColor" name="textBackgroundColor" catalog="System" colorSpace="catalog"/>
                        </textFieldCell>
                    </textField>
                </subviews>
            </customView>
            """, toolsVersion: toolsVersion)
    }

    /// Xcode 8 documents (tools 11762, `textfield_textcolor`) have an editable cell's textColor
    /// upgraded to controlTextColor; older ones predate the change too.
    @Test("an editable cell's textColor in a document older than Xcode 8 is upgraded as Xcode 8's, with a warning")
    func olderEditableTextColor() throws {
        let output = try Source.compile(
            Self.textField(
                #"scrollable="YES" lineBreakMode="clipping" selectable="YES" editable="YES" sendsActionOnEndEditing="YES" state="on" borderStyle="bezel" drawsBackground="YES""#,
                color: "textColor", toolsVersion: 9059))
        let graph = try Graph(NibArchive(parsing: output.files[""] ?? []))
        #expect(!graph.all("NSTextFieldCell").isEmpty)
        let names = graph.all("NSColor").compactMap { graph.text("NSColorName", of: $0) }
        #expect(names.contains("controlTextColor"))
        #expect(output.warnings.contains { $0.message.contains("older than Xcode 8") })
    }

    @Test(
        "a text field of tools version 14460 (no pair between 13000 and 15505) compiles with the picker off and a warning"
    )
    func characterPickerUnknownRange() throws {
        let output = try Source.compile(
            Self.textField(#"lineBreakMode="clipping" title="Label""#, color: "labelColor", toolsVersion: 14460))
        let graph = try Graph(NibArchive(parsing: output.files[""] ?? []))
        #expect(!graph.all("NSTextFieldCell").isEmpty)
        #expect(output.warnings.contains { $0.message.contains("character picker") })
    }

    /// NSStackView's documented default hugging priority is NSLayoutPriorityDefaultLow (250).
    @Test("a stack view without a horizontal hugging priority archives the documented default, 250")
    func stackViewDefaultHugging() throws {
        let graph = try Source.graph(
            Source.macOSXib(
                """
                <customView id="1">
                    <rect key="frame" x="0.0" y="0.0" width="300" height="100"/>
                    <autoresizingMask key="autoresizingMask"/>
                    <subviews>
                        <stackView distribution="fill" orientation="vertical" alignment="leading" spacing="8" verticalStackHuggingPriority="750" detachesHiddenViews="YES" id="s1">
                            <rect key="frame" x="0.0" y="0.0" width="100" height="50"/>
                        </stackView>
                    </subviews>
                </customView>
                """, toolsVersion: 24506))
        let stack = try #require(graph.all("NSStackView").first)
        #expect(graph.value("NSStackViewHorizontalHugging", of: stack) == .float32(250))
        #expect(graph.value("NSStackViewVerticalHugging", of: stack) == .float32(750))
    }

    @Test("an AppKit image whose design size no pair shows takes the <resources> size, with a warning")
    func unknownSystemImageSize() throws {
        let source = AppKitButtonRuleTests.button(
            cell:
                #"type="smallSquare" bezelStyle="smallSquare" image="NSAddTemplate" imagePosition="only" alignment="center" borderStyle="border" inset="2""#,
            behavior: AppKitButtonRuleTests.pushBehavior
        ).replacingOccurrences(
            of: "</objects>",
            with: #"</objects><resources><image name="NSAddTemplate" width="18" height="17"/></resources>"#)
        let output = try Source.compile(source)
        let graph = try Graph(NibArchive(parsing: output.files[""] ?? []))
        let resource = try #require(
            graph.all("NSCustomResource").first { graph.text("NSResourceName", of: $0) == "NSAddTemplate" })
        let size = try #require(graph.object("IBDesignSize", of: resource))
        #expect(graph.text("NS.sizeval", of: size) == "{18, 17}")
        #expect(!graph.all("NSButtonCell").isEmpty)
        #expect(output.warnings.contains { $0.message.contains("NSAddTemplate") })
    }
}
