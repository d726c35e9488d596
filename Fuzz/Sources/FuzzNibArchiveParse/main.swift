// NibArchive parse. Invariant: whatever parses re-serializes to the same bytes, re-parses to an
// equal archive, writes canonically to bytes that re-parse equal, dumps, survives its JSON round
// trip, and validates without trapping.
import Foundation
import FuzzSupport
import NibArchive

@_cdecl("FuzzNibArchiveParse_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in
        check(inputBytes(data, size))
        return 0
    }
}

func check(_ bytes: [UInt8]) {
    _ = NibArchive.validate(bytes, level: .canonical)
    guard let archive = try? NibArchive(parsing: bytes) else { return }
    guard archive.serialized() == bytes else { fatalError("lossless write changed the bytes") }
    guard let canonical = try? NibArchive(parsing: archive.serialized(layout: .canonical)), canonical == archive else {
        fatalError("canonical write does not re-parse to an equal archive")
    }
    _ = try? archive.nibdumpBytes()
    guard let fromJSON = try? NibArchive(json: Data(archive.jsonString().utf8)), fromJSON.serialized() == bytes else {
        fatalError("JSON round trip changed the bytes")
    }
    for value in archive.values { _ = archive.nestedArchive(in: value) }
}
