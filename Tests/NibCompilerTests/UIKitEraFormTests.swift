import CorpusSupport
import Foundation
import NibArchive
import NibCompiler
import Testing

/// Table views as each Xcode's ibtool archives them, against Apple's own compiled tables in
/// `corpus/nib`: the iOS 11/12 SDK form (Xcode 9 and 10) and the iOS 13/14 SDK form (Xcode 11
/// and 12) sit between the pairs' Xcode 5 to 7 and Xcode 13 forms.
@Suite("Table views by Xcode era, against Apple's compiled tables", .corpus)
struct TableViewEraTests {
    /// Keys that depend on the document around the table, not on the table rule.
    static let contextKeys: Set<String> = [
        "UIBounds", "UICenter", "UIBackgroundColor", "UIAutoresizingMask", "UISubviews", "UIClassName",
        "UIOriginalClassName", "UIViewDoesNotTranslateAutoresizingMaskIntoConstraints",
        "UIViewAutolayoutConstraints", "UITintColor", "UITableViewCellPrototypeNibs",
        "UITableViewCellPrototypeNibExternalObjects", "UIRefreshControl",
    ]

    /// The table view's keys and scalar values, without ``contextKeys``.
    static func tableKeys(in graph: Graph) throws -> [String: String] {
        let table = try #require(graph.nodes.indices.first { graph.value("UIRowHeight", of: $0) != nil })
        var result: [String: String] = [:]
        for (key, payload) in graph.nodes[table].values where !contextKeys.contains(key) {
            switch payload {
            case .objectReference: result[key] = "object"
            default: result[key] = "\(payload)"
            }
        }
        return result
    }

    static func compiledTable(_ attributes: String, xcode: Double) throws -> [String: String] {
        let source = Source.iOSXib(
            """
            <tableView clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" \(attributes) id="tbl-00-001">
                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <color key="backgroundColor" white="1" alpha="1" colorSpace="calibratedWhite"/>
            </tableView>
            """)
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(xcode)
        return try tableKeys(in: try Source.graph(source, options: options))
    }

    static func appleTable(_ name: String) throws -> [String: String] {
        try tableKeys(in: Graph(try NibArchive(parsing: try Corpus.nibBytes(named: name))))
    }

    @Test("Xcode 10: heights and safe-area keys, no UIContentSize or style keys (chadanewsom, iOS 12 SDK)")
    func xcode10PlainTable() throws {
        let apple = try Self.appleTable("chadanewsom-build.io__DownloadsTableViewController.nib")
        let ours = try Self.compiledTable(
            """
            style="plain" separatorStyle="default" rowHeight="-1" estimatedRowHeight="-1" sectionHeaderHeight="28" sectionFooterHeight="28"
            """, xcode: 10)
        #expect(ours == apple)
        #expect(apple["UIContentSize"] == nil && apple["UIShowsSelectionImmediatelyOnTouchBegin"] == nil)
    }

    @Test("Xcode 10: a separator-less table with a fixed row height (xuyuntest, iOS 12 SDK)")
    func xcode10FixedRowHeight() throws {
        let apple = try Self.appleTable(
            "xuyuntest-bee-iOS__Main.storyboardc_4Hz-g8-bFc-view-EWw-X5-SY2.nib_objects-11.0-.nib")
        let ours = try Self.compiledTable(
            """
            style="plain" separatorStyle="none" rowHeight="75" estimatedRowHeight="-1" sectionHeaderHeight="28" sectionFooterHeight="28"
            """, xcode: 10)
        #expect(ours == apple)
    }

    @Test("Xcode 11: the style under two keys and the indicator inset behaviour (COVIDSAFE, iOS 13 SDK)")
    func xcode11PlainTable() throws {
        let apple = try Self.appleTable(
            "ghuntley-COVIDSAFE-iOS-v10.ipa__Base.lproj_Main.storyboardc_7Cb-h1-N8M-view-DIy-9n-WvV.nib_runtime.nib")
        let ours = try Self.compiledTable(
            """
            style="plain" separatorStyle="default" rowHeight="-1" estimatedRowHeight="-1" sectionHeaderHeight="28" sectionFooterHeight="28"
            """, xcode: 11)
        // The iOS 13 SDK's view key is the view encoder's, not the table's.
        #expect(
            ours.filter { $0.key != "UIViewLargeContentStoredProperties" }
                == apple.filter { $0.key != "UIViewLargeContentStoredProperties" })
        #expect(apple["UITableViewStyle"] != nil && apple["UIFillerRowHeight"] == nil)
    }

    @Test("Scroll view attributes reach table views (the superclass's keys)")
    func scrollAttributes() throws {
        let ours = try Self.compiledTable(
            """
            scrollEnabled="NO" showsHorizontalScrollIndicator="NO" keyboardDismissMode="onDrag" style="plain" rowHeight="44" sectionHeaderHeight="28" sectionFooterHeight="28"
            """, xcode: 10)
        #expect(ours["UIScrollDisabled"] != nil)
        #expect(ours["UIShowsHorizontalScrollIndicator"] != nil)
        #expect(ours["UIKeyboardDismissMode"] != nil)
    }
}

/// Activity indicators before the iOS 13 SDK, against Apple's compiled indicators in `corpus/nib`.
@Suite("Activity indicators before the iOS 13 SDK, against Apple's", .corpus)
struct ActivityIndicatorEraTests {
    static let contextKeys: Set<String> = ["UIBounds", "UICenter", "UIViewContentHuggingPriority", "UIHidden"]

    /// The first activity indicator of a graph: its keys (values for scalars) and its tint's
    /// components.
    static func indicator(in graph: Graph) throws -> (keys: [String: String], tint: [String: String]) {
        let index = try #require(graph.all("UIActivityIndicatorView").first)
        var keys: [String: String] = [:]
        for (key, payload) in graph.nodes[index].values where !contextKeys.contains(key) {
            if case .objectReference = payload { keys[key] = "object" } else { keys[key] = "\(payload)" }
        }
        var tint: [String: String] = [:]
        if let color = graph.object("UITintColor", of: index) {
            for (key, payload) in graph.nodes[color].values { tint[key] = "\(payload)" }
        }
        return (keys, tint)
    }

    static func compiled(_ attributes: String, color: String, xcode: Double) throws -> (
        keys: [String: String], tint: [String: String]
    ) {
        let source = Source.iOSXib(
            """
            <activityIndicatorView opaque="NO" contentMode="scaleToFill" \(attributes) translatesAutoresizingMaskIntoConstraints="NO" id="act-00-001">
                <rect key="frame" x="0.0" y="0.0" width="37" height="37"/>
                \(color)
            </activityIndicatorView>
            """)
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(xcode)
        return try indicator(in: try Source.graph(source, options: options))
    }

    @Test("Xcode 10: the style alone, the color as the tint with the trait flag (chadanewsom)")
    func xcode10() throws {
        let apple = try Self.indicator(
            in: Graph(
                try NibArchive(parsing: try Corpus.nibBytes(named: "chadanewsom-build.io__FeaturedViewController.nib")))
        )
        let ours = try Self.compiled(
            #"hidesWhenStopped="NO" animating="YES" style="whiteLarge""#,
            color:
                #"<color key="color" white="0.66666666666666663" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>"#,
            xcode: 10)
        #expect(ours.keys == apple.keys)
        #expect(ours.tint == apple.tint)
        #expect(apple.keys["UIActivityIndicatorViewStyle-Modern"] == nil && apple.keys["UIColor"] == nil)
    }

    @Test("Xcode 8: a source color is the tint, without the trait flag (Google61)")
    func xcode8() throws {
        let ours = try Self.compiled(
            #"hidesWhenStopped="YES" style="gray""#,
            color: #"<color key="color" white="0.0" alpha="0.45000000000000001" colorSpace="calibratedWhite"/>"#,
            xcode: 8)
        #expect(ours.keys["UIActivityIndicatorViewStyle"] == "int8 2")
        #expect(ours.keys["UITintColor"] == "object")
        #expect(ours.keys["UIDisableUpdateColorOnTraitCollectionChange"] == nil)
        #expect(ours.keys["UIHidesWhenStopped"] == nil)
        #expect(ours.keys["UIColor"] == nil)
    }
}

/// The NIBArchive header's coder version by Xcode, as Apple's output shows it (pairs built by
/// Xcode 11 or earlier and Umarovm's Xcode 12 nibs are coder 9; Xcode 13.2's and 14's pairs 10).
@Suite("iOS nib coder versions by Xcode")
struct CoderVersionTests {
    @Test("coder 9 up to Xcode 12, 10 from Xcode 13", arguments: [(6.0, UInt32(9)), (11.0, 9), (12.0, 9), (13.2, 10)])
    func coderVersion(xcode: Double, expected: UInt32) throws {
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(xcode)
        let source = Source.iOSXib(
            #"<view contentMode="scaleToFill" id="v1"><rect key="frame" x="0.0" y="0.0" width="10" height="10"/></view>"#
        )
        let output = try Source.compiler(options).compile(Data(source.utf8), fileName: "Test.xib")
        #expect(try NibArchive(parsing: output.files[""] ?? []).coderVersion == expected)
    }
}

/// Table view cells of Xcode 12 (the iOS 14 SDK) against Umarovm Whats-Cooking's, the corpus's
/// only nibs with the iOS 14 SDK's cell keys and none of the iOS 15 SDK's.
@Suite("Xcode 12 table view cells, against Umarovm's", .corpus)
struct Xcode12CellTests {
    /// The keys of an object, and of the configuration of its system background view.
    static func cellKeys(_ graph: Graph, cell: Int) throws -> (cell: Set<String>, configuration: Set<String>) {
        let background = try #require(graph.object("UISystemBackgroundView", of: cell))
        let configuration = try #require(graph.object("configurationAPI", of: background))
        return (Set(graph.nodes[cell].values.map(\.key)), Set(graph.nodes[configuration].values.map(\.key)))
    }

    @Test("a cell without a selection style: the iOS 14 slots, the default indentation, no iOS 15 image keys")
    func selectionNoneCell() throws {
        let apple = Graph(
            try NibArchive(
                parsing: try Corpus.nibBytes(
                    named: "Umarovm-Whats-Cooking__Main.storyboardc_AD4-g1-LVn-view-FVb-Yd-V7I.nib")))
        let appleCell = try #require(
            apple.all("UITableViewCell").first { apple.value("UIContentConfigurationIdentifier", of: $0) != nil })
        let source = Source.iOSXib(
            """
            <tableViewCell contentMode="scaleToFill" selectionStyle="none" indentationWidth="10" id="cel-00-001">
                <rect key="frame" x="0.0" y="0.0" width="350" height="44"/>
                <autoresizingMask key="autoresizingMask"/>
                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="cel-00-001" id="cnt-00-001">
                    <rect key="frame" x="0.0" y="0.0" width="350" height="44"/>
                    <autoresizingMask key="autoresizingMask"/>
                </tableViewCellContentView>
            </tableViewCell>
            """)
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(12)
        let ours = try Source.graph(source, options: options)
        let ourCell = try #require(ours.all("UITableViewCell").first)
        let (appleKeys, appleConfiguration) = try Self.cellKeys(apple, cell: appleCell)
        let (ourKeys, ourConfiguration) = try Self.cellKeys(ours, cell: ourCell)
        #expect(ourConfiguration == appleConfiguration)
        #expect(!ourConfiguration.contains("image"))
        for key in [
            "UISystemBackgroundView", "UIContentConfigurationIdentifier", "UIContentConfigurationView",
            "UIIndentationWidth", "UIDidEncodeCompatibilityBackgroundColor",
        ] {
            #expect(appleKeys.contains(key) && ourKeys.contains(key), "\(key)")
        }
        #expect(ours.value("UIIndentationWidth", of: ourCell) == apple.value("UIIndentationWidth", of: appleCell))
    }
}

/// Segmented controls of the iOS 13 SDK against Umarovm Whats-Cooking's (Xcode 12).
@Suite("Xcode 12 segmented controls, against Umarovm's", .corpus)
struct Xcode12SegmentedControlTests {
    static let contextKeys: Set<String> = [
        "UIBounds", "UICenter", "UIViewAutolayoutConstraints", "UIMultipleTouchEnabled", "UISegmentedControlTintColor",
    ]

    @Test("segments with large content properties, the second vertical alignment, the selected segment tint")
    func iOS13Keys() throws {
        let apple = Graph(
            try NibArchive(
                parsing: try Corpus.nibBytes(
                    named: "Umarovm-Whats-Cooking__Main.storyboardc_aPd-L6-bhu-view-RBC-HS-gsa.nib")))
        let appleControl = try #require(apple.all("UISegmentedControl").first)
        let source = Source.iOSXib(
            """
            <segmentedControl opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="top" segmentControlStyle="plain" selectedSegmentIndex="0" translatesAutoresizingMaskIntoConstraints="NO" id="seg-00-001">
                <rect key="frame" x="0.0" y="0.0" width="200" height="32"/>
                <segments>
                    <segment title="First"/>
                    <segment title="Second"/>
                </segments>
                <color key="selectedSegmentTintColor" red="1" green="0.5" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
            </segmentedControl>
            """)
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(12)
        let ours = try Source.graph(source, options: options)
        let ourControl = try #require(ours.all("UISegmentedControl").first)
        func keys(_ graph: Graph, _ index: Int) -> Set<String> {
            Set(graph.nodes[index].values.map(\.key)).subtracting(Self.contextKeys)
        }
        #expect(keys(ours, ourControl) == keys(apple, appleControl))
        #expect(
            ours.value("UIContentVerticalAlignment2", of: ourControl)
                == apple.value("UIContentVerticalAlignment2", of: appleControl))
        // Every segment's keys, whatever its position (first, middle, last).
        let appleSegmentKeys = apple.all("UISegment").reduce(into: Set<String>()) { $0.formUnion(keys(apple, $1)) }
        let ourSegmentKeys = ours.all("UISegment").reduce(into: Set<String>()) { $0.formUnion(keys(ours, $1)) }
        #expect(ourSegmentKeys == appleSegmentKeys)
    }
}

/// Text views' trait flag by Xcode: the corpus's text views of Xcode 8 to 10 (Google61's four,
/// chadanewsom's) have `UIDisableUpdateTextColorOnTraitCollectionChange` after their color; those
/// of the iOS 13 SDK with a color (Umarovm's two, COVIDSAFE's) do not.
@Suite("Text view colors by Xcode")
struct TextViewColorEraTests {
    @Test(
        "the trait flag from Xcode 8 to 10 only", arguments: [(7.0, false), (8.0, true), (10.0, true), (11.0, false)])
    func traitFlag(xcode: Double, flagged: Bool) throws {
        let source = Source.iOSXib(
            """
            <textView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" text="Hi" textAlignment="natural" id="tv1-00-001">
                <rect key="frame" x="0.0" y="0.0" width="240" height="128"/>
                <color key="textColor" red="1" green="0" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                <fontDescription key="fontDescription" type="system" pointSize="14"/>
            </textView>
            """)
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(xcode)
        let graph = try Source.graph(source, options: options)
        let view = try #require(graph.all("UITextView").first)
        #expect(graph.object("UITextColor", of: view) != nil)
        #expect((graph.value("UIDisableUpdateTextColorOnTraitCollectionChange", of: view) == .bool(true)) == flagged)
    }
}

/// `adjustsFontForContentSizeCategory` is UIContentSizeCategoryAdjusting's, one key for every
/// class that adopts the protocol (UIKit's documentation: labels, text fields, text views).
@Suite("Content size category adjusting")
struct ContentSizeCategoryTests {
    @Test(
        "labels, text fields and text views archive the flag under one key",
        arguments: ["label", "textField", "textView"])
    func adjusting(element: String) throws {
        let body =
            element == "label"
            ? #"<label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="A" adjustsFontForContentSizeCategory="YES" id="x1-00-001"><rect key="frame" x="0.0" y="0.0" width="40" height="20"/><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/><nil key="textColor"/></label>"#
            : #"<\#(element) clipsSubviews="YES" contentMode="scaleToFill" adjustsFontForContentSizeCategory="YES" id="x1-00-001"><rect key="frame" x="0.0" y="0.0" width="40" height="20"/><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></\#(element)>"#
        let graph = try Source.graph(Source.iOSXib(body), options: NibCompiler.Options())
        let className = ["label": "UILabel", "textField": "UITextField", "textView": "UITextView"][element] ?? ""
        let view = try #require(graph.all(className).first)
        #expect(graph.value("UIAdjustsFontForContentSizeCategory", of: view) == .bool(true))
    }
}
