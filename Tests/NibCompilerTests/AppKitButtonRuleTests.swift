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
                of: "<buttonCell", with: "<string key=\"toolTip\" base64-UTF8=\"YES\">\nKFJldHVybik=\n</string><buttonCell")
        let graph = try Source.graph(source)
        #expect(graph.all("NSIBHelpConnector").isEmpty)
        #expect(!graph.all("NSButton").isEmpty)
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
        ])
    func refusals(cell: String, behavior: String) {
        #expect(throws: CompileError.self) { try Source.graph(Self.button(cell: cell, behavior: behavior)) }
    }
}
