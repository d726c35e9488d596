import CorpusSupport
import Foundation
import NibArchive
import NibCompiler
import NibDiff
import Testing

@Suite("Storyboards")
struct StoryboardTests {
    static let storyboard = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="14113" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" initialViewController="BYZ-38-t0r">
            <scenes>
                <scene sceneID="tne-QT-ifu">
                    <objects>
                        <viewController id="BYZ-38-t0r" customClass="ViewController" sceneMemberID="viewController">
                            <layoutGuides>
                                <viewControllerLayoutGuide type="top" id="y3c-jy-aDJ"/>
                                <viewControllerLayoutGuide type="bottom" id="wfy-db-euE"/>
                            </layoutGuides>
                            <view key="view" contentMode="scaleToFill" id="8bC-Xf-vdC">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            </view>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="dkx-z0-nzr" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """#

    @Test("a scene compiles to a scene nib, a view nib and Info.plist named as ibtool names them")
    func layout() throws {
        let output = try Source.compiler().compile(Data(Self.storyboard.utf8), fileName: "Main.storyboard")
        #expect(output.kind == .storyboard)
        #expect(
            Set(output.files.keys) == [
                "Info.plist", "UIViewController-BYZ-38-t0r.nib", "BYZ-38-t0r-view-8bC-Xf-vdC.nib",
            ])
        let plist = try #require(
            try PropertyListSerialization.propertyList(from: Data(output.files["Info.plist"] ?? []), format: nil)
                as? [String: Any])
        #expect(plist["UIStoryboardDesignatedEntryPointIdentifier"] as? String == "UIViewController-BYZ-38-t0r")
    }

    @Test("the scene nib links owner, controller and storyboard placeholder; the view nib names the view nib")
    func sceneNib() throws {
        let output = try Source.compiler().compile(Data(Self.storyboard.utf8), fileName: "Main.storyboard")
        let scene = Graph(try NibArchive(parsing: output.files["UIViewController-BYZ-38-t0r.nib"] ?? []))
        #expect(scene.topLevelClasses == ["UIClassSwapper", "UIProxyObject", "UIProxyObject", "UIProxyObject"])
        let labels = scene.all("UIRuntimeOutletConnection").compactMap {
            scene.object("UILabel", of: $0).flatMap(scene.string)
        }
        #expect(Set(labels) == ["sceneViewController", "storyboard"])
        let controller = try #require(scene.all("UIClassSwapper").first)
        #expect(scene.text("UINibName", of: controller) == "BYZ-38-t0r-view-8bC-Xf-vdC")
    }

    @Test("layout guides get the constraints ibtool generates")
    func layoutGuides() throws {
        let output = try Source.compiler().compile(Data(Self.storyboard.utf8), fileName: "Main.storyboard")
        let view = Graph(try NibArchive(parsing: output.files["BYZ-38-t0r-view-8bC-Xf-vdC.nib"] ?? []))
        #expect(view.all("_UILayoutGuide").count == 2)
        #expect(view.all("_UILayoutSupportConstraint").count == 2)
        #expect(view.all("NSLayoutConstraint").count == 6)
        let root = try #require(view.all("UIView").first)
        let constraints = try #require(view.object("UIViewAutolayoutConstraints", of: root))
        #expect(view.elements(of: constraints).count == 6)
    }
}

@Suite("Table views")
struct TableViewTests {
    static let storyboard = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="6211" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" initialViewController="4">
            <scenes>
                <scene sceneID="3">
                    <objects>
                        <tableViewController id="4" sceneMemberID="viewController" storyboardIdentifier="list" title="Table">
                            <tableView key="view" opaque="NO" clipsSubviews="YES" contentMode="scaleToFill" dataMode="prototypes" style="plain" separatorStyle="none" rowHeight="44" sectionHeaderHeight="22" sectionFooterHeight="22" id="5">
                                <rect key="frame" x="0.0" y="0.0" width="600" height="600"/>
                                <prototypes>
                                    <tableViewCell contentMode="scaleToFill" selectionStyle="blue" hidesAccessoryWhenEditing="NO" indentationLevel="1" indentationWidth="0.0" id="12" reuseIdentifier="Cell">
                                        <rect key="frame" x="0.0" y="22" width="600" height="44"/>
                                        <autoresizingMask key="autoresizingMask"/>
                                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center" tableViewCell="12" id="13">
                                            <rect key="frame" x="0.0" y="0.0" width="600" height="44"/>
                                            <autoresizingMask key="autoresizingMask"/>
                                        </tableViewCellContentView>
                                    </tableViewCell>
                                </prototypes>
                            </tableView>
                        </tableViewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="10" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """#

    @Test("each prototype cell is a nested nib with its content view and a generated separator")
    func prototypes() throws {
        let output = try Source.compiler().compile(Data(Self.storyboard.utf8), fileName: "Main.storyboard")
        #expect(Set(output.files.keys) == ["Info.plist", "list.nib", "4-view-5.nib"])
        let view = Graph(try NibArchive(parsing: output.files["4-view-5.nib"] ?? []))
        let table = try #require(view.all("UITableView").first)
        let nibs = view.elements(of: view.object("UITableViewCellPrototypeNibs", of: table) ?? -1)
        #expect(nibs.count == 2)
        #expect(view.string(nibs[0]) == "Cell")
        let data = try #require(view.object("archiveData", of: nibs[1]))
        guard case .data(let bytes)? = view.value("NS.bytes", of: data) else {
            Issue.record("archiveData holds no bytes")
            return
        }
        let cellNib = Graph(try NibArchive(parsing: Array(bytes)))
        #expect(cellNib.topLevelClasses == ["UITableViewCell", "UIProxyObject", "UIProxyObject"])
        let separator = try #require(cellNib.all("_UITableViewCellSeparatorView").first)
        #expect(cellNib.value("UIBounds", of: separator) == .bytes([7] + [0.0, 0, 585, 1].flatMap(UIKitRuleTests.le)))
        let scene = Graph(try NibArchive(parsing: output.files["list.nib"] ?? []))
        let controller = try #require(scene.all("UITableViewController").first)
        #expect(scene.value("UIClearsSelectionOnViewWillAppear", of: controller) == .bool(true))
        #expect(scene.text("UITitle", of: controller) == "Table")
    }
}

@Suite("Navigation controllers and segues")
struct NavigationStoryboardTests {
    /// An Xcode 5 storyboard (as the mobilewits segue pair): a navigation controller whose root
    /// controller pushes a second controller from a button.
    static let storyboard = #"""
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="4451" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="8">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="root" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v1">
                                <rect key="frame" x="0.0" y="0.0" width="320" height="568"/>
                                <subviews>
                                    <button opaque="NO" contentMode="scaleToFill" buttonType="roundedRect" id="b1">
                                        <rect key="frame" x="92" y="230" width="136" height="30"/>
                                        <state key="normal" title="Go"/>
                                        <connections><segue id="s71" destination="next" kind="push"/></connections>
                                    </button>
                                </subviews>
                            </view>
                            <navigationItem title="Root" id="27" key="navigationItem"/>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="s2">
                    <objects>
                        <navigationController definesPresentationContext="YES" id="8" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" contentMode="scaleToFill" id="11">
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxY="YES"/>
                            </navigationBar>
                            <connections>
                                <segue id="28" destination="root" kind="relationship" relationship="rootViewController"/>
                            </connections>
                        </navigationController>
                    </objects>
                </scene>
                <scene sceneID="s3">
                    <objects>
                        <viewController id="next" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v2">
                                <rect key="frame" x="0.0" y="0.0" width="320" height="568"/>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """#

    @Test(
        "a navigation bar that does not inset its margins from the safe area archives 0 before its semantic attribute (duckduckgo WebContainer)"
    )
    func barSafeAreaMargins() throws {
        let source = Self.storyboard.replacingOccurrences(
            of: #"<navigationBar key="navigationBar" contentMode="scaleToFill" id="11">"#,
            with:
                #"<navigationBar key="navigationBar" contentMode="scaleToFill" insetsLayoutMarginsFromSafeArea="NO" id="11">"#
        )
        let output = try Source.compiler().compile(Data(source.utf8), fileName: "Main.storyboard")
        #expect(!output.warnings.contains { $0.message.contains("insetsLayoutMarginsFromSafeArea") })
        let scene = Graph(try NibArchive(parsing: output.files["UIViewController-8.nib"] ?? []))
        let bar = try #require(scene.all("UINavigationBar").first)
        #expect(scene.value("UIViewInsetsLayoutMarginsFromSafeArea", of: bar) == .int8(0))
        let keys = scene.nodes[bar].values.map(\.key)
        let index = try #require(keys.firstIndex(of: "UIViewInsetsLayoutMarginsFromSafeArea"))
        if keys.contains("UIViewSemanticContentAttribute") {
            #expect(keys[index + 1] == "UIViewSemanticContentAttribute")
        }
    }

    @Test("the root controller is archived in the navigation controller's scene nib, named UIViewController-<id>")
    func layout() throws {
        let output = try Source.compiler().compile(Data(Self.storyboard.utf8), fileName: "Main.storyboard")
        #expect(
            Set(output.files.keys) == [
                "Info.plist", "UIViewController-8.nib", "UIViewController-next.nib", "root-view-v1.nib",
                "next-view-v2.nib",
            ])
        let scene = Graph(try NibArchive(parsing: output.files["UIViewController-8.nib"] ?? []))
        let navigation = try #require(scene.all("UINavigationController").first)
        let root = try #require(scene.all("UIViewController").first)
        #expect(scene.elements(of: scene.object("UIViewControllers", of: navigation) ?? -1) == [root])
        #expect(scene.object("UIParentViewController", of: root) == navigation)
        #expect(scene.value("UIDefinesPresentationContext", of: navigation) == .bool(true))
        // The bar: 320 × 44 at the top, mask widthSizable only, default hugging written out.
        let bar = try #require(scene.all("UINavigationBar").first)
        #expect(scene.value("UICenter", of: bar) == .bytes([7] + [160.0, 22].flatMap(UIKitRuleTests.le)))
        #expect(scene.value("UIAutoresizingMask", of: bar) == .int8(2))
        #expect(scene.text("UIViewContentHuggingPriority", of: bar) == "{250, 250}")
        let item = try #require(scene.object("UINavigationItem", of: root))
        #expect(scene.text("UITitle", of: item) == "Root")
        #expect(scene.elements(of: scene.object("UIItems", of: bar) ?? -1) == [item])
        // Two storyboard placeholders: the root controller's comes first.
        #expect(
            scene.topLevelClasses == [
                "UIProxyObject", "UINavigationController", "UIProxyObject", "UIProxyObject", "UIProxyObject",
            ])
    }

    @Test("a button's push segue is a template in the scene nib, triggered by perform: from the view nib")
    func pushSegue() throws {
        let output = try Source.compiler().compile(Data(Self.storyboard.utf8), fileName: "Main.storyboard")
        let scene = Graph(try NibArchive(parsing: output.files["UIViewController-8.nib"] ?? []))
        let template = try #require(scene.all("UIStoryboardPushSegueTemplate").first)
        #expect(scene.text("UIDestinationViewControllerIdentifier", of: template) == "UIViewController-next")
        #expect(scene.value("UIDestinationContainmentContext", of: template) == .int8(0))
        let root = try #require(scene.all("UIViewController").first)
        #expect(scene.elements(of: scene.object("UIStoryboardSegueTemplates", of: root) ?? -1) == [template])
        let table = scene.elements(of: scene.object("UIExternalObjectsTableForViewLoading", of: root) ?? -1)
        #expect(table.count == 2 && table[1] == template)
        let view = Graph(try NibArchive(parsing: output.files["root-view-v1.nib"] ?? []))
        let event = try #require(view.all("UIRuntimeEventConnection").first)
        #expect(view.text("UILabel", of: event) == "perform:")
        #expect(view.value("UIEventMask", of: event) == .int8(64))
        let proxy = try #require(view.object("UIDestination", of: event))
        #expect(view.text("UIProxiedObjectIdentifier", of: proxy) == table.first.flatMap(scene.string))
    }

    @Test("a segue from the controller itself is a template without a trigger in the view nib")
    func manualSegue() throws {
        // ibrahimtaleb (Xcode 6): the root controller's own push segue to "conversationsview" is
        // a UIStoryboardPushSegueTemplate in UIStoryboardSegueTemplates; the external objects
        // table does not list it and the view nib sends no perform:.
        let source = Self.storyboard.replacingOccurrences(
            of: #"<navigationItem title="Root" id="27" key="navigationItem"/>"#,
            with:
                #"<navigationItem title="Root" id="27" key="navigationItem"/><connections><segue id="m1" destination="next" kind="push"/></connections>"#
        ).replacingOccurrences(
            of: #"<connections><segue id="s71" destination="next" kind="push"/></connections>"#, with: "")
        let output = try Source.compiler().compile(Data(source.utf8), fileName: "Main.storyboard")
        let scene = Graph(try NibArchive(parsing: output.files["UIViewController-8.nib"] ?? []))
        let template = try #require(scene.all("UIStoryboardPushSegueTemplate").first)
        #expect(scene.text("UIDestinationViewControllerIdentifier", of: template) == "UIViewController-next")
        let root = try #require(scene.all("UIViewController").first)
        #expect(scene.elements(of: scene.object("UIStoryboardSegueTemplates", of: root) ?? -1) == [template])
        #expect(
            !scene.elements(of: scene.object("UIExternalObjectsTableForViewLoading", of: root) ?? -1).contains(template)
        )
        let view = Graph(try NibArchive(parsing: output.files["root-view-v1.nib"] ?? []))
        #expect(view.all("UIRuntimeEventConnection").isEmpty)
    }

    @Test(
        "Xcode 8: the bar draws deep, a show segue names its action; tab bar controllers of Xcode 16 are approximated")
    func xcode8() throws {
        // allianad-489d01fe (toolsVersion 11134, Xcode 8): UINavigationBar UIDeepDrawRect true;
        // UIStoryboardShowSegueTemplate {UIDestinationViewControllerIdentifier,
        // UIActionName "showViewController:sender:"}, no containment context or split index.
        let source = Self.storyboard.replacingOccurrences(of: #"toolsVersion="4451""#, with: #"toolsVersion="11134""#)
            .replacingOccurrences(of: #"kind="push""#, with: #"kind="show""#)
        let output = try Source.compiler().compile(Data(source.utf8), fileName: "Main.storyboard")
        let scene = Graph(try NibArchive(parsing: output.files["UINavigationController-8.nib"] ?? []))
        let bar = try #require(scene.all("UINavigationBar").first)
        #expect(scene.value("UIDeepDrawRect", of: bar) == .bool(true))
        let template = try #require(scene.all("UIStoryboardShowSegueTemplate").first)
        #expect(
            scene.nodes[template].values.map(\.key) == ["UIDestinationViewControllerIdentifier", "UIActionName"])
        #expect(scene.text("UIActionName", of: template) == "showViewController:sender:")
        // The corpus shows tab bar controllers compiled by Xcode 6 to 15 (``TabBarRule``), none
        // by Xcode 16.
        let tabs = TabBarStoryboardTests.storyboard.replacingOccurrences(
            of: #"toolsVersion="6211""#, with: #"toolsVersion="11134""#)
        let tabOutput = try Source.compiler().compile(Data(tabs.utf8), fileName: "Main.storyboard")
        #expect(!tabOutput.warnings.contains { $0.kind == .nearestXcode })
        Source.expectApproximation(
            TabBarStoryboardTests.storyboard.replacingOccurrences(
                of: #"toolsVersion="6211""#, with: #"toolsVersion="23504""#),
            .nearestXcode, mentioning: "<tabBarController> scenes", fileName: "Main.storyboard")
    }
}

@Suite("Tab bar controllers")
struct TabBarStoryboardTests {
    /// An Xcode 6.1 storyboard shaped like the canoelover pairs: a tab bar controller with two tabs.
    static let storyboard = #"""
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="6211" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="tab">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="one" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v1"><rect key="frame" x="0.0" y="0.0" width="600" height="600"/></view>
                            <tabBarItem key="tabBarItem" title="Game" id="i1"/>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="s2">
                    <objects>
                        <viewController id="two" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v2"><rect key="frame" x="0.0" y="0.0" width="600" height="600"/></view>
                            <tabBarItem key="tabBarItem" title="Settings" id="i2"/>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="s3">
                    <objects>
                        <tabBarController id="tab" sceneMemberID="viewController">
                            <nil key="simulatedBottomBarMetrics"/>
                            <tabBar key="tabBar" contentMode="scaleToFill" id="bar">
                                <rect key="frame" x="0.0" y="551" width="600" height="49"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMinY="YES"/>
                                <color key="backgroundColor" white="0.0" alpha="0.0" colorSpace="calibratedWhite"/>
                            </tabBar>
                            <connections>
                                <segue destination="one" kind="relationship" relationship="viewControllers" id="r1"/>
                                <segue destination="two" kind="relationship" relationship="viewControllers" id="r2"/>
                            </connections>
                        </tabBarController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """#

    @Test("the tabs are archived in the tab bar controller's scene nib with their items")
    func layout() throws {
        let output = try Source.compiler().compile(Data(Self.storyboard.utf8), fileName: "Main.storyboard")
        #expect(
            Set(output.files.keys) == ["Info.plist", "UIViewController-tab.nib", "one-view-v1.nib", "two-view-v2.nib"])
        let scene = Graph(try NibArchive(parsing: output.files["UIViewController-tab.nib"] ?? []))
        let tab = try #require(scene.all("UITabBarController").first)
        let children = scene.elements(of: scene.object("UIViewControllers", of: tab) ?? -1)
        #expect(children.count == 2)
        #expect(scene.elements(of: scene.object("UICustomizableViewControllers", of: tab) ?? -1) == children)
        // The bar (canoelover): 320 wide whatever the source says, at the source's y, mask 10, opaque.
        let bar = try #require(scene.all("UITabBar").first)
        #expect(scene.value("UIBounds", of: bar) == .bytes([7] + [0.0, 0, 320, 49].flatMap(UIKitRuleTests.le)))
        #expect(scene.value("UICenter", of: bar) == .bytes([7] + [160.0, 575.5].flatMap(UIKitRuleTests.le)))
        #expect(scene.value("UIAutoresizingMask", of: bar) == .int8(10))
        #expect(scene.value("UIOpaque", of: bar) == .bool(true))
        let items = scene.elements(of: scene.object("UIItems", of: bar) ?? -1)
        #expect(items.compactMap { scene.text("UITitle", of: $0) } == ["Game", "Settings"])
        #expect(items.allSatisfy { scene.value("UIEnabled", of: $0) == .bool(true) })
        #expect(scene.object("UIParentViewController", of: children[0]) == tab)
        // One storyboard placeholder per tab, the last tab's first, before the controller.
        #expect(scene.topLevelClasses.prefix(3) == ["UIProxyObject", "UIProxyObject", "UITabBarController"])
    }

    @Test("a tab with a storyboard identifier also gets its own scene nib; the tab bar controller keeps its item")
    func identifiedTab() throws {
        // Sylladise1.3 (Xcode 7, images unavailable): TabControllerID.nib holds the tab bar
        // controller with UINavigationItem "Back", UIStoryboardIdentifier and
        // UIDefinesPresentationContext, and the tabs' outlets to their items ("Add"); home.nib
        // holds the identified tab alone (no UIParentViewController) with its UITabBarItem
        // (UIImage, UISelectedTemplateImage placeholders) and the "Add" outlet; Info.plist lists
        // home = home.
        var source = Self.storyboard
        for (old, new) in [
            (
                #"<viewController id="one" sceneMemberID="viewController">"#,
                #"<viewController id="one" sceneMemberID="viewController" storyboardIdentifier="home">"#
            ),
            (
                #"<tabBarItem key="tabBarItem" title="Game" id="i1"/>"#,
                #"<tabBarItem key="tabBarItem" title="Add" id="i1" image="a.png" selectedImage="a.png" tag="0"/><connections><outlet property="Add" destination="i1" id="o1"/></connections>"#
            ),
            (
                #"<tabBarController id="tab" sceneMemberID="viewController">"#,
                #"<tabBarController definesPresentationContext="YES" id="tab" sceneMemberID="viewController" storyboardIdentifier="TabControllerID">"#
            ),
            ("</tabBarController>", #"<navigationItem title="Back" id="n1" key="navigationItem"/></tabBarController>"#),
            ("</scenes>", #"</scenes><resources><image name="a.png" width="31" height="28"/></resources>"#),
        ] {
            source = source.replacingOccurrences(of: old, with: new)
        }
        var options = NibCompiler.Options()
        options.imagesAvailable = false
        let output = try Source.compiler(options).compile(Data(source.utf8), fileName: "Main.storyboard")
        #expect(
            Set(output.files.keys) == [
                "Info.plist", "TabControllerID.nib", "home.nib", "one-view-v1.nib", "two-view-v2.nib",
            ])
        let info = try #require(
            try PropertyListSerialization.propertyList(from: Data(output.files["Info.plist"] ?? []), format: nil)
                as? [String: Any])
        let names = info["UIViewControllerIdentifiersToNibNames"] as? [String: String]
        #expect(names == ["home": "home", "TabControllerID": "TabControllerID"])
        let scene = Graph(try NibArchive(parsing: output.files["TabControllerID.nib"] ?? []))
        let tab = try #require(scene.all("UITabBarController").first)
        #expect(scene.text("UIStoryboardIdentifier", of: tab) == "TabControllerID")
        #expect(scene.value("UIDefinesPresentationContext", of: tab) == .bool(true))
        let navigationItem = try #require(scene.object("UINavigationItem", of: tab))
        #expect(scene.text("UITitle", of: navigationItem) == "Back")
        #expect(scene.value("UINavigationBar", of: navigationItem) == nil)
        func outlets(_ graph: Graph) -> [String] {
            graph.all("UIRuntimeOutletConnection").compactMap { graph.text("UILabel", of: $0) }.sorted()
        }
        #expect(outlets(scene) == ["Add", "sceneViewController", "storyboard", "storyboard", "storyboard"])
        let home = Graph(try NibArchive(parsing: output.files["home.nib"] ?? []))
        let controller = try #require(home.all("UIViewController").first)
        #expect(home.object("UIParentViewController", of: controller) == nil)
        let item = try #require(home.object("UITabBarItem", of: controller))
        #expect(home.className("UIImage", of: item) == "UIImageNibPlaceholder")
        #expect(home.className("UISelectedTemplateImage", of: item) == "UIImageNibPlaceholder")
        #expect(outlets(home) == ["Add", "sceneViewController", "storyboard"])
        let objects = home.elements(of: home.object("UINibObjectsKey", of: home.root) ?? -1)
        #expect(objects.contains(item))
    }
}

@Suite("Size-class variations")
struct VariationStoryboardTests {
    /// An Xcode 6.1 storyboard shaped like TipCalculator: a field shown only in compact width ×
    /// regular height, with a fixed frame there.
    static let storyboard = #"""
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="6211" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" initialViewController="vc">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="vc" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="root">
                                <rect key="frame" x="0.0" y="0.0" width="600" height="600"/>
                                <subviews>
                                    <view contentMode="scaleToFill" id="shown"><rect key="frame" x="0" y="0" width="10" height="10"/></view>
                                    <view contentMode="scaleToFill" id="field" translatesAutoresizingMaskIntoConstraints="NO">
                                        <rect key="frame" x="139" y="195" width="97" height="30"/>
                                        <variation key="heightClass=regular-widthClass=compact" fixedFrame="YES">
                                            <rect key="frame" x="71" y="195" width="230" height="30"/>
                                        </variation>
                                    </view>
                                </subviews>
                                <variation key="heightClass=regular-widthClass=compact">
                                    <mask key="subviews"><include reference="field"/></mask>
                                </variation>
                                <variation key="default">
                                    <mask key="subviews"><exclude reference="field"/></mask>
                                </variation>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """#

    @Test("only the default configuration is installed; trait storages record the size classes")
    func storages() throws {
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(7)
        let output = try Source.compiler(options).compile(Data(Self.storyboard.utf8), fileName: "Main.storyboard")
        let view = Graph(try NibArchive(parsing: output.files["vc-view-root.nib"] ?? []))
        let root = try #require(view.elements(of: view.object("UINibTopLevelObjectsKey", of: view.root) ?? -1).first)
        let views = view.all("UIView").filter { $0 != root }
        #expect(views.count == 2)
        // The excluded field is not a subview, but still an object of the nib.
        #expect(view.elements(of: view.object("UISubviews", of: root) ?? -1).count == 1)
        let lists = view.elements(of: view.object("UINibTraitStorageListsKey", of: view.root) ?? -1)
        #expect(lists.count == 1)
        let storages = view.elements(of: view.object("UITraitStorages", of: lists[0]) ?? -1)
        #expect(
            storages.compactMap { view.text("UIKeyPath", of: $0) } == [
                "traitStorageSubviews", "traitStorageConstraints",
            ])
        // Subviews: every subview is a candidate; records for the default class (nil traits) and (1, 2).
        let subviewRecords = view.elements(of: view.object("UIRecords", of: storages[0]) ?? -1)
        #expect(subviewRecords.map { view.value("UITraitCollection", of: $0) == .nil } == [true, false])
        // The candidates are an NSOrderedSet in its keyed form (NS.object.N), as Apple writes them.
        let candidateSet = try #require(view.object("UIRelationshipCandidates", of: storages[0]))
        #expect(view.nodes[candidateSet].values.map(\.key) == ["NS.object.0", "NS.object.1"])
        #expect(view.elements(of: candidateSet).count == 2)
        // Constraints: nine records; only (compact, regular) adds the field's prototyping constraints.
        let constraintRecords = view.elements(of: view.object("UIRecords", of: storages[1]) ?? -1)
        #expect(constraintRecords.count == 9)
        let added = constraintRecords.map { view.elements(of: view.object("UIAddedObjects", of: $0) ?? -1).count }
        #expect(added == [0, 0, 0, 0, 0, 4, 0, 0, 0])
        let candidates = view.elements(of: view.object("UIRelationshipCandidates", of: storages[1]) ?? -1)
        #expect(
            candidates.compactMap { view.value("NSConstant", of: $0) } == [
                .float64(71), .float64(195), .float64(230), .float64(30),
            ])
        #expect(
            view.value("UIViewAutolayoutConstraints", of: root) == nil
                || view.all("NSIBPrototypingLayoutConstraint").count == 4)
    }

    @Test("Xcode 10: constraint masks, an empty default trait collection, every descendant listed")
    func xcode10ConstraintMasks() throws {
        // Carbook (built by Xcode 10): excluded constraints are not installed; records per mask.
        let source = #"""
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="10117" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" initialViewController="vc">
                <scenes><scene sceneID="s1"><objects>
                    <viewController id="vc" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="root">
                            <rect key="frame" x="0.0" y="0.0" width="414" height="736"/>
                            <subviews>
                                <view contentMode="scaleToFill" semanticContentAttribute="spatial" preservesSuperviewLayoutMargins="YES" translatesAutoresizingMaskIntoConstraints="NO" id="image">
                                    <rect key="frame" x="-57" y="0.0" width="714" height="601"/>
                                    <variation key="heightClass=compact" fixedFrame="YES"><rect key="frame" x="-39" y="-178" width="678" height="719"/></variation>
                                </view>
                            </subviews>
                            <constraints>
                                <constraint firstItem="image" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c1"/>
                                <constraint firstItem="image" firstAttribute="centerY" secondItem="root" secondAttribute="centerY" id="c2"/>
                            </constraints>
                            <variation key="default">
                                <mask key="constraints"><exclude reference="c1"/><exclude reference="c2"/></mask>
                            </variation>
                            <variation key="heightClass=compact-widthClass=compact">
                                <mask key="constraints"><include reference="c2"/></mask>
                            </variation>
                        </view>
                    </viewController>
                </objects></scene></scenes>
            </document>
            """#
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(10)
        let output = try Source.compiler(options).compile(Data(source.utf8), fileName: "Main.storyboard")
        let view = Graph(try NibArchive(parsing: output.files["vc-view-root.nib"] ?? []))
        let root = try #require(view.elements(of: view.object("UINibTopLevelObjectsKey", of: view.root) ?? -1).first)
        #expect(view.value("UIViewAutolayoutConstraints", of: root) == nil)
        let list = try #require(view.elements(of: view.object("UINibTraitStorageListsKey", of: view.root) ?? -1).first)
        #expect(view.elements(of: view.object("UIDescendants", of: list) ?? -1).count == 1)
        let storage = try #require(view.elements(of: view.object("UITraitStorages", of: list) ?? -1).first)
        #expect(view.text("UIKeyPath", of: storage) == "traitStorageConstraints")
        let records = view.elements(of: view.object("UIRecords", of: storage) ?? -1)
        #expect(records.count == 2)
        // The default record names an empty trait collection, not nil.
        let defaultTraits = try #require(view.object("UITraitCollection", of: records[0]))
        #expect(view.nodes[defaultTraits].values.isEmpty)
        #expect(view.elements(of: view.object("UIRemovedObjects", of: records[0]) ?? -1).count == 2)
        #expect(view.elements(of: view.object("UIAddedObjects", of: records[1]) ?? -1).count == 1)
        #expect(view.all("NSIBPrototypingLayoutConstraint").isEmpty)
        let image = try #require(view.all("UIView").first { $0 != root })
        #expect(view.value("UIViewSemanticContentAttribute", of: image) == .int8(2))
        #expect(view.value("UIViewPreservesSuperviewMargins", of: image) == .bool(true))
    }

    @Test("variations for an Xcode no pair shows (8, 9) are Xcode 10's, with a warning; refused when strict")
    func modernVariations() throws {
        Source.expectApproximation(
            Self.storyboard.replacingOccurrences(of: "6211", with: "14113"), .nearestXcode,
            mentioning: "size-class variations", fileName: "Main.storyboard")
    }

    @Test(
        "constraint masks in an Xcode 7.3 document are compiled as Xcode 10 does (Carbook), with a warning",
        .corpus)
    func olderConstraintMasks() throws {
        // Carbook's LaunchScreen was saved by Xcode 7.3 (toolsVersion 10117) with constraint masks
        // the Xcode 6/7 pairs never use; built by Xcode 10, its output has Xcode 10's storages.
        let url = try Corpus.directory().appendingPathComponent("xib-pairs/ios-AmineAfia-Carbook-iOS-LaunchScreen")
        let source = try String(contentsOf: url.appendingPathComponent("LaunchScreen.storyboard"), encoding: .utf8)
        Source.expectApproximation(
            source, .nearestXcode, mentioning: "constraint masks in size-class variations",
            fileName: "LaunchScreen.storyboard")
    }
}

@Suite("Root view frames")
struct RootViewFrameTests {
    static func storyboard(tools: String, device: Bool, deployment: Bool = false, simulated: Bool = false) -> String {
        #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="\#(tools)" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" initialViewController="vc">
            \#(device ? #"<device id="retina4_7" orientation="portrait"><adaptation id="fullscreen"/></device>"# : "")
            \#(deployment ? #"<dependencies><deployment identifier="iOS"/></dependencies>"# : "")
            <scenes><scene sceneID="s1"><objects>
                <viewController id="vc" sceneMemberID="viewController">
                    <view key="view" contentMode="scaleToFill" id="root"><rect key="frame" x="0.0" y="0.0" width="320" height="568"/></view>
                </viewController>
            </objects></scene></scenes>
            \#(simulated ? #"<simulatedMetricsContainer key="defaultSimulatedMetrics"><simulatedScreenMetrics key="destination" type="retina4"/></simulatedMetricsContainer>"# : "")
        </document>
        """#
    }

    @Test(
        "Xcode 8 documents that preview a device compile root views at 600 × 600; older ones that simulate a screen keep their frame (ibrahimtaleb, ROMPiOS); one that previews nothing is at 600 × 600 (duckduckgo MainInterface-19873ba8, built by Xcode 13.2)",
        arguments: [
            ("12121", true, false, false, 600.0), ("6211", false, false, true, 320.0),
            ("14490", true, false, false, 320.0), ("14460.31", true, true, false, 600.0),
            ("13122.16", false, false, false, 600.0),
        ])
    func rootFrame(tools: String, device: Bool, deployment: Bool, simulated: Bool, width: Double) throws {
        let output = try Source.compiler().compile(
            Data(Self.storyboard(tools: tools, device: device, deployment: deployment, simulated: simulated).utf8),
            fileName: "Main.storyboard")
        let view = Graph(try NibArchive(parsing: output.files["vc-view-root.nib"] ?? []))
        let root = try #require(view.elements(of: view.object("UINibTopLevelObjectsKey", of: view.root) ?? -1).first)
        let bounds = try #require(view.value("UIBounds", of: root))
        #expect(bounds == .bytes([7] + [0.0, 0, width, width == 600 ? 600 : 568].flatMap(UIKitRuleTests.le)))
    }
}

@Suite("Storyboard scenes nothing reaches, system tab bar items, the document tint on bars")
struct UnreachableSceneTests {
    /// The shape of pogoros Sylladise1-6.3 (Xcode 7 build): an entry navigation controller, and
    /// a second navigation controller without an identifier that no segue leads to, whose root
    /// ("home") has an identifier, a navigation item and a system tab bar item; a document tint.
    static let storyboard = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="6211" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="6">
            <scenes>
                <scene sceneID="5">
                    <objects>
                        <navigationController id="6" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" contentMode="scaleToFill" id="9">
                                <rect key="frame" x="0.0" y="20" width="430" height="44"/>
                            </navigationBar>
                            <connections>
                                <segue id="s1" destination="BYZ" kind="relationship" relationship="rootViewController"/>
                            </connections>
                        </navigationController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="10" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <scene sceneID="a">
                    <objects>
                        <viewController id="BYZ" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v1">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            </view>
                            <navigationItem key="navigationItem" id="n1"/>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="f1" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <scene sceneID="b">
                    <objects>
                        <viewController id="26" sceneMemberID="viewController" storyboardIdentifier="home">
                            <view key="view" contentMode="scaleToFill" id="v2">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            </view>
                            <navigationItem key="navigationItem" id="n2"/>
                            <tabBarItem key="tabBarItem" id="33" selectedImage="s.png" tag="0" systemItem="more">
                                <accessibilityConfiguration key="accessibilityConfiguration">
                                    <isElement key="isElement" value="NO"/>
                                    <traits key="traits"/>
                                </accessibilityConfiguration>
                            </tabBarItem>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="f2" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <scene sceneID="c">
                    <objects>
                        <navigationController id="1331" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" contentMode="scaleToFill" id="1334">
                                <rect key="frame" x="0.0" y="20" width="430" height="44"/>
                            </navigationBar>
                            <connections>
                                <segue id="s2" destination="26" kind="relationship" relationship="rootViewController"/>
                            </connections>
                        </navigationController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="f3" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
            </scenes>
            <resources>
                <image name="s.png" width="31" height="28"/>
            </resources>
            <color key="tintColor" colorSpace="calibratedRGB" red="1" green="0.4" blue="0.4" alpha="1"/>
        </document>
        """#

    static func compile() throws -> CompiledNib {
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(7)
        return try Source.compiler(options).compile(Data(Self.storyboard.utf8), fileName: "Main.storyboard")
    }

    @Test("a scene nothing reaches has no nib; its identified root gets its own, with its items")
    func unreachableScene() throws {
        // Sylladise1-6.3-40859d7e: no UINavigationController-1331.nib and no Info.plist entry
        // for it; home.nib's controller has a UINavigationItem (no bar) and a UITabBarItem
        // {UISystemItem 0, UIEnabled true}, both listed in UINibObjectsKey; no parent.
        let output = try Self.compile()
        #expect(output.files["UINavigationController-1331.nib"] == nil)
        #expect(output.files["home.nib"] != nil)
        let plist = try #require(
            try PropertyListSerialization.propertyList(from: Data(output.files["Info.plist"] ?? []), format: nil)
                as? [String: Any])
        let names = try #require(plist["UIViewControllerIdentifiersToNibNames"] as? [String: String])
        #expect(Set(names.keys) == ["UINavigationController-6", "home"])
        let home = Graph(try NibArchive(parsing: output.files["home.nib"] ?? []))
        let controller = try #require(home.all("UIViewController").first)
        #expect(home.value("UIParentViewController", of: controller) == nil)
        let item = try #require(home.object("UINavigationItem", of: controller))
        #expect(home.nodes[item].values.isEmpty)
        let tab = try #require(home.object("UITabBarItem", of: controller))
        #expect(home.nodes[tab].values.map(\.key) == ["UISystemItem", "UIEnabled"])
        #expect(home.value("UISystemItem", of: tab) == .int8(0))
        let listed = home.elements(of: home.object("UINibObjectsKey", of: home.root) ?? -1)
        #expect(listed.contains(item) && listed.contains(tab))
    }

    @Test("the document's tint reaches the navigation bar")
    func barTint() throws {
        // Sylladise1-6.3-40859d7e: UINavigationController-6's bar has UITintColor (1, 0.4, 0.4).
        let output = try Self.compile()
        let scene = Graph(try NibArchive(parsing: output.files["UINavigationController-6.nib"] ?? []))
        let bar = try #require(scene.all("UINavigationBar").first)
        let tint = try #require(scene.object("UITintColor", of: bar))
        #expect(scene.value("UIGreen", of: tint) == .float32(0.4))
    }
}

/// Storyboard references, container views and the segue kinds duckduckgo's storyboards
/// (Xcode 13.2) show: every expected value is Apple's, named in each test.
@Suite("Storyboard references and segue templates")
struct StoryboardReferenceTests {
    static let storyboard = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="19529" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
            <device id="retina6_1" orientation="portrait" appearance="light"/>
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController storyboardIdentifier="Home" definesPresentationContext="YES" id="LJ1-RN-ckE" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="klK-ZJ-wmA">
                                <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                                <subviews>
                                    <containerView opaque="NO" contentMode="scaleToFill" id="3ms-eB-DjL">
                                        <rect key="frame" x="20" y="88" width="375" height="250"/>
                                        <connections>
                                            <segue destination="Ad2-7l-5O5" kind="embed" id="Df7-k4-eQe"/>
                                        </connections>
                                    </containerView>
                                </subviews>
                            </view>
                            <connections>
                                <segue destination="pIF-vf-udv" kind="presentation" identifier="Feedback" modalPresentationStyle="overFullScreen" modalTransitionStyle="crossDissolve" id="SBX-Oj-Pz8"/>
                            </connections>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr1" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <scene sceneID="s2">
                    <objects>
                        <viewControllerPlaceholder storyboardName="DaxOnboarding" referencedIdentifier="DaxDialog" id="Ad2-7l-5O5" sceneMemberID="viewController"/>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr2" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <scene sceneID="s3">
                    <objects>
                        <viewControllerPlaceholder storyboardName="Feedback" id="pIF-vf-udv" sceneMemberID="viewController">
                            <navigationItem key="navigationItem" id="2Aq-di-kxo"/>
                        </viewControllerPlaceholder>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr3" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """#

    static func compile() throws -> CompiledNib {
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(13.2)
        return try Source.compiler(options).compile(Data(storyboard.utf8), fileName: "Home.storyboard")
    }

    @Test(
        "a storyboard reference is a scene nib holding a placeholder, named in Info.plist's external references (duckduckgo Home, PrivacyProtection)"
    )
    func reference() throws {
        let output = try Self.compile()
        let plist = try #require(
            try PropertyListSerialization.propertyList(from: Data(output.files["Info.plist"] ?? []), format: nil)
                as? [String: Any])
        let references = try #require(
            plist["UIViewControllerIdentifiersToExternalStoryboardReferences"] as? [String: [String: String]])
        #expect(
            references == [
                "UIViewController-Ad2-7l-5O5": [
                    "UIReferencedStoryboardName": "DaxOnboarding", "UIReferencedControllerIdentifier": "DaxDialog",
                ],
                "UIViewController-pIF-vf-udv": ["UIReferencedStoryboardName": "Feedback"],
            ])
        let names = try #require(plist["UIViewControllerIdentifiersToNibNames"] as? [String: String])
        #expect(names["UIViewController-Ad2-7l-5O5"] == "UIViewController-Ad2-7l-5O5")
        // Home's UIViewController-Ad2-7l-5O5.nib: three proxies, then the placeholder.
        let nib = Graph(try NibArchive(parsing: try #require(output.files["UIViewController-Ad2-7l-5O5.nib"])))
        #expect(
            nib.topLevelClasses == [
                "UIProxyObject", "UIProxyObject", "UIProxyObject", "UIStoryboardViewControllerPlaceholder",
            ])
        let placeholder = try #require(nib.all("UIStoryboardViewControllerPlaceholder").first)
        #expect(nib.text("UIStoryboardIdentifier", of: placeholder) == "UIViewController-Ad2-7l-5O5")
        let outlet = try #require(nib.all("UIRuntimeOutletConnection").first)
        #expect(nib.text("UILabel", of: outlet) == "sceneViewController")
        #expect(nib.object("UIDestination", of: outlet) == placeholder)
        // PrivacyProtection's UIViewController-pIF-vf-udv.nib lists the reference's navigation item.
        let withItem = Graph(try NibArchive(parsing: try #require(output.files["UIViewController-pIF-vf-udv.nib"])))
        #expect(withItem.all("UINavigationItem").count == 1)
    }

    @Test(
        "the controller's own segues come before its view's; an embed segue's container is its template's containerView outlet (duckduckgo Home, Main, DaxOnboarding)"
    )
    func templates() throws {
        let output = try Self.compile()
        let scene = Graph(try NibArchive(parsing: try #require(output.files["Home.nib"])))
        let controller = try #require(scene.all("UIClassSwapper").first)
        let templates = try #require(scene.object("UIStoryboardSegueTemplates", of: controller))
        let classes = scene.elements(of: templates).map { scene.nodes[$0].className }
        #expect(classes == ["UIStoryboardPresentationSegueTemplate", "UIStoryboardEmbedSegueTemplate"])
        let presentation = try #require(scene.elements(of: templates).first)
        // DaxOnboarding's AddToHomeRow-iPad: overFullScreen 5, crossDissolve 2.
        #expect(
            scene.nodes[presentation].values.map(\.key) == [
                "UIIdentifier", "UIDestinationViewControllerIdentifier", "UIModalPresentationStyle",
                "UIModalTransitionStyle",
            ])
        #expect(scene.value("UIModalPresentationStyle", of: presentation)?.integerValue == 5)
        #expect(scene.value("UIModalTransitionStyle", of: presentation)?.integerValue == 2)
        let embed = try #require(scene.elements(of: templates).last)
        #expect(scene.text("UIDestinationViewControllerIdentifier", of: embed) == "UIViewController-Ad2-7l-5O5")
        #expect(scene.value("UIPerformOnViewLoad", of: embed) == .bool(true))
        #expect(scene.value("UIContainerView", of: embed) == NibArchive.Payload.nil)
        #expect(scene.value("UIDefinesPresentationContext", of: controller) == .bool(true))
        // The view nib: the container is a plain view, the template's placeholder's outlet.
        let view = Graph(try NibArchive(parsing: try #require(output.files["LJ1-RN-ckE-view-klK-ZJ-wmA.nib"])))
        let outlet = try #require(
            view.all("UIRuntimeOutletConnection").first { view.text("UILabel", of: $0) == "containerView" })
        let source = try #require(view.object("UISource", of: outlet))
        #expect(view.nodes[source].className == "UIProxyObject")
        #expect(view.className("UIDestination", of: outlet) == "UIView")
    }
}

/// Constraint constant variations as Xcode 13.2 stores them (duckduckgo HomeRow and Main).
@Suite("Constraint constant variations")
struct ConstantVariationTests {
    @Test(
        "each varied constraint gets an encodedConstant storage, the run twice; the list's descendants are the constraints"
    )
    func constantStorages() throws {
        let storyboard = Xcode13Storyboard.oneScene(
            subviews: #"""
                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="49"/>
                    <constraints>
                        <constraint firstAttribute="height" constant="49" id="h1">
                            <variation key="heightClass=compact-widthClass=compact" constant="32"/>
                        </constraint>
                    </constraints>
                </view>
                """#, device: "retina4_0", size: (320, 568))
        let output = try Xcode13Storyboard.compile(storyboard)
        let view = Graph(try NibArchive(parsing: try #require(output.files["vc-view-root.nib"])))
        let list = try #require(view.all("_UITraitStorageList").first)
        let storages = view.elements(of: try #require(view.object("UITraitStorages", of: list)))
        // Main's C1X view nib: the one varied constraint's storage twice.
        #expect(storages.count == 2)
        let storage = try #require(storages.first)
        #expect(view.text("UIKeyPath", of: storage) == "encodedConstant")
        #expect(view.className("UIObject", of: storage) == "NSLayoutConstraint")
        let records = view.elements(of: try #require(view.object("UIRecords", of: storage)))
        #expect(records.count == 2)
        let compact = try #require(view.object("UITraitCollection", of: records[0]))
        #expect(
            view.value("UITraitCollectionBuiltinTrait-_UITraitNameHorizontalSizeClass", of: compact)?.integerValue == 1)
        #expect(
            view.value("UITraitCollectionBuiltinTrait-_UITraitNameVerticalSizeClass", of: compact)?.integerValue == 1)
        let value = try #require(view.object("UIValue", of: records[0]))
        #expect(view.value("UINumericConstant", of: value) == .float64(32))
        let defaultValue = try #require(view.object("UIValue", of: records[1]))
        #expect(view.value("UINumericConstant", of: defaultValue) == .float64(49))
        let descendants = view.elements(of: try #require(view.object("UIDescendants", of: list)))
        #expect(descendants.map { view.nodes[$0].className } == ["NSLayoutConstraint"])
    }
}

/// A prototype cell connected to the scene's controller (duckduckgo Autocomplete, Xcode 13.2).
@Suite("Prototype cells' connections outside the cell")
struct PrototypeExternalObjectTests {
    @Test(
        "an action from a prototype cell to the controller goes through the cell nib's UpstreamPlaceholder-1, mapped by the table"
    )
    func actionToController() throws {
        let storyboard = Xcode13Storyboard.oneScene(
            subviews: #"""
                <tableView clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="prototypes" style="plain" separatorStyle="default" rowHeight="-1" estimatedRowHeight="-1" sectionHeaderHeight="28" sectionFooterHeight="28" id="table">
                    <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                    <prototypes>
                        <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" indentationWidth="10" reuseIdentifier="Suggestion" id="cell">
                            <rect key="frame" x="0.0" y="28" width="414" height="44"/>
                            <autoresizingMask key="autoresizingMask"/>
                            <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="cell" id="content">
                                <rect key="frame" x="0.0" y="0.0" width="414" height="44"/>
                                <autoresizingMask key="autoresizingMask"/>
                                <subviews>
                                    <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" lineBreakMode="middleTruncation" id="plus">
                                        <rect key="frame" x="370" y="0.0" width="44" height="44"/>
                                        <connections>
                                            <action selector="onPlusButtonPressed:" destination="vc" eventType="touchUpInside" id="a1"/>
                                        </connections>
                                    </button>
                                </subviews>
                            </tableViewCellContentView>
                        </tableViewCell>
                    </prototypes>
                </tableView>
                """#)
        let output = try Xcode13Storyboard.compile(storyboard)
        #expect(output.warnings.allSatisfy { !$0.message.contains("names no compiled object") })
        let view = Graph(try NibArchive(parsing: try #require(output.files["vc-view-root.nib"])))
        let table = try #require(view.all("UITableView").first)
        let externals = view.elements(
            of: try #require(view.object("UITableViewCellPrototypeNibExternalObjects", of: table)))
        #expect(externals.count == 2)
        let forCell = view.elements(of: try #require(externals.last))
        #expect(forCell.count == 2)
        #expect(forCell.first.flatMap(view.string) == "UpstreamPlaceholder-1")
        #expect(forCell.last.map { view.nodes[$0].className } == "UIProxyObject")
        let nibs = view.elements(of: try #require(view.object("UITableViewCellPrototypeNibs", of: table)))
        let data = try #require(nibs.last.flatMap { view.object("archiveData", of: $0) })
        let cell = Graph(try NibArchive(parsing: try #require(view.data("NS.bytes", of: data))))
        // Autocomplete's cell nib: the placeholder after File's Owner and First Responder.
        #expect(cell.topLevelClasses == ["UIProxyObject", "UIProxyObject", "UIProxyObject", "UITableViewCell"])
        let action = try #require(cell.all("UIRuntimeEventConnection").first)
        let target = try #require(cell.object("UIDestination", of: action))
        #expect(cell.text("UIProxiedObjectIdentifier", of: target) == "UpstreamPlaceholder-1")
    }
}

/// Xcode 13 storyboards for the tests below: one scene whose controller `vc` has the root view
/// `root` (the device's size) holding `subviews`.
enum Xcode13Storyboard {
    static func oneScene(subviews: String, device: String = "retina6_1", size: (Int, Int) = (414, 896)) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="19529" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="vc">
            <device id="\(device)" orientation="portrait" appearance="light"/>
            <scenes><scene sceneID="s1"><objects>
                <viewController id="vc" sceneMemberID="viewController">
                    <view key="view" contentMode="scaleToFill" id="root">
                        <rect key="frame" x="0.0" y="0.0" width="\(size.0)" height="\(size.1)"/>
                        <subviews>
                            \(subviews)
                        </subviews>
                    </view>
                </viewController>
                <placeholder placeholderIdentifier="IBFirstResponder" id="fr" sceneMemberID="firstResponder"/>
            </objects></scene></scenes>
        </document>
        """
    }

    /// `text` compiled as Xcode 13.2 does.
    static func compile(_ text: String) throws -> CompiledNib {
        var options = NibCompiler.Options()
        options.xcode = XcodeEra(13.2)
        return try Source.compiler(options).compile(Data(text.utf8), fileName: "Main.storyboard")
    }
}

/// A navigation controller's own navigation item, against Umarovm Whats-Cooking's EditMeal nib
/// (Xcode 12), whose navigation controller archives one (`largeTitleDisplayMode="never"`).
@Suite("A navigation controller's own navigation item", .corpus)
struct NavigationControllerItemTests {
    static let storyboard = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="17701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="nav-00-001">
            <device id="retina6_1" orientation="portrait" appearance="light"/>
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <navigationController storyboardIdentifier="Edit" useStoryboardIdentifierAsRestorationIdentifier="YES" id="nav-00-001" sceneMemberID="viewController">
                            <navigationItem key="navigationItem" largeTitleDisplayMode="never" id="itm-00-001"/>
                            <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar-00-001">
                                <rect key="frame" x="0.0" y="44" width="414" height="44"/>
                                <autoresizingMask key="autoresizingMask"/>
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
        </document>
        """#

    /// The keys of the controller that holds a navigation bar and view controllers.
    static func navigationControllerKeys(_ graph: Graph) throws -> (keys: [String], item: Int) {
        let controller = try #require(
            graph.nodes.indices.first {
                graph.value("UINavigationBar", of: $0) != nil && graph.value("UIViewControllers", of: $0) != nil
            })
        let item = try #require(graph.object("UINavigationItem", of: controller))
        return (graph.nodes[controller].values.map(\.key), item)
    }

    /// `navigationBarHidden="YES"` and the bar's `hidden="YES"`, against COVIDSAFE's navigation
    /// controller (Xcode 11): `UINavigationBarHidden` after the bar, `UIHidden` on the bar.
    @Test("a hidden navigation bar: the controller's flag after the bar, the bar's own flag")
    func hiddenBar() throws {
        let source = Self.storyboard
            .replacingOccurrences(of: #"toolsVersion="17701""#, with: #"toolsVersion="15705""#)
            .replacingOccurrences(
                of: #"<navigationItem key="navigationItem" largeTitleDisplayMode="never" id="itm-00-001"/>"#, with: ""
            )
            .replacingOccurrences(
                of: #"id="nav-00-001" sceneMemberID="viewController">"#,
                with: #"id="nav-00-001" navigationBarHidden="YES" sceneMemberID="viewController">"#
            )
            .replacingOccurrences(
                of: #"contentMode="scaleToFill" id="bar-00-001">"#,
                with: #"contentMode="scaleToFill" hidden="YES" insetsLayoutMarginsFromSafeArea="NO" id="bar-00-001">"#)
        #expect(source.contains("navigationBarHidden"))
        let output = try Source.compile(source, fileName: "Main.storyboard")
        let ours = Graph(try NibArchive(parsing: try #require(output.files["Edit.nib"])))
        let apple = Graph(
            try NibArchive(
                parsing: try Corpus.nibBytes(
                    named:
                        "ghuntley-COVIDSAFE-iOS-v10.ipa__Base.lproj_Main.storyboardc_UINavigationController-8X4-AC-7cb.nib_objects-11.0-.nib"
                )))
        func keys(_ graph: Graph) throws -> (controller: [String], bar: [String]) {
            let controller = try #require(
                graph.nodes.indices.first {
                    graph.value("UINavigationBar", of: $0) != nil && graph.value("UIViewControllers", of: $0) != nil
                })
            let bar = try #require(graph.object("UINavigationBar", of: controller))
            return (graph.nodes[controller].values.map(\.key), graph.nodes[bar].values.map(\.key))
        }
        let (ourController, ourBar) = try keys(ours)
        let (appleController, appleBar) = try keys(apple)
        #expect(ourController.filter(appleController.contains) == appleController.filter(ourController.contains))
        #expect(ourController.contains("UINavigationBarHidden"))
        #expect(ourBar == appleBar)
    }

    /// A custom navigation bar class is a `UIClassSwapper`, as any view's custom class
    /// (``ClassSwapRule``: the names last).
    @Test("a navigation bar's custom class swaps the bar, names last")
    func customBarClass() throws {
        let source = Self.storyboard.replacingOccurrences(
            of: #"contentMode="scaleToFill" id="bar-00-001">"#,
            with: #"contentMode="scaleToFill" id="bar-00-001" customClass="FancyBar">"#)
        let output = try Source.compile(source, fileName: "Main.storyboard")
        #expect(!output.warnings.contains { $0.message.contains("customClass") })
        let graph = Graph(try NibArchive(parsing: try #require(output.files["Edit.nib"])))
        let bar = try #require(
            graph.all("UIClassSwapper").first { graph.text("UIOriginalClassName", of: $0) == "UINavigationBar" })
        #expect(graph.text("UIClassName", of: bar) == "FancyBar")
        #expect(graph.nodes[bar].values.suffix(2).map(\.key) == ["UIClassName", "UIOriginalClassName"])
        #expect(graph.value("UIItems", of: bar) != nil)
    }

    @Test("archived first, with its large title mode; the scene is not left out")
    func ownItem() throws {
        // Xcode 12's navigation bars are compiled as 13's, with a nearest-Xcode warning.
        let output = try Source.compile(Self.storyboard, fileName: "Main.storyboard")
        #expect(output.warnings.allSatisfy { $0.kind == .nearestXcode }, "\(output.warnings)")
        let nib = try #require(output.files["Edit.nib"])
        let ours = Graph(try NibArchive(parsing: nib))
        let apple = Graph(
            try NibArchive(parsing: try Corpus.nibBytes(named: "Umarovm-Whats-Cooking__Main.storyboardc_EditMeal.nib")))
        let (ourKeys, ourItem) = try Self.navigationControllerKeys(ours)
        let (appleKeys, appleItem) = try Self.navigationControllerKeys(apple)
        // The keys both controllers have, in Apple's order (Apple's is also a tab).
        #expect(ourKeys.filter(appleKeys.contains) == appleKeys.filter(ourKeys.contains))
        #expect(ourKeys.first == "UINavigationItem")
        #expect(ours.nodes[ourItem].values.map(\.key) == apple.nodes[appleItem].values.map(\.key))
        #expect(
            "\(ours.value("UILargeTitleDisplayMode", of: ourItem).map { "\($0)" } ?? "")"
                == "\(apple.value("UILargeTitleDisplayMode", of: appleItem).map { "\($0)" } ?? "")")
    }
}

/// A scene's own bar button item with a segue, against Umarovm Whats-Cooking's Home nib (Xcode
/// 12): the item sends `perform:` straight to the template in the scene nib.
@Suite("Segues from navigation items' bar button items", .corpus)
struct NavigationItemSegueTests {
    static let storyboard = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="17701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="hom-00-001">
            <device id="retina6_1" orientation="portrait" appearance="light"/>
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController storyboardIdentifier="Home" id="hom-00-001" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="vie-00-001">
                                <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            </view>
                            <navigationItem key="navigationItem" title="Home" id="itm-00-001">
                                <barButtonItem key="rightBarButtonItem" systemItem="add" id="add-00-001">
                                    <connections>
                                        <segue destination="add-00-002" kind="show" id="seg-00-001"/>
                                    </connections>
                                </barButtonItem>
                            </navigationItem>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr1-00-001" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <scene sceneID="s2">
                    <objects>
                        <viewController storyboardIdentifier="AddMeal" id="add-00-002" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="vie-00-002">
                                <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            </view>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr2-00-001" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """#

    /// Each `perform:` connection as (source class, destination class, its keys).
    static func performs(_ graph: Graph) -> [String] {
        graph.all("UIRuntimeEventConnection").compactMap { index in
            guard graph.text("UILabel", of: index) == "perform:",
                let source = graph.className("UISource", of: index),
                let destination = graph.className("UIDestination", of: index)
            else { return nil }
            return "\(source) → \(destination) \(graph.nodes[index].values.map(\.key))"
        }
    }

    @Test("perform: from the item to the show template, no event mask; no warning")
    func barButtonItemSegue() throws {
        let output = try Source.strictCompile(Self.storyboard, fileName: "Main.storyboard")
        let ours = Graph(try NibArchive(parsing: try #require(output.files["Home.nib"])))
        let apple = Graph(
            try NibArchive(parsing: try Corpus.nibBytes(named: "Umarovm-Whats-Cooking__Main.storyboardc_Home.nib")))
        let expected = Set(Self.performs(apple))
        #expect(expected.count == 1)
        #expect(Set(Self.performs(ours)) == expected)
        #expect(ours.all("UIStoryboardShowSegueTemplate").count == 1)
    }
}

/// Unwind segues, against man12nam's ResultViewController scene nib (Xcode 14): a button's
/// unwind segue to the scene's Exit (and an action to the controller, as Apple's view nib has
/// one: its first upstream placeholder).
@Suite("Unwind segues", .corpus)
struct UnwindSegueTests {
    static let storyboard = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
            <device id="retina6_12" orientation="portrait" appearance="light"/>
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController storyboardIdentifier="ResultViewController" id="izV-91-bhX" customClass="ResultViewController" customModule="game" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="WNc-AL-t9r">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <subviews>
                                    <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" id="btn-00-001">
                                        <rect key="frame" x="100" y="400" width="100" height="40"/>
                                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                                        <state key="normal" title="Back"/>
                                        <connections>
                                            <action selector="share:" destination="izV-91-bhX" eventType="touchUpInside" id="act-00-001"/>
                                            <segue destination="ext-00-001" kind="unwind" unwindAction="unwindToFirstScreen:" id="seg-00-001"/>
                                        </connections>
                                    </button>
                                </subviews>
                            </view>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr1-00-001" sceneMemberID="firstResponder"/>
                        <exit id="ext-00-001" userLabel="Exit" sceneMemberID="exit"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """#

    @Test("the scene nib is Apple's; no warning for the exit or the segue")
    func unwindTemplate() throws {
        let output = try Source.strictCompile(Self.storyboard, fileName: "Main.storyboard")
        let ours = try NibArchive(parsing: try #require(output.files["ResultViewController.nib"]))
        let apple = try NibArchive(
            parsing: try Corpus.nibBytes(named: "man12nam-ios-63__Base.lproj_Main.storyboardc_ResultViewController.nib")
        )
        #expect(StructuralComparison().differences(between: apple, and: ours).map { "\($0)" } == [])
    }
}
