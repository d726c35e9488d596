import Foundation
import NibArchive
import NibCompiler
import Testing

/// Menu item images (SF Symbols, secondary images, `<imageReference>`), key equivalents given
/// as `<string>` elements, images a document stores itself, the menu state images and the
/// hidden detached corner view. Expected values are read from Apple's nibs in the macOS pairs
/// named in each test (`transmission_MainMenu`, Xcode 16.4; scribendi `MarkupTagsController`,
/// `PreferencesController`, Xcode 14.2; `HSChooserWindow`).
@Suite("AppKit menu item images")
struct AppKitMenuImageRuleTests {
    /// A toolsVersion 24506 document with `items` in one menu and `resources`.
    static func menu(_ items: String, resources: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="24506" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none">
            <objects>
                <customObject id="-2" userLabel="File's Owner" customClass="NSApplication"/>
                <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
                <customObject id="-3" userLabel="Application" customClass="NSObject"/>
                <menu title="Sort" id="1">
                    <items>
        \(items)
                    </items>
                </menu>
            </objects>
            <resources>
        \(resources)
            </resources>
        </document>
        """
    }

    static let symbols = """
        <image name="arrow.up" catalog="system" width="13" height="14"/>
        <image name="trash" catalog="system" width="15" height="17"/>
        <image name="heart" catalog="system" width="16" height="14"/>
        <image name="house" catalog="system" width="19" height="16"/>
        """

    /// The item titled `title`.
    static func item(_ title: String, in graph: Graph) throws -> Int {
        try #require(graph.all("NSMenuItem").first { graph.text("NSTitle", of: $0) == title })
    }

    @Test("a symbol image archives catalog system at {32, 32}, whatever <resources> says (transmission_MainMenu)")
    func symbolImage() throws {
        let graph = try Source.graph(
            Self.menu(
                #"""
                <menuItem title="Ascending" image="arrow.up" catalog="system" id="2"/>
                <menuItem title="Plain" id="3"/>
                """#, resources: Self.symbols))
        let item = try Self.item("Ascending", in: graph)
        let image = try #require(graph.object("NSImage", of: item))
        #expect(graph.nodes[image].className == "NSCustomResource")
        #expect(graph.text("NSClassName", of: image) == "NSImage")
        #expect(graph.text("NSResourceName", of: image) == "arrow.up")
        #expect(graph.text("NSCatalogName", of: image) == "system")
        #expect(graph.text("IBNamespaceID", of: image) == "system")
        #expect(graph.value("IBDesignImageConfiguration", of: image) == .nil)
        #expect(graph.value("NSImageVariableValue", of: image) == nil)
        let size = try #require(graph.object("IBDesignSize", of: image))
        #expect(graph.text("NS.sizeval", of: size) == "{32, 32}")
        #expect(graph.value("NSHasActionImage", of: item) == nil)
        #expect(graph.value("NSActionImage", of: try Self.item("Plain", in: graph)) == nil)
    }

    @Test("a secondary image is the action image; a <string> key equivalent is decoded (transmission_MainMenu)")
    func secondaryImage() throws {
        let graph = try Source.graph(
            Self.menu(
                #"""
                <menuItem title="Remove From List" secondaryImage="trash" catalog="system" tag="2" id="2">
                    <string key="keyEquivalent" base64-UTF8="YES">
                CA
                </string>
                </menuItem>
                """#, resources: Self.symbols))
        let item = try Self.item("Remove From List", in: graph)
        #expect(graph.value("NSHasActionImage", of: item) == .bool(true))
        #expect(graph.value("NSImage", of: item) == nil)
        let image = try #require(graph.object("NSActionImage", of: item))
        #expect(graph.text("NSResourceName", of: image) == "trash")
        #expect(graph.text("NSCatalogName", of: image) == "system")
        #expect(graph.object("IBDesignSize", of: image).flatMap { graph.text("NS.sizeval", of: $0) } == "{32, 32}")
        let keyEquivalent = try #require(graph.object("NSKeyEquiv", of: item))
        #expect(graph.data("NS.bytes", of: keyEquivalent) == [0x08])
        #expect(graph.value("NSKeyEquivModMask", of: item)?.integerValue == 1_048_576)
    }

    @Test("<imageReference> heart: {17, 14}, its variable value and an image configuration (transmission_MainMenu)")
    func imageReference() throws {
        let graph = try Source.graph(
            Self.menu(
                #"""
                <menuItem title="Donate…" tag="5678" id="2">
                    <imageReference key="secondaryImage" image="heart" catalog="system" symbolScale="default" variableValue="1"/>
                </menuItem>
                """#, resources: Self.symbols))
        let item = try Self.item("Donate…", in: graph)
        #expect(graph.value("NSHasActionImage", of: item) == .bool(true))
        let image = try #require(graph.object("NSActionImage", of: item))
        #expect(graph.text("NSResourceName", of: image) == "heart")
        #expect(graph.text("NSCatalogName", of: image) == "system")
        #expect(graph.value("NSImageVariableValue", of: image) == .float64(1))
        #expect(graph.object("IBDesignSize", of: image).flatMap { graph.text("NS.sizeval", of: $0) } == "{17, 14}")
        let configuration = try #require(graph.object("IBDesignImageConfiguration", of: image))
        #expect(graph.nodes[configuration].className == "IBImageConfiguration")
        #expect(graph.value("IBSymbolScale", of: configuration)?.integerValue == -1)
        #expect(graph.value("IBRenderingMode", of: configuration)?.integerValue == 0)
        #expect(graph.value("IBLocale", of: configuration) == .nil)
        let variable = try #require(graph.object("IBVariableValue", of: configuration))
        #expect(graph.value("NS.dblval", of: variable) == .float64(1))
        let colors = try #require(graph.object("IBHierarchicalColors", of: configuration))
        #expect(graph.nodes[colors].className == "NSArray")
        #expect(graph.elements(of: colors).isEmpty)
    }

    @Test("symbols whose size ibtool would compute otherwise, or that <resources> lacks, are refused")
    func refusedSymbols() {
        let unknownSize = Self.menu(
            #"""
            <menuItem title="Home" id="2">
                <imageReference key="secondaryImage" image="house" catalog="system" symbolScale="default" variableValue="1"/>
            </menuItem>
            """#, resources: Self.symbols)
        #expect(throws: CompileError.self) { try Source.refusing { try Source.strictGraph(unknownSize) } }
        let otherScale = Self.menu(
            #"""
            <menuItem title="Donate" id="2">
                <imageReference key="secondaryImage" image="heart" catalog="system" symbolScale="large" variableValue="1"/>
            </menuItem>
            """#, resources: Self.symbols)
        #expect(throws: CompileError.self) { try Source.refusing { try Source.strictGraph(otherScale) } }
        let unlisted = Self.menu(
            #"<menuItem title="Up" image="arrow.up" catalog="system" id="2"/>"#, resources: "")
        #expect(throws: CompileError.self) { try Source.refusing { try Source.strictGraph(unlisted) } }
        let otherCatalog = Self.menu(
            #"<menuItem title="Up" image="arrow.up" catalog="custom" id="2"/>"#, resources: Self.symbols)
        #expect(throws: CompileError.self) { try Source.refusing { try Source.strictGraph(otherCatalog) } }
    }

    // MARK: Images stored in the document

    /// An `NSKeyedArchiver` archive (bplist00) of an `NSImage` shaped as transmission_MainMenu's
    /// `imageCell:Uue-OE-Cnc:image` (NSImageFlags 549453824, one NSBitmapImageRep in an array
    /// after the number 0, a white NSColor, nil tint), with a 2 × 2 size and 8 bytes of TIFF.
    static let archivedImage = """
        YnBsaXN0MDDUAQIDBAUGBwpYJHZlcnNpb25ZJGFyY2hpdmVyVCR0b3BYJG9iamVjdHMSAAGGoF8Q
        D05TS2V5ZWRBcmNoaXZlctEICVRyb290gAGuCwwbHCEaJissMzY5P0FVJG51bGzXDQ4PEBESExQV
        FhcYGRpWTlNTaXplViRjbGFzc1xOU0ltYWdlRmxhZ3NWTlNSZXBzW05TVGludENvbG9yV05TQ29s
        b3JeTlNSZXNpemluZ01vZGWAAoANEiDAAACAA4AAgAsQAFZ7MiwgMn3SHQ4eIFpOUy5vYmplY3Rz
        oR+ABIAK0h0OIiWiIySABYAGgAnTDicoKSoaXxAUTlNUSUZGUmVwcmVzZW50YXRpb25fEBlOU0lu
        dGVybmFsTGF5b3V0RGlyZWN0aW9ugAiAB0hNTQAqAQIDBNItLi8wWiRjbGFzc25hbWVYJGNsYXNz
        ZXNfEBBOU0JpdG1hcEltYWdlUmVwoy8xMlpOU0ltYWdlUmVwWE5TT2JqZWN00i0uNDVXTlNBcnJh
        eaI0MtItLjc4Xk5TTXV0YWJsZUFycmF5ozc0MtM6Ow48PT5XTlNXaGl0ZVxOU0NvbG9yU3BhY2VE
        MCAwABADgAzSLS4SQKISMtItLkJDV05TSW1hZ2WiQjIACAARABoAJAApADIANwBJAEwAUQBTAGIA
        aAB3AH4AhQCSAJkApQCtALwAvgDAAMUAxwDJAMsAzQDUANkA5ADmAOgA6gDvAPIA9AD2APgA/wEW
        ATIBNAE2AT8BRAFPAVgBawFvAXoBgwGIAZABkwGYAacBqwGyAboBxwHMAc4B0AHVAdgB3QHlAAAA
        AAAAAgEAAAAAAAAARAAAAAAAAAAAAAAAAAAAAeg
        """

    /// A document with an image view (in a custom view) whose cell shows image `name`, and
    /// `resources`.
    static func imageView(_ name: String, resources: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="24506" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none">
            <objects>
                <customObject id="-2" userLabel="File's Owner" customClass="NSObject"/>
                <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
                <customObject id="-3" userLabel="Application" customClass="NSObject"/>
                <customView id="3">
                    <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                    <autoresizingMask key="autoresizingMask"/>
                    <subviews>
                        <imageView horizontalHuggingPriority="251" verticalHuggingPriority="251" id="1">
                            <rect key="frame" x="0.0" y="0.0" width="62" height="62"/>
                            <autoresizingMask key="autoresizingMask"/>
                            <imageCell key="cell" refusesFirstResponder="YES" alignment="left" imageScaling="proportionallyDown" image="\(name)" id="2"/>
                        </imageView>
                    </subviews>
                </customView>
            </objects>
            <resources>
        \(resources)
            </resources>
        </document>
        """
    }

    @Test(
        "an image resource holding a keyed archive archives that NSImage, not a named resource (transmission_MainMenu)")
    func embeddedImage() throws {
        let resource = """
            <image name="imageCell:2:image" width="2" height="2">
                <mutableData key="keyedArchiveRepresentation">
            \(Self.archivedImage)
            </mutableData>
            </image>
            """
        let graph = try Source.graph(Self.imageView("imageCell:2:image", resources: resource))
        let cell = try #require(graph.all("NSImageCell").first)
        let image = try #require(graph.object("NSContents", of: cell))
        #expect(graph.nodes[image].className == "NSImage")
        #expect(graph.value("NSImageFlags", of: image)?.integerValue == 549_453_824)
        #expect(graph.text("NSSize", of: image) == "{2, 2}")
        #expect(graph.value("NSResizingMode", of: image)?.integerValue == 0)
        #expect(graph.value("NSTintColor", of: image) == .nil)
        let color = try #require(graph.object("NSColor", of: image))
        #expect(graph.nodes[color].className == "NSColor")
        #expect(graph.value("NSColorSpace", of: color)?.integerValue == 3)
        #expect(graph.data("NSWhite", of: color) == Array("0 0\u{0}".utf8))
        let reps = try #require(graph.object("NSReps", of: image))
        #expect(graph.nodes[reps].className == "NSMutableArray")
        let pair = try #require(graph.elements(of: reps).first)
        #expect(graph.nodes[pair].className == "NSArray")
        let parts = graph.elements(of: pair)
        #expect(parts.count == 2)
        let zero = try #require(parts.first)
        #expect(graph.value("NS.intval", of: zero)?.integerValue == 0)
        let rep = try #require(parts.last)
        #expect(graph.nodes[rep].className == "NSBitmapImageRep")
        #expect(graph.value("NSInternalLayoutDirection", of: rep)?.integerValue == 0)
        let tiff = try #require(graph.object("NSTIFFRepresentation", of: rep))
        #expect(graph.data("NS.bytes", of: tiff) == [0x4D, 0x4D, 0, 0x2A, 1, 2, 3, 4])
    }

    @Test("a stored image that is not a keyed archive of an NSImage is refused")
    func refusedEmbeddedImages() {
        let broken = """
            <image name="broken" width="2" height="2">
                <mutableData key="keyedArchiveRepresentation">
            YnBsaXN0MDDUAQIDBAUG
            </mutableData>
            </image>
            """
        #expect(throws: CompileError.self) {
            try Source.refusing { try Source.strictGraph(Self.imageView("broken", resources: broken)) }
        }
        let notBase64 = """
            <image name="text" width="2" height="2">
                <mutableData key="keyedArchiveRepresentation">*** not base64 ***</mutableData>
            </image>
            """
        #expect(throws: CompileError.self) {
            try Source.refusing { try Source.strictGraph(Self.imageView("text", resources: notBase64)) }
        }
        let otherChild = """
            <image name="other" width="2" height="2">
                <data key="somethingElse">AAAA</data>
            </image>
            """
        #expect(throws: CompileError.self) {
            try Source.refusing { try Source.strictGraph(Self.imageView("other", resources: otherChild)) }
        }
    }

    // MARK: Menu state images

    @Test("--menu-state-image-sizes replaces the check mark and mixed-state sizes (MarkupTagsController)")
    func stateImageSizes() throws {
        let source = Self.menu(#"<menuItem title="One" state="on" id="2"/>"#, resources: "")
        let standard = try Source.graph(source)
        func sizes(_ graph: Graph) throws -> (String?, String?) {
            let item = try Self.item("One", in: graph)
            let on = try #require(graph.object("NSOnImage", of: item))
            let mixed = try #require(graph.object("NSMixedImage", of: item))
            return (
                graph.object("IBDesignSize", of: on).flatMap { graph.text("NS.sizeval", of: $0) },
                graph.object("IBDesignSize", of: mixed).flatMap { graph.text("NS.sizeval", of: $0) }
            )
        }
        // Xcode 16 and 14.2 (PreferencesController): {18, 16} and {18, 4}.
        #expect(try sizes(standard) == ("{18, 16}", "{18, 4}"))
        var options = NibCompiler.Options()
        options.menuStateImageSizes = MenuStateImageSizes(parsing: "15x13,15x4")
        #expect(try sizes(Source.graph(source, options: options)) == ("{15, 13}", "{15, 4}"))
    }

    @Test("menu state image sizes parse as two WxH sizes of whole points")
    func parsingStateImageSizes() {
        let parsed = MenuStateImageSizes(parsing: "18x17,18x5")
        #expect(parsed == MenuStateImageSizes(checkMark: (18, 17), mixedState: (18, 5)))
        for text in ["", "15x13", "15x13,15", "15x13,15x4,1x1", "0x13,15x4", "15.5x13,15x4", "x13,15x4", "15x13;15x4"] {
            #expect(MenuStateImageSizes(parsing: text) == nil, "\(text)")
        }
    }

    // MARK: The detached corner view

    /// AppKitScrollRuleTests' headerless table with a hidden vertical scroller, saved by `tools`.
    static func headerless(toolsVersion tools: String) -> String {
        AppKitScrollRuleTests.table(#"hasHorizontalScroller="NO""#, header: false)
            .replacingOccurrences(of: #"toolsVersion="24506""#, with: #"toolsVersion="\#(tools)""#)
    }

    @Test("a headerless table's detached corner view is hidden from toolsVersion 21225 (transmission_MainMenu)")
    func hiddenDetachedCorner() throws {
        for tools in ["24506", "21225"] {
            let graph = try AppKitScrollRuleTests.graph(Self.headerless(toolsVersion: tools))
            let table = try #require(graph.all("NSTableView").first)
            let corner = try #require(graph.object("NSCornerView", of: table))
            #expect(graph.value("NSvFlags", of: corner) == .int64(-2_147_483_392))
            #expect(graph.value("NSNextResponder", of: corner) == .nil)
            #expect(graph.text("NSFrameSize", of: corner) == "{17, 28}")
        }
    }

    @Test("up to toolsVersion 18122 it shows (HSChooserWindow); in between it is refused")
    func shownDetachedCorner() throws {
        let graph = try AppKitScrollRuleTests.graph(Self.headerless(toolsVersion: "18122"))
        let table = try #require(graph.all("NSTableView").first)
        let corner = try #require(graph.object("NSCornerView", of: table))
        #expect(graph.value("NSvFlags", of: corner)?.integerValue == 256)
        #expect(throws: CompileError.self) {
            try Source.refusing { try AppKitScrollRuleTests.graph(Self.headerless(toolsVersion: "20037")) }
        }
    }
}
