import CorpusSupport
import Foundation
import NibArchive
import NibCompiler
import NibDiff
import Testing

/// Navigation bars with large titles, title and large-title text attributes and explicit layout
/// priorities, against Umarovm Whats-Cooking's EditMeal nib (Xcode 12), whose bar archives
/// `UIBarPrefersLargeTitles`, both text attribute dictionaries (`NSColor` a named color,
/// `NSFont` ProximaNova-Bold 17 and 40) and compression resistance "{750, 750}".
@Suite("Navigation bars: large titles, text attributes, priorities", .corpus)
struct NavigationBarTests {
    static let appleName = "Umarovm-Whats-Cooking__Main.storyboardc_EditMeal.nib"

    /// The storyboard as Interface Builder writes it: the font before the color in each
    /// `<textAttributes>`, the large title's after the title's; the app's font listed in
    /// `<customFonts>`.
    static let storyboard = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="17701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="nav-00-001">
            <device id="retina6_1" orientation="portrait" appearance="light"/>
            <customFonts key="customFonts">
                <array key="ProximaNova-Bold.ttf">
                    <string>ProximaNova-Bold</string>
                </array>
            </customFonts>
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <navigationController storyboardIdentifier="EditMeal" id="nav-00-001" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" contentMode="scaleToFill" horizontalCompressionResistancePriority="750" verticalCompressionResistancePriority="750" insetsLayoutMarginsFromSafeArea="NO" largeTitles="YES" id="bar-00-001">
                                <rect key="frame" x="0.0" y="44" width="414" height="96"/>
                                <autoresizingMask key="autoresizingMask"/>
                                <textAttributes key="titleTextAttributes">
                                    <fontDescription key="fontDescription" name="ProximaNova-Bold" family="Proxima Nova" pointSize="17"/>
                                    <color key="textColor" name="Main Orange"/>
                                </textAttributes>
                                <textAttributes key="largeTitleTextAttributes">
                                    <fontDescription key="fontDescription" name="ProximaNova-Bold" family="Proxima Nova" pointSize="40"/>
                                    <color key="textColor" name="Main Orange"/>
                                </textAttributes>
                            </navigationBar>
                            <connections>
                                <segue destination="vc0-00-001" kind="relationship" relationship="rootViewController" id="seg-00-001"/>
                            </connections>
                        </navigationController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr1-00-001" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <scene sceneID="s2">
                    <objects>
                        <viewController id="vc0-00-001" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="vie-00-001">
                                <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            </view>
                            <navigationItem key="navigationItem" title="Edit" id="itm-00-002"/>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr2-00-001" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
            </scenes>
            <resources>
                <namedColor name="Main Orange">
                    <color red="0.9979888796806335" green="0.4281601905822754" blue="0.13042587041854858" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                </namedColor>
            </resources>
        </document>
        """#

    /// The navigation controller's bar.
    static func bar(_ graph: Graph) throws -> Int {
        let controller = try #require(
            graph.nodes.indices.first {
                graph.value("UINavigationBar", of: $0) != nil && graph.value("UIViewControllers", of: $0) != nil
            })
        return try #require(graph.object("UINavigationBar", of: controller))
    }

    /// A text attributes dictionary: its keys, and the font's class, name, size and traits.
    static func attributes(_ key: String, of bar: Int, in graph: Graph) throws -> (keys: [String], font: String) {
        let dictionary = try #require(graph.object(key, of: bar))
        let members = graph.elements(of: dictionary)
        var keys: [String] = []
        var font = ""
        for index in stride(from: 0, to: members.count - 1, by: 2) {
            let name = graph.string(members[index]) ?? "?"
            keys.append(name)
            if name == "NSFont" {
                let value = members[index + 1]
                font = [
                    graph.nodes[value].className, graph.text("UIFontName", of: value) ?? "",
                    graph.value("UIFontPointSize", of: value).map { "\($0)" } ?? "",
                    graph.value("UIFontTraits", of: value).map { "\($0)" } ?? "",
                ].joined(separator: " ")
            }
        }
        return (keys, font)
    }

    @Test("Interface Builder's form compiles to Apple's bar: keys in order, both dictionaries color first")
    func compilesLikeApple() throws {
        let output = try Source.compile(Self.storyboard, fileName: "Main.storyboard")
        // Xcode 12's bars are compiled as 13's (a nearest-Xcode warning); nothing unmodelled.
        #expect(output.warnings.allSatisfy { $0.kind == .nearestXcode }, "\(output.warnings)")
        let ours = Graph(try NibArchive(parsing: try #require(output.files["EditMeal.nib"])))
        let apple = Graph(try NibArchive(parsing: try Corpus.nibBytes(named: Self.appleName)))
        let (ourBar, appleBar) = (try Self.bar(ours), try Self.bar(apple))
        #expect(ours.nodes[ourBar].values.map(\.key) == apple.nodes[appleBar].values.map(\.key))
        #expect(ours.text("UIViewContentCompressionResistancePriority", of: ourBar) == "{750, 750}")
        for key in ["UITitleTextAttributes", "UIBarLargeTitleTextAttributes"] {
            let ourAttributes = try Self.attributes(key, of: ourBar, in: ours)
            let appleAttributes = try Self.attributes(key, of: appleBar, in: apple)
            #expect(ourAttributes.keys == appleAttributes.keys, "\(key)")
            #expect(ourAttributes.font == appleAttributes.font, "\(key)")
        }
    }

    @Test("Apple's bar decompiles to Interface Builder's form and compiles back to the same bar")
    func roundTrip() throws {
        let apple = try NibArchive(parsing: try Corpus.nibBytes(named: Self.appleName))
        let result = try NibDecompiler().decompileStoryboard(nibs: [("EditMeal.nib", apple)], infoPlist: nil)
        for fragment in [
            #"horizontalCompressionResistancePriority="750" verticalCompressionResistancePriority="750""#,
            #"largeTitles="YES""#, #"<textAttributes key="largeTitleTextAttributes">"#,
        ] {
            #expect(result.document.contains(fragment), "missing \(fragment)")
        }
        #expect(result.unmapped.keys.allSatisfy { !$0.hasPrefix("UINavigationBar.") }, "\(result.unmapped)")
        // The font description comes before the color, as in Interface Builder's documents.
        let title = try #require(result.document.range(of: #"<textAttributes key="titleTextAttributes">"#))
        let rest = result.document[title.upperBound...]
        let font = try #require(rest.range(of: "<fontDescription"))
        let color = try #require(rest.range(of: #"<color key="textColor""#))
        #expect(font.lowerBound < color.lowerBound)
        var options = NibCompiler.Options()
        options.xcode = result.xcode
        let again = try NibCompiler(options: options).compile(
            Data(result.document.utf8), fileName: "Again.storyboard", isBaseLocalized: result.isBaseLocalized)
        let ours = try NibArchive(parsing: try #require(again.files["EditMeal.nib"]))
        let differences = StructuralComparison().differences(between: apple, and: ours).map(\.description)
        #expect(differences.filter { $0.contains("(UINavigationBar) ›") }.isEmpty, "\(differences.prefix(5))")
        let (ourGraph, appleGraph) = (Graph(ours), Graph(apple))
        #expect(
            ourGraph.nodes[try Self.bar(ourGraph)].values.map(\.key)
                == appleGraph.nodes[try Self.bar(appleGraph)].values.map(\.key))
    }

    /// An Xcode 10 storyboard's navigation controller, against xuyuntest bee's (iOS 11/12 SDK
    /// view keys): the bar zero wide, its vertical hugging 750 and its items an `NSArray`.
    @Test("Xcode 9/10 bars: zero wide, the hugging the document gives, items in an NSArray")
    func xcode10Bar() throws {
        let source = Self.storyboard
            .replacingOccurrences(of: #"toolsVersion="17701""#, with: #"toolsVersion="14490.70""#)
            .replacingOccurrences(
                of:
                    #"<navigationBar key="navigationBar" contentMode="scaleToFill" horizontalCompressionResistancePriority="750" verticalCompressionResistancePriority="750" insetsLayoutMarginsFromSafeArea="NO" largeTitles="YES" id="bar-00-001">"#,
                with:
                    #"<navigationBar key="navigationBar" contentMode="scaleToFill" verticalHuggingPriority="750" insetsLayoutMarginsFromSafeArea="NO" id="bar-00-001">"#
            )
            .replacingOccurrences(of: #"y="44" width="414" height="96""#, with: #"y="20" width="375" height="44""#)
        let start = try #require(source.range(of: "<textAttributes"))
        let end = try #require(source.range(of: "</textAttributes>", options: .backwards))
        let plain = source.replacingCharacters(in: start.lowerBound..<end.upperBound, with: "")
        let output = try Source.compile(plain, fileName: "Main.storyboard")
        let ours = Graph(try NibArchive(parsing: try #require(output.files["EditMeal.nib"])))
        let apple = Graph(
            try NibArchive(
                parsing: try Corpus.nibBytes(
                    named:
                        "xuyuntest-bee-iOS__Main.storyboardc_UINavigationController-Nmg-qn-HLj.nib_objects-11.0-.nib")))
        let (ourBar, appleBar) = (try Self.bar(ours), try Self.bar(apple))
        #expect(ours.nodes[ourBar].values.map(\.key) == apple.nodes[appleBar].values.map(\.key))
        for key in ["UIBounds", "UICenter"] {
            #expect(
                ours.value(key, of: ourBar).map { "\($0)" } == apple.value(key, of: appleBar).map { "\($0)" }, "\(key)")
        }
        #expect(apple.text("UIViewContentHuggingPriority", of: appleBar) == "{250, 750}")
        #expect(
            ours.text("UIViewContentHuggingPriority", of: ourBar)
                == apple.text("UIViewContentHuggingPriority", of: appleBar))
        #expect(ours.className("UIItems", of: ourBar) == apple.className("UIItems", of: appleBar))
    }
}
