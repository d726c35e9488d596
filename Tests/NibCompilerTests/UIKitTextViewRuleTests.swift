import Foundation
import NibArchive
import NibCompiler
import Testing

/// Text views as Xcode 13.2 archives them, checked against Apple's output for duckduckgo's
/// Settings storyboard (its four text views: localizable, footnote-styled, attributed with a
/// link detector) and the corpus's compiled text views (a text view that does not scroll is
/// archived at its frame's size: four of four).
@Suite("UIKit text views")
struct UIKitTextViewRuleTests {
    static func graph(_ textView: String, baseLocalized: Bool = false) throws -> (Graph, Int, CompiledNib) {
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(13.2)
        let output = try Source.compiler(options).compile(
            Data(Xcode13FontTests.document(textView).utf8), fileName: "Test.xib", isBaseLocalized: baseLocalized)
        let graph = try Graph(NibArchive(parsing: output.files[""] ?? []))
        return (graph, try #require(graph.all("UITextView").first), output)
    }

    /// Settings' footer text view (rOy-6J-i8L), its text given as a `<string>` child.
    static let footer = """
        <textView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" scrollEnabled="NO" editable="NO" textAlignment="center" translatesAutoresizingMaskIntoConstraints="NO" id="tv1">
            <rect key="frame" x="0.0" y="0.0" width="366" height="32"/>
            <string key="text">Description Text</string>
            <fontDescription key="fontDescription" style="UICTFontTextStyleFootnote"/>
            <textInputTraits key="textInputTraits" autocapitalizationType="sentences"/>
        </textView>
        """

    @Test("a text view that does not scroll: the scroll view's key, its frame's size, no layout warning")
    func nonScrollingTextView() throws {
        let (graph, view, output) = try Self.graph(Self.footer)
        #expect(graph.value("UIScrollDisabled", of: view) == .bool(true))
        #expect(graph.value("UIBouncesZoom", of: view) == .bool(true))
        #expect(graph.value("UIContentSize", of: view) == .bytes([7] + [366.0, 32].flatMap(UIKitRuleTests.le)))
        #expect(graph.text("UIText", of: view) == "Description Text")
        #expect(graph.value("UITextAlignment", of: view)?.integerValue == 1)
        #expect(graph.value("UIEditable", of: view) == .bool(false))
        #expect(!output.warnings.contains { $0.kind == .textLayout })
        // The footnote style at its HIG xSmall size, as Settings' text view archives it.
        let font = try #require(graph.object("UIFont", of: view))
        #expect(graph.value("NSSize", of: font) == .float64(12))
    }

    @Test("under Base.lproj the text is localizable and the attributed string holds its development string")
    func localizableText() throws {
        let (graph, view, _) = try Self.graph(Self.footer, baseLocalized: true)
        let text = try #require(graph.object("UIText", of: view))
        #expect(graph.nodes[text].className == "NSLocalizableString")
        #expect(graph.text("NSKey", of: text) == "tv1.text")
        let attributed = try #require(graph.object("UIAttributedText", of: view))
        #expect(graph.object("NSString", of: attributed) == graph.object("NSDev", of: text))
    }

    @Test("attributed text (Xcode 13): a plain NSString, the fragment's font and color, natural alignment, detectors")
    func attributedTextView() throws {
        let source = """
            <textView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" bounces="NO" scrollEnabled="NO" showsHorizontalScrollIndicator="NO" showsVerticalScrollIndicator="NO" bouncesZoom="NO" editable="NO" usesAttributedText="YES" allowsEditingTextAttributes="YES" translatesAutoresizingMaskIntoConstraints="NO" id="tv2">
                <rect key="frame" x="8" y="0.0" width="398" height="129"/>
                <attributedString key="attributedText">
                    <fragment content="Your data shouldn't be for sale.">
                        <attributes>
                            <color key="NSColor" red="0.0" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                            <font key="NSFont" metaFont="system" size="14"/>
                        </attributes>
                    </fragment>
                </attributedString>
                <textInputTraits key="textInputTraits" autocapitalizationType="sentences"/>
                <dataDetectorType key="dataDetectorTypes" link="YES"/>
            </textView>
            """
        let (graph, view, _) = try Self.graph(source, baseLocalized: true)
        // Apple's keys for Settings' GPC text view (fV3-86-QQj), in its order after the view's.
        let keys = graph.nodes[view].values.map(\.key).drop { $0 != "UIScrollViewIndicatorInsetAdjustmentBehavior" }
        #expect(
            Array(keys) == [
                "UIScrollViewIndicatorInsetAdjustmentBehavior", "UIBounceEnabled", "UIShowsHorizontalScrollIndicator",
                "UIShowsVerticalScrollIndicator", "UIScrollDisabled", "UIContentSize",
                "UIScrollViewContentInsetAdjustmentBehavior", "UIText", "UIAttributedText",
                "UIAllowsEditingTextAttributes", "UIFont", "UITextColor", "UITextAlignment", "UIEditable",
                "UIDataDetectorTypes",
            ])
        let text = try #require(graph.object("UIText", of: view))
        #expect(graph.nodes[text].className == "NSString")
        #expect(graph.value("UITextAlignment", of: view)?.integerValue == 4)
        #expect(graph.value("UIDataDetectorTypes", of: view)?.integerValue == 2)
        let attributed = try #require(graph.object("UIAttributedText", of: view))
        #expect(graph.object("NSString", of: attributed) == text)
        let font = try #require(graph.object("UIFont", of: view))
        #expect(graph.text("UIFontName", of: font) == ".SFUI-Regular")
        #expect(graph.value("UIFontPointSize", of: font) == .float64(14))
    }
}
