import CorpusSupport
import Foundation
import KeyedArchive
import NibArchive
import NibCoding
import NibCompiler
import Testing

/// The documents users have: `../shared/corpus/wild` holds real `.xib` and `.storyboard` files
/// from public iOS and macOS apps, without Apple's output. Each must compile (warnings allowed),
/// and every nib the compiler writes must load and instantiate with generic objects.
///
/// ``knownFailures`` lists the documents that still stop at an error, each group with the
/// reason; the test fails when another document stops (a regression) and when a listed one
/// compiles (so that the list only shrinks).
@Suite("The wild corpus compiles and loads", .corpus)
struct WildCorpusTests {
    /// Every document of `wild/`, as `platform/file`.
    static func documents() throws -> [String] {
        let root = try Corpus.directory().appendingPathComponent("wild")
        var result: [String] = []
        for platform in ["ios", "macos", "legacy"] {
            let names = try FileManager.default.contentsOfDirectory(
                atPath: root.appendingPathComponent(platform).path)
            result += names.filter { $0.hasSuffix(".xib") || $0.hasSuffix(".storyboard") }.sorted().map {
                "\(platform)/\($0)"
            }
        }
        return result
    }

    @Test("every document compiles, except the listed ones, and its nibs load and instantiate")
    func compileAndLoad() throws {
        let root = try Corpus.directory().appendingPathComponent("wild")
        let documents = try Self.documents()
        #expect(documents.count >= 600, "the wild corpus has \(documents.count) documents")
        var failures: [String: String] = [:]
        var options = NibCompiler.Options()
        // Xcode always passes the target's module; the documents' apps are not built here.
        options.module = "App"
        let compiler = NibCompiler(options: options)
        for document in documents {
            let url = root.appendingPathComponent(document)
            let output: CompiledNib
            do {
                output = try compiler.compile(contentsOf: url)
            } catch {
                failures[document] = "\(error.code): \(error.message)"
                continue
            }
            for (name, bytes) in output.files where name.isEmpty || name.hasSuffix(".nib") {
                // The keyed-archive variants of a macOS directory nib are the same graph.
                guard !NibArchive.isKeyedArchive(bytes) else { continue }
                do {
                    let nib = try Nib(bytes: bytes)
                    // A storyboard's nibs name the storyboard and their scene's objects as
                    // external objects; UIKit supplies them, here stand-ins do.
                    var externals: [String: AnyObject] = [:]
                    for identifier in nib.externalObjectIdentifiers { externals[identifier] = NibObject() }
                    _ = try nib.instantiation(owner: NibObject(), externalObjects: externals)
                } catch {
                    Issue.record("\(document) \(name): the compiled nib does not load: \(error)")
                }
            }
        }
        if let path = ProcessInfo.processInfo.environment["NIBKIT_WILD_FAILURES"] {
            // For updating knownFailures: every failing document with its error.
            let lines = failures.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value)" }
            try? Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        }
        let unexpected = failures.keys.filter { !Self.knownFailures.contains($0) }.sorted()
        #expect(
            unexpected.isEmpty, "documents that stop at an error: \(unexpected.map { "\($0): \(failures[$0] ?? "")" })")
        let fixed = Self.knownFailures.filter { failures[$0] == nil }.sorted()
        #expect(fixed.isEmpty, "these compile now; remove them from knownFailures: \(fixed)")
    }
}
