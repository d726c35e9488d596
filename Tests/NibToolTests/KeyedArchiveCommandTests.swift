import CorpusSupport
import Foundation
import KeyedArchive
import NibArchive
import Testing

@Suite("nibtool and keyed-archive nibs")
struct KeyedArchiveCommandTests {
    let hello = examplesFolder.appendingPathComponent("Hello.nib").path

    @Test("convert nib → plist → nib gives back the same bytes, in both plist formats", arguments: ["binary", "xml"])
    func convertBothWays(format: String) throws {
        let folder = try temporaryFolder()
        let plist = folder.appendingPathComponent("Hello.plist").path
        let back = folder.appendingPathComponent("Back.nib").path
        let out = runTool(["convert", "--plist-format", format, hello, plist])
        #expect(out.status == 0)
        #expect(out.error.contains("nibtool: note: header: format version 1"))
        let plistBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: plist)))
        #expect(plistBytes.starts(with: Array((format == "xml" ? "<?xml" : "bplist00").utf8)))
        let plistValue = try PropertyList(parsing: plistBytes)
        #expect(plistValue["$archiver"] == .string("NSKeyedArchiver"))
        #expect(plistValue["$version"] == .integer(100_000))
        #expect(plistValue["$top"] == .dictionary([PropertyList.Entry("root", .uid(1))]))

        let run = runTool(["convert", plist, back])
        #expect(run.status == 0)
        #expect(run.error.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: back)) == Data(contentsOf: URL(fileURLWithPath: hello)))
    }

    @Test("convert --to plist writes to standard output; plist → json works")
    func standardStreams() throws {
        let nib = [UInt8](try Data(contentsOf: URL(fileURLWithPath: hello)))
        let plist = runTool(["convert", "--to", "plist", "-", "-"], stdin: nib)
        #expect(plist.status == 0)
        #expect(plist.output.starts(with: Array("bplist00".utf8)))
        let json = runTool(["convert", "--to", "json", "-", "-"], stdin: plist.output)
        #expect(json.status == 0)
        #expect(try NibArchive(json: Data(json.output)) == NibArchive(parsing: nib))
    }

    @Test("A broken plist fails with the offset and exit status 2")
    func brokenPlist() {
        let run = runTool(["convert", "--to", "nib", "-", "-"], stdin: Array("bplist00 too short".utf8))
        #expect(run.status == 2)
        #expect(run.error.contains("at offset 0x"))
    }

    @Test("tree, dump, diff and scan read a keyed archive by content, whatever its name")
    func toolsReadKeyedArchives() throws {
        let folder = try temporaryFolder()
        let keyed = folder.appendingPathComponent("Keyed.nib")
        #expect(runTool(["convert", "--to", "plist", "--plist-format", "xml", hello, keyed.path]).status == 0)
        let tree = runTool(["tree", keyed.path])
        #expect(tree.status == 0)
        #expect(tree.outputText == runTool(["tree", hello]).outputText)
        let dump = runTool(["dump", keyed.path])
        #expect(dump.status == 0)
        // The same dump after one line saying that it is the keyed archive's conversion.
        #expect(dump.outputText.hasPrefix("keyed archive (NSKeyedArchiver, XML property list"))
        #expect(dump.outputText.hasSuffix("describes the keyed form)\n" + runTool(["dump", hello]).outputText))
        #expect(runTool(["diff", hello, keyed.path]).status == 0)
        let scan = runTool(["scan", "--format", "json", keyed.path])
        #expect(scan.status == 0)
        #expect(scan.outputText.contains("\"kind\" : \"keyed-archive\""))
        #expect(scan.outputText.contains("Hello, NibKit!"))
        #expect(!scan.outputText.contains("not decoded"))
    }

    @Test("scan and tree decode an old keyed nib from the corpus", .corpus)
    func corpusKeyedNib() throws {
        let folder = try Corpus.directory().appendingPathComponent("nib-keyed")
        let name = "AlexPerathoner-Sessions__Sparkle.framework_Versions_A_Resources_Base.lproj_SUUpdateAlert.nib"
        let path = folder.appendingPathComponent(name).path
        let scan = runTool(["scan", path])
        #expect(scan.status == 0)
        #expect(scan.outputText.contains("(keyed-archive)"))
        #expect(scan.outputText.contains("classes: SUUpdateAlert"))
        #expect(scan.outputText.contains("installUpdate:"))
        let tree = runTool(["tree", path])
        #expect(tree.status == 0)
        #expect(tree.outputText.contains("SUUpdateAlert"))
        let dump = runTool(["dump", path])
        #expect(dump.status == 0)
        #expect(dump.outputText.contains("IB.objectdata = → #1 NSIBObjectData"))
    }

    @Test("Every old keyed nib dumps and trees without error", .corpus)
    func everyKeyedNib() throws {
        for file in try Corpus.files(in: "nib-keyed", withExtension: "nib") {
            #expect(runTool(["dump", file.path]).status == 0, "\(file.lastPathComponent)")
            let tree = runTool(["tree", file.path])
            #expect(tree.status == 0, "\(file.lastPathComponent): \(tree.error)")
        }
    }
}
