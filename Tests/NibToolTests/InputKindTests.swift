import CorpusSupport
import Foundation
import KeyedArchive
import NibArchive
import Testing

/// Every reading command on every input kind (issue 17): directory nibs and `.storyboardc`
/// bundles are read nib by nib or refused with a message naming the kind, and keyed-archive
/// nibs are reported as keyed archives.
@Suite("nibtool on directory nibs, storyboard bundles and keyed archives")
struct InputKindTests {
    let hello = examplesFolder.appendingPathComponent("Hello.nib")

    private var helloBytes: [UInt8] { get throws { [UInt8](try Data(contentsOf: hello)) } }

    /// `Main.storyboardc/` with an Info.plist, `A.nib` and the directory nib `B.nib/runtime.nib`.
    private func storyboard() throws -> URL {
        let bundle = try temporaryFolder().appendingPathComponent("Main.storyboardc")
        try FileManager.default.createDirectory(
            at: bundle.appendingPathComponent("B.nib"), withIntermediateDirectories: true)
        let info = PropertyList.dictionary([
            PropertyList.Entry("UIStoryboardDesignatedEntryPointIdentifier", .string("A")),
            PropertyList.Entry("UIStoryboardVersion", .integer(1)),
        ])
        try Data(try info.serialized(as: .xml)).write(to: bundle.appendingPathComponent("Info.plist"))
        try Data(try helloBytes).write(to: bundle.appendingPathComponent("A.nib"))
        try Data(try helloBytes).write(to: bundle.appendingPathComponent("B.nib/runtime.nib"))
        return bundle
    }

    /// `View.nib/` holding `runtime.nib` and a keyed-archive `keyedobjects.nib`.
    private func directoryNib() throws -> URL {
        let bundle = try temporaryFolder().appendingPathComponent("View.nib")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try Data(try helloBytes).write(to: bundle.appendingPathComponent("runtime.nib"))
        let keyed = try NibArchive(parsing: try helloBytes).keyedArchive().propertyList.serialized(as: .binary)
        try Data(keyed).write(to: bundle.appendingPathComponent("keyedobjects.nib"))
        return bundle
    }

    // MARK: bundles

    @Test("info of a .storyboardc says what it holds, then reports each nib as info of that file does")
    func infoOfStoryboard() throws {
        let bundle = try storyboard()
        let run = runTool(["info", bundle.path])
        #expect(run.status == 0)
        let size = try helloBytes.count
        #expect(
            run.outputText.hasPrefix(
                "\(bundle.path): a storyboard bundle (.storyboardc) of 2 nibs (A.nib, B.nib/runtime.nib)\nother files: Info.plist\n"
            ))
        #expect(run.outputText.contains("file:            \(bundle.path)/A.nib (\(size) bytes)\n"))
        #expect(run.outputText.contains("file:            \(bundle.path)/B.nib/runtime.nib (\(size) bytes)\n"))
        let single = runTool(["info", hello.path]).outputText.components(separatedBy: "\n").dropFirst().joined(
            separator: "\n")
        #expect(run.outputText.contains(single))
        let json = runTool(["info", "--format", "json", bundle.path])
        let object = try JSONSerialization.jsonObject(with: Data(json.output)) as? [String: Any]
        #expect(object?["kind"] as? String == "storyboard")
        #expect((object?["nibs"] as? [[String: Any]])?.count == 2)
    }

    @Test("dump of a directory nib dumps each nib after its name; nibdump and json are refused naming the kind")
    func dumpOfDirectoryNib() throws {
        let bundle = try directoryNib()
        let run = runTool(["dump", bundle.path])
        #expect(run.status == 0)
        #expect(run.outputText.hasPrefix("\(bundle.path): a directory nib of 2 nibs (keyedobjects.nib, runtime.nib)\n"))
        #expect(run.outputText.contains("\n== runtime.nib ==\n" + runTool(["dump", hello.path]).outputText))
        #expect(
            run.outputText.contains("\n== keyedobjects.nib ==\nkeyed archive (NSKeyedArchiver, binary property list"))
        for format in ["nibdump", "json"] {
            let refused = runTool(["dump", "--format", format, bundle.path])
            #expect(refused.status == 64)
            #expect(refused.output.isEmpty)
            #expect(refused.error.contains("is a directory nib of 2 nibs"))
        }
    }

    @Test("verify of a .storyboardc checks Info.plist and every nib; a broken Info.plist fails it")
    func verifyStoryboard() throws {
        let bundle = try storyboard()
        let run = runTool(["verify", bundle.path])
        #expect(run.status == 0)
        #expect(run.outputText.contains("\(bundle.path)/Info.plist: ok\n"))
        #expect(run.outputText.contains("\(bundle.path)/A.nib: ok\n"))
        #expect(run.outputText.contains("\(bundle.path)/B.nib/runtime.nib: ok\n"))
        try Data("<?xml version=\"1.0\"?><plist><dict><key>x</key>".utf8).write(
            to: bundle.appendingPathComponent("Info.plist"))
        let broken = runTool(["verify", bundle.path])
        #expect(broken.status == 1)
        #expect(broken.outputText.contains("\(bundle.path)/Info.plist: FAIL (1 error)\n"))
    }

    @Test("convert of a bundle is refused naming the kind and a nib to convert instead")
    func convertRefusesBundles() throws {
        let bundle = try storyboard()
        let output = bundle.deletingLastPathComponent().appendingPathComponent("out.json")
        let run = runTool(["convert", bundle.path, output.path])
        #expect(run.status == 64)
        #expect(run.error.contains("is a storyboard bundle (.storyboardc) of 2 nibs"))
        #expect(run.error.contains("nibtool convert \(bundle.path)/A.nib out.json"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("diff of a nib file and a .storyboardc is an error naming both kinds")
    func diffOfTwoKinds() throws {
        let bundle = try storyboard()
        let run = runTool(["diff", hello.path, bundle.path])
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        #expect(run.error.contains("is a nib file and \(bundle.path) is a storyboard bundle (.storyboardc)"))
        let mixed = runTool(["diff", try directoryNib().path, bundle.path])
        #expect(mixed.status == 64)
        #expect(mixed.error.contains("is a directory nib and"))
    }

    @Test(
        "a folder holding no nib is refused by every reading command, naming what a nib folder holds",
        arguments: ["info", "dump", "verify", "convert"])
    func plainFolder(command: String) throws {
        let folder = try temporaryFolder()
        try Data("notes".utf8).write(to: folder.appendingPathComponent("README.txt"))
        let run = runTool([command, folder.path] + (command == "convert" ? ["out.json"] : []))
        #expect(run.status == 2)
        #expect(run.error.contains("neither a directory nib"))
    }

    // MARK: keyed archives

    @Test(
        "info of a keyed nib reports its real size and form, not the converted NIBArchive's",
        arguments: [PropertyList.Format.binary, .xml])
    func infoOfKeyedNib(format: PropertyList.Format) throws {
        let plist = try NibArchive(parsing: try helloBytes).keyedArchive().propertyList
        let keyed = try plist.serialized(as: format)
        let file = try temporaryFolder().appendingPathComponent("Keyed.nib")
        try Data(keyed).write(to: file)
        guard case .array(let objects)? = plist["$objects"] else {
            Issue.record("the conversion wrote no $objects")
            return
        }
        let run = runTool(["info", file.path])
        #expect(run.status == 0)
        #expect(run.outputText.contains("(\(keyed.count) bytes)\n"))
        #expect(!run.outputText.contains("(\(try helloBytes.count) bytes)"))
        let form = format == .binary ? "binary property list (bplist00)" : "XML property list"
        #expect(run.outputText.contains("form:            keyed archive, \(form)\n"))
        #expect(run.outputText.contains("archiver:        NSKeyedArchiver, version 100000\n"))
        #expect(run.outputText.contains("objects:         \(objects.count) ($objects entries)\n"))
        // Hello.nib holds four NSString objects (its info says so); the keyed form keeps them.
        #expect(run.outputText.contains("       4  NSString\n"))
        #expect(!run.outputText.contains("layout:"))
    }

    @Test("dump of a keyed nib says it is a keyed archive and that what follows is the conversion")
    func dumpOfKeyedNib() throws {
        let keyed = try NibArchive(parsing: try helloBytes).keyedArchive().propertyList.serialized(as: .binary)
        let run = runTool(["dump", "-"], stdin: keyed)
        #expect(run.status == 0)
        let lines = run.outputText.components(separatedBy: "\n")
        #expect(
            lines.first?.hasPrefix("keyed archive (NSKeyedArchiver, binary property list, \(keyed.count) bytes)")
                == true)
        #expect(lines.first?.contains("its conversion to a NIBArchive") == true)
        let nibdump = runTool(["dump", "--format", "nibdump", "-"], stdin: keyed)
        #expect(nibdump.error.contains("note: <stdin> is a keyed archive"))
    }

    /// A keyed archive of three objects, with `object` as `$objects[1]` and `entry` as the class entry.
    private func keyedArchive(object: [PropertyList.Entry], classEntry: PropertyList) throws -> [UInt8] {
        try PropertyList.dictionary([
            PropertyList.Entry("$version", .integer(100_000)),
            PropertyList.Entry("$archiver", .string("NSKeyedArchiver")),
            PropertyList.Entry("$top", .dictionary([PropertyList.Entry("root", .uid(1))])),
            PropertyList.Entry(
                "$objects", .array([.string("$null"), .dictionary(object), classEntry])),
        ]).serialized(as: .binary)
    }

    @Test("verify of a valid keyed nib passes as a keyed archive (it used to say bad-magic)")
    func verifyKeyedNib() throws {
        let keyed = try NibArchive(parsing: try helloBytes).keyedArchive().propertyList.serialized(as: .xml)
        let run = runTool(["verify", "-"], stdin: keyed)
        #expect(run.status == 0)
        #expect(run.outputText == "<stdin>: ok (keyed archive)\n")
        let small = try keyedArchive(
            object: [PropertyList.Entry("$class", .uid(2)), PropertyList.Entry("count", .integer(3))],
            classEntry: .dictionary([
                PropertyList.Entry("$classname", .string("NSObject")),
                PropertyList.Entry("$classes", .array([.string("NSObject")])),
            ]))
        #expect(runTool(["verify", "-"], stdin: small).status == 0)
    }

    @Test("verify of a keyed nib names the place of a UID out of range and of a broken class entry")
    func verifyKeyedFindings() throws {
        let bytes = try keyedArchive(
            object: [
                PropertyList.Entry("$class", .uid(2)),
                PropertyList.Entry("children", .array([.uid(1), .uid(99)])),
            ],
            classEntry: .dictionary([PropertyList.Entry("$classes", .array([.string("NSObject")]))]))
        let run = runTool(["verify", "-"], stdin: bytes)
        #expect(run.status == 1)
        #expect(run.outputText.hasPrefix("<stdin>: FAIL (keyed archive, 2 errors)\n"))
        #expect(
            run.outputText.contains(
                "  $objects[1].children[1] error uid-range: UID 99 is not below the object count 3\n"))
        #expect(
            run.outputText.contains(
                "  $objects[2] error class-entry: the class of $objects[1] has no $classname string\n"))
    }

    @Test("verify of a keyed nib with 20,000 bad UIDs counts them all, lists the first 1000 and keeps a bounded number")
    func verifyManyKeyedFindings() throws {
        let bytes = try keyedArchive(
            object: [
                PropertyList.Entry("$class", .uid(2)),
                PropertyList.Entry("children", .array(Array(repeating: .uid(99), count: 20_000))),
            ],
            classEntry: .dictionary([
                PropertyList.Entry("$classname", .string("NSObject")),
                PropertyList.Entry("$classes", .array([.string("NSObject")])),
            ]))
        let run = runTool(["verify", "-"], stdin: bytes)
        #expect(run.status == 1)
        let lines = run.outputText.components(separatedBy: "\n")
        #expect(lines.first == "<stdin>: FAIL (keyed archive, 20000 errors)")
        #expect(lines.filter { $0.hasPrefix("  $objects[1].children[") }.count == 1000)
        #expect(run.outputText.contains("  … and 19000 more findings not listed (the first 1000 are)\n"))
    }

    @Test("verify of a truncated keyed nib names the property-list error and its offset")
    func verifyTruncatedKeyedNib() throws {
        let keyed = try NibArchive(parsing: try helloBytes).keyedArchive().propertyList.serialized(as: .binary)
        let run = runTool(["verify", "-"], stdin: Array(keyed.prefix(keyed.count / 2)))
        #expect(run.status == 1)
        #expect(run.outputText.hasPrefix("<stdin>: FAIL (keyed archive, 1 error)\n"))
        #expect(run.outputText.contains(" error plist-"))
    }

    @Test(
        "every keyed nib of the corpus verifies as a keyed archive, and info gives its real size",
        .corpus)
    func corpusKeyedNibs() throws {
        let files = try Corpus.files(in: "nib-keyed", withExtension: "nib")
        #expect(files.count > 50)
        let run = runTool(["verify", "--quiet"] + files.map(\.path))
        #expect(run.status == 0)
        #expect(
            run.outputText.components(separatedBy: "\n").filter { $0.hasSuffix(": ok (keyed archive)") }.count
                == files.count)
        for file in files.prefix(5) {
            let size = try Data(contentsOf: file).count
            #expect(
                runTool(["info", file.path]).outputText.contains("(\(size) bytes)\nform:            keyed archive"))
        }
    }

    @Test("every directory nib and .storyboardc of the corpus passes info and verify", .corpus)
    func corpusBundles() throws {
        let root = try Corpus.directory().appendingPathComponent("xib-pairs")
        var bundles: [String] = []
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey])
        while let url = enumerator?.nextObject() as? URL {
            guard ["nib", "storyboardc"].contains(url.pathExtension),
                (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true
            else { continue }
            bundles.append(url.path)
            enumerator?.skipDescendants()
        }
        #expect(bundles.count > 50)
        let verify = runTool(["verify", "--quiet"] + bundles)
        #expect(verify.status == 0, "\(verify.error)")
        for bundle in bundles.prefix(10) {
            #expect(runTool(["info", bundle]).status == 0, "\(bundle)")
        }
    }
}
