import CorpusSupport
import Foundation
import KeyedArchive
import NibArchive
import Testing

/// Inputs the fuzzer (or a person) found troublesome, and the fuzz seeds, replayed with the
/// fuzz target's invariant: parse or fail with an in-range offset; what parses writes back and
/// re-reads equal; what converts re-parses equal and survives the keyed form in both formats.
/// Add new inputs to `Tests/KeyedArchiveTests/Fuzz Regressions/`.
@Suite("FuzzKeyedArchive regressions and seeds")
struct FuzzRegressionTests {
    static let folders = [
        FuzzRegressions.folder(besides: #filePath),
        Corpus.packageRoot.appendingPathComponent("Fuzz/Seeds/FuzzKeyedArchive"),
    ]

    static var inputs: [String] {
        folders.flatMap { folder in
            FuzzRegressions.inputs(in: folder).map { folder.appendingPathComponent($0).path }
        }.sorted()
    }

    @Test("There are inputs to replay")
    func inputsExist() {
        #expect(!Self.inputs.isEmpty)
    }

    @Test("Each saved input keeps the fuzz target's invariant", arguments: inputs)
    func replay(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let plist: PropertyList
        do {
            plist = try PropertyList(parsing: bytes)
        } catch {
            if let offset = error.offset { #expect(offset >= 0 && offset <= bytes.count) }
            return
        }
        #expect(try PropertyList(parsing: try plist.serialized(as: .binary)) == plist)
        guard let archive = try? NibArchive(keyedArchive: plist) else { return }
        #expect(try NibArchive(parsing: archive.serialized()) == archive)
        for format in PropertyList.Format.allCases {
            let written = try archive.keyedArchive().propertyList.serialized(as: format)
            #expect(try NibArchive(keyedArchiveBytes: written) == archive, "\(path) via \(format)")
        }
    }
}
