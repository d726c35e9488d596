import CorpusSupport
import Foundation
import NibCoding
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The `<rect>` elements of an SVG that stand for views (those with `data-class`), in document order.
final class SVGRects: NSObject, XMLParserDelegate {
    struct Rect: Equatable {
        var className: String
        var index: Int?
        var x, y, width, height: Double
    }
    private(set) var rects: [Rect] = []
    private(set) var texts: [String] = []
    private var inText = false

    /// Parses `data`; `nil` when it is not well-formed XML.
    static func parse(_ data: Data) -> SVGRects? {
        let delegate = SVGRects()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        return parser.parse() ? delegate : nil
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if name == "tspan" {
            inText = true
            texts.append("")
        }
        guard name == "rect", let className = attributes["data-class"] else { return }
        func number(_ key: String) -> Double { attributes[key].flatMap(Double.init) ?? .nan }
        rects.append(
            Rect(
                className: className, index: attributes["data-index"].flatMap(Int.init), x: number("x"),
                y: number("y"), width: number("width"), height: number("height")))
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "tspan" { inText = false }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inText, !texts.isEmpty { texts[texts.count - 1] += string }
    }
}

@Suite("nibtool render")
struct RenderCommandTests {
    let login = examplesFolder.appendingPathComponent("LoginScreen/LoginScreen.nib")

    @Test("LoginScreen: well-formed SVG whose rectangles are the decoded frames in their superviews")
    func loginScreen() throws {
        let run = runTool(["render", login.path])
        #expect(run.status == 0, "\(run.error)")
        let svg = try #require(SVGRects.parse(Data(run.output)))
        #expect(svg.rects.first == .init(className: "UIView", index: 6, x: 0, y: 0, width: 320, height: 480))
        #expect(svg.rects.contains(.init(className: "UILabel", index: 9, x: 20, y: 40, width: 280, height: 21)))
        #expect(svg.texts.contains("Sign in"))
        #expect(svg.texts.contains("Log In"))
        #expect(svg.texts.contains("name@example.com"))

        // Every view of the decoded graph, and nothing else, with its frame.
        let root = try Nib(bytes: [UInt8](try Data(contentsOf: login))).decodeGraph()
        var expected: [SVGRects.Rect] = []
        func collect(_ view: NibView) {
            let f = view.frame
            expected.append(
                .init(
                    className: view.displayClassName, index: view.archiveIndex, x: f.minX, y: f.minY, width: f.width,
                    height: f.height))
            view.subviews.compactMap { $0 as? NibView }.forEach(collect)
        }
        for case let view as NibView in root.array(forKey: "UINibTopLevelObjectsKey") ?? [] { collect(view) }
        #expect(svg.rects == expected)
    }

    @Test("-o writes the file; a truncated or missing nib exits 2")
    func outputAndErrors() throws {
        let folder = try temporaryFolder()
        let out = folder.appendingPathComponent("login.svg")
        #expect(runTool(["render", login.path, "-o", out.path]).status == 0)
        #expect(SVGRects.parse(try Data(contentsOf: out)) != nil)

        let hello = examplesFolder.appendingPathComponent("Hello.nib").path
        #expect(runTool(["render", hello]).status == 0)
        let noViews = runTool(
            ["render", "-"],
            stdin: Array(try Data(contentsOf: examplesFolder.appendingPathComponent("Hello.nib"))).prefix(60).map { $0 }
        )
        #expect(noViews.status == 2)
        let missing = runTool(["render", "/no/such.nib"])
        #expect(missing.status == 2)
        #expect(missing.error.hasPrefix("nibtool: /no/such.nib: cannot read the file"))
    }

    @Test("rsvg-convert turns the SVG into a PNG (when installed)")
    func rasterizes() throws {
        let candidates = ["/usr/bin/rsvg-convert", "/opt/homebrew/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"]
        guard let converter = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return
        }
        let folder = try temporaryFolder()
        let svg = folder.appendingPathComponent("login.svg")
        let png = folder.appendingPathComponent("login.png")
        #expect(runTool(["render", login.path, "-o", svg.path]).status == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: converter)
        process.arguments = [svg.path, "-o", png.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let bytes = [UInt8](try Data(contentsOf: png))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test("Every corpus nib with views renders to well-formed SVG; the others exit 1", .enabled(if: Corpus.shouldRun))
    func corpus() throws {
        var drawn = 0
        for file in try Corpus.nibFiles() {
            let run = runTool(["render", file.path])
            if run.status == 1 {
                #expect(run.error.contains("has no top-level views"), "\(file.lastPathComponent)")
                continue
            }
            #expect(run.status == 0, "\(file.lastPathComponent): \(run.error)")
            let svg = SVGRects.parse(Data(run.output))
            #expect(svg != nil, "\(file.lastPathComponent): not well-formed")
            #expect(svg?.rects.isEmpty == false, "\(file.lastPathComponent)")
            drawn += 1
        }
        #expect(drawn > 100)
    }
}

@Suite("nibtool diff, scan and render as the built binary")
struct NewCommandsEndToEndTests {
    @Test("The binary runs diff, scan and render with the documented exit statuses", .enabled(if: builtTool != nil))
    func binary() throws {
        let hello = examplesFolder.appendingPathComponent("Hello.nib").path
        let login = examplesFolder.appendingPathComponent("LoginScreen/LoginScreen.nib").path
        #expect(try runBinary(["diff", hello, hello]).status == 0)
        let different = try runBinary(["diff", hello, login])
        #expect(different.status == 1)
        #expect(!different.output.isEmpty)
        let scan = try runBinary(["scan", "--format", "json", examplesFolder.path])
        #expect(scan.status == 0)
        let object = try JSONSerialization.jsonObject(with: scan.output) as? [String: Any]
        #expect((object?["nibs"] as? [Any])?.count ?? 0 >= 2)
        let render = try runBinary(["render", login])
        #expect(render.status == 0)
        #expect(SVGRects.parse(render.output) != nil)
    }

    @Test("Scanning the corpus folder with the binary", .enabled(if: Corpus.shouldRun && builtTool != nil))
    func corpusScan() throws {
        let run = try runBinary(["scan", try Corpus.directory().path])
        #expect(run.status == 0)
        #expect(String(decoding: run.output, as: UTF8.self).contains("Total: "))
    }
}
