import CorpusSupport
import Foundation
import NibArchive
import NibCompiler
import NibDiff
import Testing

/// Container controllers inside containers (a tab bar controller's navigation controllers),
/// containers without children, and tab bars of later Xcodes, against the corpus's storyboards
/// compiled by Apple.
@Suite("Nested and empty container controllers", .corpus)
struct NestedContainerTests {
    /// A storyboard document of `scenes` (each a scene's objects: the controller, then First
    /// Responder is added).
    static func document(toolsVersion: Int, device: String, initial: String?, scenes: [String]) -> String {
        let objects = scenes.enumerated().map { index, controller in
            """
                    <scene sceneID="s\(index)">
                        <objects>
                            \(controller)
                            <placeholder placeholderIdentifier="IBFirstResponder" id="fr1-00-\(index)" sceneMemberID="firstResponder"/>
                        </objects>
                    </scene>
            """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="\(toolsVersion)" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES"\(initial.map { " initialViewController=\"\($0)\"" } ?? "")>
                \(device)
                <scenes>
            \(objects.joined(separator: "\n"))
                </scenes>
            </document>
            """
    }

    /// A navigation controller (`attributes` added) leading to `root`, with `inside` before its bar.
    static func navigation(_ id: String, root: String, attributes: String = "", inside: String = "") -> String {
        """
        <navigationController \(attributes) id="\(id)" sceneMemberID="viewController">
            \(inside)
            <navigationBar key="navigationBar" contentMode="scaleToFill" id="\(id)-bar">
                <rect key="frame" x="0.0" y="44" width="414" height="44"/>
                <autoresizingMask key="autoresizingMask"/>
            </navigationBar>
            <connections>
                <segue destination="\(root)" kind="relationship" relationship="rootViewController" id="\(id)-rel"/>
            </connections>
        </navigationController>
        """
    }

    /// A view controller (`attributes` added) with a root view and `inside`.
    static func controller(_ id: String, attributes: String = "", inside: String = "") -> String {
        """
        <viewController \(attributes) id="\(id)" sceneMemberID="viewController">
            <view key="view" contentMode="scaleToFill" id="\(id)-view">
                <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
            </view>
            \(inside)
        </viewController>
        """
    }

    /// An Xcode 12 storyboard shaped like Umarovm Whats-Cooking's: an identified tab bar
    /// controller whose tabs are an identified navigation controller and a plain one, each with a
    /// root view controller.
    static let storyboard = document(
        toolsVersion: 17701, device: #"<device id="retina6_1" orientation="portrait" appearance="light"/>"#,
        initial: "tab-00-001",
        scenes: [
            #"""
            <tabBarController storyboardIdentifier="MainTabBarController" automaticallyAdjustsScrollViewInsets="NO" useStoryboardIdentifierAsRestorationIdentifier="YES" id="tab-00-001" sceneMemberID="viewController">
                <tabBar key="tabBar" contentMode="scaleToFill" insetsLayoutMarginsFromSafeArea="NO" id="bar-00-001">
                    <rect key="frame" x="0.0" y="0.0" width="414" height="49"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMinY="YES"/>
                </tabBar>
                <connections>
                    <segue destination="nav-00-001" kind="relationship" relationship="viewControllers" id="rel-00-001"/>
                    <segue destination="nav-00-002" kind="relationship" relationship="viewControllers" id="rel-00-002"/>
                </connections>
            </tabBarController>
            """#,
            navigation(
                "nav-00-001", root: "roo-00-001",
                attributes:
                    #"storyboardIdentifier="HomeNavController" automaticallyAdjustsScrollViewInsets="NO" useStoryboardIdentifierAsRestorationIdentifier="YES""#,
                inside: #"<tabBarItem key="tabBarItem" title="Home" id="itm-00-001"/>"#),
            navigation(
                "nav-00-002", root: "roo-00-002", attributes: #"automaticallyAdjustsScrollViewInsets="NO""#,
                inside: #"<tabBarItem key="tabBarItem" title="Meals" id="itm-00-002"/>"#),
            controller("roo-00-001", inside: #"<navigationItem key="navigationItem" title="Home" id="nit-00-001"/>"#),
            controller("roo-00-002", inside: #"<navigationItem key="navigationItem" title="Meals" id="nit-00-002"/>"#),
        ])

    /// The tab bar controller of a scene nib and its children, in order.
    static func tabs(_ graph: Graph) throws -> (controller: Int, children: [Int]) {
        let controller = try #require(graph.nodes.indices.first { graph.value("UITabBar", of: $0) != nil })
        let children = graph.elements(of: try #require(graph.object("UIChildViewControllers", of: controller)))
        return (controller, children)
    }

    @Test("a tab bar controller's navigation controllers are archived in its nib with their roots, as Umarovm's")
    func navigationControllersInTabs() throws {
        let output = try Source.compile(Self.storyboard, fileName: "Main.storyboard")
        #expect(
            !output.warnings.contains { $0.message.contains("not modelled") || $0.message.contains("left out") },
            "\(output.warnings)")
        let ours = Graph(try NibArchive(parsing: try #require(output.files["MainTabBarController.nib"])))
        let apple = try Graph.apple("Umarovm-Whats-Cooking__Main.storyboardc_MainTabBarController.nib")
        let (ourTabs, ourChildren) = try Self.tabs(ours)
        let (appleTabs, appleChildren) = try Self.tabs(apple)
        #expect(ours.nodes[ourTabs].values.map(\.key) == apple.nodes[appleTabs].values.map(\.key))
        // Apple's first tab is an identified navigation controller (swapped, as the initial
        // and identified controllers of Xcode 11 and later), its second a plain one.
        try #require(ourChildren.count == 2 && appleChildren.count >= 2)
        for (ours_, apple_) in zip(ourChildren, appleChildren) {
            #expect(ours.nodes[ours_].className == apple.nodes[apple_].className)
            #expect(ours.nodes[ours_].values.map(\.key) == apple.nodes[apple_].values.map(\.key))
            #expect(ours.object("UIParentViewController", of: ours_) == ourTabs)
            let root = try #require(ours.elements(of: ours.object("UIChildViewControllers", of: ours_) ?? -1).first)
            #expect(ours.object("UIParentViewController", of: root) == ours_)
            #expect(ours.elements(of: ours.object("UIViewControllers", of: ours_) ?? -1) == [root])
        }
        // Each navigation controller and each root has its own storyboard placeholder, as the
        // tab bar controller has: Apple's four tabs have nine.
        let placeholders = { (graph: Graph) in
            graph.all("UIProxyObject").filter {
                graph.text("UIProxiedObjectIdentifier", of: $0) == "UIStoryboardPlaceholder"
            }
            .count
        }
        #expect(placeholders(apple) == 2 * appleChildren.count + 1)
        #expect(placeholders(ours) == 2 * ourChildren.count + 1)
        // The tab bar: zero width, 50 high from Xcode 12, the margins flag, the iOS 13 SDK keys.
        let ourBar = try #require(ours.object("UITabBar", of: ourTabs))
        let appleBar = try #require(apple.object("UITabBar", of: appleTabs))
        for key in ["UIBounds", "UICenter", "UIViewInsetsLayoutMarginsFromSafeArea"] {
            #expect(
                ours.value(key, of: ourBar).map { "\($0)" } == apple.value(key, of: appleBar).map { "\($0)" },
                "\(key)")
        }
        #expect(
            ours.nodes[ourBar].values.map(\.key).filter { $0 != "UIBackgroundColor" }
                == apple.nodes[appleBar].values.map(\.key).filter { $0 != "UIBackgroundColor" })
        // The identified navigation controller also gets a scene nib of its own.
        #expect(output.files["HomeNavController.nib"] != nil)
    }

    @Test("containers that hold each other are refused with a warning, not followed forever")
    func cycle() throws {
        // The initial tab bar controller's tab is a navigation controller whose root is a tab
        // bar controller whose tab is that navigation controller again.
        let tabBar = { (id: String, child: String) in
            """
            <tabBarController id="\(id)" sceneMemberID="viewController">
                <tabBar key="tabBar" contentMode="scaleToFill" id="\(id)-bar">
                    <rect key="frame" x="0.0" y="0.0" width="414" height="49"/>
                </tabBar>
                <connections>
                    <segue destination="\(child)" kind="relationship" relationship="viewControllers" id="\(id)-rel"/>
                </connections>
            </tabBarController>
            """
        }
        let source = Self.document(
            toolsVersion: 17701, device: "", initial: "tab-00-000",
            scenes: [
                tabBar("tab-00-000", "nav-00-001"), Self.navigation("nav-00-001", root: "tab-00-001"),
                tabBar("tab-00-001", "nav-00-001"),
            ])
        let output = try Source.compile(source, fileName: "Main.storyboard")
        #expect(output.warnings.contains { $0.message.contains("contains itself") }, "\(output.warnings)")
    }

    /// Decompiles `names` of a corpus storyboard (`stem` + name), compiles the document back
    /// with the Xcode the nibs show, and expects each nib structurally equal to Apple's.
    func roundTrip(_ stem: String, _ names: [String]) throws {
        var nibs: [(name: String, archive: NibArchive)] = []
        for name in names {
            nibs.append((name, try NibArchive(parsing: try Corpus.nibBytes(named: stem + name))))
        }
        let result = try NibDecompiler().decompileStoryboard(nibs: nibs, infoPlist: nil)
        var options = NibCompiler.Options()
        options.xcode = result.xcode
        let again = try NibCompiler(options: options).compile(Data(result.document.utf8), fileName: "Again.storyboard")
        for (name, original) in nibs {
            let bytes = try #require(again.files[name], "no \(name) in \(again.files.keys.sorted())")
            let differences = StructuralComparison().differences(between: original, and: try NibArchive(parsing: bytes))
            #expect(differences.isEmpty, "\(name): \(differences.prefix(5).map(\.description))")
        }
    }

    @Test("containers without children: empty lists, a runtime attribute on the controller (kiralab, ikyih)")
    func emptyContainers() throws {
        // kiralab dmcc (Xcode 14): a tab bar controller without tabs, with `selectedIndex` set at
        // load time; ikyih seed (Xcode 15): navigation controllers without a root.
        try roundTrip("kiralab-dmcc__Base.lproj_Main.storyboardc_", ["TabView.nib"])
        try roundTrip(
            "ikyih-seed__Base.lproj_Main.storyboardc_", ["SBIDMainWelcomeNavVC.nib", "SBIDRegisterNavVC.nib"])
    }

    /// An Xcode 15 storyboard shaped like ikyih seed's: a split view controller of a custom class
    /// whose master is a navigation controller and whose detail is a view controller.
    static let splitStoryboard = document(
        toolsVersion: 22505,
        device: #"<device id="ipad10_9rounded" orientation="landscape" layout="fullscreen" appearance="light"/>"#,
        initial: nil,
        scenes: [
            #"""
            <splitViewController storyboardIdentifier="SBIDiPadRootVC" id="spl-00-001" customClass="RootSplitViewController" customModule="SEED" sceneMemberID="viewController">
                <connections>
                    <segue destination="det-00-001" kind="relationship" relationship="detailViewController" id="rel-00-002"/>
                    <segue destination="nav-00-001" kind="relationship" relationship="masterViewController" id="rel-00-001"/>
                </connections>
            </splitViewController>
            """#,
            navigation("nav-00-001", root: "roo-00-001"),
            controller(
                "roo-00-001", attributes: #"customClass="PrimaryMenuViewController" customModule="SEED""#,
                inside: #"<navigationItem key="navigationItem" id="nit-00-001"/>"#),
            controller("det-00-001"),
        ])

    @Test("a split view controller's master and detail are archived in its nib, master first, as ikyih's")
    func splitViewController() throws {
        let output = try Source.compile(Self.splitStoryboard, fileName: "Main.storyboard")
        #expect(
            !output.warnings.contains { $0.message.contains("not modelled") || $0.message.contains("left out") },
            "\(output.warnings)")
        let ours = Graph(try NibArchive(parsing: try #require(output.files["SBIDiPadRootVC.nib"])))
        let apple = try Graph.apple("ikyih-seed__Base.lproj_Main.storyboardc_SBIDiPadRootVC.nib")
        let split = { (graph: Graph) throws -> Int in
            try #require(graph.nodes.indices.first { graph.value("UISplitViewControllerPrimaryEdge", of: $0) != nil })
        }
        let (ourSplit, appleSplit) = (try split(ours), try split(apple))
        #expect(ours.nodes[ourSplit].values.map(\.key) == apple.nodes[appleSplit].values.map(\.key))
        let ourChildren = ours.elements(of: try #require(ours.object("UIChildViewControllers", of: ourSplit)))
        let appleChildren = apple.elements(of: try #require(apple.object("UIChildViewControllers", of: appleSplit)))
        #expect(ourChildren.map { ours.nodes[$0].className } == appleChildren.map { apple.nodes[$0].className })
        for child in ourChildren { #expect(ours.object("UIParentViewController", of: child) == ourSplit) }
    }
}

/// Objects beside a scene's controller and custom objects, against the corpus's nibs.
@Suite("Scene members and custom objects", .corpus)
struct SceneMemberTests {
    @Test("a custom object is a class swapper from UICustomObject with no other key, as Google61's app delegate")
    func customObject() throws {
        let apple = try Graph.apple("Google61-gta3sa.app__en.lproj_MainWindow.nib")
        let appleObject = try #require(
            apple.all("UIClassSwapper").first { apple.text("UIOriginalClassName", of: $0) == "UICustomObject" })
        let ours = try Source.graph(Source.iOSXib(#"<customObject id="c1" customClass="IOSAppDelegate"/>"#))
        let object = try #require(ours.all("UIClassSwapper").first)
        #expect(ours.nodes[object].values.map(\.key) == apple.nodes[appleObject].values.map(\.key))
        #expect(ours.text("UIOriginalClassName", of: object) == "UICustomObject")
        #expect(ours.text("UIClassName", of: object) == apple.text("UIClassName", of: appleObject))
        // Read back as the element it came from.
        let nib = try NibArchive(parsing: try Corpus.nibBytes(named: "Google61-gta3sa.app__en.lproj_MainWindow.nib"))
        #expect(try NibDecompiler().decompile(nib).document.contains(#"customClass="IOSAppDelegate""#))
    }

    @Test(
        "views and custom objects beside a scene's controller are top-level objects of its scene nib, kept alive by it")
    func sceneMembers() throws {
        // xuyuntest bee (objects-11.0+ nib): ten views beside EditViewController, listed in its
        // UITopLevelObjectsToKeepAliveFromStoryboard and before everything else at the top level.
        let apple = try Graph.apple(
            "xuyuntest-bee-iOS__Main.storyboardc_UINavigationController-Nmg-qn-HLj.nib_objects-11.0-.nib")
        let appleController = try #require(
            apple.nodes.indices.first { apple.value("UITopLevelObjectsToKeepAliveFromStoryboard", of: $0) != nil })
        let kept = apple.elements(
            of: try #require(apple.object("UITopLevelObjectsToKeepAliveFromStoryboard", of: appleController)))
        let appleTop = apple.elements(of: try #require(apple.object("UINibTopLevelObjectsKey", of: 0)))
        #expect(Array(appleTop.prefix(kept.count)) == kept)
        let source = StoryboardTests.storyboard.replacingOccurrences(
            of: #"<placeholder placeholderIdentifier="IBFirstResponder""#,
            with: #"""
                <view contentMode="scaleToFill" id="mem-00-001">
                    <rect key="frame" x="0.0" y="0.0" width="335" height="181"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                </view>
                <customObject id="obj-00-001" customClass="Initializer"/>
                <placeholder placeholderIdentifier="IBFirstResponder"
                """#)
        let output = try Source.compile(source, fileName: "Main.storyboard")
        #expect(!output.warnings.contains { $0.message.contains("in a scene is not modelled") }, "\(output.warnings)")
        let scene = try #require(output.files.first { $0.key.hasPrefix("UIViewController-") }?.value)
        let ours = Graph(try NibArchive(parsing: scene))
        let controller = try #require(
            ours.nodes.indices.first { ours.value("UITopLevelObjectsToKeepAliveFromStoryboard", of: $0) != nil })
        let members = ours.elements(
            of: try #require(ours.object("UITopLevelObjectsToKeepAliveFromStoryboard", of: controller)))
        #expect(members.map { ours.nodes[$0].className } == ["UIView", "UIClassSwapper"])
        let top = ours.elements(of: try #require(ours.object("UINibTopLevelObjectsKey", of: 0)))
        for member in members { #expect(top.contains(member)) }
    }
}

/// Navigation bar heights by Xcode (``NavigationRule/barHeight(_:era:)``), against Apple's bars.
@Suite("Navigation bar heights by Xcode", .corpus)
struct NavigationBarHeightTests {
    /// The bounds of the first navigation bar of `graph`, as text.
    static func barBounds(_ graph: Graph) throws -> String {
        let bar = try #require(graph.all("UINavigationBar").first)
        return "\(try #require(graph.value("UIBounds", of: bar)))"
    }

    @Test("Xcode 11 keeps the frame's height (COVIDSAFE: 44), Xcode 12 writes 50 whatever the frame (Umarovm)")
    func heights() throws {
        let covidsafe = try Graph.apple(
            "ghuntley-COVIDSAFE-iOS-v10.ipa__Base.lproj_Main.storyboardc_UINavigationController-8X4-AC-7cb.nib_objects-11.0-.nib"
        )
        let umarovm = try Graph.apple("Umarovm-Whats-Cooking__Main.storyboardc_EditMeal.nib")
        for (tools, apple) in [(15705, covidsafe), (17701, umarovm)] {
            let source = NestedContainerTests.document(
                toolsVersion: tools, device: #"<device id="retina6_1" orientation="portrait" appearance="light"/>"#,
                initial: "nav-00-001",
                scenes: [
                    NestedContainerTests.navigation("nav-00-001", root: "roo-00-001"),
                    NestedContainerTests.controller(
                        "roo-00-001", inside: #"<navigationItem key="navigationItem" id="nit-00-001"/>"#),
                ])
            let output = try Source.compile(source, fileName: "Main.storyboard")
            let scene = try #require(output.files["UINavigationController-nav-00-001.nib"], "\(output.files.keys)")
            #expect(try Self.barBounds(Graph(try NibArchive(parsing: scene))) == Self.barBounds(apple), "\(tools)")
        }
    }
}

/// A controller's own popover size (`contentSizeForViewInPopover`, UIViewController's
/// `preferredContentSize`).
@Suite("Popover content sizes")
struct PopoverContentSizeTests {
    @Test("a popover size other than the view's: both keys hold it, with a warning")
    func ownSize() throws {
        let source = NestedContainerTests.document(
            toolsVersion: 17701, device: #"<device id="retina6_1" orientation="portrait" appearance="light"/>"#,
            initial: "roo-00-001",
            scenes: [
                NestedContainerTests.controller(
                    "roo-00-001",
                    inside: #"<value key="contentSizeForViewInPopover" type="size" width="400" height="565"/>"#)
            ])
        let output = try Source.compile(source, fileName: "Main.storyboard")
        #expect(output.warnings.contains { $0.message.contains("contentSizeForViewInPopover") })
        let scene = Graph(try NibArchive(parsing: try #require(output.files["UIViewController-roo-00-001.nib"])))
        let controller = try #require(
            scene.nodes.indices.first { scene.value("UIPreferredContentSize", of: $0) != nil })
        let expected = "\(CollectionViewTests.geometry([400, 565]))"
        for key in ["UIContentSizeForViewInPopover", "UIPreferredContentSize"] {
            #expect(scene.value(key, of: controller).map { "\($0)" } == expected, "\(key)")
        }
    }
}

extension Graph {
    /// The graph of the corpus nib `name` (Apple's output).
    static func apple(_ name: String) throws -> Graph {
        Graph(try NibArchive(parsing: try Corpus.nibBytes(named: name)))
    }
}
