import CorpusSupport
import Foundation
import NibArchive
import Testing
import ZIPFoundation

/// Hello.nib with its label's text changed from "Hello, NibKit!" to `text`, edited through the tables.
func helloWithText(_ text: String) throws -> [UInt8] {
    let bytes = [UInt8](try Data(contentsOf: examplesFolder.appendingPathComponent("Hello.nib")))
    let archive = try NibArchive(parsing: bytes)
    let values = archive.values.map { value -> NibArchive.Value in
        guard case .data(let data) = value.payload, Array(data) == Array("Hello, NibKit!".utf8) else { return value }
        return NibArchive.Value(keyIndex: value.keyIndex, payload: .data(ArraySlice(text.utf8)))
    }
    return try NibArchive(
        objects: archive.objects, keys: archive.keys, values: values, classes: archive.classes
    ).serialized()
}

@Suite("nibtool diff")
struct DiffCommandTests {
    let hello = examplesFolder.appendingPathComponent("Hello.nib").path

    @Test("A nib compared with itself has no differences and exits 0")
    func itselfIsEqual() {
        let run = runTool(["diff", hello, hello])
        #expect(run.status == 0)
        #expect(run.output.isEmpty)
        #expect(run.error.isEmpty)
    }

    @Test("A copy with one changed text reports exactly that change with its path, exit 1")
    func oneChange() throws {
        let folder = try temporaryFolder()
        let changed = folder.appendingPathComponent("Changed.nib")
        try Data(try helloWithText("Hi there")).write(to: changed)
        let run = runTool(["diff", hello, changed.path])
        #expect(run.status == 1)
        let lines = run.outputText.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.last == "1 difference: 1 changed, 0 added, 0 removed")
        #expect(
            lines.first
                == "~ root › UINibTopLevelObjectsKey[2] (UIView) › UISubviews[0] (UILabel) › UIText (NSString) › NS.bytes: \"Hello, NibKit!\" → \"Hi there\""
        )
    }

    @Test("--format json lists the change with kind, path, key and both sides")
    func json() throws {
        let folder = try temporaryFolder()
        let changed = folder.appendingPathComponent("Changed.nib")
        try Data(try helloWithText("Hi")).write(to: changed)
        let run = runTool(["diff", "--format", "json", hello, changed.path])
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output)) as? [String: Any])
        #expect(object["equal"] as? Bool == false)
        let differences = try #require(object["differences"] as? [[String: Any]])
        #expect(differences.count == 1)
        #expect(differences.first?["kind"] as? String == "value")
        #expect(differences.first?["key"] as? String == "NS.bytes")
        #expect(differences.first?["right"] as? String == "\"Hi\"")
        #expect((differences.first?["path"] as? String)?.contains("UISubviews[0] (UILabel)") == true)

        let same = runTool(["diff", "--format", "json", hello, hello])
        let sameObject = try JSONSerialization.jsonObject(with: Data(same.output)) as? [String: Any]
        #expect(same.status == 0)
        #expect(sameObject?["equal"] as? Bool == true)
    }

    @Test("Standard input can be one side")
    func standardInput() throws {
        let run = runTool(["diff", hello, "-"], stdin: try helloWithText("Hello, NibKit!"))
        #expect(run.status == 0)
    }

    @Test("Directory nibs and storyboards are compared file by file")
    func folders() throws {
        let base = try temporaryFolder()
        let left = base.appendingPathComponent("A.storyboardc")
        let right = base.appendingPathComponent("B.storyboardc")
        for folder in [left, right] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: URL(fileURLWithPath: hello), to: folder.appendingPathComponent("Scene.nib"))
        }
        #expect(runTool(["diff", left.path, right.path]).status == 0)
        try Data(try helloWithText("Changed")).write(to: right.appendingPathComponent("Scene.nib"))
        try Data("x".utf8).write(to: right.appendingPathComponent("Extra.nib"))
        let run = runTool(["diff", left.path, right.path])
        #expect(run.status == 1)
        #expect(run.outputText.contains("Scene.nib: root › "))
        #expect(run.outputText.contains("+ Extra.nib: file: element only in right (Extra.nib)"))
    }

    @Test("A missing or unparsable input is an error naming the file, exit 2")
    func errors() {
        let missing = runTool(["diff", hello, "/no/such.nib"])
        #expect(missing.status == 2)
        #expect(missing.error.hasPrefix("nibtool: /no/such.nib: cannot read the file"))
        let notNib = runTool(["diff", hello, "-"], stdin: Array("not a nib at all".utf8))
        #expect(notNib.status == 2)
        #expect(notNib.error.hasPrefix("nibtool: <stdin>: file of 16 bytes is shorter than the 50-byte header"))
        #expect(runTool(["diff", hello]).status == 64)
    }

    @Test("Every corpus nib equals itself", .corpus)
    func corpusSelf() throws {
        for file in try Corpus.nibFiles() {
            let run = runTool(["diff", file.path, file.path])
            #expect(run.status == 0, "\(file.lastPathComponent): \(run.outputText)")
        }
    }
}

@Suite("nibtool scan")
struct ScanCommandTests {
    let hello = examplesFolder.appendingPathComponent("Hello.nib")
    let login = examplesFolder.appendingPathComponent("LoginScreen/LoginScreen.nib")

    /// A folder laid out like an app: a nib, a directory nib, a storyboard and a keyed nib.
    func makeApp() throws -> URL {
        let app = try temporaryFolder().appendingPathComponent("Demo.app")
        let manager = FileManager.default
        try manager.createDirectory(
            at: app.appendingPathComponent("Base.lproj/Main.storyboardc"), withIntermediateDirectories: true)
        try manager.createDirectory(at: app.appendingPathComponent("Panel.nib"), withIntermediateDirectories: true)
        try manager.copyItem(at: login, to: app.appendingPathComponent("Login.nib"))
        try manager.copyItem(at: hello, to: app.appendingPathComponent("Panel.nib/runtime.nib"))
        try manager.copyItem(at: hello, to: app.appendingPathComponent("Panel.nib/objects-13.0+.nib"))
        try manager.copyItem(at: hello, to: app.appendingPathComponent("Base.lproj/Main.storyboardc/Scene.nib"))
        try manager.copyItem(at: login, to: app.appendingPathComponent("Base.lproj/Main.storyboardc/Other.nib"))
        try Data("bplist00".utf8).write(to: app.appendingPathComponent("Base.lproj/Main.storyboardc/Info.plist"))
        try Data("bplist00 and more".utf8).write(to: app.appendingPathComponent("Old.nib"))
        try Data("not a nib".utf8).write(to: app.appendingPathComponent("readme.txt"))
        try manager.copyItem(at: hello, to: app.appendingPathComponent("NoExtension"))
        return app
    }

    func nibs(_ run: ToolRun) throws -> [[String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output)) as? [String: Any])
        return try #require(object["nibs"] as? [[String: Any]])
    }

    @Test("A folder: every kind of nib is found once, files inside bundles are grouped")
    func folder() throws {
        let app = try makeApp()
        let run = runTool(["scan", "--format", "json", app.path])
        #expect(run.status == 0)
        let found = try nibs(run)
        let kinds = Dictionary(
            uniqueKeysWithValues: found.compactMap { entry in
                (entry["path"] as? String).map { ($0, entry["kind"] as? String ?? "") }
            })
        #expect(
            kinds == [
                "Base.lproj/Main.storyboardc": "storyboard", "Login.nib": "nib", "NoExtension": "nib",
                "Old.nib": "keyed-archive", "Panel.nib": "directory-nib",
            ])
        let login = try #require(found.first { $0["path"] as? String == "Login.nib" })
        #expect(login["strings"] as? [String] == ["Sign in", "User name", "name@example.com", "Password", "Log In"])
        #expect((login["outlets"] as? [String])?.contains("userNameField") == true)
        #expect(login["actions"] as? [String] == ["logIn:", "copy:"])
        let storyboard = try #require(found.first { $0["kind"] as? String == "storyboard" })
        #expect(storyboard["files"] as? Int == 2)
        #expect((storyboard["strings"] as? [String])?.contains("Hello, NibKit!") == true)
    }

    @Test("An .ipa built with ZIPFoundation: every nib in it is found")
    func ipa() throws {
        let app = try makeApp()
        let ipa = app.deletingLastPathComponent().appendingPathComponent("Demo.ipa")
        let archive = try Archive(url: ipa, accessMode: .create)
        let base = app.deletingLastPathComponent()
        let files = try FileManager.default.subpathsOfDirectory(atPath: app.path).sorted()
        for relative in files {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: app.appendingPathComponent(relative).path, isDirectory: &isDirectory)
            guard exists, !isDirectory.boolValue else { continue }
            let data = try Data(contentsOf: app.appendingPathComponent(relative))
            try archive.addEntry(
                with: "Payload/Demo.app/" + relative, type: .file, uncompressedSize: Int64(data.count),
                compressionMethod: .deflate
            ) { position, size in data.subdata(in: Int(position)..<Int(position) + size) }
        }
        _ = base
        let run = runTool(["scan", "--format", "json", ipa.path])
        #expect(run.status == 0, "\(run.error)")
        let paths = try nibs(run).compactMap { $0["path"] as? String }.sorted()
        // NoExtension is not found in zips: only entries named .nib or inside nib bundles are read.
        #expect(
            paths == [
                "Payload/Demo.app/Base.lproj/Main.storyboardc", "Payload/Demo.app/Login.nib",
                "Payload/Demo.app/Old.nib", "Payload/Demo.app/Panel.nib",
            ])
        let text = runTool(["scan", ipa.path])
        #expect(text.outputText.contains("Total: 4 nibs (1 nib, 1 directory-nib, 1 storyboard, 1 keyed-archive)"))
    }

    @Test("JSON shape: path, nibs with the six fields, total")
    func jsonShape() throws {
        let run = runTool(["scan", "--format", "json", login.path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output)) as? [String: Any])
        #expect(object["path"] as? String == login.path)
        let entry = try #require((object["nibs"] as? [[String: Any]])?.first)
        for key in ["path", "kind", "classes", "outlets", "actions", "strings"] {
            #expect(entry[key] != nil, "missing \(key)")
        }
        let total = try #require(object["total"] as? [String: Any])
        #expect(total["nibs"] as? Int == 1)
    }

    @Test("A missing path exits 2")
    func missing() {
        let run = runTool(["scan", "/no/such/folder"])
        #expect(run.status == 2)
        #expect(run.error == "nibtool: /no/such/folder: no such file or folder\n")
    }

    @Test(
        "The corpus folder: every NIBArchive file is reported, custom classes demangled", .corpus
    )
    func corpus() throws {
        let folder = try Corpus.directory().appendingPathComponent("nib")
        let run = runTool(["scan", "--format", "json", folder.path])
        #expect(run.status == 0)
        let found = try nibs(run)
        #expect(found.count == (try Corpus.nibFiles()).count)
        let classes = Set(found.flatMap { $0["classes"] as? [String] ?? [] })
        #expect(classes.contains("Atmosphere_Trivia.LoadingButton"))
        #expect(!classes.contains { $0.hasPrefix("UI") || $0.hasPrefix("NS") })
    }
}
