import CorpusSupport
import Foundation
import NibArchive
import NibCompiler
import NibDiff
import Testing

/// `NibDecompiler` on table view cells, prototype cells, scroll and text views and navigation
/// items' bar button items: each document is compiled, decompiled and compiled again, and the
/// two nibs must be structurally equal.
@Suite("Decompiling cells, text views and bar button items")
struct UIKitDecompileShapeTests {
    /// A top-level cell (custom class, a subtitle style's labels, selection style none, an
    /// accessory) beside a view with a scroll view and a text view, as Xcode 13 saves them.
    static let cellDocument = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="20037" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
            <device id="retina6_1" orientation="portrait" appearance="light"/>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <tableViewCell contentMode="scaleToFill" selectionStyle="none" accessoryType="disclosureIndicator" indentationWidth="10" reuseIdentifier="entry" textLabel="tl1-aa-001" detailTextLabel="dl1-aa-002" rowHeight="56" id="ce1-aa-000" customClass="EntryCell" customModule="App">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="56"/>
                    <autoresizingMask key="autoresizingMask"/>
                    <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="ce1-aa-000" id="cv1-aa-003">
                        <rect key="frame" x="0.0" y="0.0" width="293" height="56"/>
                        <autoresizingMask key="autoresizingMask"/>
                        <subviews>
                            <label opaque="NO" multipleTouchEnabled="YES" contentMode="left" insetsLayoutMarginsFromSafeArea="NO" text="Title" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="tl1-aa-001">
                                <rect key="frame" x="20" y="9" width="33" height="20.5"/>
                                <autoresizingMask key="autoresizingMask"/>
                                <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                <nil key="textColor"/>
                                <nil key="highlightedColor"/>
                            </label>
                            <label opaque="NO" multipleTouchEnabled="YES" contentMode="left" insetsLayoutMarginsFromSafeArea="NO" text="Subtitle" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="dl1-aa-002">
                                <rect key="frame" x="20" y="31.5" width="44" height="14.5"/>
                                <autoresizingMask key="autoresizingMask"/>
                                <fontDescription key="fontDescription" type="system" pointSize="12"/>
                                <nil key="textColor"/>
                                <nil key="highlightedColor"/>
                            </label>
                        </subviews>
                    </tableViewCellContentView>
                    <connections>
                        <outlet property="titleLabel" destination="tl1-aa-001" id="ou1-aa-004"/>
                    </connections>
                </tableViewCell>
                <view contentMode="scaleToFill" id="vw1-aa-005">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="400"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <subviews>
                        <scrollView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" bounces="NO" showsHorizontalScrollIndicator="NO" pagingEnabled="YES" keyboardDismissMode="onDrag" contentInsetAdjustmentBehavior="never" id="sv1-aa-006">
                            <rect key="frame" x="0.0" y="0.0" width="320" height="200"/>
                            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        </scrollView>
                        <textView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" scrollEnabled="NO" editable="NO" text="Terms" textAlignment="center" id="tv1-aa-007">
                            <rect key="frame" x="0.0" y="200" width="320" height="120"/>
                            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                            <fontDescription key="fontDescription" type="system" pointSize="14"/>
                            <textInputTraits key="textInputTraits" autocapitalizationType="words"/>
                            <dataDetectorType key="dataDetectorTypes" phoneNumber="YES" link="YES"/>
                        </textView>
                        <activityIndicatorView opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" hidesWhenStopped="YES" animating="YES" style="large" id="ai1-aa-008">
                            <rect key="frame" x="140" y="330" width="37" height="37"/>
                            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        </activityIndicatorView>
                        <progressView opaque="NO" contentMode="scaleToFill" verticalHuggingPriority="750" progress="0.5" id="pv1-aa-009">
                            <rect key="frame" x="0.0" y="380" width="320" height="4"/>
                            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        </progressView>
                    </subviews>
                </view>
            </objects>
        </document>
        """

    /// A navigation controller whose root is a table view controller with a prototype cell,
    /// bar button items (one of them with an action) and a tab bar item with an SF Symbol, as
    /// Xcode 13 saves them.
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="20037" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="nav">
            <device id="retina6_1" orientation="portrait" appearance="light"/>
            <scenes>
                <scene sceneID="s1"><objects>
                    <navigationController id="nav" sceneMemberID="viewController">
                        <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar">
                            <rect key="frame" x="0.0" y="44" width="414" height="44"/>
                            <autoresizingMask key="autoresizingMask"/>
                        </navigationBar>
                        <connections>
                            <segue destination="list" kind="relationship" relationship="rootViewController" id="root"/>
                        </connections>
                    </navigationController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="f1" sceneMemberID="firstResponder"/>
                </objects></scene>
                <scene sceneID="s2"><objects>
                    <tableViewController id="list" customClass="ListController" customModule="App" sceneMemberID="viewController">
                        <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="prototypes" style="plain" separatorStyle="default" rowHeight="-1" estimatedRowHeight="-1" sectionHeaderHeight="28" sectionFooterHeight="28" id="table">
                            <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <prototypes>
                                <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" indentationWidth="10" reuseIdentifier="item" id="proto">
                                    <rect key="frame" x="0.0" y="44.5" width="414" height="43.5"/>
                                    <autoresizingMask key="autoresizingMask"/>
                                    <tableViewCellContentView key="contentView" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="proto" id="protoContent">
                                        <rect key="frame" x="0.0" y="0.0" width="414" height="43.5"/>
                                        <autoresizingMask key="autoresizingMask"/>
                                    </tableViewCellContentView>
                                </tableViewCell>
                            </prototypes>
                            <connections>
                                <outlet property="dataSource" destination="list" id="ds"/>
                                <outlet property="delegate" destination="list" id="dg"/>
                            </connections>
                        </tableView>
                        <tabBarItem key="tabBarItem" title="List" image="star.fill" id="tab"/>
                        <navigationItem key="navigationItem" title="Items" id="item">
                            <barButtonItem key="leftBarButtonItem" systemItem="edit" id="edit"/>
                            <rightBarButtonItems>
                                <barButtonItem title="Add" style="done" id="add">
                                    <connections>
                                        <action selector="add:" destination="list" id="addAction"/>
                                    </connections>
                                </barButtonItem>
                                <barButtonItem enabled="NO" title="Sort" style="plain" id="sort"/>
                            </rightBarButtonItems>
                        </navigationItem>
                        <connections>
                            <outlet property="sortItem" destination="sort" id="sortOutlet"/>
                        </connections>
                    </tableViewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="f2" sceneMemberID="firstResponder"/>
                </objects></scene>
            </scenes>
            <resources>
                <image name="star.fill" catalog="system" width="128" height="116"/>
            </resources>
        </document>
        """

    /// Decompiles `original`, compiles the document with the Xcode it names, and returns the
    /// result with the structural differences from `original`.
    static func xibRoundTrip(_ original: NibArchive) throws -> (NibDecompiler.Result, [String]) {
        let result = try NibDecompiler().decompile(original)
        var options = NibCompiler.Options()
        options.xcode = result.xcode
        let again = try NibCompiler(options: options).compile(
            Data(result.document.utf8), fileName: "Again.xib", isBaseLocalized: result.isBaseLocalized)
        let bytes = try #require(again.files[""])
        let differences = StructuralComparison().differences(between: original, and: try NibArchive(parsing: bytes))
        return (result, differences.map(\.description))
    }

    /// The same for a compiled storyboard's files (its nibs and `Info.plist`; the `Info.plist`s
    /// are compared too unless `infoPlist` is false).
    static func storyboardRoundTrip(_ files: [String: [UInt8]], infoPlist: Bool = true) throws -> (
        NibDecompiler.Result, [String]
    ) {
        let nibs = try files.filter { $0.key.hasSuffix(".nib") }.sorted { $0.key < $1.key }.map {
            (name: $0.key, archive: try NibArchive(parsing: $0.value))
        }
        let result = try NibDecompiler().decompileStoryboard(nibs: nibs, infoPlist: files["Info.plist"])
        var options = NibCompiler.Options()
        options.xcode = result.xcode
        let again = try NibCompiler(options: options).compile(
            Data(result.document.utf8), fileName: "Again.storyboard", isBaseLocalized: result.isBaseLocalized)
        let differences = FileTreeComparison().differences(
            between: files.filter { infoPlist || $0.key != "Info.plist" },
            and: again.files.filter { infoPlist || $0.key != "Info.plist" })
        return (result, differences.map(\.description))
    }

    @Test("A top-level cell, a scroll view and a text view round-trip, nothing left as a comment")
    func cellScrollAndTextView() throws {
        let (result, differences) = try Self.xibRoundTrip(try DecompileTests.compiled(Self.cellDocument))
        #expect(result.unmappedCount == 0, "no source form for \(result.unmapped)")
        #expect(result.xcode == XcodeEra(13), "the cell's iOS 15 SDK keys show Xcode 13")
        #expect(differences.isEmpty, "\(differences.prefix(5))")
        for fragment in [
            #"selectionStyle="none""#, #"accessoryType="disclosureIndicator""#, #"reuseIdentifier="entry""#,
            #"<tableViewCellContentView key="contentView""#, #"customClass="EntryCell" customModule="App""#,
            #"bounces="NO""#, #"pagingEnabled="YES""#, #"keyboardDismissMode="onDrag""#,
            #"contentInsetAdjustmentBehavior="never""#, #"text="Terms""#, #"editable="NO""#,
            #"autocapitalizationType="words""#, #"phoneNumber="YES""#, #"style="large""#,
            #"hidesWhenStopped="YES""#, #"animating="YES""#, #"progress="0.5""#,
        ] {
            #expect(result.document.contains(fragment), "missing \(fragment)")
        }
        // The separator and the system background view are the compiler's, not the document's.
        #expect(!result.document.contains("SeparatorView") && !result.document.contains("SystemBackground"))
    }

    @Test("Prototype cells, bar button items and a tab bar item round-trip through a storyboard")
    func prototypesAndBarButtonItems() throws {
        let compiled = try NibCompiler().compile(Data(Self.storyboard.utf8), fileName: "Main.storyboard")
        let (result, differences) = try Self.storyboardRoundTrip(compiled.files, infoPlist: false)
        #expect(differences.isEmpty, "\(differences.prefix(5))")
        #expect(result.unmappedCount == 0, "no source form for \(result.unmapped)")
        for fragment in [
            "<prototypes>", #"reuseIdentifier="item""#, #"<barButtonItem key="leftBarButtonItem" systemItem="edit""#,
            "<rightBarButtonItems>", #"title="Add" style="done""#, #"enabled="NO""#,
            #"selector="add:""#, #"property="sortItem""#,
            #"<tabBarItem key="tabBarItem" title="List" image="star.fill""#,
            #"<image name="star.fill" catalog="system""#,
        ] {
            #expect(result.document.contains(fragment), "missing \(fragment)")
        }
    }

    @Test("A segmented control's segments, selection, alignment and tint round-trip (Xcode 10)")
    func segmentedControl() throws {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14490.70" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                    <view contentMode="scaleToFill" id="vw1-aa-001">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="100"/>
                        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                        <subviews>
                            <segmentedControl opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="top" segmentControlStyle="plain" selectedSegmentIndex="1" id="sg1-aa-002">
                                <rect key="frame" x="20" y="20" width="280" height="29"/>
                                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                                <segments>
                                    <segment title="km"/>
                                    <segment title="mi"/>
                                    <segment title="m"/>
                                </segments>
                                <color key="tintColor" red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                            </segmentedControl>
                        </subviews>
                    </view>
                </objects>
            </document>
            """
        let (result, differences) = try Self.xibRoundTrip(try DecompileTests.compiled(document))
        #expect(result.unmappedCount == 0, "no source form for \(result.unmapped)")
        #expect(differences.isEmpty, "\(differences.prefix(5))")
        for fragment in [
            #"<segment title="km"/>"#, #"selectedSegmentIndex="1""#, #"contentVerticalAlignment="top""#,
            #"<color key="tintColor" red="1""#,
        ] {
            #expect(result.document.contains(fragment), "missing \(fragment)")
        }
    }

    @Test("A prototype nib that is no nib is kept as a comment and counted, not trusted")
    func hostilePrototype() throws {
        var builder = NibArchive.Builder()
        let root = builder.addObject(className: "NSObject")
        let table = builder.addObject(className: "UITableView")
        let prototypes = builder.addObject(className: "NSMutableDictionary")
        let identifier = builder.addObject(className: "NSString")
        let nib = builder.addObject(className: "UINib")
        let data = builder.addObject(className: "NSData")
        let topLevel = builder.addObject(className: "NSArray")
        builder.append(.objectReference(table), forKey: NibArchive.Builder.emptyKey, to: topLevel)
        builder.append(.objectReference(topLevel), forKey: "UINibTopLevelObjectsKey", to: root)
        builder.append(.objectReference(prototypes), forKey: "UITableViewCellPrototypeNibs", to: table)
        builder.append(.data(ArraySlice("cell".utf8)), forKey: "NS.bytes", to: identifier)
        builder.append(.objectReference(identifier), forKey: NibArchive.Builder.emptyKey, to: prototypes)
        builder.append(.objectReference(nib), forKey: NibArchive.Builder.emptyKey, to: prototypes)
        builder.append(.objectReference(data), forKey: "archiveData", to: nib)
        // Not a NIBArchive: the magic is missing.
        builder.append(.data(ArraySlice("NIBArchiv".utf8)), forKey: "NS.bytes", to: data)
        let result = try NibDecompiler().decompile(try builder.build())
        #expect(result.unmapped["prototype nib"] == 1)
        #expect(result.document.contains("<prototypes>"))
    }
}

/// Apple's outputs of the pairs whose shapes this suite covers (cells, prototype cells, text
/// views, margin constraints): each decompiles to a document our compiler turns back into
/// Apple's nib (expected: the pair's own compiled nib, compared with NibDiff).
@Suite("Decompiling iOS pairs: cells, prototypes, text views", .corpus)
struct UIKitDecompilePairTests {
    @Test(
        "Apple's xib output round-trips",
        arguments: [
            "dheerajdake-Aura-Ios-AudioToolBox/AudioToolBox",
            "duckduckgo-iOS-BrowsingMenuSeparatorViewCell/BrowsingMenuSeparatorViewCell",
            // Attributed label text (Xcode 13), an attributed button title and a constraint
            // that a size-class mask excludes by default.
            "duckduckgo-iOS-BrowsingMenuButton/BrowsingMenuButton",
            "duckduckgo-iOS-ActionMessageView/ActionMessageView",
            // A white table background UIKit names (Xcode 13).
            "duckduckgo-iOS-BrowsingMenuViewController/BrowsingMenuViewController",
            // Collection view cells in the older content view form (constraints, safe area).
            "duckduckgo-iOS-FavoriteHomeCell/FavoriteHomeCell",
            "duckduckgo-iOS-PrivacyProtectionHomeCell/PrivacyProtectionHomeCell",
        ])
    func xibPair(_ path: String) throws {
        let url = try Corpus.directory().appendingPathComponent("xib-pairs/ios-\(path).nib")
        let (_, differences) = try UIKitDecompileShapeTests.xibRoundTrip(
            try NibArchive(parsing: [UInt8](try Data(contentsOf: url))))
        #expect(differences.isEmpty, "\(differences.prefix(5))")
    }

    @Test(
        "Apple's storyboard output round-trips",
        arguments: [
            "FanWenjun-TableView.iOS-Main/Main", "Byjuanamn-ALExample3-Main/Main",
            "mobilewits-Working-With-Files-in-Xamarin-iOS-MainStoryboard/MainStoryboard",
            "mobilewits-How-to-Use-table-view-Cell-accessory-MainStoryboard/MainStoryboard",
            // Xcode 9's attributed labels and button title; a toolbar's `hidden` per size
            // class (Xcode 13); constraint masks (an Xcode 7.3 document, Xcode 10's model).
            "Idrill7-millasAmetros-Main/Main", "duckduckgo-iOS-BlankSnapshot/BlankSnapshot",
            "AmineAfia-Carbook-iOS-LaunchScreen/LaunchScreen",
            // A static table with cell segues and an opaque navigation bar; a scene's gesture
            // recognizer's action to its controller (localizable); a bar's tint that is the
            // document's global tint (Xcode 6).
            "duckduckgo-iOS-Debug/Debug", "duckduckgo-iOS-HomeRow/Base.lproj/HomeRow",
            "pogoros-Sylladise1-6.3-master-Main/Main",
            // Tab bar controllers: the bar and the viewControllers relationship segues (Xcode 6, 7).
            "canoelover-Flags-Main-18dcbf30/Main", "pogoros-Sylladise1.3-Main/Main",
            // A collection view with a flow layout and prototype cells, a storyboard reference,
            // a calibrated white tint as Xcode 13 matches it.
            "duckduckgo-iOS-Home/Base.lproj/Home",
            // Presentation segues' modal styles and animation; a scene nib's localizable titles.
            "duckduckgo-iOS-Main/Base.lproj/Main",
            // Xcode 6 and 7 size classes: subview masks and frame variations (prototyping
            // constraints per class).
            "pogoros-TipCalculator-Main/Main", "jdrharding-ROMPiOS-Main/Main",
            // A navigation controller's toolbar and a controller's toolbar items, bars' title
            // text attributes, text fields' clear button mode, non-opaque prototype cells.
            "duckduckgo-iOS-Bookmarks/Base.lproj/Bookmarks",
            // Calibrated RGB colors as Xcode 13 matches them in a storyboard (float32, no float64
            // copies); a scroll view's content and frame guides.
            "duckduckgo-iOS-Authentication/Base.lproj/Authentication", "duckduckgo-iOS-Tab/Base.lproj/Tab",
            "duckduckgo-iOS-Onboarding/Base.lproj/Onboarding",
            // Chromatic system backgrounds in their modified-color wrappers.
            "duckduckgo-iOS-DaxOnboarding/Base.lproj/DaxOnboarding",
            "duckduckgo-iOS-TabSwitcher/Base.lproj/TabSwitcher",
        ])
    func storyboardPair(_ path: String) throws {
        let folder = try Corpus.directory().appendingPathComponent("xib-pairs/ios-\(path).storyboardc")
        var files: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
        }
        let (_, differences) = try UIKitDecompileShapeTests.storyboardRoundTrip(files)
        #expect(differences.isEmpty, "\(differences.prefix(5))")
    }

    /// The documents' own forms come back (expected: the pairs' sources): attributed strings as
    /// one `<fragment>` with its `<attributes>`, variations as `<variation key=…>` with the
    /// attribute or the `<mask>`, a static table's `<sections>` with its cells and their segues.
    @Test(
        "Attributed strings, size-class variations and static tables decompile to the sources' elements",
        arguments: [
            (
                "ios-Idrill7-millasAmetros-Main/Main.storyboardc", "Main.storyboard",
                [
                    #"usesAttributedText="YES""#, #"<fragment content="CONVERSOR DE DISTANCIAS">"#,
                    #"<font key="NSFont" size="36" name="Copperplate"/>"#, #"<state key="normal">"#,
                    #"<attributedString key="attributedTitle">"#, #"<fragment content="CONVERTIR">"#,
                ]
            ),
            (
                "ios-duckduckgo-iOS-Debug/Debug.storyboardc", "Debug.storyboard",
                [
                    #"dataMode="static""#, "<sections>", "<tableViewSection id=", "<cells>",
                    #"accessoryType="disclosureIndicator""#, #"kind="show""#,
                    #"insetsLayoutMarginsFromSafeArea="NO""#,
                ]
            ),
            (
                "ios-canoelover-Flags-Main-18dcbf30/Main.storyboardc", "Main.storyboard",
                [#"<tabBar key="tabBar" contentMode="scaleToFill""#, #"relationship="viewControllers""#]
            ),
            (
                "ios-duckduckgo-iOS-Home/Base.lproj/Home.storyboardc", "Home.storyboard",
                [
                    #"<viewControllerPlaceholder storyboardName="DaxOnboarding" referencedIdentifier="DaxDialog""#,
                    #"<collectionViewFlowLayout key="collectionViewLayout""#, #"reuseIdentifier="centeredSearch""#,
                ]
            ),
            (
                "ios-duckduckgo-iOS-Tab/Base.lproj/Tab.storyboardc", "Tab.storyboard",
                [
                    #"kind="popoverPresentation" identifier="PrivacyProtection""#, "popoverAnchorView=",
                    #"modalPresentationStyle="overFullScreen" modalTransitionStyle="crossDissolve""#,
                ]
            ),
            (
                "ios-pogoros-TipCalculator-Main/Main.storyboardc", "Main.storyboard",
                [
                    #"<variation key="heightClass=regular-widthClass=compact" fixedFrame="YES">"#,
                    #"<rect key="frame" x="71" y="195" width="230" height="30"/>"#, #"<mask key="subviews">"#,
                ]
            ),
            (
                "ios-duckduckgo-iOS-Feedback/Base.lproj/Feedback.storyboardc", "Feedback.storyboard",
                [#"<view key="tableHeaderView" contentMode="scaleToFill""#, #"hint="Your feedback.""#]
            ),
            (
                "ios-duckduckgo-iOS-PrivacyProtection/Base.lproj/PrivacyProtection.storyboardc",
                "PrivacyProtection.storyboard",
                [
                    #"enabled="NO""#, #"on="YES""#,
                    #"<rect key="frame" x="306" y="12.666666666666664" width="51" height="31"/>"#,
                ]
            ),
            (
                "ios-duckduckgo-iOS-BlankSnapshot/BlankSnapshot.storyboardc", "BlankSnapshot.storyboard",
                [#"<variation key="heightClass=regular-widthClass=regular" hidden="NO"/>"#]
            ),
            (
                "ios-duckduckgo-iOS-ActionMessageView/ActionMessageView.nib", "ActionMessageView.xib",
                [
                    #"<variation key="default">"#, #"<mask key="constraints">"#, "<exclude reference=",
                    #"<attributedString key="attributedTitle">"#, #"<fragment content="Edit">"#,
                ]
            ),
        ])
    func attributedAndVariations(_ compiled: String, _ source: String, _ fragments: [String]) throws {
        let pair = try Corpus.directory().appendingPathComponent("xib-pairs")
        let url = pair.appendingPathComponent(compiled)
        let original = try String(
            contentsOf: url.deletingLastPathComponent().appendingPathComponent(source), encoding: .utf8)
        let result: NibDecompiler.Result
        if compiled.hasSuffix(".storyboardc") {
            var nibs: [(name: String, archive: NibArchive)] = []
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
            where name.hasSuffix(".nib") {
                nibs.append(
                    (name, try NibArchive(parsing: [UInt8](try Data(contentsOf: url.appendingPathComponent(name))))))
            }
            let info = try? Data(contentsOf: url.appendingPathComponent("Info.plist"))
            result = try NibDecompiler().decompileStoryboard(nibs: nibs, infoPlist: info.map { [UInt8]($0) })
        } else {
            result = try NibDecompiler().decompile(try NibArchive(parsing: [UInt8](try Data(contentsOf: url))))
        }
        if fragments.contains(where: { $0.hasPrefix("<variation") }) {
            #expect(result.unmapped["size-class variations"] == nil)
        }
        for fragment in fragments {
            #expect(original.contains(fragment), "the source has \(fragment)")
            #expect(result.document.contains(fragment), "missing \(fragment)")
        }
    }
}
