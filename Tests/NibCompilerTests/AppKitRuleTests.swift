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
}
