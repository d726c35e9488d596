import Foundation
import NibKitBinaryCodable
import Testing

/// Decoding any bytes either succeeds or throws `DecodingError` — never anything else, never a trap.
@Suite("Random and mutated input")
struct FuzzTests {
    /// Decoders for a spread of shapes: scalars, packed arrays, optionals, keyed, unkeyed, recursive.
    static let decoders: [(String, @Sendable (Data) throws -> Void)] = [
        ("Int", { _ = try BinaryDecoder.decode(Int.self, from: $0) }),
        ("String", { _ = try BinaryDecoder.decode(String.self, from: $0) }),
        ("[Double]", { _ = try BinaryDecoder.decode([Double].self, from: $0) }),
        ("[Int?]", { _ = try BinaryDecoder.decode([Int?].self, from: $0) }),
        ("Int???", { _ = try BinaryDecoder.decode(Int???.self, from: $0) }),
        ("[String: [Int]]", { _ = try BinaryDecoder.decode([String: [Int]].self, from: $0) }),
        ("[UInt8: String]", { _ = try BinaryDecoder.decode([UInt8: String].self, from: $0) }),
        ("Payload", { _ = try BinaryDecoder.decode(Payload.self, from: $0) }),
        ("Record", { _ = try BinaryDecoder.decode(Record.self, from: $0) }),
        ("Node", { _ = try BinaryDecoder.decode(Node.self, from: $0) }),
        ("Wrapped", { _ = try BinaryDecoder.decode(Wrapped.self, from: $0) }),
        ("PackedFields", { _ = try BinaryDecoder.decode(PackedFields.self, from: $0) }),
        ("Decimal", { _ = try BinaryDecoder.decode(Decimal.self, from: $0) }),
        (
            "stream of Record",
            { data in
                let stream = BinaryStreamDecoder<Record>()
                stream.add(data)
                _ = stream.decodeElementsUntilError()
                _ = try stream.decodeElements()
            }
        ),
    ]

    private func check(_ data: Data, seed: UInt64) {
        for (name, decode) in Self.decoders {
            do {
                try decode(data)
            } catch is DecodingError {
                continue
            } catch {
                Issue.record("\(name): \(error) for \(data.hex), seed \(seed) (replay with BC_SEED=\(seed))")
            }
        }
    }

    @Test("random byte strings")
    func randomBytes() {
        let seed = testSeed()
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<3_000 {
            let count = generator.int(0...48)
            check(Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }), seed: seed)
        }
    }

    @Test("valid encodings with random bytes changed, cut or inserted")
    func mutatedEncodings() throws {
        let seed = testSeed()
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<300 {
            var data = try BinaryEncoder().encode(generator.record())
            for _ in 0..<generator.int(1...4) where !data.isEmpty {
                let index = generator.int(0...(data.count - 1))
                switch generator.int(0...2) {
                case 0: data[index] = UInt8.random(in: 0...255, using: &generator)
                case 1: data.remove(at: index)
                default: data.insert(UInt8.random(in: 0...255, using: &generator), at: index)
                }
            }
            check(data, seed: seed)
        }
    }
}
