import Foundation
import HeapUsage
import NibKitBinaryCodable
import Testing

/// Encoding and decoding must not leak: a regression test for a retain cycle between the
/// encoder's shared state and its pool of reusable encoders (found by the fuzzer's leak checker).
/// The heap counter is process-wide and other tests run in parallel, so each check takes the
/// smallest growth over several trials: a leak grows the heap in every trial, noise does not.
private func smallestGrowth(trials: Int = 3, _ body: () throws -> Void) rethrows -> Int {
    var smallest = Int.max
    for _ in 0..<trials {
        let before = Int(nibkit_heap_in_use())
        try body()
        smallest = min(smallest, Int(nibkit_heap_in_use()) - before)
    }
    return smallest
}

@Suite("Memory", .serialized)
struct MemoryTests {
    struct Nested: Codable, Equatable {
        var name: String
        var values: [Int]
        var table: [String: Double]
        var child: [Nested]?
    }

    static let value = Nested(
        name: "root", values: [1, 2, 3], table: ["a": 1.5],
        child: [Nested(name: "leaf", values: [], table: [:], child: nil)])

    // A leak of the fixed kind costs ≥ 2.6 KB per round trip (≥ 26 MB here); other tests running
    // in parallel move the process-wide counter by about 1 MB, hence the 8 MB bound.
    static let iterations = 10_000
    static let bound = 8 << 20

    @Test("Ten thousand encodes and decodes leave the heap where it was")
    func noLeakOnRepeatedCoding() throws {
        // Warm up caches (type caches, metadata) before measuring.
        for _ in 0..<50 { _ = try BinaryDecoder().decode(Nested.self, from: BinaryEncoder().encode(Self.value)) }
        var allEqual = true
        let grown = try smallestGrowth {
            for _ in 0..<Self.iterations {
                let bytes = try BinaryEncoder().encode(Self.value)
                allEqual = try allEqual && BinaryDecoder().decode(Nested.self, from: bytes) == Self.value
            }
        }
        #expect(allEqual)
        #expect(grown < Self.bound, "heap grew by \(grown) bytes over \(Self.iterations) round trips")
    }

    @Test("An encode that throws does not leak either")
    func noLeakOnThrow() throws {
        struct Failing: Encodable {
            struct Boom: Error {}
            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                try container.encode([1, 2, 3])
                throw Boom()
            }
        }
        for _ in 0..<50 { _ = try? BinaryEncoder().encode(Failing()) }
        let grown = smallestGrowth {
            for _ in 0..<Self.iterations { _ = try? BinaryEncoder().encode(Failing()) }
        }
        #expect(grown < Self.bound, "heap grew by \(grown) bytes over \(Self.iterations) failed encodes")
    }
}
