import CorpusSupport
import Foundation
import KeyedArchive
import NibArchive
import NibCompiler
import NibDiff
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

    /// As in Apple's output for `transmission_MainMenu`.
    @Test("a window's frame autosave name is archived")
    func frameAutosaveName() throws {
        let graph = try Source.graph(Source.macOSXib(#"<window title="W" frameAutosaveName="Main" id="1"/>"#))
        let window = try #require(graph.all("NSWindowTemplate").first)
        #expect(graph.text("NSFrameAutosaveName", of: window) == "Main")
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
            try Source.refusing {
                try Source.graph(
                    Source.macOSXib(#"<window title="W" id="1"><contentBorderThickness maxY="3"/></window>"#))
            }
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

    /// As in Apple's output for `test_6col`: outside a window, opting out is enough.
    @Test("a top-level view that opts out of autoresizing-mask constraints stops translating")
    func topLevelOptOut() throws {
        let body = #"""
            <customView translatesAutoresizingMaskIntoConstraints="NO" id="2">
                <rect key="frame" x="0" y="0" width="100" height="100"/>
            </customView>
            """#
        let graph = try Source.graph(Source.macOSXib(body))
        let view = try #require(graph.all("NSCustomView").first)
        #expect(graph.value("NSDoNotTranslateAutoresizingMask", of: view) == .bool(true))
    }

    /// No compiled nib shows a weighted system meta font: the text field keeps its text and
    /// connections, its font archived as the system font (the documented `NSFont.systemFont`
    /// name and meta font 4, as `metaFont="system"` compiles) at the source's size.
    @Test("a weighted system meta font is archived as the system font, with a warning")
    func weightedMetaFont() throws {
        func field(_ font: String) -> String {
            #"""
            <window title="W" id="1">
                <view key="contentView" id="v1">
                    <rect key="frame" x="0" y="0" width="300" height="200"/>
                    <subviews>
                        <textField verticalHuggingPriority="750" id="tf1">
                            <rect key="frame" x="20" y="20" width="100" height="21"/>
                            <textFieldCell key="cell" lineBreakMode="clipping" title="Title" id="c1">
                                \#(font)
                                <color key="textColor" name="labelColor" catalog="System" colorSpace="catalog"/>
                                <color key="backgroundColor" name="textBackgroundColor" catalog="System" colorSpace="catalog"/>
                            </textFieldCell>
                        </textField>
                    </subviews>
                </view>
            </window>
            """#
        }
        let weighted = try Source.compile(
            Source.macOSXib(field(#"<font key="font" metaFont="systemSemibold" size="15"/>"#)))
        #expect(weighted.warnings.contains { $0.message.contains("systemSemibold") })
        let plain = try Source.compile(Source.macOSXib(field(#"<font key="font" metaFont="system" size="15"/>"#)))
        func font(_ output: CompiledNib) throws -> [String] {
            let graph = try Graph(NibArchive(parsing: output.files[""] ?? []))
            let font = try #require(graph.all("NSFont").first)
            return graph.nodes[font].values.map { "\($0.key) \($0.payload)" }
        }
        #expect(try font(weighted) == font(plain))
        // A text-style font without a size: the named font at the style's size in Apple's
        // Human Interface Guidelines (title2: 17 points on macOS), with a warning.
        let styled = try Source.compile(
            Source.macOSXib(field(#"<font key="font" textStyle="title2" name=".SFNS-Regular"/>"#)))
        let sized = try Source.compile(Source.macOSXib(field(#"<font key="font" size="17" name=".SFNS-Regular"/>"#)))
        #expect(styled.warnings.contains { $0.message.contains("title2 is archived as .SFNS-Regular 17 pt") })
        #expect(try font(styled) == font(sized))
        #expect(try Graph(NibArchive(parsing: weighted.files[""] ?? [])).all("NSTextField").count == 1)
    }

    /// No compiled AppKit nib shows an asset catalog color: the control is kept, the color
    /// archived as the value the document's `<resources>` records (as that value compiles on
    /// its own), with a warning.
    @Test("an asset catalog color is archived as the value <resources> records, with a warning")
    func assetCatalogColor() throws {
        func document(_ color: String) -> String {
            Source.macOSXib(
                #"""
                <window title="W" id="1">
                    <view key="contentView" id="v1">
                        <rect key="frame" x="0" y="0" width="300" height="200"/>
                        <subviews>
                            <textField verticalHuggingPriority="750" id="tf1">
                                <rect key="frame" x="20" y="20" width="100" height="21"/>
                                <textFieldCell key="cell" lineBreakMode="clipping" title="Title" id="c1">
                                    <font key="font" metaFont="system"/>
                                    \#(color)
                                </textFieldCell>
                            </textField>
                        </subviews>
                    </view>
                </window>
                """#
            ).replacingOccurrences(
                of: "</objects>",
                with:
                    #"</objects><resources><namedColor name="Accent"><color red="0.25" green="0.5" blue="0.75" alpha="1" colorSpace="calibratedRGB"/></namedColor></resources>"#
            )
        }
        let named = try Source.compile(document(#"<color key="textColor" name="Accent"/>"#))
        #expect(named.warnings.contains { $0.message.contains("\"Accent\" is archived as the value") })
        let direct = try Source.compile(
            document(
                #"<color key="textColor" red="0.25" green="0.5" blue="0.75" alpha="1" colorSpace="calibratedRGB"/>"#))
        func textColor(_ output: CompiledNib) throws -> [String] {
            let graph = try Graph(NibArchive(parsing: output.files[""] ?? []))
            let cell = try #require(graph.all("NSTextFieldCell").first)
            let color = try #require(graph.object("NSTextColor", of: cell))
            return graph.nodes[color].values.map { "\($0.key) \($0.payload)" }
        }
        #expect(try textColor(named) == textColor(direct))
    }

    /// No compiled nib shows a top-aligned stack view: it is archived as a stack view (not a
    /// plain view) with `NSLayoutConstraint.Attribute.top`'s documented raw value, 3, and a warning.
    @Test("a stack alignment no nib shows: AppKit's public attribute value, with a warning")
    func unseenStackAlignment() throws {
        let body = #"""
            <window title="W" id="1">
                <view key="contentView" id="v1">
                    <rect key="frame" x="0" y="0" width="300" height="200"/>
                    <subviews>
                        <stackView distribution="fill" orientation="horizontal" alignment="top" spacing="8" horizontalStackHuggingPriority="249.99998474121094" verticalStackHuggingPriority="249.99998474121094" translatesAutoresizingMaskIntoConstraints="NO" id="sv1">
                            <rect key="frame" x="20" y="88" width="260" height="24"/>
                        </stackView>
                    </subviews>
                </view>
            </window>
            """#
        let output = try Source.compile(Source.macOSXib(body))
        #expect(output.warnings.contains { $0.kind == .unmodelledAttribute && $0.message.contains("aligned top") })
        let graph = try Graph(NibArchive(parsing: output.files[""] ?? []))
        let stack = try #require(graph.all("NSStackView").first)
        #expect(graph.value("NSStackViewAlignment", of: stack)?.integerValue == 3)
    }

    /// Expected values from Apple's output for `macos-viraptor-ibtool-stackview_identifier` and
    /// `test19_layouts` (equal spacing).
    @Test("stack views: orientation, alignment, distribution, container of arranged views, decoding-order connector")
    func stackViews() throws {
        let body = #"""
            <window title="W" id="1">
                <view key="contentView" id="v1">
                    <rect key="frame" x="0" y="0" width="300" height="200"/>
                    <subviews>
                        <stackView identifier="MyStack" distribution="equalSpacing" orientation="horizontal" alignment="centerY" spacing="8" horizontalStackHuggingPriority="249.99998474121094" verticalStackHuggingPriority="249.99998474121094" detachesHiddenViews="YES" translatesAutoresizingMaskIntoConstraints="NO" id="sv1">
                            <rect key="frame" x="20" y="88" width="260" height="24"/>
                            <subviews>
                                <customView translatesAutoresizingMaskIntoConstraints="NO" id="a1">
                                    <rect key="frame" x="0" y="4" width="37" height="16"/>
                                </customView>
                            </subviews>
                            <visibilityPriorities><integer value="1000"/></visibilityPriorities>
                            <customSpacing><real value="3.4028234663852886e+38"/></customSpacing>
                        </stackView>
                    </subviews>
                </view>
            </window>
            """#
        let graph = try Source.graph(Source.macOSXib(body))
        let stack = try #require(graph.all("NSStackView").first)
        #expect(graph.value("NSStackViewOrientation", of: stack)?.integerValue == 0)
        #expect(graph.value("NSStackViewAlignment", of: stack)?.integerValue == 10)
        #expect(graph.value("NSStackViewSecondaryAlignment", of: stack)?.integerValue == 3)
        #expect(graph.value("NSStackViewdistribution", of: stack)?.integerValue == 3)
        #expect(graph.value("NSStackViewHasEqualSpacing", of: stack) == .bool(true))
        #expect(graph.value("NSStackViewSpacing", of: stack) == .float32(8))
        #expect(graph.value("NSStackViewHorizontalHugging", of: stack) == .float32(249.99998))
        #expect(graph.text("NSReuseIdentifierKey", of: stack) == "MyStack")
        #expect(graph.value("NSDoNotTranslateAutoresizingMask", of: stack) == .bool(true))
        let container = try #require(graph.object("NSStackViewBeginningContainer", of: stack))
        let arranged = graph.elements(of: graph.object("NSStackViewContainerNonDroppedViews", of: container) ?? -1)
        #expect(arranged == graph.elements(of: graph.object("NSSubviews", of: stack) ?? -1))
        #expect(arranged.allSatisfy { graph.value("NSDoNotTranslateAutoresizingMask", of: $0) == .bool(true) })
        let connector = try #require(graph.all("NSNibConnector").first)
        #expect(graph.object("NSSource", of: connector) == stack)
        // The decoding-order connector has no object id.
        let data = try #require(graph.all("NSIBObjectData").first)
        #expect(!graph.elements(of: graph.object("NSOidsKeys", of: data) ?? -1).contains(connector))
    }

    /// Expected: Apple's empty stack view in Sparkle's SUUpdatePermissionPrompt (its views are
    /// added by code), whose keys are these, with no container and no decoding-order connector.
    @Test("a stack view without arranged views: no container, no decoding-order connector", .corpus)
    func emptyStackView() throws {
        let url = try Corpus.directory().appendingPathComponent(
            "xib-pairs/macos-sparkle-project-Sparkle-SUUpdatePermissionPrompt/Base.lproj/"
                + "SUUpdatePermissionPrompt.nib/keyedobjects-110000.nib")
        let bytes = [UInt8](try Data(contentsOf: url))
        let apple = Graph(
            NibArchive.isKeyedArchive(bytes) ? try NibArchive(keyedArchiveBytes: bytes) : try NibArchive(parsing: bytes)
        )
        let appleStack = try #require(apple.all("NSStackView").first)
        #expect(apple.all("NSNibConnector").isEmpty)
        let body = #"""
            <window title="W" id="1">
                <view key="contentView" id="v1">
                    <rect key="frame" x="0" y="0" width="437" height="379"/>
                    <subviews>
                        <stackView distribution="fill" orientation="vertical" alignment="leading" spacing="0.0" horizontalStackHuggingPriority="249.99998474121094" verticalStackHuggingPriority="249.99998474121094" detachesHiddenViews="YES" translatesAutoresizingMaskIntoConstraints="NO" id="sv1">
                            <rect key="frame" x="0.0" y="0.0" width="437" height="379"/>
                            <constraints>
                                <constraint firstAttribute="width" constant="437" id="c1"/>
                            </constraints>
                        </stackView>
                    </subviews>
                </view>
            </window>
            """#
        let graph = try Source.graph(Source.macOSXib(body))
        let stack = try #require(graph.all("NSStackView").first)
        // The same keys (NibDiff compares them by name).
        #expect(graph.nodes[stack].values.map(\.key).sorted() == apple.nodes[appleStack].values.map(\.key).sorted())
        #expect(graph.all("NSNibConnector").isEmpty)
    }

    /// As in Apple's output for `test19_2_layouts`.
    @Test("color wells are cell-less controls holding their color")
    func colorWell() throws {
        let body = #"""
            <window title="W" id="1">
                <view key="contentView" id="v1">
                    <rect key="frame" x="0" y="0" width="300" height="200"/>
                    <subviews>
                        <colorWell id="cw">
                            <rect key="frame" x="-3" y="62" width="44" height="28"/>
                            <color key="color" red="0.05813049898" green="0.055541899059999997" blue="1" alpha="1" colorSpace="calibratedRGB"/>
                        </colorWell>
                    </subviews>
                </view>
            </window>
            """#
        let graph = try Source.graph(Source.macOSXib(body))
        let well = try #require(graph.all("NSColorWell").first)
        #expect(graph.value("NSIsBordered", of: well) == .bool(true))
        #expect(graph.value("NSControlWritingDirection", of: well)?.integerValue == 0)
        let color = try #require(graph.object("NSColor", of: well))
        #expect(graph.value("NSColorSpace", of: color)?.integerValue == 1)
        let types = graph.elements(of: graph.object("NSDragTypes", of: well) ?? -1).compactMap { graph.string($0) }
        #expect(types == ["NSColor pasteboard type"])
    }

    /// As in Apple's output for `test_splitview_props`.
    @Test("split views: orientation, divider style, autosave name; panes clip")
    func splitView() throws {
        let body = #"""
            <window title="W" id="1">
                <view key="contentView" id="v1">
                    <rect key="frame" x="0" y="0" width="400" height="300"/>
                    <subviews>
                        <splitView autosaveName="TestSplit" dividerStyle="thin" vertical="YES" id="3">
                            <rect key="frame" x="0.0" y="0.0" width="400" height="300"/>
                            <subviews>
                                <customView id="4"><rect key="frame" x="0.0" y="0.0" width="200" height="300"/></customView>
                                <customView id="5"><rect key="frame" x="201" y="0.0" width="199" height="300"/></customView>
                            </subviews>
                            <holdingPriorities><real value="250"/><real value="250"/></holdingPriorities>
                        </splitView>
                    </subviews>
                </view>
            </window>
            """#
        let graph = try Source.graph(Source.macOSXib(body))
        let split = try #require(graph.all("NSSplitView").first)
        #expect(graph.value("NSIsVertical", of: split) == .bool(true))
        #expect(graph.value("NSDividerStyle", of: split)?.integerValue == 2)
        #expect(graph.text("NSAutosaveName", of: split) == "TestSplit")
        let panes = graph.elements(of: graph.object("NSSubviews", of: split) ?? -1)
        #expect(panes.count == 2)
        #expect(panes.allSatisfy { graph.value("NSViewClipsToBoundsKeyName", of: $0) == .bool(true) })
        let uneven = body.replacingOccurrences(
            of: #"<real value="250"/><real value="250"/>"#, with: #"<real value="251"/><real value="250"/>"#)
        #expect(throws: CompileError.self) { try Source.refusing { try Source.strictGraph(Source.macOSXib(uneven)) } }
    }

    /// Expected values from Apple's output for `toolbar_searchfield_view`.
    @Test("toolbars: the window's NSViewClass, items by identifier, default items; no maximum window size")
    func toolbar() throws {
        let body = #"""
            <window title="W" id="1">
                <toolbar key="toolbar" implicitIdentifier="TB1" displayMode="iconAndLabel" sizeMode="regular" id="tb">
                    <allowedToolbarItems>
                        <toolbarItem implicitItemIdentifier="SearchItem" label="Search" paletteLabel="Search" id="ti">
                            <size key="minSize" width="150" height="22"/>
                            <size key="maxSize" width="200" height="22"/>
                            <customView key="view" id="cv">
                                <rect key="frame" x="0.0" y="14" width="200" height="22"/>
                            </customView>
                        </toolbarItem>
                    </allowedToolbarItems>
                    <defaultToolbarItems>
                        <toolbarItem reference="ti"/>
                    </defaultToolbarItems>
                </toolbar>
            </window>
            """#
        let graph = try Source.graph(Source.macOSXib(body))
        let window = try #require(graph.all("NSWindowTemplate").first)
        let toolbar = try #require(graph.object("NSViewClass", of: window))
        #expect(graph.nodes[toolbar].className == "NSToolbar")
        #expect(graph.value("NSMaxSize", of: window) == nil)
        #expect(graph.text("NSToolbarIdentifier", of: toolbar) == "TB1")
        #expect(graph.value("NSToolbarDisplayMode", of: toolbar)?.integerValue == 1)
        #expect(graph.value("NSToolbarSizeMode", of: toolbar)?.integerValue == 1)
        let item = try #require(graph.all("NSToolbarItem").first)
        #expect(graph.elements(of: graph.object("NSToolbarIBDefaultItems", of: toolbar) ?? -1) == [item])
        let identified = graph.elements(of: graph.object("NSToolbarIBIdentifiedItems", of: toolbar) ?? -1)
        #expect(identified.count == 2 && graph.string(identified[0]) == "SearchItem" && identified[1] == item)
        #expect(graph.text("NSToolbarItemMinSize", of: item) == "{150, 22}")
        #expect(graph.value("NSToolbarItemBordered", of: item) == .bool(false))
        let view = try #require(graph.object("NSToolbarItemView", of: item))
        #expect(graph.value("NSSuperview", of: view) == nil)
        let standard = body.replacingOccurrences(of: "SearchItem", with: "NSToolbarShowColorsItem")
        #expect(throws: CompileError.self) { try Source.refusing { try Source.strictGraph(Source.macOSXib(standard)) } }
    }

    /// Expected values from Apple's output for `pred_compound_chain`.
    @Test("predicate editors: rule editor keys, a slice holder, compound templates with AppKit's pop-ups")
    func predicateEditor() throws {
        let body = #"""
            <customView id="1">
                <rect key="frame" x="0.0" y="0.0" width="429" height="206"/>
                <subviews>
                    <predicateEditor verticalHuggingPriority="750" nestingMode="compound" rowHeight="25" id="12">
                        <rect key="frame" x="0.0" y="0.0" width="429" height="206"/>
                        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                        <rowTemplates>
                            <predicateEditorRowTemplate rowType="compound" id="20">
                                <popUpMenus>
                                    <menu id="21">
                                        <items>
                                            <menuItem title="Any" state="on" id="22">
                                                <integer key="representedObject" value="2"/>
                                            </menuItem>
                                            <menuItem title="All" id="23">
                                                <integer key="representedObject" value="1"/>
                                            </menuItem>
                                            <menuItem title="None" id="24">
                                                <integer key="representedObject" value="0"/>
                                            </menuItem>
                                        </items>
                                    </menu>
                                    <menu id="25">
                                        <items>
                                            <menuItem title="of the following are true" state="on" id="26"/>
                                        </items>
                                    </menu>
                                </popUpMenus>
                            </predicateEditorRowTemplate>
                        </rowTemplates>
                    </predicateEditor>
                </subviews>
            </customView>
            """#
        let graph = try Source.graph(Source.macOSXib(body))
        let editor = try #require(graph.all("NSPredicateEditor").first)
        #expect(graph.value("NSvFlags", of: editor)?.integerValue == 274)
        #expect(graph.value("NSRuleEditorNestingMode", of: editor)?.integerValue == 2)
        #expect(graph.value("NSRuleEditorSliceHeight", of: editor) == .float64(25))
        #expect(graph.value("NSHuggingPriority", of: editor) == nil)
        let holder = try #require(graph.object("NSRuleEditorSlicesHolder", of: editor))
        #expect(graph.nodes[holder].className == "_NSRuleEditorViewSliceHolder")
        #expect(graph.elements(of: graph.object("NSSubviews", of: editor) ?? -1) == [holder])
        #expect(graph.object("NSNextKeyView", of: editor) == holder)
        let templates = graph.elements(of: graph.object("NSPredicateTemplates", of: editor) ?? -1)
        let template = try #require(templates.first)
        #expect(graph.value("NSPredicateTemplateType", of: template)?.integerValue == 2)
        let popUps = graph.elements(of: graph.object("NSPredicateTemplateViews", of: template) ?? -1)
        #expect(popUps.map { graph.text("NSFrame", of: $0) } == ["{{7, 1}, {68, 24}}", "{{81, 1}, {173, 24}}"])
        #expect(graph.object("NSNextKeyView", of: popUps[0]) == popUps[1])
        let cell = try #require(graph.object("NSCell", of: popUps[0]))
        #expect(graph.value("NSBezelStyle", of: cell)?.integerValue == 12)
        #expect(graph.value("NSButtonFlags", of: cell)?.integerValue == -2_038_415_360)
        let represented = try #require(graph.object("NSRepresentedObject", of: cell))
        let selected = try #require(graph.object("NSMenuItem", of: cell))
        #expect(graph.text("NSTitle", of: selected) == "Any")
        #expect(graph.object("NSRepObject", of: selected) == represented)
        let other = body.replacingOccurrences(of: "of the following are true", with: "of these")
        #expect(throws: CompileError.self) { try Source.refusing { try Source.strictGraph(Source.macOSXib(other)) } }
    }

    /// Expected values from Apple's output for `sb_toolbar_colors_tv` (ColorsWC.nib).
    @Test("AppKit's standard Colors toolbar item carries its own label, tool tip, image, action, size and tag")
    func standardToolbarItem() throws {
        let body = #"""
            <window title="W" id="1">
                <toolbar key="toolbar" implicitIdentifier="TB1" autosavesConfiguration="NO" id="tb">
                    <allowedToolbarItems>
                        <toolbarItem implicitItemIdentifier="NSToolbarShowColorsItem" id="ti"/>
                    </allowedToolbarItems>
                </toolbar>
            </window>
            """#
        let graph = try Source.graph(Source.macOSXib(body))
        let item = try #require(graph.all("NSToolbarItem").first)
        #expect(graph.text("NSToolbarItemLabel", of: item) == "Colors")
        #expect(graph.text("NSToolbarItemPaletteLabel", of: item) == "Colors")
        #expect(graph.text("NSToolbarItemToolTip", of: item) == "Show Color Panel")
        #expect(graph.text("NSToolbarItemAction", of: item) == "orderFrontColorPanel:")
        #expect(graph.text("NSToolbarItemMinSize", of: item) == "{44, 42}")
        #expect(graph.text("NSToolbarItemMaxSize", of: item) == "{44, 42}")
        #expect(graph.value("NSToolbarItemTag", of: item)?.integerValue == -1)
        #expect(graph.value("NSToolbarItemBordered", of: item) == .bool(true))
        let image = try #require(graph.object("NSToolbarItemImage", of: item))
        #expect(graph.text("NSResourceName", of: image) == "NSToolbarShowColors")
        #expect(graph.value("IBNamespaceID", of: image) == .nil)
        let size = try #require(graph.object("IBDesignSize", of: image))
        #expect(graph.text("NS.sizeval", of: size) == "{32, 32}")
        let other = body.replacingOccurrences(of: "NSToolbarShowColorsItem", with: "NSToolbarPrintItem")
        #expect(throws: CompileError.self) { try Source.refusing { try Source.strictGraph(Source.macOSXib(other)) } }
    }
}

/// AppKit storyboards: expected layouts and values from Apple's output for the
/// `macos-viraptor-ibtool-sb_swift_wc` and `sb_imagecell_style` pairs.
@Suite("AppKit storyboards")
struct AppKitStoryboardTests {
    static let source = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none" useAutolayout="YES" initialViewController="wc1">
            <scenes>
                <scene sceneID="s0">
                    <objects>
                        <application id="app" sceneMemberID="viewController">
                            <menu key="mainMenu" title="Main Menu" systemMenu="main" id="mm">
                                <items>
                                    <menuItem title="Quit" keyEquivalent="q" id="mi">
                                        <connections>
                                            <action selector="terminate:" target="fr0" id="c0"/>
                                        </connections>
                                    </menuItem>
                                </items>
                            </menu>
                        </application>
                        <customObject id="fr0" userLabel="First Responder" customClass="NSResponder" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <scene sceneID="s1">
                    <objects>
                        <windowController storyboardIdentifier="MainWC" id="wc1" customClass="MainWindowController" customModule="TestApp" sceneMemberID="viewController">
                            <window key="window" title="Swift" allowsToolTipsWhenApplicationIsInactive="NO" autorecalculatesKeyViewLoop="NO" releasedWhenClosed="NO" visibleAtLaunch="NO" id="win">
                                <windowStyleMask key="styleMask" titled="YES" closable="YES"/>
                                <rect key="contentRect" x="200" y="200" width="400" height="300"/>
                                <rect key="screenRect" x="0.0" y="0.0" width="1920" height="1080"/>
                            </window>
                            <connections>
                                <segue destination="vc1" kind="relationship" relationship="window.shadowedContentViewController" id="sg"/>
                            </connections>
                        </windowController>
                        <customObject id="fr1" userLabel="First Responder" customClass="NSResponder" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <scene sceneID="s2">
                    <objects>
                        <viewController id="vc1" customClass="ContentViewController" customModule="TestApp" sceneMemberID="viewController">
                            <view key="view" id="vw1">
                                <rect key="frame" x="0.0" y="0.0" width="400" height="300"/>
                                <subviews>
                                    <customView id="cv1">
                                        <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                                    </customView>
                                </subviews>
                            </view>
                            <connections>
                                <outlet property="box" destination="cv1" id="o1"/>
                            </connections>
                        </viewController>
                        <customObject id="fr2" userLabel="First Responder" customClass="NSResponder" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """#

    @Test("the storyboardc holds Info.plist, MainMenu, the window controller's scene nib and the view nib")
    func layout() throws {
        let output = try Source.compile(Self.source, fileName: "Main.storyboard")
        #expect(Set(output.files.keys) == ["Info.plist", "MainMenu.nib", "MainWC.nib", "vc1-view-vw1.nib"])
        let info = try #require(
            try PropertyListSerialization.propertyList(from: Data(output.files["Info.plist"] ?? []), format: nil)
                as? [String: Any])
        #expect(info["NSStoryboardMainMenu"] as? String == "MainMenu")
        #expect(info["NSStoryboardDesignatedEntryPointIdentifier"] as? String == "MainWC")
        #expect(
            info["NSViewControllerIdentifiersToNibNames"] as? [String: String] == [
                "MainWC": "MainWC", "MainMenu": "MainMenu",
            ])
        #expect(info["NSStoryboardVersion"] as? Int == 1)
        let uuid = try #require((info["NSViewControllerIdentifiersToUUIDs"] as? [String: String])?["MainWC"])
        #expect(uuid.count == 36 && Array(uuid)[14] == "4")
    }

    @Test("the scene nib: a swapped window controller, its window, and the content controller wired to the view nib")
    func sceneNib() throws {
        let output = try Source.compile(Self.source, fileName: "Main.storyboard")
        let graph = try Graph(NibArchive(parsing: output.files["MainWC.nib"] ?? []))
        let controller = try #require(
            graph.all("NSClassSwapper").first { graph.text("NSOriginalClassName", of: $0) == "IBNSWindowController" })
        #expect(graph.text("NSClassName", of: controller) == "_TtC7TestApp20MainWindowController")
        #expect(graph.text("explicitStoryboardIdentifier", of: controller) == "MainWC")
        let window = try #require(graph.object("IBWindowTemplate", of: controller))
        let contentView = try #require(graph.object("NSWindowView", of: window))
        #expect(graph.text("NSFrameSize", of: contentView) == "{400, 300}")
        let content = try #require(graph.object("IBWindowTemplateContentViewController", of: controller))
        #expect(graph.text("NSClassName", of: content) == "_TtC7TestApp21ContentViewController")
        #expect(graph.text("NSNibName", of: content) == "vc1-view-vw1")
        // The controller has an outlet of its own, so the view nib reaches it as an upstream placeholder.
        let table = graph.elements(of: graph.object("NSExternalObjectsTableForViewLoading", of: content) ?? -1)
        #expect(table.count == 2 && table.last == content)
        let labels = graph.all("NSNibOutletConnector").compactMap { graph.text("NSLabel", of: $0) }
        #expect(labels.sorted() == ["sceneController", "storyboard", "storyboard", "window"])
        let connector = try #require(graph.all("NSIBUserDefinedRuntimeAttributesConnector").first)
        #expect(graph.object("NSObject", of: connector) == window)
    }

    @Test("the view nib: File's Owner holds the view; the controller's outlets come from its placeholder")
    func viewNib() throws {
        let output = try Source.compile(Self.source, fileName: "Main.storyboard")
        let graph = try Graph(NibArchive(parsing: output.files["vc1-view-vw1.nib"] ?? []))
        let outlets = graph.all("NSNibOutletConnector")
        let view = try #require(outlets.first { graph.text("NSLabel", of: $0) == "view" })
        #expect(graph.className("NSSource", of: view) == "NSCustomObject")
        let box = try #require(outlets.first { graph.text("NSLabel", of: $0) == "box" })
        let placeholder = try #require(graph.object("NSSource", of: box))
        #expect(graph.text("NSExternalObjectPlaceholderIdentifier", of: placeholder) == "UpstreamPlaceholder-1")
    }

    @Test("MainMenu.nib: the application with its main menu; actions to a scene's First Responder have no destination")
    func mainMenu() throws {
        let output = try Source.compile(Self.source, fileName: "Main.storyboard")
        let graph = try Graph(NibArchive(parsing: output.files["MainMenu.nib"] ?? []))
        let application = try #require(graph.all("NSCustomObject").first { graph.object("IBMainMenu", of: $0) != nil })
        #expect(graph.text("NSClassName", of: application) == "NSApplication")
        let action = try #require(graph.all("NSNibControlConnector").first)
        #expect(graph.object("NSDestination", of: action) == nil)
    }

    /// ``source`` with an application delegate (the application's `delegate` outlet) and a
    /// shared user defaults controller bound by the content view beside their controllers.
    static let membersSource = source.replacingOccurrences(
        of: #"<customObject id="fr0""#,
        with: #"<customObject id="Voe-Tx-rLC" customClass="AppDelegate" customModule="uitest"/><customObject id="fr0""#
    )
    .replacingOccurrences(
        of: "</application>",
        with:
            #"<connections><outlet property="delegate" destination="Voe-Tx-rLC" id="d0"/></connections></application>"#
    )
    .replacingOccurrences(
        of: #"<customObject id="fr2""#,
        with: #"<userDefaultsController representsSharedInstance="YES" id="udc"/><customObject id="fr2""#
    )
    .replacingOccurrences(
        of: #"<customView id="cv1">"#,
        with:
            #"<customView id="cv1"><connections><binding destination="udc" name="hidden" keyPath="values.hide" id="b1"/></connections>"#
    )

    @Test("scene members decompile to the objects beside their controllers and compile back to the same nibs")
    func sceneMembersRoundTrip() throws {
        let output = try Source.compile(Self.membersSource, fileName: "Main.storyboard")
        let nibs = try output.files.keys.sorted().filter { $0.hasSuffix(".nib") }.map { name in
            (name: name, archive: try NibArchive(parsing: output.files[name] ?? []))
        }
        let result = try NibDecompiler().decompileStoryboard(nibs: nibs, infoPlist: output.files["Info.plist"] ?? [])
        // Nibs keep no ids of objects but controllers: the members are found by what they hold.
        for fragment in [
            #"customClass="AppDelegate" customModule="uitest"/>"#,
            #"<userDefaultsController representsSharedInstance="YES" id=""#,
            #"<outlet property="delegate" destination=""#, #"name="hidden" keyPath="values.hide""#,
        ] {
            #expect(result.document.contains(fragment), "missing \(fragment)")
        }
        let again = try Source.compile(result.document, fileName: "Again.storyboard")
        for (name, original) in nibs {
            let bytes = try #require(again.files[name], "no \(name) in \(again.files.keys.sorted())")
            let differences = StructuralComparison().differences(between: original, and: try NibArchive(parsing: bytes))
            #expect(differences.isEmpty, "\(name): \(differences.prefix(5).map(\.description))")
        }
    }

    /// The members' archived forms are Apple's for the same top-level objects of AppKit xibs:
    /// test8_menu's `AppDelegate` (direct instantiation, as storyboard controllers are) and
    /// transmission_MainMenu's shared user defaults controller. No compiled storyboard of the
    /// corpus shows a scene member, so where they go is the compiler's choice (with a warning).
    @Test(
        "scene members: the application's delegate in MainMenu.nib, a view controller's user defaults controller in its view nib",
        .corpus)
    func sceneMembers() throws {
        let output = try Source.compile(Self.membersSource, fileName: "Main.storyboard")
        #expect(output.warnings.filter { $0.message.contains("beside a scene's controller") }.count == 2)
        #expect(!output.warnings.contains { $0.message.contains("not modelled; left out") })

        let appleMenu = try WildRuleSupport.apple("xib-pairs/macos-viraptor-ibtool-test8_menu/test8_menu.nib")
        let appleDelegate = try #require(
            appleMenu.all("NSClassSwapper").first {
                appleMenu.text("NSClassName", of: $0)?.hasSuffix("AppDelegate") == true
            })
        let menu = try Graph(NibArchive(parsing: output.files["MainMenu.nib"] ?? []))
        let delegate = try #require(
            menu.all("NSNibOutletConnector").first { menu.text("NSLabel", of: $0) == "delegate" })
        let application = try #require(menu.object("NSSource", of: delegate))
        #expect(menu.object("IBMainMenu", of: application) != nil)
        let object = try #require(menu.object("NSDestination", of: delegate))
        #expect(menu.nodes[object].className == appleMenu.nodes[appleDelegate].className)
        #expect(menu.text("NSClassName", of: object) == appleMenu.text("NSClassName", of: appleDelegate))
        #expect(
            menu.text("NSOriginalClassName", of: object) == appleMenu.text("NSOriginalClassName", of: appleDelegate))

        let appleDefaults = try WildRuleSupport.apple(
            "xib-pairs/macos-viraptor-ibtool-transmission_MainMenu/transmission_MainMenu.nib")
        let appleController = try #require(appleDefaults.all("NSUserDefaultsController").first)
        let view = try Graph(NibArchive(parsing: output.files["vc1-view-vw1.nib"] ?? []))
        let binding = try #require(view.all("NSNibBindingConnector").first)
        let controller = try #require(view.object("NSDestination", of: binding))
        #expect(view.nodes[controller].className == "NSUserDefaultsController")
        #expect(
            view.nodes[controller].values.map(\.key) == appleDefaults.nodes[appleController].values.map(\.key))
        #expect(
            view.value("NSSharedInstance", of: controller)
                == appleDefaults.value("NSSharedInstance", of: appleController))
    }

    /// Compiles `source` (a storyboard) with the stand-in ICC profiles and reads one nib back.
    static func nib(_ name: String, of source: String) throws -> Graph {
        let output = try Source.compiler(StandInProfiles.options).compile(
            Data(source.utf8), fileName: "Main.storyboard")
        return try Graph(NibArchive(parsing: output.files[name] ?? []))
    }

    /// Expected from Apple's ColorsWC.nib in `sb_toolbar_colors_tv`.
    @Test("the window's own outlets (its delegate) are archived in the scene nib")
    func windowDelegate() throws {
        let source = Self.source.replacingOccurrences(
            of: #"<rect key="screenRect" x="0.0" y="0.0" width="1920" height="1080"/>"#,
            with: #"""
                <rect key="screenRect" x="0.0" y="0.0" width="1920" height="1080"/>
                <connections><outlet property="delegate" destination="wc1" id="d1"/></connections>
                """#)
        let graph = try Self.nib("MainWC.nib", of: source)
        let delegate = try #require(
            graph.all("NSNibOutletConnector").first { graph.text("NSLabel", of: $0) == "delegate" })
        #expect(graph.className("NSSource", of: delegate) == "NSWindowTemplate")
        #expect(graph.className("NSDestination", of: delegate) == "NSClassSwapper")
    }

    /// A storyboard whose content view holds a scrolling text view with `insertion` as its
    /// insertion point color name and `extra` children.
    static func textViewSource(insertion: String = "textInsertionPointColor", extra: String = "") -> String {
        guard let start = source.range(of: #"<customView id="cv1">"#),
            let end = source.range(of: "</customView>", range: start.upperBound..<source.endIndex)
        else { return source }
        return source.replacingCharacters(
            in: start.lowerBound..<end.upperBound,
            with: #"""
                <scrollView borderType="none" horizontalLineScroll="10" horizontalPageScroll="10" verticalLineScroll="10" verticalPageScroll="10" hasHorizontalScroller="NO" id="cv1">
                    <rect key="frame" x="0" y="0" width="400" height="300"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <clipView key="contentView" drawsBackground="NO" id="clip">
                        <rect key="frame" x="0" y="0" width="400" height="300"/>
                        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                        <subviews>
                            <textView importsGraphics="NO" richText="NO" verticallyResizable="YES" spellingCorrection="YES" smartInsertDelete="YES" id="tv">
                                <rect key="frame" x="0" y="0" width="400" height="300"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <color key="insertionPointColor" name="\#(insertion)" catalog="System" colorSpace="catalog"/>
                                <color key="backgroundColor" name="textBackgroundColor" catalog="System" colorSpace="catalog"/>
                                \#(extra)
                            </textView>
                        </subviews>
                    </clipView>
                    <scroller key="horizontalScroller" hidden="YES" wantsLayer="YES" verticalHuggingPriority="750" horizontal="YES" id="hs">
                        <rect key="frame" x="-100" y="-100" width="340" height="16"/>
                        <autoresizingMask key="autoresizingMask"/>
                    </scroller>
                    <scroller key="verticalScroller" wantsLayer="YES" verticalHuggingPriority="750" horizontal="NO" id="vs">
                        <rect key="frame" x="383" y="0" width="17" height="300"/>
                        <autoresizingMask key="autoresizingMask"/>
                    </scroller>
                </scrollView>
                """#)
    }

    /// Expected from Apple's view nibs in `sb_textview` and `sb_toolbar_colors_tv`.
    @Test("storyboard text views: no default text color, the frame as maximum size, the Mac's text flags")
    func textView() throws {
        let graph = try Self.nib("vc1-view-vw1.nib", of: Self.textViewSource(insertion: "textColor"))
        let view = try #require(graph.all("NSTextView").first)
        #expect(graph.value("NSTextViewTextColor", of: view) == nil)
        #expect(graph.text("NSMaxSize", of: view) == "{400, 300}")
        #expect(graph.text("NSFrameSize", of: view) == "{383, 300}")
        let shared = try #require(graph.object("NSSharedData", of: view))
        #expect(graph.value("NSFlags", of: shared)?.integerValue == 0x200_8B03)
        let insertion = try #require(graph.object("NSInsertionColor", of: shared))
        #expect(graph.text("NSColorName", of: insertion) == "textInsertionPointColor")
        // Other attributes: the Mac's flags for them are unknown.
        let rich = Self.textViewSource().replacingOccurrences(of: #"richText="NO" "#, with: "")
        #expect(throws: CompileError.self) { try Source.refusing { try Self.nib("vc1-view-vw1.nib", of: rich) } }
    }

    @Test("scenes the compiler does not model are errors naming the element")
    func unsupported() throws {
        let source = Self.source.replacingOccurrences(
            of: "<application id=\"app\"", with: "<splitViewController id=\"app\""
        )
        .replacingOccurrences(of: "</application>", with: "</splitViewController>")
        #expect(throws: CompileError.self) {
            try Source.refusing { try Source.strictCompile(source, fileName: "Main.storyboard") }
        }
    }
}

@Suite("AppKit connection attributes no rule reads are errors")
struct AppKitUnreadAttributeTests {
    @Test("an outlet, action or runtime attribute with an unread attribute stops the compile")
    func unreadConnectionAttribute() throws {
        for connection in [
            #"<connections><outlet property="delegate" destination="-2" id="o1" zzExtra="1"/></connections>"#,
            #"<connections><action selector="go:" target="-2" id="a1" zzExtra="1"/></connections>"#,
            #"<userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type="string" keyPath="k" value="v" zzExtra="1"/></userDefinedRuntimeAttributes>"#,
        ] {
            let body =
                connection.hasPrefix("<connections>")
                ? #"<customObject id="c1" customClass="Controller">\#(connection)</customObject>"#
                : #"<customView id="c1"><rect key="frame" x="0" y="0" width="10" height="10"/><autoresizingMask key="autoresizingMask"/>\#(connection)</customView>"#
            // Without the extra attribute the object compiles.
            _ = try Source.graph(Source.macOSXib(body.replacingOccurrences(of: #" zzExtra="1""#, with: "")))
            do {
                _ = try Source.refusing { try Source.graph(Source.macOSXib(body)) }
                Issue.record("compiled although zzExtra is not read: \(connection)")
            } catch {
                #expect("\(error)".contains("zzExtra"), "\(error)")
            }
        }
    }
}
