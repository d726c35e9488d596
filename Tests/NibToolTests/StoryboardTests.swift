import CorpusSupport
import Foundation
import NibCoding
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What a `.storyboard` source says about its scenes and segues: the independent oracle for
/// `tree X.storyboardc`.
final class StoryboardOracle: NSObject, XMLParserDelegate {
    struct Segue: Hashable {
        var kind: String
        var destination: String
    }

    /// The non-relationship segues (relationships are a container's children, not templates).
    private(set) var segues: [Segue] = []
    /// Each scene's controller: its `id` and `storyboardIdentifier`.
    private(set) var controllers: [(id: String, storyboardIdentifier: String?)] = []
    /// `storyboardIdentifier` by element `id`.
    private(set) var storyboardIdentifiers: [String: String] = [:]
    private var path: [String] = []
    /// Controllers with a nib of their own: the initial one and every (non-relationship) segue's
    /// destination.
    private(set) var reached: Set<String> = []

    static func parse(_ url: URL) throws -> StoryboardOracle {
        let oracle = StoryboardOracle()
        let parser = XMLParser(data: try Data(contentsOf: url))
        parser.delegate = oracle
        guard parser.parse() else { throw CocoaError(.fileReadCorruptFile) }
        return oracle
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if let id = attributes["id"], let identifier = attributes["storyboardIdentifier"] {
            storyboardIdentifiers[id] = identifier
        }
        if name == "document", let initial = attributes["initialViewController"] { reached.insert(initial) }
        if name == "segue", let kind = attributes["kind"], let destination = attributes["destination"] {
            // A relationship's destination is archived inside its container's nib, unnamed.
            if kind != "relationship" {
                segues.append(Segue(kind: kind, destination: destination))
                reached.insert(destination)
            }
        }
        // A scene's controller: the element under <scene><objects> whose name ends in Controller.
        if path.suffix(2) == ["scene", "objects"], name.hasSuffix("Controller"), let id = attributes["id"] {
            controllers.append((id, attributes["storyboardIdentifier"]))
        }
        path.append(name)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        path.removeLast()
    }
}

@Suite("Storyboard bundles in tree and render")
struct StoryboardTests {
    /// The compiled storyboards of the corpus's pairs with their sources.
    static func storyboardPairs() throws -> [(source: URL, compiled: URL)] {
        let root = try Corpus.directory().appendingPathComponent("xib-pairs")
        let names = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        var pairs: [(URL, URL)] = []
        for name in names.sorted() where name.hasSuffix(".storyboardc") && name.hasPrefix("ios-") {
            let compiled = root.appendingPathComponent(name)
            let source = compiled.deletingPathExtension().appendingPathExtension("storyboard")
            if FileManager.default.fileExists(atPath: source.path) { pairs.append((source, compiled)) }
        }
        return pairs
    }

    @Test(
        "tree of a .storyboardc lists every scene of its source and every segue with its destination",
        .corpus)
    func treeListsScenesAndSegues() throws {
        let pairs = try Self.storyboardPairs()
        #expect(pairs.count >= 40)
        var segueCount = 0
        var sceneCount = 0
        for pair in pairs {
            let name = pair.compiled.deletingLastPathComponent().lastPathComponent
            let source = try StoryboardOracle.parse(pair.source)
            let run = runTool(["tree", "--format", "json", pair.compiled.path])
            #expect(run.status == 0, "\(name): \(run.error)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output)) as? [String: Any])
            let nibs = try #require(object["nibs"] as? [[String: Any]])
            // Every file of the bundle is listed.
            let files = try FileManager.default.contentsOfDirectory(atPath: pair.compiled.path)
                .filter { $0.hasSuffix(".nib") }
            #expect(nibs.count == files.count, "\(name)")
            let listed = Set(
                nibs.flatMap { nib in
                    (nib["segues"] as? [[String: Any]] ?? []).map {
                        StoryboardOracle.Segue(
                            kind: $0["kind"] as? String ?? "", destination: $0["destination"] as? String ?? "")
                    }
                })
            for segue in source.segues {
                // The template names its destination by storyboard identifier, else by class and id.
                let expected = source.storyboardIdentifiers[segue.destination]
                let found = listed.contains {
                    $0.destination == expected || $0.destination.hasSuffix("-" + segue.destination)
                }
                #expect(found, "\(name): segue \(segue.kind) to \(segue.destination) not listed")
                segueCount += 1
            }
            // Every scene's controller is in some nib of the listing (its nib is named after its
            // identifier, or after its class and id; an embedded child is in its container's nib).
            let text = runTool(["tree", pair.compiled.path]).outputText
            // ibtool writes no nib for a scene nothing reaches and nobody can name.
            for controller in source.controllers
            where source.reached.contains(controller.id) || controller.storyboardIdentifier != nil {
                let named = text.contains(controller.id) || controller.storyboardIdentifier.map(text.contains) == true
                #expect(named, "\(name): scene \(controller.id) not listed")
                sceneCount += 1
            }
        }
        #expect(segueCount > 30)
        #expect(sceneCount > 80)
    }

    @Test("tree of a storyboard: the entry point's scene first, then scenes, then controllers' views")
    func treeText() throws {
        let folder = try Self.storyboard(names: ["Scene": "UIViewController-abc", "Other": "Other"], entry: "Scene")
        let run = runTool(["tree", folder.path])
        #expect(run.status == 0, "\(run.error)")
        let headings = run.outputText.split(separator: "\n").filter { !$0.hasPrefix(" ") && !$0.isEmpty }
        #expect(
            headings == [
                "Storyboard Demo.storyboardc: 2 scenes, 3 nibs, entry point Scene",
                "Scene UIViewController-abc (entry point, identifier Scene)", "Scene Other", "Nib abc-view-def",
            ])
    }

    /// A `.storyboardc` in a fresh folder: `Info.plist` mapping `names` (identifier → nib name),
    /// each nib and `abc-view-def` a copy of the login screen, plus `extraFiles` (file names).
    static func storyboard(names: [String: String], entry: String, extraFiles: [String] = []) throws -> URL {
        let folder = try temporaryFolder().appendingPathComponent("Demo.storyboardc")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let plist: [String: Any] = [
            "UIViewControllerIdentifiersToNibNames": names, "UIStoryboardDesignatedEntryPointIdentifier": entry,
            "UIStoryboardVersion": 1,
        ]
        try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
            .write(to: folder.appendingPathComponent("Info.plist"))
        let login = examplesFolder.appendingPathComponent("LoginScreen/LoginScreen.nib")
        for file in names.values.filter({ !$0.contains("/") }).map({ $0 + ".nib" }) + ["abc-view-def.nib"]
            + extraFiles
        {
            try FileManager.default.copyItem(at: login, to: folder.appendingPathComponent(file))
        }
        return folder
    }

    @Test("render of a storyboard with hostile nib names writes every picture inside the folder, one file name each")
    func hostileNames() throws {
        let hostile = [
            "..nib", "...nib", "a\u{202E}b.nib", "index.nib", "back\\..\\slash.nib", ":colon.nib",
            String(repeating: "é", count: 120) + ".nib", "line\nbreak.nib",
        ]
        let folder = try Self.storyboard(names: ["Scene": "UIViewController-abc"], entry: "Scene", extraFiles: hostile)
        let parent = folder.deletingLastPathComponent()
        let out = parent.appendingPathComponent("pictures")
        let run = runTool(["render", folder.path, "-o", out.path])
        #expect(run.status == 0, "\(run.error)")
        let written = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        // The login screen (scene), abc-view-def and the eight hostile files: ten pictures.
        #expect(written.filter { $0.hasSuffix(".svg") }.count == 10)
        #expect(written.contains("index.html"))
        for name in written {
            #expect(!name.hasPrefix("."), "\(name)")
            #expect(!name.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\n" || $0 == "\\" || $0 == ":" })
            #expect(name.utf8.count <= 255)
        }
        // Nothing was written beside the output folder or above it.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() == [
                "Demo.storyboardc", "pictures",
            ])
        let index = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.components(separatedBy: "<figure").count - 1 == 10)
        #expect(!index.contains("\u{202E}"))
        // Every picture is well-formed SVG.
        for name in written where name.hasSuffix(".svg") {
            #expect(SVGRects.parse(try Data(contentsOf: out.appendingPathComponent(name))) != nil, "\(name)")
        }
        // Without -o, or with -o naming an SVG file, a storyboard is refused: it is drawn as a folder.
        #expect(runTool(["render", folder.path]).status == 64)
        let svgName = parent.appendingPathComponent("one.svg")
        let svgRun = runTool(["render", folder.path, "-o", svgName.path])
        #expect(svgRun.status == 64)
        #expect(svgRun.error.contains("-o FOLDER"))
        #expect(!FileManager.default.fileExists(atPath: svgName.path))
    }

    @Test("a storyboard whose Info.plist names a nib by a path is refused by tree and render, and nothing is written")
    func pathInInfoPlist() throws {
        let folder = try Self.storyboard(
            names: ["Scene": "UIViewController-abc", "evil": "../../escaped"], entry: "Scene")
        let out = folder.deletingLastPathComponent().appendingPathComponent("pictures")
        for arguments in [["tree", folder.path], ["render", folder.path, "-o", out.path]] {
            let run = runTool(arguments)
            #expect(run.status == 2)
            #expect(run.error.contains("\"../../escaped\" for \"evil\", which is not a file inside it"), "\(run.error)")
        }
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test(
        "render of a corpus storyboard: one SVG per nib with views, and an index page a headless Chromium draws whole",
        .corpus)
    func renderCorpusStoryboard() throws {
        let storyboard = try Corpus.directory().appendingPathComponent(
            "xib-pairs/ios-duckduckgo-iOS-Debug/Debug.storyboardc")
        let out = try temporaryFolder().appendingPathComponent("Debug")
        let run = runTool(["render", storyboard.path, "-o", out.path])
        #expect(run.status == 0, "\(run.error)")
        // The oracle: the nibs of the bundle whose graphs hold views, by the render test's own walk.
        var drawable = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: storyboard.path) where file.hasSuffix(".nib") {
            let root = try Nib(contentsOf: storyboard.appendingPathComponent(file)).decodeGraph()
            if RenderCommandTests.expectedViews(root).drawable { drawable += 1 }
        }
        let pictures = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".svg") }
        #expect(drawable == 7)
        #expect(pictures.count == drawable)

        let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let chromium else { return }  // Debian's chromium package is not installed here.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000", "--dump-dom",
            out.appendingPathComponent("index.html").absoluteString,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // The page counts the pictures the browser decoded once loaded.
        #expect(dom.contains("<body data-drawn=\"\(drawable)\">"), "\(dom.prefix(300))")
    }
}
