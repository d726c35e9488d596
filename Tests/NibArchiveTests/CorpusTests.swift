import CorpusSupport
import Foundation
import NibArchive
import Testing

/// Every real file in `../shared/corpus/nib/`: parse, write back, dump.
@Suite("Real nibs from the corpus")
struct CorpusTests {
    @Test("The corpus is present whenever CI runs", .enabled(if: Corpus.isCI))
    func corpusIsPresentUnderCI() throws {
        let files = try Corpus.nibFiles()
        #expect(files.count == 298)
    }

    @Test(
        "Every corpus nib re-serializes to its exact bytes", .corpus,
        arguments: Corpus.nibFileNames)
    func losslessRoundTrip(name: String) throws {
        let bytes = try Corpus.nibBytes(named: name)
        let archive = try NibArchive(parsing: bytes)
        #expect(archive.serialized() == bytes)
    }

    @Test(
        "Every corpus nib survives nib → JSON → nib byte for byte", .corpus,
        arguments: Corpus.nibFileNames)
    func jsonRoundTrip(name: String) throws {
        let bytes = try Corpus.nibBytes(named: name)
        let archive = try NibArchive(parsing: bytes)
        let json = archive.jsonString()
        let back = try NibArchive(json: Data(json.utf8))
        #expect(back == archive)
        #expect(back.serialized() == bytes)
    }

    @Test(
        "Every corpus nib dumps exactly as the independent implementations do", .corpus,
        arguments: Corpus.nibFileNames)
    func nibdumpMatchesIndependentDump(name: String) throws {
        let bytes = try Corpus.nibBytes(named: name)
        let archive = try NibArchive(parsing: bytes)
        let expected = try Corpus.nibdump(for: try Corpus.directory().appendingPathComponent("nib/\(name)"))
        let actual = try archive.nibdumpBytes()
        #expect(actual == [UInt8](expected), "dump of \(name) differs")
    }
}
