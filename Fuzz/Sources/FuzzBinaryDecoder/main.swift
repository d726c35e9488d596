import Foundation
import FuzzBinaryTypes
import FuzzSupport
// BinaryDecoder into rich types. Invariant: whatever decodes re-encodes, and the re-encoded bytes
// decode again and re-encode to the very same bytes (byte equality also covers NaN payloads).
import NibKitBinaryCodable

@_cdecl("FuzzBinaryDecoder_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    if writeSeedsIfAsked(prefix: "FuzzBinaryDecoder") { return 0 }
    return runFuzzer(argc, argv) { data, size in
        let input = Data(inputBytes(data, size))
        roundTrip(FuzzRecord.self, input)
        roundTrip([FuzzPayload?].self, input)
        roundTrip([String: Int??].self, input)
        roundTrip(FuzzDog.self, input)
        return 0
    }
}

func roundTrip<T: Codable>(_ type: T.Type, _ input: Data) {
    guard let value = try? BinaryDecoder().decode(T.self, from: input) else { return }
    do {
        let first = try stableBytes(value)
        let again = try BinaryDecoder().decode(T.self, from: first)
        let second = try stableBytes(again)
        guard first == second else { fatalError("\(T.self): re-encoding is not stable") }
    } catch {
        fatalError("\(T.self): a decoded value failed to re-encode or re-decode: \(error)")
    }
}
