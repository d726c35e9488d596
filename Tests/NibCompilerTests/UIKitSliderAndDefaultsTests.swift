import Foundation
import NibArchive
import NibCompiler
import Testing

/// Rules learned from duckduckgo Settings' Apple output (Xcode 13.2): its text size slider, a
/// label without a color element, and an empty section footer under `Base.lproj`.
@Suite("UIKit sliders and Xcode 13 defaults")
struct UIKitSliderAndDefaultsTests {
    static func graph(_ body: String, baseLocalized: Bool = false) throws -> Graph {
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(13.2)
        let output = try Source.compiler(options).compile(
            Data(Xcode13FontTests.document(body).utf8), fileName: "Test.xib", isBaseLocalized: baseLocalized)
        return try Graph(NibArchive(parsing: output.files[""] ?? []))
    }

    @Test("a slider: its value, track tints, {250, 250} hugging and UIBehavioralStyle 0, as Settings' slider")
    func slider() throws {
        let graph = try Self.graph(
            """
            <slider opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" value="0.5" minValue="0.0" maxValue="1" translatesAutoresizingMaskIntoConstraints="NO" id="s1">
                <rect key="frame" x="25" y="0.0" width="332" height="31"/>
                <color key="minimumTrackTintColor" white="0.0" alpha="0.0" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                <color key="maximumTrackTintColor" white="0.0" alpha="0.0" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
            </slider>
            """)
        let slider = try #require(graph.all("UISlider").first)
        #expect(graph.value("UIValue", of: slider) == .float32(0.5))
        #expect(graph.text("UIViewContentHuggingPriority", of: slider) == "{250, 250}")
        #expect(graph.value("UIBehavioralStyle", of: slider)?.integerValue == 0)
        let minimum = try #require(graph.object("UIMinimumTintColor", of: slider))
        #expect(graph.text("UISystemColorName", of: minimum) == "clearColor")
        #expect(graph.object("UIMaximumTintColor", of: slider) != nil)
        #expect(graph.value("UIOpaque", of: slider) == nil)
    }

    @Test("a label without a color element has the dynamic labelColor from the iOS 13 SDK")
    func labelDefaultColor() throws {
        let graph = try Self.graph(
            """
            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Personal Duck Address" id="l1">
                <rect key="frame" x="20" y="0.0" width="166" height="39"/>
                <fontDescription key="fontDescription" type="system" pointSize="16"/>
                <nil key="highlightedColor"/>
            </label>
            """)
        let label = try #require(graph.all("UILabel").first)
        let color = try #require(graph.object("UITextColor", of: label))
        #expect(graph.text("UISystemColorName", of: color) == "labelColor")
    }

    @Test("an empty user-visible string stays an NSString under Base.lproj; a non-empty one is localizable")
    func emptyStringNotLocalizable() throws {
        let body = """
            <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" id="b1">
                <rect key="frame" x="0" y="0" width="46" height="30"/>
                <state key="normal" title="Go"/>
                <accessibility key="accessibilityConfiguration" label=""/>
            </button>
            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="" id="l2">
                <rect key="frame" x="20" y="0.0" width="166" height="39"/>
                <fontDescription key="fontDescription" type="system" pointSize="16"/>
            </label>
            """
        let graph = try Self.graph(body, baseLocalized: true)
        let label = try #require(graph.all("UILabel").first)
        let text = try #require(graph.object("UIText", of: label))
        #expect(graph.nodes[text].className == "NSString")
        #expect(!graph.all("NSLocalizableString").isEmpty)
    }

    /// The corpus's 14 tinted bar button items archive `UITintColor` after the title and image.
    @Test("a bar button item's tint color is its UITintColor, after the title")
    func barButtonItemTint() throws {
        let graph = try Self.graph(
            """
            <toolbar opaque="NO" clearsContextBeforeDrawing="NO" contentMode="scaleToFill" id="tb1">
                <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                <items>
                    <barButtonItem title="Done" id="bb1">
                        <color key="tintColor" red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                    </barButtonItem>
                </items>
            </toolbar>
            """)
        let item = try #require(graph.all("UIBarButtonItem").first)
        let keys = graph.nodes[item].values.map(\.key)
        #expect(keys.suffix(2) == ["UITitle", "UITintColor"])
        let tint = try #require(graph.object("UITintColor", of: item))
        #expect(graph.value("UIRed", of: tint) == .float32(1))
    }

    /// The corpus's navigation controllers archived in their tab bar controllers' nibs
    /// (chadanewsom ×2, Umarovm, swindlesmccoop) carry their own `UITabBarItem`, UIViewController's
    /// key, before the controller hierarchy keys.
    @Test("a navigation controller's own tab bar item is its UITabBarItem")
    func navigationControllerTabBarItem() throws {
        let text = Xcode13BarTests.storyboard.replacingOccurrences(
            of: #"<navigationBar key="navigationBar""#,
            with: #"<tabBarItem key="tabBarItem" title="Settings" id="tab"/><navigationBar key="navigationBar""#)
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(13.2)
        let output = try Source.compiler(options).compile(Data(text.utf8), fileName: "Main.storyboard")
        #expect(!output.warnings.contains { $0.message.contains("tab bar item") }, "\(output.warnings)")
        let nib = try #require(output.files.first { $0.key.hasPrefix("UINavigationController-") }?.value)
        let graph = Graph(try NibArchive(parsing: nib))
        // Xcode 13 archives a plain container as a class swapper too (Onboarding's).
        let container = try #require(
            graph.all("UIClassSwapper").first { graph.text("UIClassName", of: $0) == "UINavigationController" })
        #expect(graph.nodes[container].values.first?.key == "UITabBarItem")
        let item = try #require(graph.object("UITabBarItem", of: container))
        #expect(graph.nodes[item].className == "UITabBarItem")
        #expect(graph.text("UITitle", of: item) == "Settings")
    }
}
