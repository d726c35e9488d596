import Foundation
import NibKitBinaryCodable
import Testing

/// Encodes another value with its own top-level `BinaryEncoder` call inside `encode(to:)`.
private struct EncodesInside: Encodable {
    let inner: DocMessage
    enum CodingKeys: Int, CodingKey { case nested = 1 }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(try BinaryEncoder().encode(inner), forKey: .nested)
    }
}

/// The top-level encoder keeps one state between calls (issue 18, small messages); these check
/// that a call nested in another, calls on many threads, and calls after an error or a large
/// output all still write the spec's bytes (§4 example 20).
@Suite("Encoder state reused between calls")
struct ReusedStateTests {
    static let message = DocMessage(isComplete: true, owner: "Bob", references: [3, -280])
    static let example20 = bytes("02 0201", "04 06426f62", "06 06 06af04")

    @Test("An encode nested inside encode(to:) gets its own state")
    func nested() throws {
        // Key 1, then the inner encoding as `Data`, a primitive whose payload is the bytes
        // themselves (spec §2.3), framed with its length 13 (`1a`).
        let expected = bytes("02 1a") + Self.example20
        #expect(try BinaryEncoder().encode(EncodesInside(inner: Self.message)) == expected)
        #expect(try BinaryEncoder().encode(Self.message) == Self.example20)
    }

    @Test("Many threads at once each get the right bytes")
    func concurrent() async throws {
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<2_000 where try BinaryEncoder().encode(Self.message) != Self.example20 { return false }
                    return true
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 8))
    }

    @Test("After a failed encode and after a large output the next call is unaffected")
    func afterErrorsAndLargeOutput() throws {
        #expect(throws: EncodingError.self) { try BinaryEncoder().encode(Int128(1)) }
        #expect(try BinaryEncoder().encode(Self.message) == Self.example20)
        let large = try BinaryEncoder().encode([String](repeating: "abcdefgh", count: 2_000))
        #expect(large.count == 18_000)  // 2,000 × (length byte `10` + 8 bytes)
        #expect(try BinaryEncoder().encode(Self.message) == Self.example20)
    }
}
