import CorpusSupport
import Foundation
import NibArchive
import NibCompiler
import NibDiff
import Testing

// UIKit rules learned for the iOS documents of the wild corpus (docs/COMPILE.md, "Session 17"):
// web views and image views' image references. Each expected value is read from Apple's nibs in
// the corpus.

/// `<wkWebView>` → `WKWebView` with WebKit's coder keys, against the corpus's two compiled web
/// views.
@Suite("Web views", .corpus)
struct UIKitWebViewTests {
    /// A web view whose configuration is `configuration`, in a Xcode 13 document.
    static func webView(attributes: String, configuration: String) throws -> Graph {
        let source = Source.iOSXib(
            """
            <wkWebView contentMode="scaleToFill" \(attributes) translatesAutoresizingMaskIntoConstraints="NO" id="1Dr-4G-e7N">
                <rect key="frame" x="0.0" y="0.0" width="414" height="808"/>
                \(configuration)
            </wkWebView>
            """)
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(13)
        return try Source.graph(source, options: options)
    }

    /// The web view's own keys (after the view's) and its configuration, flattened.
    static func webKitKeys(_ graph: Graph) throws -> [String] {
        let view = try #require(graph.all("WKWebView").first)
        let values = graph.nodes[view].values
        let start = try #require(values.firstIndex { $0.key == "configuration" })
        let own = values[start...].map(\.key)
        let configuration = try #require(graph.object("configuration", of: view))
        return own + ButtonConfigurationTests.flatten(graph, configuration)
            + ["allowsLinkPreview = \(graph.value("allowsLinkPreview", of: view).map { "\($0)" } ?? "-")"]
            + [
                "allowsBackForwardNavigationGestures = \(graph.value("allowsBackForwardNavigationGestures", of: view).map { "\($0)" } ?? "-")"
            ]
    }

    @Test("duckduckgo Settings' web view: link previews, AirPlay and picture in picture off, no data detectors")
    func settings() throws {
        // The pair's markup (Xcode 13.2), its configuration as written.
        let ours = try Self.webView(
            attributes: #"allowsLinkPreview="NO""#,
            configuration: """
                <wkWebViewConfiguration key="configuration" allowsAirPlayForMediaPlayback="NO" allowsPictureInPictureMediaPlayback="NO">
                    <dataDetectorTypes key="dataDetectorTypes" none="YES"/>
                    <audiovisualMediaTypes key="mediaTypesRequiringUserActionForPlayback" none="YES"/>
                    <wkPreferences key="preferences"/>
                </wkWebViewConfiguration>
                """)
        let apple = try WildRuleSupport.apple(
            "xib-pairs/ios-duckduckgo-iOS-Settings/Base.lproj/Settings.storyboardc/b9u-ZD-F95-view-cDn-sG-4zZ.nib/objects-14.0+.nib"
        )
        #expect(try Self.webKitKeys(ours) == Self.webKitKeys(apple))
    }

    @Test("a web view as Interface Builder makes it: every data detector, link previews on (EdgeSDk)")
    func defaults() throws {
        // The wild corpus's most common configuration (9 of its 13 web views write no data
        // detectors); EdgeSDk's nib has no source, and its values are every default.
        let ours = try Self.webView(
            attributes: "",
            configuration: """
                <wkWebViewConfiguration key="configuration">
                    <audiovisualMediaTypes key="mediaTypesRequiringUserActionForPlayback" none="YES"/>
                    <wkPreferences key="preferences"/>
                </wkWebViewConfiguration>
                """)
        let apple = Graph(
            try NibArchive(
                parsing: try Corpus.nibBytes(
                    named: "ashwinivishwas-EdgeSDk__Base.lproj_Main.storyboardc_LMq-WW-A0A-view-gXc-Ug-H6e.nib")))
        #expect(try Self.webKitKeys(ours) == Self.webKitKeys(apple))
    }
}

/// `<imageReference key="image">` in an image view: the same `UIImage` placeholder as a
/// button state's reference, which duckduckgo Settings (Xcode 13.2) shows.
@Suite("Image views' image references", .corpus)
struct UIKitImageViewReferenceTests {
    @Test("a configured SF Symbol archives Apple's placeholder with its symbol scale")
    func configuredSymbol() throws {
        let source = Source.iOSXib(
            """
            <imageView clipsSubviews="YES" userInteractionEnabled="NO" contentMode="scaleAspectFit" id="iv1-00-abc">
                <rect key="frame" x="0.0" y="0.0" width="40" height="40"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                <imageReference key="image" image="chevron.left" catalog="system" symbolScale="large"/>
            </imageView>
            """)
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(13)
        let ours = try Source.graph(source, options: options)
        let apple = try WildRuleSupport.apple(
            "xib-pairs/ios-duckduckgo-iOS-Settings/Base.lproj/Settings.storyboardc/UITableViewController-Z3c-9H-Usp.nib/objects-14.0+.nib"
        )
        let appleImage = try #require(
            apple.all("UIImageNibPlaceholder").first { apple.text("UIResourceName", of: $0) == "chevron.left" })
        let view = try #require(ours.all("UIImageView").first)
        let image = try #require(ours.object("UIImage", of: view))
        #expect(ButtonConfigurationTests.flatten(ours, image) == ButtonConfigurationTests.flatten(apple, appleImage))
    }
}

/// `<collectionViewController>` scenes are view controller scenes of class
/// UICollectionViewController (they warned as unmodelled): duckduckgo Settings' AppIcon scene
/// (Xcode 13.2) compiles to Apple's two nibs.
@Suite("Collection view controller scenes", .corpus)
struct UIKitCollectionViewControllerSceneTests {
    @Test("duckduckgo Settings' AppIcon scene: no warning, both nibs structurally Apple's")
    func appIconScene() throws {
        let folder = try Corpus.directory().appendingPathComponent("xib-pairs/ios-duckduckgo-iOS-Settings/Base.lproj")
        var options = NibCompiler.Options()
        options.module = "DuckDuckGo"
        options.deploymentTarget = "13.0"
        options.xcode = XcodeEra(13.2)
        let compiled = try Source.compiler(options).compile(
            contentsOf: folder.appendingPathComponent("Settings.storyboard"))
        #expect(!compiled.warnings.contains { $0.message.contains("<collectionViewController>") })
        for nib in ["UICollectionViewController-jbD-Oy-Cmw.nib", "jbD-Oy-Cmw-view-uzR-oi-AoW.nib"] {
            let path = "\(nib)/objects-14.0+.nib"
            let apple = try NibArchive(
                parsing: [UInt8](try Data(contentsOf: folder.appendingPathComponent("Settings.storyboardc/\(path)"))))
            let ours = try NibArchive(parsing: try #require(compiled.files[path], "no \(path)"))
            #expect(StructuralComparison().differences(between: apple, and: ours).map { "\($0)" } == [], "\(nib)")
        }
    }
}

/// `enabled="NO"` on a text field: UIControl's `UIDisabled`, first after the view keys, where
/// the corpus's disabled buttons (0senno Settings, COVIDSAFE) archive it.
@Suite("Disabled text fields", .corpus)
struct UIKitDisabledTextFieldTests {
    @Test("UIDisabled true right after the view keys, as on Apple's disabled button (0senno)")
    func disabledTextField() throws {
        let source = Source.iOSXib(
            """
            <textField opaque="NO" contentMode="scaleToFill" enabled="NO" contentHorizontalAlignment="left" contentVerticalAlignment="center" borderStyle="roundedRect" minimumFontSize="17" translatesAutoresizingMaskIntoConstraints="NO" id="tf1-00-abc">
                <rect key="frame" x="0.0" y="0.0" width="200" height="34"/>
                <fontDescription key="fontDescription" type="system" pointSize="14"/>
                <textInputTraits key="textInputTraits"/>
            </textField>
            """)
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(11)
        let ours = try Source.graph(source, options: options)
        let apple = Graph(
            try NibArchive(
                parsing: try Corpus.nibBytes(
                    named: "0senno-atmosphere__Settings.storyboardc_ZIG-iH-qxE-view-sGM-iW-Low.nib")
            ))
        /// The key before `UIDisabled` and its value.
        func disabled(_ graph: Graph) throws -> [String] {
            let control = try #require(graph.nodes.indices.first { graph.value("UIDisabled", of: $0) != nil })
            let keys = graph.nodes[control].values.map(\.key)
            let at = try #require(keys.firstIndex(of: "UIDisabled"))
            return [at > 0 ? keys[at - 1] : "-", "\(graph.value("UIDisabled", of: control).map { "\($0)" } ?? "-")"]
        }
        #expect(try disabled(ours) == disabled(apple))
    }
}

/// `<datePicker>` → `UIDatePicker`, against the corpus's two compiled date pickers (no pair has
/// one).
@Suite("Date pickers", .corpus)
struct UIKitDatePickerTests {
    /// The date picker's keys from its first own key on, with their values.
    static func pickerKeys(_ graph: Graph) throws -> [String] {
        let picker = try #require(graph.all("UIDatePicker").first)
        let values = graph.nodes[picker].values
        let start = try #require(values.firstIndex { ["UIPickerStyle", "UIDatePickerMode"].contains($0.key) })
        return values[start...].map { "\($0.key) = \($0.payload)" }
    }

    static func compile(_ attributes: String, xcode: Double) throws -> Graph {
        let source = Source.iOSXib(
            """
            <datePicker contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" \(attributes) id="dp1-00-abc">
                <rect key="frame" x="0.0" y="0.0" width="320" height="216"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
            </datePicker>
            """)
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(xcode)
        return try Source.graph(source, options: options)
    }

    @Test("a countdown timer: mode, duration, minute interval, not the current date (Umarovm, iOS 13 SDK)")
    func countdown() throws {
        let ours = try Self.compile(
            #"datePickerMode="countDownTimer" countDownDuration="300" minuteInterval="5" useCurrentDate="NO""#,
            xcode: 11)
        let apple = Graph(
            try NibArchive(
                parsing: try Corpus.nibBytes(
                    named: "Umarovm-Whats-Cooking__Main.storyboardc_aPd-L6-bhu-view-RBC-HS-gsa.nib")
            ))
        #expect(try Self.pickerKeys(ours) == Self.pickerKeys(apple))
    }

    @Test("a date picker with wheels: the picker style before the mode (ertmuirm, Xcode 12 and later)")
    func wheels() throws {
        let ours = try Self.compile(#"datePickerMode="date" style="wheels""#, xcode: 12)
        let apple = Graph(
            try NibArchive(
                parsing: try Corpus.nibBytes(
                    named: "ertmuirm-mirrorios__Frameworks_Beacon.framework_BeaconDatePicker.nib_objects-14.0-.nib")))
        #expect(try Self.pickerKeys(ours) == Self.pickerKeys(apple))
    }
}

/// The decompiler reads this session's rules back: a document with a web view, a date picker,
/// a configured symbol in an image view and a disabled text field compiles, decompiles and
/// compiles again to the same nib.
@Suite("Decompiling web views, date pickers, image references, disabled text fields")
struct UIKitWildDocumentDecompileTests {
    @Test("compile → decompile → compile gives the same nib, every key read")
    func roundTrip() throws {
        let source = Source.iOSXib(
            """
            <view contentMode="scaleToFill" id="v00-00-abc">
                <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <wkWebView contentMode="scaleToFill" allowsBackForwardNavigationGestures="YES" allowsLinkPreview="NO" id="wv1-00-abc">
                        <rect key="frame" x="0.0" y="0.0" width="414" height="400"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <wkWebViewConfiguration key="configuration" allowsAirPlayForMediaPlayback="NO" allowsInlineMediaPlayback="YES">
                            <dataDetectorTypes key="dataDetectorTypes" none="YES"/>
                            <audiovisualMediaTypes key="mediaTypesRequiringUserActionForPlayback" audio="YES"/>
                            <wkPreferences key="preferences" minimumFontSize="6"/>
                        </wkWebViewConfiguration>
                    </wkWebView>
                    <datePicker contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" datePickerMode="countDownTimer" style="wheels" countDownDuration="300" minuteInterval="15" useCurrentDate="NO" id="dp1-00-abc">
                        <rect key="frame" x="0.0" y="400" width="320" height="216"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                    </datePicker>
                    <imageView clipsSubviews="YES" userInteractionEnabled="NO" contentMode="scaleAspectFit" id="iv1-00-abc">
                        <rect key="frame" x="0.0" y="620" width="40" height="40"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <imageReference key="image" image="info.circle" catalog="system" symbolScale="large"/>
                    </imageView>
                    <textField opaque="NO" contentMode="scaleToFill" enabled="NO" contentHorizontalAlignment="left" contentVerticalAlignment="center" borderStyle="roundedRect" minimumFontSize="17" id="tf1-00-abc">
                        <rect key="frame" x="0.0" y="700" width="200" height="34"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <fontDescription key="fontDescription" type="system" pointSize="14"/>
                        <textInputTraits key="textInputTraits"/>
                    </textField>
                </subviews>
            </view>
            """,
            resources: #"<image name="info.circle" catalog="system" width="128" height="121"/>"#)
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(13)
        let compiled = try Source.compiler(options).compile(Data(source.utf8), fileName: "Test.xib")
        let original = try NibArchive(parsing: try #require(compiled.files[""]))
        let (result, differences) = try UIKitDecompileShapeTests.xibRoundTrip(original)
        #expect(result.unmappedCount == 0, "no source form for \(result.unmapped)")
        #expect(differences == [])
    }
}

/// A tab bar item's unmodelled attributes and children (a tag, runtime attributes) are left out
/// with a warning; its scene stays (the wild corpus lost eight scenes to them). `enabled="NO"`
/// is UIBarItem's `UIEnabled` false (the key every bar item of the corpus archives, true).
@Suite("Tab bar items with unmodelled attributes")
struct UIKitTabBarItemRecoveryTests {
    static func storyboard(item: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="14490" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" initialViewController="vc">
            <scenes><scene sceneID="s1"><objects>
                <viewController id="vc" sceneMemberID="viewController">
                    <view key="view" contentMode="scaleToFill" id="root"><rect key="frame" x="0.0" y="0.0" width="320" height="568"/></view>
                    \(item)
                </viewController>
            </objects></scene></scenes>
        </document>
        """
    }

    static func item(_ markup: String) throws -> (Graph, Int, CompiledNib) {
        let output = try Source.compiler().compile(
            Data(Self.storyboard(item: markup).utf8), fileName: "Main.storyboard")
        let graph = Graph(
            try NibArchive(parsing: try #require(output.files["UIViewController-vc.nib"], "no scene nib")))
        return (graph, try #require(graph.all("UITabBarItem").first), output)
    }

    @Test("a tag: a warning, the scene and the item kept; runtime attributes name the item, as a bar button item's")
    func tagAndRuntimeAttributes() throws {
        let (graph, item, output) = try Self.item(
            """
            <tabBarItem key="tabBarItem" tag="2" title="People" id="i1">
                <userDefinedRuntimeAttributes>
                    <userDefinedRuntimeAttribute type="string" keyPath="accessibilityIdentifier" value="people"/>
                </userDefinedRuntimeAttributes>
            </tabBarItem>
            """)
        let (plain, plainItem, _) = try Self.item(#"<tabBarItem key="tabBarItem" title="People" id="i1"/>"#)
        #expect(ButtonConfigurationTests.flatten(graph, item) == ButtonConfigurationTests.flatten(plain, plainItem))
        #expect(output.warnings.contains { $0.message.contains("tab bar item attribute tag") })
        #expect(!output.warnings.contains { $0.message.contains("<userDefinedRuntimeAttributes>") })
        let pairs = graph.all("UINibKeyValuePair")
        #expect(pairs.count == 1)
        #expect(pairs.first.flatMap { graph.object("UIObject", of: $0) } == item)
        #expect(pairs.first.flatMap { graph.text("UIKeyPath", of: $0) } == "accessibilityIdentifier")
    }

    @Test("enabled=\"NO\": UIEnabled false, read back by the decompiler")
    func disabled() throws {
        let (graph, item, output) = try Self.item(#"<tabBarItem key="tabBarItem" enabled="NO" title="" id="i1"/>"#)
        #expect(graph.value("UIEnabled", of: item) == .bool(false))
        let (result, differences) = try UIKitDecompileShapeTests.storyboardRoundTrip(output.files, infoPlist: false)
        #expect(differences.isEmpty, "\(differences.prefix(5))")
        #expect(result.document.contains(#"enabled="NO""#))
    }
}
