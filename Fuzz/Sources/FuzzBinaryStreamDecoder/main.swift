import Foundation
import FuzzBinaryTypes
import FuzzSupport
// BinaryStreamDecoder fed in chunks chosen by the fuzzer. Invariant: the elements (and whether
// an error ends the stream) are the same as when all bytes arrive at once.
import NibKitBinaryCodable

@_cdecl("FuzzBinaryStreamDecoder_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    if writeSeedsIfAsked(prefix: "FuzzBinaryStreamDecoder", transform: { Data([7]) + $0 }) { return 0 }
    return runFuzzer(argc, argv) { data, size in
        let bytes = inputBytes(data, size)
        guard let control = bytes.first else { return 0 }
        // The first byte seeds the chunk sizes; the rest is the stream.
        check(Array(bytes.dropFirst()), seed: control, FuzzRecord.self)
        check(Array(bytes.dropFirst()), seed: control, [Int16?].self)
        return 0
    }
}

func elements<T: Codable>(_ bytes: [UInt8], chunks: [Int], _ type: T.Type) -> (elements: [Data], failed: Bool) {
    let decoder = BinaryStreamDecoder<T>()
    var output: [Data] = []
    var start = 0
    var chunkIndex = 0
    while start < bytes.count {
        let length = min(max(chunks[chunkIndex % chunks.count], 1), bytes.count - start)
        decoder.add(Data(bytes[start..<(start + length)]))
        start += length
        chunkIndex += 1
        let (decoded, error) = decoder.decodeElementsUntilError()
        output += decoded.compactMap { try? stableBytes($0) }
        if error != nil { return (output, true) }
    }
    return (output, false)
}

func check<T: Codable>(_ bytes: [UInt8], seed: UInt8, _ type: T.Type) {
    var state = UInt32(seed) &+ 1
    var chunks: [Int] = []
    for _ in 0..<8 {
        state = state &* 1_103_515_245 &+ 12345
        chunks.append(Int(state >> 16) % 97 + 1)
    }
    let whole = elements(bytes, chunks: [max(bytes.count, 1)], T.self)
    let chunked = elements(bytes, chunks: chunks, T.self)
    let single = elements(bytes, chunks: [1], T.self)
    // An error may surface at a different feed, but never before the same elements.
    guard whole.failed == chunked.failed, whole.failed == single.failed,
        whole.elements == chunked.elements, whole.elements == single.elements
    else {
        fatalError("\(T.self): chunked stream decoding differs from decoding all bytes at once")
    }
}
