import Foundation
import NibKitBinaryCodable
import Testing

struct Ident: Codable, Equatable {
    @FixedSize var id: Int64
    @FixedSizeEncoded var small: UInt32
}

@Suite("Property wrappers and alternative encodings (spec §2.14)")
struct WrapperTests {
    @Test(
        "fixed-size payloads, root values",
        arguments: [
            (try? BinaryEncoder.encode(FixedSizeEncoded<Int32>(wrappedValue: -2)), bytes("feffffff")),
            (try? BinaryEncoder.encode(FixedSizeEncoded<UInt32>(wrappedValue: 1)), bytes("01000000")),
            (try? BinaryEncoder.encode(FixedSizeEncoded<Int64>(wrappedValue: 1)), bytes("01000000 00000000")),
            (try? BinaryEncoder.encode(FixedSizeEncoded<Int>(wrappedValue: -1)), bytes("ffffffff ffffffff")),
            (try? BinaryEncoder.encode(FixedSizeEncoded<UInt>(wrappedValue: 258)), bytes("02010000 00000000")),
            (try? BinaryEncoder.encode(FixedSizeEncoded<UInt64>(wrappedValue: .max)), bytes("ffffffff ffffffff")),
        ])
    func fixedSizePayloads(_ encoded: Data?, _ expected: Data) {
        #expect(encoded == expected)
    }

    @Test("variable-length and zig-zag payloads")
    func varintAndZigZagPayloads() throws {
        #expect(try BinaryEncoder.encode(VariableLengthEncoded<Int32>(wrappedValue: -2)) == bytes("fe ff ff ff 0f"))
        #expect(try BinaryEncoder.encode(VariableLengthEncoded<UInt16>(wrappedValue: 300)) == bytes("ac 02"))
        #expect(
            try BinaryEncoder.encode(VariableLengthEncoded<Int64>(wrappedValue: -1))
                == bytes("ff ff ff ff ff ff ff ff ff"))
        #expect(try BinaryEncoder.encode(ZigZagEncoded<Int16>(wrappedValue: -5)) == bytes("09"))
        #expect(try BinaryDecoder.decode(ZigZagEncoded<Int16>.self, from: bytes("09")).wrappedValue == -5)
        #expect(
            try BinaryDecoder.decode(VariableLengthEncoded<Int32>.self, from: bytes("fe ff ff ff 0f")).wrappedValue
                == -2)
        expectDecodingError(.dataCorrupted, offset: 0) {
            _ = try BinaryDecoder.decode(ZigZagEncoded<Int16>.self, from: bytes("80 80 04"))  // 32768
        }
    }

    @Test("@FixedSize is the older name and round-trips inside a struct")
    func fixedSizeAlias() throws {
        let value = Ident(id: -1, small: 7)
        let data = try BinaryEncoder().encode(value)
        #expect(
            data
                == bytes(
                    "05 6964", "10 ffffffffffffffff",  // "id": 8 bytes
                    "0b 736d616c6c", "08 07000000"  // "small": 4 bytes
                ))
        #expect(try BinaryDecoder.decode(Ident.self, from: data) == value)
    }

    @Test("with JSONEncoder the wrappers are transparent")
    func transparentWithOtherEncoders() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = try encoder.encode(Wrapped(a: -2, b: -3, c: 300))
        #expect(String(decoding: json, as: UTF8.self) == #"{"a":-2,"b":-3,"c":300}"#)
        #expect(try JSONDecoder().decode(Wrapped.self, from: json) == Wrapped(a: -2, b: -3, c: 300))
        let packed = try JSONEncoder().encode(Packed<[Int]>(wrappedValue: [1, 2]))
        #expect(String(decoding: packed, as: UTF8.self) == "[1,2]")
    }

    @Test("wrappers behave like the integers they wrap")
    func integerBehaviour() {
        var counter: FixedSizeEncoded<Int32> = 5
        counter += 3
        #expect(counter.wrappedValue == 8)
        #expect(counter * 2 == 16)
        #expect(FixedSizeEncoded<Int32>.max.wrappedValue == .max)
        #expect(String(describing: counter) == "8")
        let zig: ZigZagEncoded<Int16> = -4
        #expect((zig >> 1).wrappedValue == -2)
        let varint = VariableLengthEncoded<UInt16>(wrappedValue: 6)
        #expect(varint.nonzeroBitCount == 2)
        #expect(FixedSizeEncoded<Int64>("12")?.wrappedValue == 12)
    }

    @Test("the protocol initialisers check sizes and ranges")
    func protocolInitialisers() throws {
        #expect(Int32(5).fixedSizeEncoded == bytes("05000000"))
        #expect(Double(1).fixedSizeEncoded == bytes("3ff0000000000000"))
        #expect(try Int32(fromFixedSize: bytes("05000000")) == 5)
        #expect(throws: CorruptedDataError.self) { try Int32(fromFixedSize: bytes("0500")) }
        #expect(throws: CorruptedDataError.self) { try Bool(fromFixedSize: bytes("02")) }
        #expect(Int16(-1).variableLengthEncoding == bytes("ffff03"))
        #expect(UInt64(fromVarint: 7) == 7)  // non-throwing
        #expect(Int64(fromVarint: .max) == -1)  // non-throwing
        #expect(Int64(fromZigZag: 3) == -2)  // non-throwing
        #expect(throws: CorruptedDataError.self) { try UInt16(fromVarint: 0x1_0000) }
        #expect(throws: CorruptedDataError.self) { try Int32(fromZigZag: UInt64(UInt32.max) + 1) }
        #expect(Int16(-5).zigZagEncoded == bytes("09"))
    }

    @Test("stream frame roots use the value's own encode(to:) (§2.17)")
    func frameRoots() throws {
        #expect(try BinaryStreamEncoder<Data>().encode(Data([9])) == bytes("04 02 09"))
        #expect(try BinaryStreamEncoder<[UInt8]>().encode([9]) == bytes("04 02 09"))
        #expect(try BinaryStreamEncoder<FixedSizeEncoded<Int32>>().encode(.init(wrappedValue: 1)) == bytes("02 02"))
        #expect(try BinaryStreamEncoder<Packed<[Int]>>().encode(.init(wrappedValue: [5])) == bytes("04 02 0a"))
        #expect(try BinaryStreamEncoder<[Int]?>().encode([1, 2]) == bytes("04 02 04"))
        let decoder = BinaryStreamDecoder<Data>()
        decoder.add(bytes("04 02 09"))
        #expect(try decoder.decodeElement() == Data([9]))
    }
}
