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

/// Visual effect views: no compiled nib of the corpus holds one, so the keys are UIKit's coder
/// keys (public decompilations, open nib tools) and the blur style `UIBlurEffect.Style`'s public
/// value; what the test proves is that the content and the outlets into it survive.
@Suite("UIKit visual effect views")
struct UIKitVisualEffectViewTests {
    @Test("the content view's subviews are kept (outlets resolve), the blur style is UIKit's number, with a warning")
    func contentKept() throws {
        let body = """
            <visualEffectView opaque="NO" contentMode="scaleToFill" id="fx1">
                <rect key="frame" x="0" y="0" width="200" height="100"/>
                <view key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" id="fxc">
                    <rect key="frame" x="0.0" y="0.0" width="200" height="100"/>
                    <subviews>
                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Blurred" id="lb1">
                            <rect key="frame" x="10" y="10" width="100" height="21"/>
                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                        </label>
                    </subviews>
                </view>
                <blurEffect style="dark"/>
            </visualEffectView>
            """
        let text = Source.iOSXib(body).replacingOccurrences(
            of: #"<placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>"#,
            with:
                #"<placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"><connections><outlet property="label" destination="lb1" id="o1"/></connections></placeholder>"#
        )
        let output = try Source.compile(text)
        let graph = try Graph(NibArchive(parsing: output.files[""] ?? []))
        let view = try #require(graph.all("UIVisualEffectView").first)
        let effect = try #require(graph.object("UIVisualEffectViewEffect", of: view))
        #expect(graph.nodes[effect].className == "UIBlurEffect")
        #expect(graph.value("UIBlurEffectStyle", of: effect)?.integerValue == 2)
        let content = try #require(graph.object("UIVisualEffectViewContentView", of: view))
        #expect(graph.nodes[content].className == "_UIVisualEffectContentView")
        let subviews = graph.elements(of: graph.object("UISubviews", of: content) ?? -1)
        #expect(subviews.map { graph.nodes[$0].className } == ["UILabel"])
        #expect(!output.warnings.contains { $0.kind == .invalidSource }, "\(output.warnings)")
        #expect(output.warnings.contains { $0.message.contains("visual effect view") })
    }
}
