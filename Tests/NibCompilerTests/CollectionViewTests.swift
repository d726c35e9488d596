import CorpusSupport
import Foundation
import NibArchive
import NibCompiler
import NibDiff
import Testing

/// Scroll views, collection views, their cells and runtime attributes as Apple's compiled nibs
/// show them. Each expected value is read from Apple's output, named in each test.
@Suite("Scroll and collection views")
struct CollectionViewTests {
    static func geometry(_ numbers: [Double]) -> NibArchive.Payload {
        .bytes([7] + numbers.flatMap(UIKitRuleTests.le))
    }

    /// The key names of an object, in order.
    static func keys(_ graph: Graph, _ index: Int) -> [String] { graph.nodes[index].values.map(\.key) }

    @Test(
        "a scroll view's keys follow the view's in UIKit's order (chadanewsom FlaggedSourceWarning, duckduckgo Onboarding)"
    )
    func scrollViewKeys() throws {
        let graph = try Xcode13ControlTests.xib(
            """
            <scrollView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" bounces="NO" indicatorStyle="white" showsHorizontalScrollIndicator="NO" showsVerticalScrollIndicator="NO" keyboardDismissMode="interactive" contentInsetAdjustmentBehavior="never" id="s1">
                <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
            </scrollView>
            """)
        let scroll = try #require(graph.all("UIScrollView").first)
        let keys = Self.keys(graph, scroll)
        let start = try #require(keys.firstIndex(of: "UIViewLargeContentStoredProperties"))
        #expect(
            Array(keys[(start + 1)...]) == [
                "UIScrollViewIndicatorInsetAdjustmentBehavior", "UIBounceEnabled", "UIIndicatorStyle",
                "UIShowsHorizontalScrollIndicator", "UIShowsVerticalScrollIndicator", "UIBouncesZoom",
                "UIKeyboardDismissMode", "UIScrollViewContentInsetAdjustmentBehavior",
            ])
        #expect(graph.value("UIIndicatorStyle", of: scroll)?.integerValue == 2)
        #expect(graph.value("UIKeyboardDismissMode", of: scroll)?.integerValue == 2)
        #expect(graph.value("UIScrollViewContentInsetAdjustmentBehavior", of: scroll)?.integerValue == 2)
        #expect(graph.value("UIBounceEnabled", of: scroll) == .bool(false))
        // Xcode 8 (iOS 10 SDK): neither inset behaviour exists yet.
        let older = try Xcode13ControlTests.xib(
            """
            <scrollView contentMode="scaleToFill" id="s1"><rect key="frame" x="0.0" y="0.0" width="320" height="480"/></scrollView>
            """, xcode: 8)
        let olderScroll = try #require(older.all("UIScrollView").first)
        #expect(Self.keys(older, olderScroll).last == "UIBouncesZoom")
    }

    static let scrollWithGuides = """
        <view contentMode="scaleToFill" id="v1">
            <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
            <subviews>
                <scrollView contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="s1">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                    <subviews>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="c1">
                            <rect key="frame" x="0.0" y="0.0" width="320" height="900"/>
                        </view>
                    </subviews>
                    <constraints>
                        <constraint firstItem="c1" firstAttribute="top" secondItem="cg1" secondAttribute="top" id="k1"/>
                        <constraint firstItem="c1" firstAttribute="width" secondItem="fg1" secondAttribute="width" id="k2"/>
                    </constraints>
                    <viewLayoutGuide key="contentLayoutGuide" id="cg1"/>
                    <viewLayoutGuide key="frameLayoutGuide" id="fg1"/>
                </scrollView>
            </subviews>
        </view>
        """

    @Test(
        "constraints on a scroll view's content and frame guides name UIKit's guides with their system constraints (0senno EmailViewController, duckduckgo Settings)"
    )
    func scrollLayoutGuides() throws {
        let graph = try Xcode13ControlTests.xib(Self.scrollWithGuides)
        let content = try #require(graph.all("_UIScrollViewLayoutGuide").first)
        #expect(graph.text("UILayoutGuideIdentifier", of: content) == "UIScrollView-contentLayoutGuide")
        #expect(graph.className("UILayoutGuideOwningView", of: content) == "UIScrollView")
        #expect(graph.value("UILayoutGuideShouldBeArchived", of: content) == .bool(false))
        let system = try #require(graph.object("UILayoutGuideSystemConstraints", of: content))
        #expect(
            graph.elements(of: system).compactMap { graph.text("NSLayoutIdentifier", of: $0) } == [
                "UIScrollView-contentLayoutGuide-minX", "UIScrollView-contentLayoutGuide-minY",
            ])
        let frame = try #require(
            graph.all("UILayoutGuide").first {
                graph.text("UILayoutGuideIdentifier", of: $0) == "UIScrollView-frameLayoutGuide"
            })
        let frameSystem = try #require(graph.object("UILayoutGuideSystemConstraints", of: frame))
        #expect(
            graph.elements(of: frameSystem).compactMap { graph.text("NSLayoutIdentifier", of: $0) }.map {
                $0.replacingOccurrences(of: "UIScrollView-frameLayoutGuide-", with: "")
            } == ["minX", "minY", "width", "height"])
        #expect(
            graph.elements(of: frameSystem).allSatisfy { graph.value("NSShouldBeArchived", of: $0) == .bool(false) })
        // Both placeholders are listed too, as for a safe area.
        let placeholders = graph.all("UILayoutGuide").filter { graph.text("UILayoutGuideIdentifier", of: $0) == "" }
        #expect(placeholders.count == 2)
        // Without constraints on them, only the placeholders (duckduckgo Feedback, Onboarding).
        let plain = try Xcode13ControlTests.xib(
            Self.scrollWithGuides.replacingOccurrences(of: "secondItem=\"cg1\"", with: "secondItem=\"s1\"")
                .replacingOccurrences(of: "secondItem=\"fg1\"", with: "secondItem=\"s1\""))
        #expect(plain.all("_UIScrollViewLayoutGuide").isEmpty)
        #expect(plain.all("UILayoutGuide").count == 2)
    }

    /// FavoriteHomeCell's shape: an old-form cell whose constraints name the cell.
    static let oldFormCell = """
        <collectionViewCell opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" id="cell">
            <rect key="frame" x="0.0" y="0.0" width="68" height="110"/>
            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
            <view key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" insetsLayoutMarginsFromSafeArea="NO">
                <rect key="frame" x="0.0" y="0.0" width="68" height="110"/>
                <autoresizingMask key="autoresizingMask"/>
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box">
                        <rect key="frame" x="2" y="0.0" width="64" height="64"/>
                        <userDefinedRuntimeAttributes>
                            <userDefinedRuntimeAttribute type="boolean" keyPath="dropShadow" value="NO"/>
                            <userDefinedRuntimeAttribute type="size" keyPath="shadowOffset">
                                <size key="value" width="0.0" height="5"/>
                            </userDefinedRuntimeAttribute>
                        </userDefinedRuntimeAttributes>
                    </view>
                </subviews>
            </view>
            <constraints>
                <constraint firstItem="box" firstAttribute="centerX" secondItem="cell" secondAttribute="centerX" id="k1"/>
            </constraints>
            <size key="customSize" width="134" height="110"/>
        </collectionViewCell>
        """

    @Test(
        "an old-form collection view cell: UIKit's plain content view holds the cell's constraints and is pinned by four system constraints (FavoriteHomeCell)"
    )
    func oldFormCell() throws {
        let graph = try Xcode13ControlTests.xib(Self.oldFormCell)
        let cell = try #require(graph.all("UICollectionViewCell").first)
        let content = try #require(graph.object("UIContentView", of: cell))
        // Apple's #8: none of the element's attributes, opaque, not translating its mask.
        #expect(
            Self.keys(graph, content) == [
                "UIBounds", "UICenter", "UISubviews", "UIDeepDrawRect", "UIOpaque", "UIAutoresizeSubviews",
                "UIViewDoesNotTranslateAutoresizingMaskIntoConstraints", "UIViewAutolayoutConstraints",
                "UIViewSemanticContentAttribute", "UIViewLargeContentStoredProperties",
            ])
        let moved = try #require(graph.object("UIViewAutolayoutConstraints", of: content))
        let constraint = try #require(graph.elements(of: moved).first)
        #expect(graph.object("NSSecondItem", of: constraint) == content)
        let system = try #require(graph.object("UIViewAutolayoutConstraints", of: cell))
        #expect(
            graph.elements(of: system).map { graph.value("NSFirstAttribute", of: $0)?.integerValue } == [5, 6, 3, 4])
        #expect(
            graph.elements(of: system).allSatisfy { graph.text("NSLayoutIdentifier", of: $0) == "UIIBSystemGenerated" })
        // Apple's #6: the cell's own keys after the view's, an empty reuse identifier.
        #expect(
            Array(Self.keys(graph, cell).suffix(5)) == [
                "UIReuseIdentifier", "UISystemBackgroundView", "UIContentConfigurationIdentifier",
                "UIContentConfigurationView", "UIContentView",
            ])
        #expect(graph.text("UIReuseIdentifier", of: cell) == "")
        // The content view is UIKit's, not one of IB's objects.
        let objects = try #require(graph.object("UINibObjectsKey", of: graph.root))
        #expect(!graph.elements(of: objects).contains(content))
        // Runtime attributes: a boolean is an integer NSNumber (FavoriteHomeCell's dropShadow),
        // a size an NSValue (COVIDSAFE's shadowOffset "{0, 5}").
        let pairs = graph.all("UINibKeyValuePair")
        #expect(pairs.count == 2)
        let flag = try #require(pairs.first { graph.text("UIKeyPath", of: $0) == "dropShadow" })
        let number = try #require(graph.object("UIValue", of: flag))
        #expect(graph.value("NS.intval", of: number)?.integerValue == 0)
        let offset = try #require(pairs.first { graph.text("UIKeyPath", of: $0) == "shadowOffset" })
        let value = try #require(graph.object("UIValue", of: offset))
        #expect(graph.value("NS.special", of: value)?.integerValue == 2)
        #expect(graph.text("NS.sizeval", of: value) == "{0, 5}")
    }

    @Test(
        "a collection view: its flow layout's non-default keys, prototypes as nested nibs, estimated size as a runtime attribute (duckduckgo TabSwitcher, Settings)"
    )
    func collectionView() throws {
        let graph = try Xcode13ControlTests.xib(
            """
            <collectionView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" showsHorizontalScrollIndicator="NO" dataMode="prototypes" id="cv">
                <rect key="frame" x="0.0" y="0.0" width="375" height="600"/>
                <collectionViewFlowLayout key="collectionViewLayout" minimumLineSpacing="25" minimumInteritemSpacing="17" sectionInsetReference="safeArea" id="fl">
                    <size key="itemSize" width="68" height="68"/>
                    <size key="estimatedItemSize" width="68" height="68"/>
                    <size key="headerReferenceSize" width="0.0" height="0.0"/>
                    <size key="footerReferenceSize" width="0.0" height="0.0"/>
                    <inset key="sectionInset" minX="25" minY="38" maxX="25" maxY="0.0"/>
                </collectionViewFlowLayout>
                <cells>
                    <collectionViewCell contentMode="center" reuseIdentifier="Tab" id="p1">
                        <rect key="frame" x="0.0" y="0.0" width="100" height="40"/>
                        <collectionViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" insetsLayoutMarginsFromSafeArea="NO" id="pc1">
                            <rect key="frame" x="0.0" y="0.0" width="100" height="40"/>
                            <autoresizingMask key="autoresizingMask"/>
                        </collectionViewCellContentView>
                    </collectionViewCell>
                </cells>
            </collectionView>
            """)
        let view = try #require(graph.all("UICollectionView").first)
        // Settings' flow layout (Apple's): spacing 17 and 25, item 68 × 68, inset {38, 25, 0, 25}, safe area.
        let layout = try #require(graph.object("UICollectionLayout", of: view))
        #expect(
            Self.keys(graph, layout) == [
                "UIInteritemSpacing", "UILineSpacing", "UIItemSize", "UISectionInset", "UISectionInsetReference",
            ])
        #expect(graph.value("UIInteritemSpacing", of: layout) == .float32(17))
        #expect(graph.value("UISectionInset", of: layout) == Self.geometry([38, 25, 0, 25]))
        let estimated = try #require(
            graph.all("UINibKeyValuePair").first { graph.text("UIKeyPath", of: $0) == "estimatedItemSize" })
        #expect(graph.object("UIObject", of: estimated) == layout)
        #expect(graph.object("UIValue", of: estimated).flatMap { graph.text("NS.sizeval", of: $0) } == "{68, 68}")
        // Home's and TabSwitcher's collection views (Apple's): the Xcode 13 keys in this order.
        let keys = Self.keys(graph, view)
        let start = try #require(keys.firstIndex(of: "UIViewLargeContentStoredProperties"))
        #expect(
            Array(keys[(start + 1)...]) == [
                "UIViewLocalOverrideTraitCollection", "UIScrollViewIndicatorInsetAdjustmentBehavior",
                "UIShowsHorizontalScrollIndicator", "UIBouncesZoom", "UIDelegate",
                "UIScrollViewContentInsetAdjustmentBehavior", "UICollectionLayout",
                "UIAllowsUserInitiatedMultipleSelection", "UICollectionViewCellPrototypeNibExternalObjects",
                "UICollectionViewCellNibDict", "UICollectionViewPrefetchingEnabled",
            ])
        // The prototype is a nib of its own: the cell at the top level, its content view listed.
        let dictionary = try #require(graph.object("UICollectionViewCellNibDict", of: view))
        let pair = graph.elements(of: dictionary)
        #expect(pair.count == 2)
        #expect(pair.first.flatMap(graph.string) == "Tab")
        let nib = try #require(pair.last)
        let data = try #require(graph.object("archiveData", of: nib))
        let nested = Graph(try NibArchive(parsing: try #require(graph.data("NS.bytes", of: data))))
        #expect(nested.topLevelClasses == ["UIProxyObject", "UIProxyObject", "UICollectionViewCell"])
        let cell = try #require(nested.all("UICollectionViewCell").first)
        let content = try #require(nested.object("UIContentView", of: cell))
        // The new form keeps its attributes (LNa's Tab cell: multiple touch, center, clipped).
        #expect(nested.value("UIContentMode", of: content)?.integerValue == 4)
        #expect(nested.value("UIViewInsetsLayoutMarginsFromSafeArea", of: content)?.integerValue == 0)
        let objects = try #require(nested.object("UINibObjectsKey", of: nested.root))
        #expect(nested.elements(of: objects).contains(content))
        // No subviews: no system constraints (Home's "space" cell).
        #expect(nested.value("UIViewAutolayoutConstraints", of: cell) == nil)
    }
}

/// Apple's own compiled cells, compared whole.
@Suite("Xcode 13 collection views against Apple's output", .corpus)
struct CorpusCollectionViewTests {
    @Test("duckduckgo Home's collection view prototype without subviews equals Apple's nested nib")
    func homePrototype() throws {
        let (source, reference) = try CorpusPairTests.files(of: "ios-duckduckgo-iOS-Home")
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(13.2)
        options.module = "DuckDuckGo"
        options.deploymentTarget = "13.0"
        let compiled = try Source.compiler(options).compile(contentsOf: source)
        let name = "LJ1-RN-ckE-view-klK-ZJ-wmA.nib"
        let apple = try #require(try FileTreeComparison.files(at: reference)[name])
        let ours = try #require(compiled.files[name])
        let applePrototypes = try Self.prototypes(apple)
        let ourPrototypes = try Self.prototypes(ours)
        #expect(Set(applePrototypes.keys) == ["space", "centeredSearch"])
        #expect(Set(ourPrototypes.keys) == Set(applePrototypes.keys))
        let space = try StructuralComparison().differences(
            between: NibArchive(parsing: try #require(applePrototypes["space"])),
            and: NibArchive(parsing: try #require(ourPrototypes["space"])))
        #expect(space.isEmpty, "\(space.prefix(5).map(\.description).joined(separator: "\n"))")
        // The search cell differs only in its stack view's size-class storage (not modelled in
        // prototypes yet).
        let search = try StructuralComparison().differences(
            between: NibArchive(parsing: try #require(applePrototypes["centeredSearch"])),
            and: NibArchive(parsing: try #require(ourPrototypes["centeredSearch"])))
        #expect(search.count <= 1, "\(search.prefix(5).map(\.description).joined(separator: "\n"))")
    }

    /// The prototype nibs of a view nib's collection views, by reuse identifier.
    static func prototypes(_ bytes: [UInt8]) throws -> [String: [UInt8]] {
        let graph = Graph(try NibArchive(parsing: bytes))
        var result: [String: [UInt8]] = [:]
        for view in graph.all("UICollectionView") + graph.all("UIClassSwapper") {
            guard let dictionary = graph.object("UICollectionViewCellNibDict", of: view) else { continue }
            let elements = graph.elements(of: dictionary)
            for index in stride(from: 0, to: elements.count - 1, by: 2) {
                guard let key = graph.string(elements[index]),
                    let data = graph.object("archiveData", of: elements[index + 1]),
                    let nested = graph.data("NS.bytes", of: data)
                else { continue }
                result[key] = nested
            }
        }
        return result
    }
}
