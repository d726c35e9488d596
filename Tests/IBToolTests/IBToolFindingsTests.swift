import Foundation
import KeyedArchive
import NibCompiler
import Testing

@testable import IBToolCLI

/// Findings (`--errors`, `--warnings`, `--notices`) in ibtool's three output formats, exit
/// statuses, and the `.strings` export and import, on hand-written documents.
@Suite("ibtool findings and strings")
struct IBToolFindingsTests {
    @Test("a warning prints as ibtool's text section, path:line: warning: message")
    func warningAsText() throws {
        let folder = try scratchFolder()
        let xib = try write(Documents.warningXib, named: "View.xib", in: folder)
        let output = folder.appendingPathComponent("View.nib")
        let run = runIBTool(["--warnings", "--output-format", "human-readable-text", "--compile", output.path, xib])
        #expect(run.status == 0)
        let lines = run.outputText.split(separator: "\n").map(String.init)
        #expect(lines.first == "/* com.apple.ibtool.document.warnings */")
        // The <color> element is on line 8 of the source.
        #expect(lines.dropFirst().first?.hasPrefix("\(xib):8: warning: <color key=\"backgroundColor\">") == true)
        #expect(FileManager.default.fileExists(atPath: output.path))
    }

    @Test("the same warning in xml1 and binary1 reads back under com.apple.ibtool.document.warnings")
    func warningAsPropertyList() throws {
        let folder = try scratchFolder()
        let xib = try write(Documents.warningXib, named: "View.xib", in: folder)
        for format in ["xml1", "binary1"] {
            let run = runIBTool([
                "--errors", "--warnings", "--output-format", format, "--compile",
                folder.appendingPathComponent("View.nib").path, xib,
            ])
            #expect(run.status == 0)
            #expect(run.output.starts(with: Array((format == "binary1" ? "bplist00" : "<?xml").utf8)))
            let plist = try run.propertyList()
            guard case .dictionary(let groups)? = plist["com.apple.ibtool.document.warnings"],
                case .array(let entries)? = groups.first?.value, let entry = entries.first
            else {
                Issue.record("no warnings in \(format)")
                continue
            }
            #expect(groups.first?.key == xib)  // the <color> has no object id: grouped by the document
            guard case .string(let message)? = entry["message"], case .integer(let line)? = entry["line"] else {
                Issue.record("entry without message or line: \(entry)")
                continue
            }
            #expect(message.hasPrefix("<color key=\"backgroundColor\">"))
            #expect(line == 8)
            if case .string(let type)? = entry["type"] { #expect(type == "warning") } else { Issue.record("no type") }
            guard case .dictionary(let errors)? = plist["com.apple.ibtool.document.errors"] else {
                Issue.record("--errors asked for, no errors section")
                continue
            }
            #expect(errors.isEmpty)
        }
    }

    @Test("a document that fails exits 1 with its error under com.apple.ibtool.document.errors")
    func errorDocument() throws {
        let folder = try scratchFolder()
        let xib = try write(Documents.errorXib, named: "Broken.xib", in: folder)
        let output = folder.appendingPathComponent("Broken.nib")
        let run = runIBTool(["--errors", "--output-format", "xml1", "--compile", output.path, xib])
        #expect(run.status == 1)
        #expect(!FileManager.default.fileExists(atPath: output.path))
        guard case .dictionary(let groups)? = try run.propertyList()["com.apple.ibtool.document.errors"],
            case .array(let entries)? = groups.first?.value, case .string(let kind)? = entries.first?["kind"]
        else {
            Issue.record("no document error in \(run.outputText)")
            return
        }
        #expect(kind == "malformed-xml")

        let text = runIBTool(["--errors", "--output-format", "human-readable-text", "--compile", output.path, xib])
        #expect(text.status == 1)
        #expect(text.outputText.hasPrefix("/* com.apple.ibtool.document.errors */\n\(xib):"))
        #expect(text.outputText.contains(": error: "))
    }

    @Test("without --errors a failure is still printed, as a tool error")
    func errorWithoutErrorsFlag() throws {
        let folder = try scratchFolder()
        let xib = try write(Documents.errorXib, named: "Broken.xib", in: folder)
        let run = runIBTool(["--compile", folder.appendingPathComponent("Broken.nib").path, xib])
        #expect(run.status == 1)
        guard case .array(let list)? = try run.propertyList()["com.apple.ibtool.errors"] else {
            Issue.record("no tool error in \(run.outputText)")
            return
        }
        #expect(list.count == 1)
    }

    @Test("--export-strings-file writes UTF-16LE with a BOM, one commented entry per string, quotes escaped")
    func exportStrings() throws {
        let folder = try scratchFolder()
        let xib = try write(Documents.labelXib, named: "View.xib", in: folder)
        let strings = folder.appendingPathComponent("View.strings")
        let run = runIBTool(["--export-strings-file", strings.path, xib])
        #expect(run.status == 0)
        let bytes = [UInt8](try Data(contentsOf: strings))
        #expect(bytes.starts(with: [0xFF, 0xFE]))
        // The layout of the strings files committed beside Base.lproj documents (Clipy's
        // en.lproj files): a blank line, the comment, the entry; "9tf-…" before "abc-…".
        let expected = """

            /* Class = "UITextField"; placeholder = "Name"; ObjectID = "9tf-Aa-001"; */
            "9tf-Aa-001.placeholder" = "Name";

            /* Class = "UILabel"; text = "Hello \\"World\\""; ObjectID = "abc-12-xyz"; */
            "abc-12-xyz.text" = "Hello \\"World\\"";

            """
        #expect(utf16Text(bytes) == expected)
    }

    @Test("a strings file parses back to its table, in UTF-16 or UTF-8")
    func parseStrings() throws {
        let strings = [
            LocalizableString(
                objectID: "abc-12-xyz", className: "UILabel", property: "text", value: "Line 1\nSay \"hi\""),
            LocalizableString(objectID: "17", className: "NSMenuItem", property: "title", value: "Öffnen…"),
        ]
        let table = try StringsFile.parse(StringsFile.render(strings))
        #expect(table == ["abc-12-xyz.text": "Line 1\nSay \"hi\"", "17.title": "Öffnen…"])
        let utf8 = try StringsFile.parse(Array("// c\n\"a.text\" = \"b\\U00e9\"; /* x */ key = value;\n".utf8))
        #expect(utf8 == ["a.text": "bé", "key": "value"])
        #expect(throws: StringsFile.ParseError.self) { try StringsFile.parse(Array("\"a\" = \"b\"".utf8)) }
    }

    @Test("--companion-strings-file compiles the translation into the nib in place of the source's text")
    func companionStrings() throws {
        let folder = try scratchFolder()
        let xib = try write(Documents.labelXib, named: "Base.lproj/View.xib", in: folder)
        let french = try write(
            "\"abc-12-xyz.text\" = \"Bonjour le monde\";\n", named: "fr.lproj/View.strings", in: folder)
        let localized = folder.appendingPathComponent("fr.nib")
        let run = runIBTool(["--companion-strings-file", "fr:\(french)", "--compile", localized.path, xib])
        #expect(run.status == 0, "\(run.outputText)")
        let nib = [UInt8](try Data(contentsOf: localized))
        #expect(nib.firstRange(of: Array("Bonjour le monde".utf8)) != nil)
        #expect(nib.firstRange(of: Array("Hello \"World\"".utf8)) == nil)

        // The same nib as compiling a source whose label says the translation.
        let translated = Documents.labelXib.replacingOccurrences(
            of: "text=\"Hello &quot;World&quot;\"", with: "text=\"Bonjour le monde\"")
        let reference = try write(translated, named: "Base.lproj/Reference.xib", in: folder)
        let expected = try NibCompiler().compile(contentsOf: URL(fileURLWithPath: reference))
        #expect(expected.files[""] == nib)
    }
}
