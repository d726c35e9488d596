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

    /// The views a nib's hierarchies hold, counted by this test's own walk of the decoded graph
    /// (independent of the renderer): UIKit top-level views and controllers' views with their
    /// `UISubviews`; AppKit windows (one each, for the window) and their `NSWindowView`, top-level
    /// views with `NSvFlags`, storyboard controllers' windows and views, with their `NSSubviews`.
    static func expectedViews(_ root: NibObject) -> (views: Int, drawable: Bool) {
        var starts: [NibObject] = []
        var windows = 0
        if let data = root.object(forKey: "IB.objectdata") as? NibObject {
            let owner = data.object(forKey: "NSRoot")
            let keys = data.array(forKey: "NSObjectsKeys") ?? []
            let parents = data.array(forKey: "NSObjectsValues") ?? []
            var topLevel = zip(keys, parents).filter { $0.1 === owner }.map(\.0)
            topLevel += data.array(forKey: "NSVisibleWindows") ?? []
            var seenWindows: Set<ObjectIdentifier> = []
            for case let object as NibObject in topLevel {
                var candidates = [object]
                for key in ["IBWindowTemplate", "NSView"] {
                    if let held = object.object(forKey: key) as? NibObject { candidates.append(held) }
                }
                for candidate in candidates {
                    if candidate.className == "NSWindowTemplate" {
                        guard seenWindows.insert(ObjectIdentifier(candidate)).inserted else { continue }
                        windows += 1
                        if let content = candidate.object(forKey: "NSWindowView") as? NibObject {
                            starts.append(content)
                        }
                    } else if candidate.containsValue(forKey: "NSvFlags"),
                        candidate.containsValue(forKey: "NSFrame") || candidate.containsValue(forKey: "NSFrameSize")
                    {
                        starts.append(candidate)
                    }
                }
            }
        } else {
            for case let object as NibObject in root.array(forKey: "UINibTopLevelObjectsKey") ?? [] {
                if let view = object as? NibView, view.containsValue(forKey: "UIBounds") {
                    starts.append(view)
                } else if let view = object.object(forKey: "UIView") as? NibView, view.containsValue(forKey: "UIBounds")
                {
                    starts.append(view)
                }
            }
        }
        var seen: Set<ObjectIdentifier> = []
        var stack = starts
        var views = 0
        let startSet = Set(starts.map(ObjectIdentifier.init))
        while let view = stack.popLast() {
            guard seen.insert(ObjectIdentifier(view)).inserted else { continue }
            // Hidden views (UIHidden; NSvFlags bit 31) and their subviews are not visible.
            let flags = UInt32(truncatingIfNeeded: view.integer(forKey: "NSvFlags") ?? 0)
            if !startSet.contains(ObjectIdentifier(view)), view.bool(forKey: "UIHidden") || flags & 0x8000_0000 != 0 {
                continue
            }
            views += 1
            let subviews = view.array(forKey: "UISubviews") ?? view.array(forKey: "NSSubviews") ?? []
            // UIKit's layout guides are archived among the subviews but are not seen.
            stack += subviews.compactMap { $0 as? NibObject }.filter { $0.className != "_UILayoutGuide" }
        }
        return (views + windows, views + windows > 0)
    }

    /// Every corpus nib: `nib/`, `nib-keyed/` and the compiled macOS nibs of `xib-pairs/`.
    static func corpusNibs() throws -> [URL] {
        var files = try Corpus.nibFiles() + Corpus.files(in: "nib-keyed", withExtension: "nib")
        let pairs = try Corpus.directory().appendingPathComponent("xib-pairs")
        let names = FileManager.default.enumerator(atPath: pairs.path)?.compactMap { $0 as? String } ?? []
        for name in names.sorted() where name.hasPrefix("macos-") && name.hasSuffix(".nib") {
            var isDirectory: ObjCBool = false
            let url = pairs.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(url)
            }
        }
        return files
    }

    @Test(
        "Every corpus nib with a view or window, UIKit and AppKit, renders to well-formed SVG with an element per view",
        .corpus)
    func corpus() throws {
        var drawn = 0
        var appKit = 0
        for file in try Self.corpusNibs() {
            let name = file.lastPathComponent
            let root = try Nib(contentsOf: file).decodeGraph()
            let expected = Self.expectedViews(root)
            let run = runTool(["render", file.path])
            guard expected.drawable else {
                #expect(run.status == 1 || run.status == 0, "\(name): \(run.error)")
                continue
            }
            #expect(run.status == 0, "\(name): \(run.error)")
            let svg = SVGRects.parse(Data(run.output))
            #expect(svg != nil, "\(name): not well-formed")
            // One <rect data-class> per view; a window's title bar counts for the window.
            let titleBars = run.outputText.components(separatedBy: "class=\"title-bar\"").count - 1
            #expect((svg?.rects.count ?? 0) + titleBars >= expected.views, "\(name): \(svg?.rects.count ?? 0) rects")
            drawn += 1
            if root.object(forKey: "IB.objectdata") != nil { appKit += 1 }
        }
        #expect(drawn > 250)
        #expect(appKit > 100)
    }
}

@Suite("render: line breaks, unlimited lines, hidden views")
struct RenderTextTests {
    static var font: NibFont { NibFont(name: ".SFUI-Regular", pointSize: 10, isSystemFont: true) }

    @Test("U+2028, U+2029, CR LF and LF start new lines, in order")
    func lineBreaks() throws {
        let label = NibLabel(
            frame: CGRect(x: 0, y: 0, width: 300, height: 100), text: "one\u{2028}two\u{2029}three\r\nfour\nfive",
            font: Self.font)
        label.setInteger(0, forKey: "UINumberOfLines")
        let run = runTool(["render", "-"], stdin: try HostileRenderTests.nib([label]))
        #expect(SVGRects.parse(Data(run.output))?.texts == ["one", "two", "three", "four", "five"])
    }

    @Test("A label with numberOfLines 0 gets every line its text needs, even past its box, without an ellipsis")
    func unlimitedLines() throws {
        // Helvetica's widths (Adobe's AFM, which Liberation Sans matches): w 722, space 278,
        // ellipsis 1000 thousandths. At 10 points "w w w w w" is 47.22 points, within 49.5; a
        // sixth "w" would not fit. 21 points hold one line.
        let text = Array(repeating: "w", count: 20).joined(separator: " ")
        let label = NibLabel(frame: CGRect(x: 0, y: 0, width: 49.5, height: 21), text: text, font: Self.font)
        label.setInteger(0, forKey: "UINumberOfLines")
        let run = runTool(["render", "-"], stdin: try HostileRenderTests.nib([label]))
        let texts = try #require(SVGRects.parse(Data(run.output))?.texts)
        #expect(texts == ["w w w w w", "w w w w w", "w w w w w", "w w w w w"])
        // One line allowed: cut with an ellipsis.
        label.setInteger(1, forKey: "UINumberOfLines")
        let one = runTool(["render", "-"], stdin: try HostileRenderTests.nib([label]))
        // 49.5 - 10 (the ellipsis) leaves 39.5: "w w w w" (37.22) fits, its trailing space
        // (40) does not.
        #expect(SVGRects.parse(Data(one.output))?.texts == ["w w w w…"])
    }

    @Test("Text is measured with real metrics: an Interface Builder-sized label keeps its whole text")
    func realMetrics() throws {
        // The "Expanding Collection" at 17 points: Helvetica's widths (Adobe AFM: E 667,
        // x 500, p 556, a 556, n 556, d 556, i 222, g 556, space 278, C 722, o 556, l 222, e 556,
        // c 500, t 278) give 9.393 em, 159.7 points; Interface Builder sizes the label to the
        // system font's 164. The old estimate (0.55 em a glyph) cut it to "Expandin…".
        let font = NibFont(name: ".SFUI-Regular", pointSize: 17, isSystemFont: true)
        let label = NibLabel(
            frame: CGRect(x: 0, y: 0, width: 164, height: 21), text: "Expanding Collection", font: font)
        let run = runTool(["render", "-"], stdin: try HostileRenderTests.nib([label]))
        #expect(SVGRects.parse(Data(run.output))?.texts == ["Expanding Collection"])
        // A box one point short of the text's width cuts it as a tail-truncated label does.
        let short = NibLabel(
            frame: CGRect(x: 0, y: 0, width: 158.7, height: 21), text: "Expanding Collection", font: font)
        let cut = runTool(["render", "-"], stdin: try HostileRenderTests.nib([short]))
        let text = try #require(SVGRects.parse(Data(cut.output))?.texts.first)
        #expect(text.hasSuffix("…"))
        #expect(text.hasPrefix("Expanding Colle"))
    }

    @Test("A hidden view and its subviews are left out; --show-hidden draws them outlined")
    func hiddenViews() throws {
        let cover = NibView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        cover.isHidden = true
        cover.addSubview(NibLabel(frame: CGRect(x: 10, y: 10, width: 200, height: 21), text: "Secret", font: Self.font))
        let shown = NibLabel(frame: CGRect(x: 10, y: 40, width: 200, height: 21), text: "Shown", font: Self.font)
        let nib = try HostileRenderTests.nib([cover, shown])
        let run = runTool(["render", "-"], stdin: nib)
        let svg = try #require(SVGRects.parse(Data(run.output)))
        #expect(svg.rects.map(\.className) == ["UIView", "UILabel"])
        #expect(svg.texts == ["Shown"])
        #expect(!run.outputText.contains("hidden-outline"))
        let all = runTool(["render", "--show-hidden", "-"], stdin: nib)
        let allSVG = try #require(SVGRects.parse(Data(all.output)))
        #expect(allSVG.rects.map(\.className) == ["UIView", "UIView", "UILabel", "UILabel"])
        #expect(allSVG.texts == ["Secret", "Shown"])
        #expect(all.outputText.components(separatedBy: "class=\"hidden-outline\"").count - 1 == 1)
    }
}
