import Foundation
import NibArchive
import NibCompiler
import Testing

/// SF Symbols (`<image name= catalog="system">` resources), checked against the corpus's
/// compiled symbol images (Umarovm Whats-Cooking's 18 placeholders in 8 storyboard nibs, iOS 13
/// SDK; ertmuirm's 2 with the catalog key): a 0 × 0 placeholder whose resource name and system
/// symbol name are one string, with a nil symbol configuration.
@Suite("UIKit SF Symbol images")
struct UIKitSymbolImageTests {
    static let imageView = """
        <imageView clipsSubviews="YES" userInteractionEnabled="NO" contentMode="scaleAspectFit" image="house.fill" catalog="system" id="i1">
            <rect key="frame" x="0" y="0" width="40" height="40"/>
        </imageView>
        """

    @Test("an image view's symbol: 0 × 0, one shared name, nil configuration and catalog, no catalog warning")
    func symbolPlaceholder() throws {
        let text = Xcode13FontTests.document(Self.imageView)
            .replacingOccurrences(
                of: "</objects>",
                with:
                    #"</objects><resources><image name="house.fill" catalog="system" width="128" height="106"/></resources>"#
            )
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(13.2)
        let output = try Source.compiler(options).compile(Data(text.utf8), fileName: "Test.xib", isBaseLocalized: false)
        let graph = try Graph(NibArchive(parsing: output.files[""] ?? []))
        let view = try #require(graph.all("UIImageView").first)
        let image = try #require(graph.object("UIImage", of: view))
        #expect(graph.nodes[image].className == "UIImageNibPlaceholder")
        #expect(graph.value("UIImageWidth", of: image) == .float32(0))
        #expect(graph.value("UIImageHeight", of: image) == .float32(0))
        #expect(graph.text("UISystemSymbolResourceName", of: image) == "house.fill")
        #expect(graph.object("UIResourceName", of: image) == graph.object("UISystemSymbolResourceName", of: image))
        #expect(graph.value("UISymbolImageConfiguration", of: image) == .nil)
        #expect(graph.value("UIResourceCatalogName", of: image) == .nil)
        #expect(!output.warnings.contains { $0.message.contains("catalog") }, "\(output.warnings)")
    }
}
