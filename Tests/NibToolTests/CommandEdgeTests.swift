import ArgumentParser
import Foundation
import KeyedArchive
import NibArchive
import NibToolCLI
import Testing

/// The edges a new user hits first (issue 17): missing files, outputs whose kind is unclear,
/// binary output on a terminal, compile outputs that would mislead, help layout, `--version`,
/// counts in the singular.
@Suite("nibtool command-line edges")
struct CommandEdgeTests {
    let hello = examplesFolder.appendingPathComponent("Hello.nib").path

    // MARK: verify

    @Test("verify of a good and a missing file lists both and exits 2, as the README says")
    func verifyMissingFile() throws {
        let missing = try temporaryFolder().appendingPathComponent("missing.nib").path
        let run = runTool(["verify", hello, missing])
        #expect(run.status == 2)
        #expect(run.outputText == "\(hello): ok\n\(missing): unreadable\n")
        #expect(run.error == "nibtool: \(missing): cannot read the file: no such file\n")
    }

    @Test("verify with an unreadable file still exits 2 when another file fails its check")
    func verifyMissingBeatsFailing() throws {
        let folder = try temporaryFolder()
        let broken = folder.appendingPathComponent("broken.nib")
        try Data("NIBArchive but far too short".utf8).write(to: broken)
        let run = runTool(["verify", broken.path, folder.appendingPathComponent("gone.nib").path])
        #expect(run.status == 2)
        #expect(run.outputText.contains("broken.nib: FAIL"))
        #expect(run.outputText.contains("gone.nib: unreadable\n"))
    }

    // MARK: convert

    @Test("convert X.nib - without --to writes JSON, the text form, not binary")
    func convertToStandardOutputIsText() throws {
        let run = runTool(["convert", hello, "-"])
        #expect(run.status == 0)
        let original = try NibArchive(parsing: [UInt8](Data(contentsOf: URL(fileURLWithPath: hello))))
        #expect(try NibArchive(json: Data(run.output)) == original)
    }

    @Test("convert of a keyed archive to '-' without --to writes JSON too (it used to write a binary nib)")
    func convertKeyedToStandardOutput() throws {
        let original = try NibArchive(parsing: [UInt8](Data(contentsOf: URL(fileURLWithPath: hello))))
        let keyed = try original.keyedArchive().propertyList.serialized(as: .binary)
        let run = runTool(["convert", "-", "-"], stdin: keyed)
        #expect(run.status == 0)
        #expect(!NibArchive.hasMagic(run.output))
        #expect(try NibArchive(json: Data(run.output)) == original)
    }

    @Test("convert of JSON to '-' without --to asks for --to instead of guessing")
    func convertJSONToStandardOutputNeedsTo() throws {
        let json = [UInt8](try Data(contentsOf: examplesFolder.appendingPathComponent("Hello.json")))
        let run = runTool(["convert", "-", "-"], stdin: json)
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        #expect(run.error.contains("give --to nib or --to plist"))
    }

    @Test(
        "convert never writes a binary nib or property list to a terminal, even with --to",
        arguments: [["--to", "nib"], ["--to", "plist"]])
    func convertRefusesBinaryOnTerminal(options: [String]) {
        let run = runTool(["convert"] + options + [hello, "-"], outputIsTerminal: true)
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        #expect(run.error.contains("will not write a binary"))
        // Text forms go to a terminal as asked.
        let xml = runTool(["convert", "--to", "plist", "--plist-format", "xml", hello, "-"], outputIsTerminal: true)
        #expect(xml.status == 0)
        #expect(xml.outputText.hasPrefix("<?xml"))
    }

    @Test(
        "convert to an output whose kind its name does not tell is refused, and nothing is written",
        arguments: ["out.txt", "out", "Hello.NIBX"])
    func convertUnknownExtension(name: String) throws {
        let output = try temporaryFolder().appendingPathComponent(name)
        let run = runTool(["convert", hello, output.path])
        #expect(run.status == 64)
        #expect(run.error.contains("name it .nib, .json or .plist, or give --to"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
        // --to decides whatever the name.
        #expect(runTool(["convert", "--to", "json", hello, output.path]).status == 0)
        #expect(
            try NibArchive(json: Data(contentsOf: output))
                == NibArchive(parsing: Data(contentsOf: URL(fileURLWithPath: hello))))
    }

    // MARK: compile

    /// A one-scene iOS storyboard in a fresh folder, and that folder.
    private func storyboard() throws -> (source: URL, folder: URL) {
        let folder = try temporaryFolder()
        let source = folder.appendingPathComponent("Main.storyboard")
        try Data(OutputContainmentTests.iOSStoryboard(identifier: nil).utf8).write(to: source)
        return (source, folder)
    }

    @Test("compile -o - is refused: no file or folder named '-' appears")
    func compileToStandardOutput() throws {
        let (_, folder) = try storyboard()
        // The built binary, run in the storyboard's folder: '-' would be made there.
        let run = try runBinary(["compile", "Main.storyboard", "-o", "-"], in: folder)
        #expect(run.status == 64)
        #expect(run.error.contains("not standard output"))
        #expect(run.output.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("-").path))
    }

    @Test("compile of a storyboard to a name that is not .storyboardc is refused", arguments: ["y.nib", "Main"])
    func compileStoryboardToNib(name: String) throws {
        let (source, folder) = try storyboard()
        let output = folder.appendingPathComponent(name)
        let run = runTool(["compile", source.path, "-o", output.path])
        #expect(run.status == 64)
        #expect(run.error.contains("name the output Main.storyboardc"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let good = runTool(["compile", source.path, "-o", folder.appendingPathComponent("Main.storyboardc").path])
        #expect(good.status == 0)
    }

    /// An iOS xib whose root view holds `depth` views, each inside the one before.
    static func nestedViews(_ depth: Int) -> String {
        let open = #"<subviews><view contentMode="scaleToFill" id="v"#
        let frame = #"<rect key="frame" x="0.0" y="0.0" width="10" height="10"/>"#
        let views = (0..<depth).map { "\(open)\($0)\">\(frame)" }.joined()
        return #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14113" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none">
            <objects><view contentMode="scaleToFill" id="root">\#(frame)\#(views)\#(String(repeating: "</view></subviews>", count: depth))</view></objects>
            </document>
            """#
    }

    /// Issue 20: a release nibtool overflowed its stack on 4,000 nested views once
    /// `--max-nesting-depth` let them through, so the option stops at 1,024 levels.
    @Test("--max-nesting-depth raises the limit up to 1024 and is refused above it")
    func nestingDepthOption() throws {
        let folder = try temporaryFolder()
        // 200 nested views are 400 element levels below the root view: past the default 256.
        let source = folder.appendingPathComponent("Deep.xib")
        try Data(Self.nestedViews(200).utf8).write(to: source)
        let output = folder.appendingPathComponent("Deep.nib")

        let byDefault = try runBinary(["compile", source.path, "-o", output.path])
        #expect(byDefault.status == 2)
        #expect(byDefault.error.contains("deeper than 256 levels") && byDefault.error.contains("[limit-exceeded]"))

        let raised = try runBinary(["compile", source.path, "-o", output.path, "--max-nesting-depth", "1024"])
        #expect(raised.status == 0, "\(raised.error)")
        #expect(FileManager.default.fileExists(atPath: output.path))
        try FileManager.default.removeItem(at: output)

        let refused = try runBinary(["compile", source.path, "-o", output.path, "--max-nesting-depth", "1025"])
        #expect(refused.status == 64)
        #expect(refused.error.contains("--max-nesting-depth must be at most 1024"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("compile's USAGE shows -o as required and names --compare-with")
    func compileUsage() {
        let help = runTool(["compile", "--help"]).outputText
        let usage = help.components(separatedBy: "\n\n").first { $0.hasPrefix("USAGE:") } ?? ""
        #expect(usage.contains("nibtool compile <source> -o <output>"))
        #expect(!usage.contains("[-o"))
        #expect(usage.contains("--compare-with <reference>"))
        #expect(help.contains("--compare-with <reference>"))
    }

    // MARK: --version, help, counts

    @Test("nibtool --version prints a version and exits 0")
    func version() {
        let run = runTool(["--version"])
        #expect(run.status == 0)
        #expect(run.outputText.wholeMatch(of: /nibtool \d+\.\d+\.\d+(-[a-z]+)? \(NibKit\)\n/) != nil)
    }

    /// The commands whose help this suite checks, with the root command.
    static let helpCommands: [any ParsableCommand.Type] =
        [NibTool.self]
        + NibTool.configuration.subcommands.filter {
            ["info", "dump", "convert", "verify", "compile", "diff"].contains($0._commandName)
        }

    @Test(
        "help keeps its own lines: indented lines (examples, tables) intact, paragraphs not hand-wrapped",
        arguments: [80, 120])
    func helpLayout(columns: Int) {
        #expect(Self.helpCommands.count == 7)
        for command in Self.helpCommands {
            let name = command._commandName
            let discussion = command.configuration.discussion
            let help = NibTool.helpMessage(for: command, columns: columns)
            let helpLines = Set(help.components(separatedBy: "\n"))
            // The parser never wraps USAGE (convert's is wider than 80 columns); every other line fits.
            let usage = help.components(separatedBy: "\n\n").first { $0.hasPrefix("USAGE:") } ?? ""
            for line in help.components(separatedBy: "\n") where !usage.contains(line) {
                #expect(line.count <= columns, "\(name): a help line is wider than \(columns): \(line)")
            }
            let lines = discussion.components(separatedBy: "\n")
            for line in lines where line.hasPrefix(" ") {
                #expect(helpLines.contains(line), "\(name): '\(line)' is not one line of the help")
            }
            // A paragraph is one source line; the parser wraps it to the terminal. Two prose lines
            // in a row are a hand-wrapped paragraph, which comes out ragged on a narrower terminal.
            for (line, next) in zip(lines, lines.dropFirst())
            where !line.isEmpty && !next.isEmpty && !line.hasPrefix(" ") && !next.hasPrefix(" ") {
                Issue.record("\(name): hand-wrapped paragraph at '\(next)'")
            }
        }
    }

    @Test("dump and info count one object, key, value and class in the singular")
    func singularCounts() throws {
        var builder = NibArchive.Builder()
        let root = builder.addObject(className: "NSObject")
        builder.append(.int8(1), forKey: "only", to: root)
        let folder = try temporaryFolder()
        let nib = folder.appendingPathComponent("one.nib")
        try Data(try builder.build().serialized()).write(to: nib)
        let dump = runTool(["dump", nib.path])
        #expect(dump.status == 0)
        #expect(dump.outputText.hasPrefix("NIBArchive format 1, coder 10: 1 object, 1 key, 1 value, 1 class\n"))
        // Library messages too: a one-byte file.
        let short = runTool(["dump", "-"], stdin: [0x4E])
        #expect(short.status == 2)
        #expect(short.error.contains("file of 1 byte is shorter than the 50-byte header"))
        let info = runTool(["info", nib.path])
        #expect(info.outputText.contains("  objects        1 entry    bytes 50..<"))
        #expect(info.outputText.contains("  classes        1 entry    bytes "))
    }
}
