import CorpusSupport
import Foundation
import NibArchive
import Testing

@Suite("nibtool info, dump, convert, verify")
struct NibToolTests {
    let hello = examplesFolder.appendingPathComponent("Hello.nib").path

    @Test("The shipped example is exactly what the writer makes from its JSON source")
    func exampleMatchesItsSource() throws {
        let json = try Data(contentsOf: examplesFolder.appendingPathComponent("Hello.json"))
        let built = try NibArchive(json: json).serialized()
        #expect(built == [UInt8](try Data(contentsOf: URL(fileURLWithPath: hello))))
        #expect(NibArchive.validate(built, level: .canonical).passes)
    }

    @Test("info reports versions, table counts and offsets, trailer and class histogram")
    func info() {
        let run = runTool(["info", hello])
        #expect(run.status == 0)
        let text = run.outputText
        #expect(text.contains("format version:  1"))
        #expect(text.contains("coder version:   10"))
        #expect(text.contains("objects       16 entries  bytes 50..<"))
        #expect(text.contains("trailer:         none"))
        #expect(text.contains("       4  NSString"))
    }

    @Test("info --format json is JSON with the table counts")
    func infoJSON() throws {
        let run = runTool(["info", "--format", "json", hello])
        let object = try JSONSerialization.jsonObject(with: Data(run.output)) as? [String: Any]
        let tables = object?["tables"] as? [[String: Any]]
        #expect(tables?.map { $0["count"] as? Int } == [16, 28, 46, 10])
    }

    @Test("dump's text form shows classes, keys, typed values and references")
    func textDump() {
        let run = runTool(["dump", hello])
        #expect(run.status == 0)
        #expect(run.outputText.contains("#9 UILabel\n"))
        #expect(run.outputText.contains("    UIText = → #10 NSString\n"))
        #expect(run.outputText.contains("    NS.bytes = \"Hello, NibKit!\"\n"))
        #expect(run.outputText.contains("    UIWhite = 1.0 (float32)\n"))
        // Hello.json stores UIBounds (0, 0, 320, 480) as marker 07 and four float64s.
        #expect(run.outputText.contains("    UIBounds = {0, 0, 320, 480} (rect/insets, float64 geometry)\n"))
    }

    @Test("dump --format nibdump of every corpus file equals the independent dump", .corpus)
    func nibdumpOfCorpus() throws {
        for file in try Corpus.nibFiles() {
            let run = runTool(["dump", "--format", "nibdump", file.path])
            #expect(run.output == [UInt8](try Corpus.nibdump(for: file)), "\(file.lastPathComponent)")
        }
    }

    @Test("'-' reads standard input")
    func standardInput() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: hello)))
        let run = runTool(["dump", "--format", "nibdump", "-"], stdin: bytes)
        #expect(try run.output == (try NibArchive(parsing: bytes)).nibdumpBytes())
    }

    @Test("convert nib → json → nib gives back the identical bytes")
    func convertRoundTrip() throws {
        let folder = try temporaryFolder()
        let json = folder.appendingPathComponent("hello.json").path
        let nib = folder.appendingPathComponent("hello.nib").path
        #expect(runTool(["convert", hello, json]).status == 0)
        #expect(runTool(["convert", json, nib]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: nib)) == Data(contentsOf: URL(fileURLWithPath: hello)))
    }

    @Test("convert with --to writes to standard output")
    func convertToStandardOutput() throws {
        let run = runTool(["convert", "--to", "json", hello, "-"])
        #expect(run.status == 0)
        #expect(run.outputText.hasPrefix("{\n  \"format\": \"nibkit.nibarchive\""))
    }

    @Test("verify passes good files with status 0 and fails broken ones with status 1, naming offset and entry")
    func verify() throws {
        let folder = try temporaryFolder()
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: hello)))
        let broken = folder.appendingPathComponent("broken.nib")
        // Class index of object 1 (at offset 53) → 0x7F, far past the class table.
        bytes[53] = 0xFF
        try Data(bytes).write(to: broken)
        #expect(runTool(["verify", hello]).status == 0)
        let run = runTool(["verify", hello, broken.path])
        #expect(run.status == 1)
        #expect(run.outputText.contains("\(hello): ok\n"))
        #expect(run.outputText.contains("broken.nib: FAIL (1 error)\n"))
        #expect(
            run.outputText.contains(
                "  0x35 (53) error object-class-range object 1: class index 127 is not below the class count 10\n"))
    }

    @Test("An unreadable or unparsable file is one line on stderr with the name and offset, status 2")
    func errors() throws {
        let missing = runTool(["dump", "/nonexistent/file.nib"])
        #expect(missing.status == 2)
        #expect(missing.error.hasPrefix("nibtool: /nonexistent/file.nib: cannot read the file"))
        #expect(missing.output.isEmpty)
        let garbage = runTool(["dump", "-"], stdin: Array("NIBArchive but far too short".utf8))
        #expect(garbage.status == 2)
        #expect(
            garbage.error
                == "nibtool: <stdin>: file of 28 bytes is shorter than the 50-byte header (short-file) at offset 0x0 (0) in header\n"
        )
    }

    @Test("Every command's --help has an example", arguments: ["info", "dump", "convert", "verify"])
    func helpHasExamples(command: String) {
        let run = runTool([command, "--help"])
        #expect(run.status == 0)
        #expect(run.outputText.contains("Example"))
    }

    @Test("A wrong command line exits with the usage status")
    func usage() {
        #expect(runTool(["dump"]).status == 64)
        #expect(runTool(["frobnicate"]).status == 64)
    }

    @Test("The built binary dumps, converts through pipes and reports errors")
    func endToEnd() throws {
        _ = try #require(builtTool, "the test target depends on nibtool, so the binary must be beside the tests")
        let dump = try runBinary(["dump", "--format", "nibdump", hello])
        #expect(dump.status == 0)
        #expect(
            [UInt8](dump.output)
                == (try NibArchive(parsing: [UInt8](Data(contentsOf: URL(fileURLWithPath: hello)))).nibdumpBytes()))
        let json = try runBinary(["convert", "--to", "json", hello, "-"])
        let back = try runBinary(["convert", "--to", "nib", "-", "-"], stdin: json.output)
        #expect(back.output == (try Data(contentsOf: URL(fileURLWithPath: hello))))
        let failure = try runBinary(["verify", "-"], stdin: Data("not a nib".utf8))
        #expect(failure.status == 1)
        #expect(String(decoding: failure.output, as: UTF8.self).contains("short-file"))
    }
}

@Suite("nibtool tree")
struct TreeCommandTests {
    let login = examplesFolder.appendingPathComponent("LoginScreen/LoginScreen.nib").path

    @Test("tree shows the example's outlets, views and action as its Swift source builds them")
    func loginScreen() {
        let run = runTool(["tree", login])
        #expect(run.status == 0)
        // Examples/LoginScreen/main.swift: outlets to File's Owner, a "Log In" button whose
        // touch-up-inside action is logIn: on File's Owner.
        #expect(run.outputText.contains("outlet userNameField → UITextField"))
        #expect(run.outputText.contains("UIButton #27 \"Log In\""))
        #expect(run.outputText.contains("action logIn: → File's Owner [touchUpInside]"))
    }

    @Test("tree --format json is JSON, and '-' reads standard input")
    func jsonFromStandardInput() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: login)))
        let run = runTool(["tree", "--format", "json", "-"], stdin: bytes)
        #expect(run.status == 0)
        #expect((try JSONSerialization.jsonObject(with: Data(run.output))) is [String: Any])
    }

    @Test("tree succeeds on every corpus file, in text and JSON", .corpus)
    func everyCorpusFile() throws {
        for file in try Corpus.nibFiles() {
            let text = runTool(["tree", file.path])
            #expect(text.status == 0 && !text.output.isEmpty, "\(file.lastPathComponent): \(text.error)")
            let json = runTool(["tree", "--format", "json", file.path])
            #expect(json.status == 0, "\(file.lastPathComponent): \(json.error)")
            #expect((try? JSONSerialization.jsonObject(with: Data(json.output))) != nil, "\(file.lastPathComponent)")
        }
    }

    @Test("tree of a broken file is one error line with the file name and status 2")
    func brokenFile() {
        let run = runTool(["tree", "-"], stdin: Array("NIBArchive".utf8))
        #expect(run.status == 2)
        #expect(run.error.hasPrefix("nibtool: <stdin>: "))
        #expect(run.error.filter { $0 == "\n" }.count == 1)
    }
}
