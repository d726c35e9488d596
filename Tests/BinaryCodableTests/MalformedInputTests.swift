import Foundation
import NibKitBinaryCodable
import Testing

struct IntKeyed: Codable, Equatable {
    var x: Int
    enum CodingKeys: Int, CodingKey { case x = 1 }
}

struct NestedHolder: Codable, Equatable {
    var inner: IntKeyed
    enum CodingKeys: Int, CodingKey { case inner = 1 }
}

/// Reads two elements, whatever is there.
struct TwoElements: Decodable {
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        _ = try container.decode(Int.self)
        _ = try container.decode(Int.self)
    }
}

/// One row of spec §5: input bytes, the type they are decoded as, the expected error.
struct MalformedRow: Sendable, CustomTestStringConvertible {
    let name: String
    let input: Data
    let kind: DecodingErrorKind
    let offset: Int?
    let decode: @Sendable (Data) throws -> Void

    var testDescription: String { name }

    init<T: Decodable & SendableMetatype>(
        _ name: String, _ input: Data, as type: T.Type, _ kind: DecodingErrorKind, offset: Int?
    ) {
        self.name = name
        self.input = input
        self.kind = kind
        self.offset = offset
        decode = { _ = try BinaryDecoder().decode(T.self, from: $0) }
    }
}

let malformedRows: [MalformedRow] = [
    .init("truncated varint", bytes("80"), as: Int.self, .dataCorrupted, offset: 0),
    .init("bytes after a complete root scalar", bytes("0a", "00"), as: Int.self, .dataCorrupted, offset: 1),
    .init(
        "length prefix near 2^63", bytes("fe ff ff ff ff ff ff ff ff"), as: [String].self, .dataCorrupted, offset: 0),
    .init("length prefix of 2^62", bytes("80 80 80 80 80 80 80 80 80"), as: [String].self, .dataCorrupted, offset: 0),
    .init(
        "string key longer than what remains", bytes("ff ff ff ff ff ff ff ff ff"), as: IntKeyed.self,
        .dataCorrupted, offset: 0),
    .init("element length overruns its container", bytes("02", "10"), as: IntKeyed.self, .dataCorrupted, offset: 1),
    .init(
        "duplicate int key", bytes("02 02 02", "02 02 04"), as: IntKeyed.self, .dataCorrupted, offset: 3),
    .init(
        "duplicate string key", bytes("03 61 02 02", "03 61 02 04"), as: [String: Int].self, .dataCorrupted,
        offset: 4),
    .init(
        "canonically equal string keys (NFC and NFD é)", bytes("05 c3a9 02 02", "07 65cc81 02 04"),
        as: [String: Int].self, .dataCorrupted, offset: 5),
    .init(
        "int key 7 and string key \"7\" in one [String: V]", bytes("0e 02 02", "03 37 02 04"), as: [String: Int].self,
        .dataCorrupted, offset: 3),
    .init(
        "int key 7 and string key \"7\" in a nested [String: V]", bytes("0e", "0e 02 02", "03 37 02 04"),
        as: [[String: Int]].self, .dataCorrupted, offset: 4),
    .init("odd prefix byte other than 01", bytes("03"), as: [Int?].self, .dataCorrupted, offset: 0),
    .init("odd multi-byte prefix (§3 D13)", bytes("81 01"), as: [Int?].self, .dataCorrupted, offset: 0),
    .init("invalid UTF-8 string", bytes("ff"), as: String.self, .dataCorrupted, offset: 0),
    .init("invalid UTF-8 string key", bytes("03 ff 02 02"), as: [String: Int].self, .dataCorrupted, offset: 0),
    .init("value out of range for Int32", bytes("80 80 80 80 20"), as: Int32.self, .dataCorrupted, offset: 0),
    .init("bytes after root nil", bytes("01", "00"), as: Int?.self, .dataCorrupted, offset: 1),
    .init("bad root nil indicator", bytes("02", "0a"), as: Int?.self, .dataCorrupted, offset: 0),
    .init("missing root nil indicator", Data(), as: Int?.self, .dataCorrupted, offset: 0),
    .init("Bool of two bytes", bytes("00 00"), as: Bool.self, .dataCorrupted, offset: 1),
    .init("Bool byte 02", bytes("02"), as: Bool.self, .dataCorrupted, offset: 0),
    .init("Int8 of zero bytes", Data(), as: Int8.self, .dataCorrupted, offset: 0),
    .init("Int16 of one byte", bytes("01"), as: Int16.self, .dataCorrupted, offset: 0),
    .init("Float of three bytes", bytes("00 00 00"), as: Float.self, .dataCorrupted, offset: 0),
    .init("Double of nine bytes", bytes("00 00 00 00 00 00 00 00 00"), as: Double.self, .dataCorrupted, offset: 8),
    .init(
        "fixed-size Int32 of three bytes", bytes("00 00 00"), as: FixedSizeEncoded<Int32>.self, .dataCorrupted,
        offset: 0),
    .init("key without a following element", bytes("02"), as: IntKeyed.self, .dataCorrupted, offset: 1),
    .init("packed array with a partial last element", bytes("0100 02"), as: [Int16].self, .dataCorrupted, offset: 2),
    .init("nil element where an Int is required", bytes("02", "01"), as: IntKeyed.self, .valueNotFound, offset: 1),
    .init(
        "nil element where a keyed container is required", bytes("02", "01"), as: NestedHolder.self, .dataCorrupted,
        offset: 1),
    .init("required key missing", Data(), as: IntKeyed.self, .keyNotFound, offset: 0),
    .init(
        "key present both as int and as its string name", bytes("02 02 02", "03 78 02 04"), as: IntKeyed.self,
        .dataCorrupted, offset: 3),
    .init(
        "reading past the end of an unkeyed container", bytes("02 02"), as: TwoElements.self, .dataCorrupted, offset: 2),
    .init("enum data with no recognised key", Data(), as: Light.self, .typeMismatch, offset: nil),
    .init(
        "enum data with two recognised keys", bytes("07 726564 00", "0b 677265656e 00"), as: Light.self,
        .typeMismatch, offset: nil),
    .init(
        "[Int: V] data with a non-numeric string key", bytes("03 61 02 02"), as: [Int: Int].self, .typeMismatch,
        offset: nil),
]

@Suite("Hostile input (spec §5)")
struct MalformedInputTests {
    @Test("each malformed input fails with the spec's error kind and offset", arguments: malformedRows)
    func failsWithKindAndOffset(_ row: MalformedRow) {
        expectDecodingError(row.kind, offset: row.offset) { try row.decode(row.input) }
    }

    @Test("accepted oddities: non-minimal varints, unknown keys, extra pairs after a struct")
    func acceptedOddities() throws {
        #expect(try BinaryDecoder.decode(Int.self, from: bytes("80 00")) == 0)
        let withUnknown = bytes(
            "02", "02 0e",  // key 1: 7
            "0e", "04 00 00",  // key 7: unknown, ignored
            "07 7a7a7a", "00"  // key "zzz": unknown, ignored
        )
        #expect(try BinaryDecoder.decode(IntKeyed.self, from: withUnknown) == IntKeyed(x: 7))
    }

    /// Integer key 1 (`02`) and string key "1" (`03 31`) name the same dictionary entry; the
    /// second one is reported at its own offset, 3, whatever the value type.
    @Test("a dictionary key present as integer and as string is an error at the second key")
    func ambiguousDictionaryKeys() throws {
        expectDecodingError(.dataCorrupted, offset: 3) {
            _ = try BinaryDecoder().decode([String: String].self, from: bytes("02 02 61 03 31 02 62"))
        }
        expectDecodingError(.dataCorrupted, offset: 3) {
            _ = try BinaryDecoder().decode([String: Int].self, from: bytes("02 02 02 03 31 02 04"))
        }
        #expect(
            try BinaryDecoder().decode([String: String].self, from: bytes("02 02 61 03 32 02 62")) == [
                "1": "a", "2": "b",
            ])
    }

    @Test("errors carry the coding path and the wire error")
    func errorsCarryPathAndWireError() throws {
        let data = bytes("02", "04", "02", "01")  // inner: key 1 → nil, where Int is required
        do {
            _ = try BinaryDecoder.decode(NestedHolder.self, from: data)
            Issue.record("expected an error")
        } catch let error as DecodingError {
            #expect(DecodingErrorKind(error) == .valueNotFound)
            #expect(error.context?.codingPath.map(\.stringValue) == ["inner", "x"])
            #expect(error.byteOffset == 3)
        }
        do {
            _ = try BinaryDecoder.decode(Int.self, from: bytes("80"))
        } catch let error as DecodingError {
            #expect(error.context?.underlyingError != nil)
            #expect(error.context?.debugDescription.contains("truncated varint") == true)
        }
    }

    @Test("a stream holds only the bytes it was given while waiting for a huge frame")
    func streamWaitsForHugeFrame() throws {
        let stream = BinaryStreamDecoder<String>()
        stream.add(bytes("fe ff ff ff ff ff ff ff 7f"))  // declares about 2^62 bytes
        #expect(try stream.decodeElement() == nil)
        stream.add(bytes("61 62"))
        #expect(try stream.decodeElement() == nil)
        #expect(stream.discardBytes(100) == 11)
        stream.add(bytes("02 61"))
        #expect(try stream.decodeElement() == "a")
    }
}
