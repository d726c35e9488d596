import Foundation
import NibArchive
import NibCompiler
import Testing

@Suite("AppKit element rules")
struct AppKitRuleTests {
    @Test("the root is NSIBObjectData with File's Owner as NSRoot and object ids for every object")
    func objectData() throws {
        let graph = try Source.graph(Source.macOSXib(""))
        let data = try #require(graph.object("IB.objectdata", of: graph.root))
        #expect(graph.nodes[data].className == "NSIBObjectData")
        let owner = try #require(graph.object("NSRoot", of: data))
        #expect(graph.text("NSClassName", of: owner) == "NSApplication")
        #expect(graph.elements(of: graph.object("NSOidsKeys", of: data) ?? -1).count == 2)
    }

    @Test(
        "window flags pack defer, released-when-closed, tool tips, key-view loop and struts",
        arguments: [
            (#"allowsToolTipsWhenApplicationIsInactive="NO" autorecalculatesKeyViewLoop="NO""#, Int64(0x2078_0000)),
            ("", 0x2078_2800),
            (
                #"allowsToolTipsWhenApplicationIsInactive="NO" autorecalculatesKeyViewLoop="NO" releasedWhenClosed="NO""#,
                0x6078_0000
            ),
        ])
    func windowFlags(attributes: String, flags: Int64) throws {
        let graph = try Source.graph(Source.macOSXib(#"<window title="W" \#(attributes) id="1"/>"#))
        let window = try #require(graph.all("NSWindowTemplate").first)
        #expect(graph.value("NSWTFlags", of: window)?.integerValue == flags)
    }

    @Test("a window without struts is centred on the screen rect")
    func windowRect() throws {
        let body = #"""
            <window title="W" id="1">
                <rect key="contentRect" x="100" y="100" width="400" height="300"/>
                <rect key="screenRect" x="0.0" y="0.0" width="1440" height="900"/>
            </window>
            """#
        let graph = try Source.graph(Source.macOSXib(body))
        let window = try #require(graph.all("NSWindowTemplate").first)
        #expect(graph.text("NSWindowRect", of: window) == "{{520, 300}, {400, 300}}")
    }

    @Test("objects instantiated directly become NSClassSwapper")
    func directCustomObject() throws {
        let source = Source.macOSXib(#"<customObject id="x1" customClass="AppDelegate"/>"#)
            .replacingOccurrences(
                of: #"propertyAccessControl="none""#,
                with: #"propertyAccessControl="none" customObjectInstantitationMethod="direct""#)
        let graph = try Source.graph(source)
        let swapper = try #require(graph.all("NSClassSwapper").first)
        #expect(graph.value("NSInitializeWithInit", of: swapper) == .bool(true))
    }

    /// Expected values from Apple's output for `macos-viraptor-ibtool-test_window_behavior`
    /// (canJoinAllSpaces + transient → 9) and `HSChooserWindow` (ignoresCycle → 64); the other
    /// bits are the raw values of `NSWindow.CollectionBehavior` in AppKit's headers.
    @Test(
        "window collection behavior flags pack into NSWindowCollectionBehavior",
        arguments: [(#"canJoinAllSpaces="YES" transient="YES""#, Int64(9)), (#"ignoresCycle="YES""#, 64)])
    func collectionBehavior(attributes: String, bits: Int64) throws {
        let body = #"""
            <window title="W" id="1">
                <windowCollectionBehavior key="collectionBehavior" \#(attributes)/>
            </window>
            """#
        let graph = try Source.graph(Source.macOSXib(body))
        let window = try #require(graph.all("NSWindowTemplate").first)
        #expect(graph.value("NSWindowCollectionBehavior", of: window)?.integerValue == bits)
    }

    /// As in Apple's output for `macos-viraptor-ibtool-window_fullsize`: the content minimum
    /// size is written twice, as content and frame minimum, sharing one string.
    @Test("a window's minimum content size becomes NSWindowContentMinSize and NSMinSize")
    func minimumSize() throws {
        let body = #"""
            <window title="W" id="1">
                <value key="minSize" type="size" width="350" height="5"/>
            </window>
            """#
        let graph = try Source.graph(Source.macOSXib(body))
        let window = try #require(graph.all("NSWindowTemplate").first)
        #expect(graph.text("NSWindowContentMinSize", of: window) == "{350, 5}")
        #expect(graph.object("NSMinSize", of: window) == graph.object("NSWindowContentMinSize", of: window))
    }

    /// As in Apple's output for `macos-viraptor-ibtool-test_content_border`.
    @Test("a bottom content border is a fixed thickness")
    func contentBorder() throws {
        let body = #"""
            <window title="W" id="1">
                <contentBorderThickness minY="32"/>
            </window>
            """#
        let graph = try Source.graph(Source.macOSXib(body))
        let window = try #require(graph.all("NSWindowTemplate").first)
        #expect(graph.value("NSContentBorderThicknessMinY", of: window) == .float64(32))
        #expect(graph.value("NSAutorecalculatesContentBorderThicknessMinY", of: window) == .bool(false))
        #expect(throws: CompileError.self) {
            try Source.graph(Source.macOSXib(#"<window title="W" id="1"><contentBorderThickness maxY="3"/></window>"#))
        }
    }

    /// As in Apple's output for `test14_custom_classes` (direct) and `test15_custom_classes`:
    /// a `<view>` with a custom class is swapped in either way; a `<customView>` is an
    /// `NSCustomView` with a class reference unless objects are instantiated directly.
    @Test("views with a custom class: NSClassSwapper for <view>, NSCustomView + IBClassReference for <customView>")
    func customViewClasses() throws {
        let body = #"""
            <window title="W" id="1">
                <view key="contentView" id="2" customClass="SomeClass">
                    <rect key="frame" x="0.0" y="0.0" width="480" height="270"/>
                </view>
            </window>
            <customView id="3" customClass="SomeViewClass">
                <rect key="frame" x="0.0" y="0.0" width="163" height="96"/>
            </customView>
            """#
        let graph = try Source.graph(Source.macOSXib(body))
        let swapper = try #require(graph.all("NSClassSwapper").first)
        #expect(graph.text("NSClassName", of: swapper) == "SomeClass")
        #expect(graph.text("NSOriginalClassName", of: swapper) == "NSView")
        let custom = try #require(graph.all("NSCustomView").first)
        #expect(graph.text("NSClassName", of: custom) == "SomeViewClass")
        let reference = try #require(graph.object("IBClassReference", of: custom))
        #expect(graph.text("IBClassName", of: reference) == "SomeViewClass")
    }

    /// Expected values from Apple's output for `macos-viraptor-ibtool-test8_menu` and
    /// `todo-test9_menu_conn`.
    @Test("menus: system names, submenus, separators, key-equivalent modifiers and shared state images")
    func menus() throws {
        let body = #"""
            <menu title="Main Menu" systemMenu="main" id="m1">
                <items>
                    <menuItem title="App" id="i1">
                        <modifierMask key="keyEquivalentModifierMask"/>
                        <menu key="submenu" title="App" systemMenu="apple" id="m2">
                            <items>
                                <menuItem isSeparatorItem="YES" id="i2"/>
                                <menuItem title="Preferences…" keyEquivalent="," id="i3">
                                    <connections>
                                        <action selector="showPreferences:" target="-1" id="c1"/>
                                    </connections>
                                </menuItem>
                                <menuItem title="Hide Others" keyEquivalent="h" id="i4">
                                    <modifierMask key="keyEquivalentModifierMask" option="YES" command="YES"/>
                                </menuItem>
                            </items>
                        </menu>
                    </menuItem>
                </items>
            </menu>
            """#
        let graph = try Source.graph(Source.macOSXib(body))
        let menus = graph.all("NSMenu")
        let main = try #require(menus.first { graph.text("NSTitle", of: $0) == "Main Menu" })
        #expect(graph.text("NSName", of: main) == "_NSMainMenu")
        let items = graph.all("NSMenuItem")
        func item(_ title: String) throws -> Int {
            try #require(items.first { graph.text("NSTitle", of: $0) == title })
        }
        let app = try item("App")
        let submenu = try #require(graph.object("NSSubmenu", of: app))
        #expect(graph.text("NSName", of: submenu) == "_NSAppleMenu")
        #expect(graph.object("NSTarget", of: app) == submenu)
        #expect(graph.text("NSAction", of: app) == "submenuAction:")
        #expect(graph.value("NSKeyEquivModMask", of: app) == nil)
        let separator = try item("")
        #expect(graph.value("NSIsSeparator", of: separator) == .bool(true))
        #expect(graph.value("NSIsDisabled", of: separator) == .bool(true))
        #expect(graph.value("NSKeyEquivModMask", of: separator) == nil)
        #expect(graph.value("NSKeyEquivModMask", of: try item("Preferences…"))?.integerValue == 1_048_576)
        #expect(graph.value("NSKeyEquivModMask", of: try item("Hide Others"))?.integerValue == 1_572_864)
        #expect(graph.value("NSMnemonicLoc", of: separator)?.integerValue == 2_147_483_647)
        let checkmarks = Set(items.compactMap { graph.object("NSOnImage", of: $0) })
        #expect(checkmarks.count == 1)
        #expect(checkmarks.first.flatMap { graph.text("NSResourceName", of: $0) } == "NSMenuCheckmark")
        let connector = try #require(graph.all("NSNibControlConnector").first)
        #expect(graph.object("NSDestination", of: connector) == nil)
        #expect(graph.text("NSLabel", of: connector) == "showPreferences:")
    }

    /// Expected values from Apple's output for `macos-viraptor-ibtool-layout_guide` and
    /// `test21_masktranslate`.
    @Test("AppKit constraints, the safe-area guide they use, and which views stop translating their masks")
    func constraintsAndGuides() throws {
        let body = #"""
            <window title="W" id="1">
                <view key="contentView" id="2">
                    <rect key="frame" x="0.0" y="0.0" width="480" height="270"/>
                    <subviews>
                        <customView translatesAutoresizingMaskIntoConstraints="NO" id="cv1">
                            <rect key="frame" x="0" y="0" width="480" height="270"/>
                        </customView>
                        <customView fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="cv2">
                            <rect key="frame" x="0" y="0" width="10" height="10"/>
                        </customView>
                        <customView translatesAutoresizingMaskIntoConstraints="NO" id="cv3">
                            <rect key="frame" x="0" y="0" width="10" height="10"/>
                        </customView>
                    </subviews>
                    <constraints>
                        <constraint firstItem="cv1" firstAttribute="leading" secondItem="sg1" secondAttribute="leading" id="c1"/>
                        <constraint firstItem="cv2" firstAttribute="top" secondItem="cv1" secondAttribute="bottom" constant="8" symbolic="YES" id="c2"/>
                        <constraint firstAttribute="height" constant="43" id="c3"/>
                    </constraints>
                    <viewLayoutGuide key="safeArea" id="sg1"/>
                    <viewLayoutGuide key="layoutMargins" id="mg1"/>
                </view>
            </window>
            """#
        let graph = try Source.graph(Source.macOSXib(body))
        let view = try #require(graph.all("NSView").first)
        let constraints = graph.elements(of: graph.object("NSViewConstraints", of: view) ?? -1)
        #expect(constraints.count == 3)
        let guide = try #require(graph.all("NSLayoutGuide").first)
        #expect(graph.text("NSLayoutGuideIdentifier", of: guide) == "NSViewSafeAreaLayoutGuide")
        #expect(graph.elements(of: graph.object("NSViewLayoutGuides", of: view) ?? -1) == [guide])
        let safeArea = try #require(graph.object("IBNSSafeAreaLayoutGuide", of: view))
        #expect(graph.value("IBNSLayoutGuideSystemType", of: safeArea)?.integerValue == 2)
        let margins = try #require(graph.object("IBNSLayoutMarginsGuide", of: view))
        #expect(graph.value("IBNSLayoutGuideSystemType", of: margins)?.integerValue == 1)
        let leading = try #require(constraints.first { graph.value("NSFirstAttribute", of: $0)?.integerValue == 5 })
        #expect(graph.object("NSSecondItem", of: leading) == guide)
        let oneItem = try #require(constraints.first { graph.value("NSFirstAttribute", of: $0)?.integerValue == 8 })
        #expect(graph.value("NSSecondAttribute", of: oneItem) == nil)
        #expect(graph.value("NSConstant", of: oneItem) == .float64(43))
        let custom = graph.all("NSCustomView")
        let flagged = custom.filter { graph.value("NSDoNotTranslateAutoresizingMask", of: $0) == .bool(true) }
        // cv1 is constrained; cv2 has a fixed frame; cv3 is named by no constraint.
        #expect(flagged.count == 1)
        #expect(flagged.first.flatMap { graph.object("NSFirstItem", of: leading) == $0 } == true)
    }
}
