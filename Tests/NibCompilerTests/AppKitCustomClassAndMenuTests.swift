import CorpusSupport
import Foundation
import KeyedArchive
import NibArchive
import NibCompiler
import Testing

/// Custom classes in Swift modules, menu items' enabled state and tool tips, and localizable
/// tool tips, each checked against the form Apple's nibs in the corpus show.
@Suite("AppKit custom classes in modules, menu item state and tool tips")
struct AppKitCustomClassAndMenuTests {
    /// A direct-instantiation document (Xcode 8 and later) with `body` in its objects.
    static func directXib(_ body: String) -> String {
        Source.macOSXib(body).replacingOccurrences(
            of: #"propertyAccessControl="none""#,
            with: #"propertyAccessControl="none" customObjectInstantitationMethod="direct""#)
    }

    static func graph(_ text: String, module: String? = "App", baseLocalized: Bool = false) throws -> Graph {
        var options = StandInProfiles.options
        options.module = module
        options.baseLocalized = baseLocalized
        return try Source.graph(text, options: options)
    }

    /// Apple's nib at `path` under the corpus (NIBArchive or keyed archive) as a graph.
    static func appleGraph(_ path: String) throws -> Graph { try WildRuleSupport.apple(path) }

    @Test(
        "Apple archives Swift classes of a module by their runtime name (module_override, Aerial's cell view)", .corpus)
    func appleRuntimeNames() throws {
        let objects = try Self.appleGraph("xib-pairs/macos-viraptor-ibtool-module_override/module_override.nib")
        let names = objects.all("NSClassSwapper").compactMap { objects.text("NSClassName", of: $0) }
        #expect(names.contains("_TtC10TestModule10MyDelegate"))
        let aerial = try Self.appleGraph(
            "xib-pairs/macos-JohnCoates-Aerial-PreferencesWindow/PreferencesWindow.nib")
        let strings = aerial.nodes.indices.compactMap { aerial.string($0) }
        #expect(strings.contains("_TtC6Aerial13CheckCellView"))
    }

    @Test("views, controls, cells and menu items in a module are swapped in under their runtime names")
    func controlsInModules() throws {
        let body = #"""
            <customView id="c1" customClass="CanvasView" customModule="Paint">
                <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                <subviews>
                    <button id="b1" customClass="FancyButton" customModule="Paint" customModuleProvider="target">
                        <rect key="frame" x="10" y="10" width="80" height="32"/>
                        <buttonCell key="cell" type="push" title="Go" bezelStyle="rounded" alignment="center" borderStyle="border" id="b2" customClass="FancyCell" customModule="Kit">
                            <behavior key="behavior" pushIn="YES" lightByBackground="YES" lightByGray="YES"/>
                            <font key="font" metaFont="system"/>
                        </buttonCell>
                    </button>
                </subviews>
            </customView>
            <menu id="m1">
                <items>
                    <menuItem title="Open" id="i1" customClass="RecentItem" customModule="Paint" customModuleProvider="target"/>
                </items>
            </menu>
            """#
        let graph = try Self.graph(Self.directXib(body), module: "App")
        let names = Set(graph.all("NSClassSwapper").compactMap { graph.text("NSClassName", of: $0) })
        // customModule as written, or the target's module (`--module`) for customModuleProvider="target".
        #expect(names.isSuperset(of: ["_TtC5Paint10CanvasView", "_TtC3App11FancyButton", "_TtC3Kit9FancyCell"]))
        #expect(names.contains("_TtC3App10RecentItem"))
        let originals = Set(graph.all("NSClassSwapper").compactMap { graph.text("NSOriginalClassName", of: $0) })
        #expect(originals.isSuperset(of: ["NSView", "NSButton", "NSButtonCell", "NSMenuItem"]))
    }

    @Test("a target class without --module keeps its plain name, with a warning")
    func targetWithoutModule() throws {
        let body = #"""
            <menu id="m1">
                <items>
                    <menuItem title="Open" id="i1" customClass="RecentItem" customModuleProvider="target"/>
                </items>
            </menu>
            """#
        var options = StandInProfiles.options
        options.module = nil
        let output = try Source.compiler(options).compile(Data(Self.directXib(body).utf8), fileName: "Test.xib")
        let graph = try Graph(NibArchive(parsing: output.files[""] ?? []))
        #expect(graph.all("NSClassSwapper").compactMap { graph.text("NSClassName", of: $0) } == ["RecentItem"])
        #expect(output.warnings.contains { $0.message.contains("pass --module") })
    }

    @Test(
        "a disabled menu item archives NSIsDisabled, as Xcode's MainMenu template's Selection and Paragraph items do",
        .corpus)
    func disabledMenuItem() throws {
        // Xcode's MainMenu template marks the Writing Direction submenu's "Selection" and
        // "Paragraph" headers enabled="NO" (10 wild documents); a MainMenu built from it:
        let apple = try Self.appleGraph("nib-keyed/TriX93-BlankAppBundle__Contents_Resources_Base.lproj_MainMenu.nib")
        let disabled = apple.all("NSMenuItem").filter {
            apple.value("NSIsDisabled", of: $0) == .bool(true) && apple.value("NSIsSeparator", of: $0) == nil
        }
        let titles = disabled.compactMap { item in
            apple.object("NSTitle", of: item).flatMap { apple.text("NSDev", of: $0) }
        }
        #expect(titles.sorted() == ["Paragraph", "Selection"])
        let body = #"""
            <menu id="m1">
                <items>
                    <menuItem title="Off" enabled="NO" id="i1"/>
                    <menuItem title="On" id="i2"/>
                </items>
            </menu>
            """#
        let graph = try Self.graph(Source.macOSXib(body))
        let items = graph.all("NSMenuItem")
        let off = try #require(items.first { graph.text("NSTitle", of: $0) == "Off" })
        let on = try #require(items.first { graph.text("NSTitle", of: $0) == "On" })
        #expect(graph.value("NSIsDisabled", of: off) == .bool(true))
        #expect(graph.value("NSIsSeparator", of: off) == nil)
        #expect(graph.value("NSIsDisabled", of: on) == nil)
    }

    @Test(
        "tool tips of menu items and views are help connectors; in Base.lproj <id>.ibShadowedToolTip strings, as in HotReloading's MainMenu",
        .corpus)
    func localizableToolTips() throws {
        let apple = try Self.appleGraph(
            "nib-keyed/johnno1962-HotReloading__Contents_Resources_Base.lproj_MainMenu.nib")
        let appleConnectors = apple.all("NSIBHelpConnector")
        let appleToItems = appleConnectors.filter { apple.className("NSDestination", of: $0) == "NSMenuItem" }
        #expect(!appleToItems.isEmpty)
        for connector in appleToItems {
            #expect(apple.text("NSFile", of: connector) == "NSToolTipHelpKey")
            let marker = try #require(apple.object("NSMarker", of: connector))
            #expect(apple.nodes[marker].className == "NSLocalizableString")
            #expect(apple.text("NSKey", of: marker)?.hasSuffix(".ibShadowedToolTip") == true)
        }

        let body = #"""
            <menu id="m1">
                <items>
                    <menuItem title="Trace" toolTip="Trace every call" id="i1"/>
                </items>
            </menu>
            <customView id="c1" toolTip="A canvas">
                <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
            </customView>
            """#
        let localized = try Self.graph(Source.macOSXib(body), baseLocalized: true)
        let connectors = localized.all("NSIBHelpConnector")
        #expect(connectors.count == 2)
        let item = try #require(connectors.first { localized.className("NSDestination", of: $0) == "NSMenuItem" })
        #expect(localized.text("NSFile", of: item) == "NSToolTipHelpKey")
        let marker = try #require(localized.object("NSMarker", of: item))
        #expect(localized.nodes[marker].className == "NSLocalizableString")
        #expect(localized.text("NSKey", of: marker) == "i1.ibShadowedToolTip")
        #expect(localized.text("NSDev", of: marker) == "Trace every call")
        let view = try #require(connectors.first { localized.className("NSDestination", of: $0) == "NSCustomView" })
        #expect(
            localized.text("NSKey", of: try #require(localized.object("NSMarker", of: view))) == "c1.ibShadowedToolTip")
        // Outside Base.lproj the marker is the plain text.
        let plain = try Self.graph(Source.macOSXib(body))
        #expect(plain.all("NSLocalizableString").isEmpty)
        #expect(
            plain.all("NSIBHelpConnector").compactMap { plain.text("NSMarker", of: $0) }.sorted()
                == ["A canvas", "Trace every call"])
    }

    @Test("disabled, custom-class, tool-tipped items decompile to the attributes that compile to the same nib")
    func menuItemsRoundTrip() throws {
        let body = #"""
            <menu title="Format" id="m1">
                <items>
                    <menuItem title="Selection" enabled="NO" id="i1"/>
                    <menuItem title="Trace" keyEquivalent="t" allowsKeyEquivalentWhenHidden="YES" toolTip="Trace every call" id="i2" customClass="RecentItem" customModule="Paint"/>
                </items>
            </menu>
            """#
        let original = try NibArchive(
            parsing: try #require(
                try Source.compiler(StandInProfiles.options).compile(
                    Data(Self.directXib(body).utf8), fileName: "Menu.xib"
                ).files[""]))
        let (result, differences) = try AppKitDecompileTests.roundTripDifferences(original)
        #expect(differences.isEmpty, "\(differences.prefix(5))")
        for fragment in [
            #"title="Selection" enabled="NO""#, #"allowsKeyEquivalentWhenHidden="YES""#,
            #"customClass="RecentItem" customModule="Paint""#, #"toolTip="Trace every call""#,
        ] {
            #expect(result.document.contains(fragment), "missing \(fragment)")
        }
    }

    @Test(
        "a button cell's SF Symbol is the symbol resource menu items hold in transmission_MainMenu, {32, 32} whatever <resources> says",
        .corpus)
    func buttonSymbol() throws {
        let apple = try Self.appleGraph(
            "xib-pairs/macos-viraptor-ibtool-transmission_MainMenu/transmission_MainMenu.nib")
        // The symbols named by an image attribute (not an <imageReference> with a configuration).
        let appleSymbols = apple.all("NSCustomResource").filter {
            apple.text("NSCatalogName", of: $0) == "system" && apple.value("NSImageVariableValue", of: $0) == nil
        }
        let sizes = Set(
            appleSymbols.compactMap {
                apple.object("IBDesignSize", of: $0).flatMap { apple.text("NS.sizeval", of: $0) }
            })
        #expect(appleSymbols.count > 1 && sizes == ["{32, 32}"])
        let appleSymbol = try #require(appleSymbols.first)
        let appleSize = sizes.first
        let source = AppKitButtonRuleTests.button(
            cell:
                #"type="push" title="Go" bezelStyle="rounded" image="folder" catalog="system" imagePosition="left" alignment="center" borderStyle="border" inset="2""#,
            behavior: AppKitButtonRuleTests.pushBehavior
        ).replacingOccurrences(
            of: "</objects>",
            with: #"</objects><resources><image name="folder" catalog="system" width="18" height="14"/></resources>"#)
        let graph = try Self.graph(source)
        let cell = try #require(graph.all("NSButtonCell").first)
        let symbol = try #require(graph.object("NSNormalImage", of: cell))
        #expect(graph.nodes[symbol].className == "NSCustomResource")
        #expect(Set(graph.nodes[symbol].values.map(\.key)) == Set(apple.nodes[appleSymbol].values.map(\.key)))
        #expect(graph.text("NSResourceName", of: symbol) == "folder")
        #expect(graph.object("IBDesignSize", of: symbol).flatMap { graph.text("NS.sizeval", of: $0) } == appleSize)
    }
}
