import Foundation
import KeyedArchive
import NibArchive
import NibCoding
import Testing
import ZIPFoundation

/// Issue 20's classes for the reading commands, each with inputs generated here (sizes chosen
/// so that a correct implementation answers at once; before the fixes each of these ran for
/// seconds to minutes or exhausted memory).
@Suite("Hostile inputs to the reading commands")
struct HostileReadingTests {
    private func file(_ bytes: [UInt8], _ name: String = "input.nib") throws -> String {
        let url = try temporaryFolder().appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    // MARK: Expansion of shared references

    @Test("dump of objects sharing one value run stops at the expansion limit, naming it and the option")
    func dumpSharedRunIsRefused() throws {
        // 2,000 objects × 500 shared values = 1,000,000 value lines from about 5 KB.
        let path = try file(HostileInputs.sharedRun(objects: 2000, values: 500))
        for format in ["nibdump", "text"] {
            let run = runTool(["dump", "--format", format, path])
            #expect(run.status == 2)
            #expect(run.output.isEmpty)
            #expect(run.error.contains("expansion-limit") && run.error.contains("--max-expansion"), "\(run.error)")
        }
    }

    @Test("dump of a little sharing within the limit prints each object's values, and the option raises the limit")
    func dumpSharingWithinLimit() throws {
        let bytes = HostileInputs.sharedRun(objects: 10, values: 3)
        let run = runTool(["dump", "--format", "nibdump", try file(bytes)])
        #expect(run.status == 0)
        // 10 objects × 3 shared values: 30 value lines (nibdump 1 prints each object's run).
        #expect(run.outputText.split(separator: "\n").filter { $0.hasPrefix("value\t") }.count == 30)
        // With a factor of 0 the limit is the 65,536 baseline alone: 300 objects × 300 values pass it.
        let larger = try file(HostileInputs.sharedRun(objects: 300, values: 300))
        #expect(runTool(["dump", "--format", "nibdump", "--max-expansion", "0", larger]).status == 2)
        #expect(runTool(["dump", "--format", "nibdump", "--max-expansion", "100", larger]).status == 0)
    }

    @Test("convert of a keyed archive listing one shared string 20,000 times stops at the expansion limit")
    func keyedSharedStringIsRefused() throws {
        let bytes = HostileInputs.keyedArchiveSharingOneString(shares: 20000, length: 1000)
        // The file is about 80 KB; expanded it would be 20 MB of strings in 20,000 objects.
        #expect(bytes.count < 100_000)
        let run = runTool(["convert", "--to", "nib", try file(bytes, "shared.plist"), "-"])
        #expect(run.status == 2)
        #expect(run.error.contains("--max-expansion"), "\(run.error)")
        // The same structure with few listings converts: one NSString object per listing.
        let small = HostileInputs.keyedArchiveSharingOneString(shares: 5, length: 10)
        let converted = runTool(["convert", "--to", "nib", try file(small, "small.plist"), "-"])
        #expect(converted.status == 0, "\(converted.error)")
        let archive = try NibArchive(parsing: converted.output)
        #expect(archive.objects.filter { archive.classes[$0.classIndex].name == "NSString" }.count == 5)
    }

    @Test("convert nib → plist of objects sharing one value run stops at the expansion limit; the option raises it")
    func plistOfSharedRunIsRefused() throws {
        // 2,000 objects × 500 shared values: 1,000,000 dictionary entries from about 10 KB.
        let path = try file(HostileInputs.sharedRun(objects: 2000, values: 500))
        for format in ["binary", "xml"] {
            let run = runTool(["convert", "--to", "plist", "--plist-format", format, path, "-"])
            #expect(run.status == 2)
            #expect(run.output.isEmpty)
            #expect(
                run.error.contains("expansion-limit") && run.error.contains("keyed archive values")
                    && run.error.contains("--max-expansion"), "\(run.error)")
        }
        // 10 objects × 30 shared values (300 entries) fit the 65,536 baseline; with factor 0
        // only the baseline is left, which 300 objects × 300 values (90,000 entries) pass.
        let small = runTool([
            "convert", "--to", "plist", try file(HostileInputs.sharedRun(objects: 10, values: 30)), "-",
        ])
        #expect(small.status == 0, "\(small.error)")
        let larger = try file(HostileInputs.sharedRun(objects: 300, values: 300), "larger.nib")
        #expect(runTool(["convert", "--to", "plist", "--max-expansion", "0", larger, "-"]).status == 2)
        let raised = runTool(["convert", "--to", "plist", "--max-expansion", "100", larger, "-"])
        #expect(raised.status == 0, "\(raised.error)")
        // Each of the 300 objects got its own 300 values back.
        let back = try NibArchive(keyedArchiveBytes: raised.output)
        #expect(back.objects.count == 301)
        #expect(back.objects.dropFirst().allSatisfy { back.values(of: $0).count == 300 })
    }

    // MARK: tree

    @Test("tree lists the connections of an object listed many times once, so its output grows linearly")
    func treeConnectionsOnce() throws {
        let count = 400
        let run = runTool(["tree", try file(HostileInputs.repeatedViewWithConnections(count))])
        #expect(run.status == 0, "\(run.error)")
        let lines = run.outputText.split(separator: "\n")
        // Each of the 400 outlets once, and the view once per listing (400).
        #expect(lines.filter { $0.contains("outlet outlet") }.count == count)
        #expect(lines.filter { $0.hasPrefix("UIView #3") }.count == count)
    }

    @Test(
        "tree --format json writes a frame of NaN or infinity as a string instead of failing",
        arguments: [(Double.nan, "nan"), (.infinity, "inf"), (-.infinity, "-inf")])
    func treeJSONNonFiniteFrame(value: Double, expected: String) throws {
        // Found by FuzzTree: the JSON encoder refused the whole tree (exit 1).
        // (x is the archived center less half the width: NaN once the width is not finite.)
        let nib = try HostileRenderTests.nib([NibView(frame: CGRect(x: 0, y: 0, width: value, height: 10))])
        let run = runTool(["tree", "--format", "json", "-"], stdin: nib)
        #expect(run.status == 0, "\(run.error)")
        let tree = try #require(try JSONSerialization.jsonObject(with: Data(run.output)) as? [String: Any])
        let root = try #require((tree["topLevelObjects"] as? [[String: Any]])?.first)
        let frame = try #require((root["children"] as? [[String: Any]])?.first?["frame"] as? [String: Any])
        #expect(frame["width"] as? String == expected)
        #expect(frame["height"] as? Double == 10)
    }

    @Test("tree and scan escape control characters, ESC sequences and bidi overrides from the nib")
    func treeAndScanEscape() throws {
        let hostile = "\u{1B}]0;pwned\u{07}\u{202E}txt\u{0}"
        let path = try file(HostileInputs.repeatedViewWithConnections(1, label: hostile))
        for arguments in [["tree", path], ["scan", path]] {
            let run = runTool(arguments)
            #expect(run.status == 0, "\(run.error)")
            let text = run.outputText
            #expect(
                !text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{0}" || $0 == "\u{07}" })
            #expect(text.contains("\\u{1B}]0;pwned\\u{7}\\u{202E}txt\\u{0}"), "\(arguments[0]): \(text)")
        }
    }

    /// Every string anywhere in a decoded JSON value.
    private static func strings(in value: Any) -> [String] {
        if let string = value as? String { return [string] }
        if let array = value as? [Any] { return array.flatMap { strings(in: $0) } }
        if let object = value as? [String: Any] { return object.values.flatMap { strings(in: $0) } }
        return []
    }

    @Test("tree and scan JSON write bidi overrides, invisible and private-use characters as \\u escapes, same value")
    func treeAndScanJSONEscape() throws {
        // JSON may carry these raw (JSONEncoder escapes only C0 controls), and on a terminal
        // U+202E and U+2066 reorder the text while U+E000, the tag U+E0041 and DEL do not show.
        let hostile = "a\u{202E}b\u{2066}c\u{E000}d\u{E0041}e\u{7F}f"
        let path = try file(HostileInputs.repeatedViewWithConnections(1, label: hostile))
        for arguments in [["tree", "--format", "json", path], ["scan", "--format", "json", path]] {
            let run = runTool(arguments)
            #expect(run.status == 0, "\(run.error)")
            let text = run.outputText
            let raw: Set<UInt32> = [0x202E, 0x2066, 0xE000, 0xE0041, 0x7F]
            #expect(!text.unicodeScalars.contains { raw.contains($0.value) }, "\(arguments[0])")
            // U+E0041 is the UTF-16 pair D800 + (0xD0041 >> 10) = DB40, DC00 + 0x41 = DC41.
            #expect(text.contains(#"a\u202eb\u2066c\ue000d\udb40\udc41e\u007ff"#), "\(arguments[0]): \(text)")
            let decoded = try JSONSerialization.jsonObject(with: Data(text.utf8))
            // The outlet's label: the generator numbers it (0).
            #expect(Self.strings(in: decoded).contains(hostile + "0"), "\(arguments[0])")
        }
    }

    // MARK: diff

    @Test("diff matches sets of 3,000 strings whatever their order, and reports one changed element once")
    func diffLargeSets() throws {
        let left = try file(HostileInputs.stringSet(3000))
        let shuffled = try file(HostileInputs.stringSet(3000, rotation: 1234))
        let equal = runTool(["diff", left, shuffled])
        #expect(equal.status == 0, "\(equal.outputText)")
        let changed = try file(HostileInputs.stringSet(3000, rotation: 7, changed: 2999))
        let run = runTool(["diff", left, changed])
        #expect(run.status == 1)
        let lines = run.outputText.split(separator: "\n")
        #expect(lines.count == 2, "\(lines.prefix(5))")
        #expect(lines.last == "1 difference: 1 changed, 0 added, 0 removed")
        #expect(lines.first?.contains("\"element 2999\" → \"element 2999 changed\"") == true, "\(lines)")
    }

    @Test("diff of sets nested 6 levels deep (3 per level) finds the one changed leaf, in any order")
    func diffNestedSets() throws {
        let left = try file(HostileInputs.nestedSets(depth: 6, fanout: 3))
        let reversed = try file(HostileInputs.nestedSets(depth: 6, fanout: 3, reversed: true))
        #expect(runTool(["diff", left, reversed]).status == 0)
        let changed = try file(HostileInputs.nestedSets(depth: 6, fanout: 3, changed: 400, reversed: true))
        let run = runTool(["diff", left, changed])
        #expect(run.status == 1)
        let lines = run.outputText.split(separator: "\n")
        #expect(lines.count == 2, "\(lines.prefix(5))")
        #expect(lines.last == "1 difference: 1 changed, 0 added, 0 removed")
        #expect(lines.first?.contains("int32 400 → int32 -400") == true, "\(lines)")
    }

    @Test("diff of dictionaries of 3,000 entries in another order is equal")
    func diffLargeDictionaries() throws {
        // An NSDictionary's elements are key, value, key, value: rotating by an even number keeps the pairs.
        let left = try file(HostileInputs.stringSet(3000, className: "NSDictionary"))
        let right = try file(HostileInputs.stringSet(3000, rotation: 1000, className: "NSDictionary"))
        let run = runTool(["diff", left, right])
        #expect(run.status == 0, "\(run.outputText.prefix(300))")
    }

    @Test("diff of objects sharing one value run stops at the expansion limit with exit 2")
    func diffSharedRunIsRefused() throws {
        let left = try file(HostileInputs.sharedRun(objects: 2000, values: 500))
        let right = try file(HostileInputs.sharedRun(objects: 2000, values: 499))
        let run = runTool(["diff", left, right])
        #expect(run.status == 2)
        #expect(run.error.contains("expansion-limit") && run.error.contains("--max-expansion"), "\(run.error)")
    }

    // MARK: verify

    @Test("verify lists the first 1000 findings and counts the rest")
    func verifyFindingsCapped() throws {
        let run = runTool(["verify", try file(HostileInputs.findingPerObject(5000))])
        #expect(run.status == 1)
        let lines = run.outputText.split(separator: "\n")
        #expect(lines.first?.contains("FAIL (5000 errors") == true, "\(lines.first ?? "")")
        #expect(lines.filter { $0.contains("error") && $0.contains("object") }.count >= 1000)
        #expect(lines.count == 1 + 1000 + 1)
        #expect(lines.last?.contains("and 4000 more findings") == true, "\(lines.last ?? "")")
    }

    @Test("verify checks a value run shared by many objects once")
    func verifySharedRun() throws {
        // Each of the 2,000 objects' run holds NS.bytes 500 times: one repeated-key warning per
        // value of the run, reported for the first object only.
        let report = NibArchive.validate(HostileInputs.sharedRun(objects: 2000, values: 500))
        let repeated = report.findings.filter { $0.id == .repeatedKeyInObject }
        #expect(repeated.count == 499)
        #expect(repeated.allSatisfy { $0.message.hasPrefix("object 1 ") })
    }

    // MARK: scan

    @Test("scan bounds the strings it reads through shared arrays, naming the limit; exit 2")
    func scanFanOutIsRefused() throws {
        let run = runTool(["scan", try file(HostileInputs.fannedOutStrings(fanout: 200, depth: 4))])
        #expect(run.status == 2)
        #expect(run.error.contains("expansion-limit") && run.error.contains("--max-expansion"), "\(run.error)")
    }

    @Test("scan refuses a zip entry that inflates far beyond its compressed size")
    func scanZipBomb() throws {
        let url = try temporaryFolder().appendingPathComponent("Bomb.ipa")
        let archive = try Archive(url: url, accessMode: .create)
        let payload = Data(Array("NIBArchive".utf8) + [UInt8](repeating: 0, count: 4 << 20))
        try archive.addEntry(
            with: "Payload/App.app/Big.nib", type: .file, uncompressedSize: Int64(payload.count),
            compressionMethod: .deflate
        ) { position, size in payload.subdata(in: Int(position)..<Int(position) + size) }
        let run = runTool(["scan", url.path])
        #expect(run.status == 2)
        #expect(run.error.contains("--max-compression-ratio"), "\(run.error)")
        // A budget below the entry's size is named too.
        let budget = runTool(["scan", "--max-compression-ratio", "100000", "--max-inflated-bytes", "1000000", url.path])
        #expect(budget.status == 2)
        #expect(budget.error.contains("--max-inflated-bytes"), "\(budget.error)")
    }

    @Test("scan of a zip whose central directory is corrupt is an error, not an empty scan")
    func scanCorruptZip() throws {
        let url = try temporaryFolder().appendingPathComponent("Corrupt.ipa")
        let archive = try Archive(url: url, accessMode: .create)
        for name in ["Payload/App.app/A.nib", "Payload/App.app/B.nib"] {
            let data = Data(HostileInputs.findingPerObject(1))
            try archive.addEntry(
                with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .none
            ) { position, size in data.subdata(in: Int(position)..<Int(position) + size) }
        }
        var bytes = [UInt8](try Data(contentsOf: url))
        // Break the signature of the first central directory header (PK\1\2).
        let signature: [UInt8] = [0x50, 0x4B, 1, 2]
        let at = try #require((0..<(bytes.count - 4)).first { Array(bytes[$0..<($0 + 4)]) == signature })
        bytes[at] = 0x58
        try Data(bytes).write(to: url)
        let run = runTool(["scan", url.path])
        #expect(run.status == 2)
        #expect(run.error.contains("central directory"), "\(run.error)")
        #expect(!run.outputText.contains("Total: 0 nibs"))
    }

    // MARK: Inputs that are not files

    @Test("a device such as /dev/zero is refused as not a regular file, without reading it")
    func deviceInput() throws {
        guard FileManager.default.fileExists(atPath: "/dev/zero") else { return }
        for command in ["dump", "info", "tree", "verify"] {
            let run = runTool([command, "/dev/zero"])
            #expect(run.status != 0)
            #expect(run.error.contains("not a regular file"), "\(command): \(run.error)")
        }
    }
}
