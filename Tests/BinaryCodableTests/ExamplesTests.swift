import Foundation
import NibKitBinaryCodable
import Testing

/// One worked example of spec §4: the value, its expected bytes, and whether it must decode back.
struct Example: Sendable, CustomTestStringConvertible {
    let number: Int
    let expected: Data
    let encode: @Sendable () throws -> Data
    let decodesBack: (@Sendable (Data) throws -> Bool)?

    var testDescription: String { "§4 example \(number)" }

    /// A value that must encode to `expected` (keys sorted) and decode back to itself.
    static func roundTrip<T: Codable & Equatable & Sendable>(_ number: Int, _ value: T, _ expected: Data) -> Example {
        Example(
            number: number, expected: expected,
            encode: { try sortedEncoder().encode(value) },
            decodesBack: { try BinaryDecoder().decode(T.self, from: $0) == value })
    }

    /// A value whose type is encode-only or not `Equatable`.
    static func encodeOnly(_ number: Int, _ expected: Data, _ encode: @escaping @Sendable () throws -> Data) -> Example
    {
        Example(number: number, expected: expected, encode: encode, decodesBack: nil)
    }
}

func sortedEncoder() -> BinaryEncoder {
    var encoder = BinaryEncoder()
    encoder.sortKeysDuringEncoding = true
    return encoder
}

extension Child: @unchecked Sendable {}
extension Base: @unchecked Sendable {}
extension Wrapped: @unchecked Sendable {}

let workedExamples: [Example] = [
    .roundTrip(1, Int8(-2), bytes("fe")),
    .roundTrip(2, Int16(-300), bytes("d4 fe")),  // 0xFED4 little-endian
    .roundTrip(3, -3, bytes("05")),  // Z = 2·3 − 1
    .roundTrip(4, Int32(-129), bytes("81 02")),  // Z = 257
    .roundTrip(5, UInt64(1) << 63, bytes("80 80 80 80 80 80 80 80", "80")),  // 9th byte used whole
    .roundTrip(6, Float(-1.5), bytes("bf c0 00 00")),  // big-endian
    .roundTrip(7, Double.pi, bytes("40 09 21 fb 54 44 2d 18")),  // big-endian
    .roundTrip(8, "Añ", bytes("41 c3 b1")),  // UTF-8, no length at the root
    .roundTrip(9, Int?.some(-1), bytes("00", "01")),  // indicator, Z(−1)
    .roundTrip(10, Bool??.some(.some(false)), bytes("00", "00", "00")),  // two indicators, false
    .roundTrip(11, Level.low, bytes("00", "02")),  // indicator, Z(1)
    .roundTrip(12, Date(timeIntervalSinceReferenceDate: -1), bytes("00", "bf f0 00 00 00 00 00 00")),
    .roundTrip(13, [Int8(-1), 1], bytes("ff", "01")),  // packed
    .roundTrip(14, ["", "ok"], bytes("00", "04 6f6b")),  // unkeyed: empty, "ok"
    .roundTrip(
        15, [nil, .some(nil), 7] as [Int??],
        bytes(
            "01",  // nil
            "02 01",  // frame of length 1 around the inner nil byte
            "04 00 0e"  // frame of length 2: indicator, Z(7)
        )),
    .roundTrip(16, [[Int16(-2)], []], bytes("04 fe ff", "00")),
    .roundTrip(17, ContiguousArray([true]), bytes("02 01")),  // not packed
    .roundTrip(18, Set([UInt8(200)]), bytes("c8")),  // packed
    .roundTrip(
        19, Person(name: "Al", age: 30),
        bytes(
            "07 616765",  // string key "age"
            "02 1e",  // length 1, 30
            "09 6e616d65",  // string key "name"
            "04 416c"  // length 2, "Al"
        )),
    .roundTrip(
        20, DocMessage(isComplete: true, owner: "Bob", references: [3, -280]),
        bytes(
            "02", "02 01",  // key 1: length 1, true
            "04", "06 426f62",  // key 2: length 3, "Bob"
            "06", "06 06 af04"  // key 3: length 3, packed Z(3) Z(−280)
        )),
    .roundTrip(21, Flag(flag: false), bytes("c8 01", "02 00")),  // key 100 = V(200)
    .roundTrip(22, Note(id: 2, note: nil), bytes("02", "02 04")),  // nil property omitted
    .roundTrip(
        23, Opt(v: .some(.some(.some(1))), w: .some(nil)),
        bytes(
            "02", "04 00 02",  // key 1: one layer stripped, E(Int?? 1)
            "04", "01"  // key 2: .some(nil) → nil element
        )),
    .encodeOnly(24, bytes("0a", "01")) { try sortedEncoder().encode(NilDemo()) },
    .roundTrip(25, Holder(e: Empty(), list: []), bytes("02", "00", "06", "00")),
    .roundTrip(
        26, Wrapped(a: -2, b: -3, c: 300),
        bytes(
            "02", "08 feffffff",  // key 1: fixed-size Int32, little-endian
            "04", "02 05",  // key 2: zig-zag Int16
            "06", "04 ac02"  // key 3: varint UInt16
        )),
    .roundTrip(27, Light.green, bytes("0b 677265656e", "00")),  // key "green", empty container
    .roundTrip(
        28, Shape.pair(-1, label: ""),
        bytes(
            "09 70616972",  // key "pair"
            "18",  // length 12
            "05 5f30", "02 01",  // key "_0": Z(−1)
            "0b 6c6162656c", "00"  // key "label": ""
        )),
    .roundTrip(
        29, Child(other: false, value: -1),
        bytes(
            "00", "06", "02 02 01",  // key 0 (super): length 3, key 1 → Z(−1)
            "04", "02 00"  // key 2: false
        )),
    .roundTrip(30, [3: true, 1: false], bytes("02 02 00", "06 02 01")),
    .roundTrip(31, ["7": UInt8(1), "b": UInt8(2)], bytes("0e 02 01", "03 62 02 02")),
    .roundTrip(32, [UInt8(5): true], bytes("02 05", "02 01")),  // unkeyed k, v
    .roundTrip(33, URL(string: "a:b") ?? URL(fileURLWithPath: "/"), bytes("02", "06 613a62")),
    .roundTrip(
        34, Decimal(1),
        bytes(
            "00 02 00",  // exponent 0 (Int32 zig-zag)
            "02 02 01",  // length 1 (UInt32 varint)
            "04 02 00",  // isNegative false
            "06 02 01",  // isCompact true
            "08 30",  // mantissa: unkeyed, 24 bytes
            "04 0100", "04 0000", "04 0000", "04 0000", "04 0000", "04 0000", "04 0000", "04 0000"
        )),
    .encodeOnly(35, bytes("02 61", "01")) { try BinaryStreamEncoder<String?>().encode(contentsOf: ["a", nil]) },
    .encodeOnly(36, bytes("04 02 0a")) { try BinaryStreamEncoder<[Int]>().encode(contentsOf: [[5]]) },
]

@Suite("Worked examples of the format spec")
struct ExamplesTests {
    @Test("each example encodes to the spec's bytes", arguments: workedExamples)
    func encodesToSpecBytes(_ example: Example) throws {
        #expect(try example.encode().hex == example.expected.hex)
    }

    @Test("each round-trip example decodes from the spec's bytes to the same value", arguments: workedExamples)
    func decodesFromSpecBytes(_ example: Example) throws {
        guard let decodesBack = example.decodesBack else { return }
        #expect(try decodesBack(example.expected))
    }

    @Test("stream examples 35 and 36 decode back")
    func streamExamplesDecode() throws {
        let strings = BinaryStreamDecoder<String?>()
        strings.add(bytes("02 61", "01"))
        #expect(try strings.decodeElements() == ["a", nil])
        let arrays = BinaryStreamDecoder<[Int]>()
        arrays.add(bytes("04 02 0a"))
        #expect(try arrays.decodeElements() == [[5]])
    }

    @Test("the static encode opens the existential: a root Int is bare")
    func staticEncodeOpensExistential() throws {
        let value: any Encodable = 5
        #expect(try BinaryEncoder.encode(value) == bytes("0a"))
        #expect(try BinaryDecoder.decode(Int.self, from: bytes("0a")) == 5)
    }
}
