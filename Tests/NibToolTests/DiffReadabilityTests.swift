import Foundation
import NibArchive
import Testing

/// `nibtool diff` for people (issue 17): a summary line, invisible and private-use characters
/// escaped, the same output on every run.
@Suite("nibtool diff for people")
struct DiffReadabilityTests {
    /// A nib whose root holds an ordered list of labels with these texts.
    static func labels(_ titles: [String]) throws -> [UInt8] {
        var builder = NibArchive.Builder()
        let root = builder.addObject(className: "NSObject")
        let array = builder.addObject(className: "NSArray")
        builder.append(.objectReference(array), forKey: "UISubviews", to: root)
        builder.append(.bool(true), forKey: "NSInlinedValue", to: array)
        for title in titles {
            let label = builder.addObject(className: "UILabel")
            builder.append(.string(title), forKey: "UIText", to: label)
            builder.append(.objectReference(label), forKey: NibArchive.Builder.emptyKey, to: array)
        }
        return try builder.build().serialized()
    }

    private func write(_ bytes: [UInt8], _ name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    @Test("the text format ends with one line counting the differences changed, added and removed")
    func summaryLine() throws {
        let folder = try temporaryFolder()
        let old = try write(try Self.labels(["A", "B", "C", "D"]), "Old.nib", in: folder)
        let new = try write(try Self.labels(["A", "X", "C", "New", "D"]), "New.nib", in: folder)
        let run = runTool(["diff", old, new])
        #expect(run.status == 1)
        let lines = run.outputText.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.last == "2 differences: 1 changed, 1 added, 0 removed")
        let json = runTool(["diff", "--format", "json", old, new])
        let object = try JSONSerialization.jsonObject(with: Data(json.output)) as? [String: Any]
        let summary = object?["summary"] as? [String: Int]
        #expect(summary == ["changed": 1, "added": 1, "removed": 0, "files": 0])
    }

    @Test("private-use and invisible characters are escaped in diff lines")
    func escapedCharacters() throws {
        let folder = try temporaryFolder()
        let old = try write(try Self.labels(["\u{E000}", "a\u{200B}b"]), "Old.nib", in: folder)
        let new = try write(try Self.labels(["\u{F8FF}", "a\u{AD}b"]), "New.nib", in: folder)
        let run = runTool(["diff", old, new])
        #expect(run.status == 1)
        #expect(run.outputText.contains(#""\u{E000}" → "\u{F8FF}""#))
        #expect(run.outputText.contains(#""a\u{200B}b" → "a\u{AD}b""#))
        #expect(!run.outputText.unicodeScalars.contains { (0xE000...0xF8FF).contains($0.value) || $0.value == 0xAD })
    }

    @Test("the same two inputs give the same output on every run of the binary (hashing is seeded per process)")
    func deterministic() throws {
        _ = try #require(builtTool, "the test target depends on nibtool, so the binary must be beside the tests")
        let folder = try temporaryFolder()
        // Unordered lists (matched through hashed fingerprints) and an ordered one, both changed.
        let login = examplesFolder.appendingPathComponent("LoginScreen/LoginScreen.nib").path
        let hello = examplesFolder.appendingPathComponent("Hello.nib").path
        let old = try write(try Self.labels((0..<30).map { "L\($0 % 7)" }), "Old.nib", in: folder)
        let new = try write(try Self.labels((0..<31).map { "L\(($0 * 3) % 7)" }), "New.nib", in: folder)
        for (left, right) in [(login, hello), (old, new)] {
            let first = try runBinary(["diff", left, right])
            #expect(first.status == 1)
            for _ in 0..<3 {
                let again = try runBinary(["diff", left, right])
                #expect(again.output == first.output)
            }
        }
    }
}
