import NibKitBinaryCodable
import Testing

/// A Swift 6 `Sendable`, `Hashable` model using every wrapper (on types where it changes the
/// encoding: `UInt32`/`Int32` are varint and zig-zag already, and those uses are deprecated): this
/// file compiling is half the test.
private struct Telemetry: Codable, Hashable, Sendable {
    @FixedSizeEncoded var id: UInt64
    @VariableLengthEncoded var count: UInt16
    @ZigZagEncoded var delta: Int16
    @Packed var samples: [Int16]
}

@Suite("Wrapper conformances")
struct WrapperConformanceTests {
    @Test("Models with wrappers are Sendable, Equatable and Hashable, and round-trip")
    func conformances() async throws {
        let value = Telemetry(id: 7, count: 300, delta: -2, samples: [1, -1, 300])
        let decoded = try await Task.detached {
            try BinaryDecoder().decode(Telemetry.self, from: BinaryEncoder().encode(value))
        }.value
        #expect(decoded == value)
        #expect(Set([value, decoded]).count == 1)
        #expect(decoded != Telemetry(id: 7, count: 300, delta: -2, samples: [1, -1]))
    }
}
