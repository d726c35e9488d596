import Foundation
import NibKitBinaryCodable
import Testing

/// A recursive type for the nesting-depth tests (§3 D7).
final class Node: Codable {
    let child: Node?
    init(child: Node?) { self.child = child }
    enum CodingKeys: Int, CodingKey { case child = 1 }

    var depth: Int { (child?.depth ?? 0) + 1 }
}

/// `levels` nested `Node`s, built byte by byte from the spec's rules (innermost is empty).
func nestedNodeBytes(levels: Int) -> Data {
    var content = Data()
    for _ in 1..<levels {
        var framed = Data([0x02])  // key 1
        var length = UInt64(content.count) << 1
        while length >= 0x80 {
            framed.append(UInt8(truncatingIfNeeded: length) | 0x80)
            length >>= 7
        }
        framed.append(UInt8(length))
        content = framed + content
    }
    return content
}

struct OptionalFields: Codable, Equatable {
    var number: Int?
    var date: Date?
    var person: Person?
    var twice: Int??
    enum CodingKeys: Int, CodingKey {
        case number = 1
        case date = 2
        case person = 3
        case twice = 4
    }
}

struct PackedFields: Codable, Equatable {
    @Packed var numbers: [Int]
    @Packed var halves: ContiguousArray<Int16>
    @Packed var words: [String]
    enum CodingKeys: Int, CodingKey {
        case numbers = 1
        case halves = 2
        case words = 3
    }

    static func == (lhs: PackedFields, rhs: PackedFields) -> Bool {
        lhs.numbers == rhs.numbers && lhs.halves == rhs.halves && lhs.words == rhs.words
    }
}

/// Two keys that are different names for the same integer.
struct ClashingKeys: Encodable {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue }
        init(intValue: Int) {
            stringValue = String(intValue)
            self.intValue = intValue
        }
        init(_ name: String, _ int: Int) {
            stringValue = name
            intValue = int
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(1, forKey: Key("a", 1))
        try container.encode(2, forKey: Key("b", 1))
    }
}

/// Asks one encoder for an unkeyed container and then a keyed one.
struct MixedContainers: Encodable {
    enum Key: CodingKey { case a }
    func encode(to encoder: any Encoder) throws {
        var unkeyed = encoder.unkeyedContainer()
        try unkeyed.encode(1)
        var keyed = encoder.container(keyedBy: Key.self)
        try keyed.encode(2, forKey: .a)
    }
}

@Suite("Reference defects we must not reproduce (spec §3)")
struct DefectTests {
    @Test("D1: a stream frame of 64 bytes or more decodes, whole or byte by byte")
    func longStreamFrames() throws {
        let long = String(repeating: "a", count: 64)
        let frames = try BinaryStreamEncoder<String>().encode(contentsOf: [long, "b"])
        let expected = bytes("80 01") + Data(repeating: 0x61, count: 64) + bytes("02 62")
        #expect(frames == expected)

        let whole = BinaryStreamDecoder<String>()
        whole.add(frames)
        #expect(try whole.decodeElements() == [long, "b"])

        let trickle = BinaryStreamDecoder<String>()
        var decoded: [String] = []
        for byte in frames {
            trickle.add(Data([byte]))
            decoded += try trickle.decodeElements()
        }
        #expect(decoded == [long, "b"])
    }

    @Test("D2: a file that ends inside a frame is an error, not a short element")
    func truncatedFileFrame() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bc-d2-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: url) }
        try bytes("02 78", "0a 61 62").write(to: url)
        let file = try BinaryFileDecoder<String>(fileAt: url)
        #expect(try file.readElement() == "x")
        expectDecodingError(.dataCorrupted, offset: 2) { _ = try file.readElement() }
        #expect(try file.readElement() == nil)
        #expect(try BinaryFileDecoder<String>(fileAt: url).readAllUntilError() == ["x"])
    }

    @Test("D3: negative variable-length Int16 uses the 16-bit pattern and reads the reference's form")
    func negativeVariableLengthInt16() throws {
        #expect(try BinaryEncoder.encode(VariableLengthEncoded<Int16>(wrappedValue: -1)) == bytes("ff ff 03"))
        #expect(try BinaryDecoder.decode(VariableLengthEncoded<Int16>.self, from: bytes("ff ff 03")).wrappedValue == -1)
        let referenceForm = bytes("ff ff ff ff ff ff ff ff ff")  // sign-extended 64-bit −1
        #expect(try BinaryDecoder.decode(VariableLengthEncoded<Int16>.self, from: referenceForm).wrappedValue == -1)
        let minimum = bytes("80 80 fe ff ff ff ff ff ff")  // sign-extended −32768
        #expect(try BinaryDecoder.decode(VariableLengthEncoded<Int16>.self, from: minimum).wrappedValue == .min)
        expectDecodingError(.dataCorrupted, offset: 0) {
            _ = try BinaryDecoder.decode(VariableLengthEncoded<Int16>.self, from: bytes("80 80 04"))  // 65536
        }
        #expect(try Int16(fromVarint: 0xFFFF) == -1)
        #expect(throws: CorruptedDataError.self) { try Int16(fromVarint: 0x1_0000) }
    }

    @Test("D4: @Packed writes Array's packed payload and round-trips")
    func packedRoundTrip() throws {
        #expect(try BinaryEncoder.encode(Packed<[Int]>(wrappedValue: [1, 2])) == bytes("02 04"))
        let value = PackedFields(numbers: [1, -2, 300], halves: [-1, 2], words: ["a", ""])
        let data = try BinaryEncoder().encode(value)
        #expect(
            data
                == bytes(
                    "02", "08 02 03 d804",  // numbers: packed Z(1) Z(−2) Z(300)
                    "04", "08 ffff 0200",  // halves: packed little-endian
                    "06", "06 02 61 00"  // words: unkeyed, not packed
                ))
        #expect(try BinaryDecoder.decode(PackedFields.self, from: data) == value)
    }

    @Test("D5: a leading U+FEFF survives in string values and keys")
    func byteOrderMarkKept() throws {
        let value = "\u{FEFF}abc"
        #expect(try BinaryEncoder.encode(value) == bytes("efbbbf 616263"))
        #expect(try BinaryDecoder.decode(String.self, from: bytes("efbbbf 616263")) == value)
        let keyed = ["\u{FEFF}k": 1]
        #expect(try BinaryDecoder.decode([String: Int].self, from: BinaryEncoder.encode(keyed)) == keyed)
    }

    @Test(
        "D6: lengths near Int.max fail cleanly",
        arguments: [
            bytes("fe ff ff ff ff ff ff ff ff"),  // Int.max-ish as a frame length
            bytes("fe ff ff ff ff ff ff ff 7f"),  // about 2^62
            bytes("00", "fe ff ff ff ff ff ff ff ff"),  // after a good element
        ])
    func hugeLengths(_ input: Data) {
        expectDecodingError(.dataCorrupted, offset: nil) { _ = try BinaryDecoder.decode([String].self, from: input) }
        expectDecodingError(.dataCorrupted, offset: nil) { _ = try BinaryDecoder.decode([Data].self, from: input) }
    }

    @Test("D7: nesting deeper than maximumNestingDepth fails instead of overflowing the stack")
    func deepNesting() throws {
        let shallow = try BinaryDecoder.decode(Node.self, from: nestedNodeBytes(levels: 500))
        #expect(shallow.depth == 500)
        expectDecodingError(.dataCorrupted, offset: nil) {
            _ = try BinaryDecoder.decode(Node.self, from: nestedNodeBytes(levels: 10_000))
        }
        var strict = BinaryDecoder()
        strict.maximumNestingDepth = 10
        expectDecodingError(.dataCorrupted, offset: nil) {
            _ = try strict.decode(Node.self, from: nestedNodeBytes(levels: 12))
        }
        #expect(try strict.decode(Node.self, from: nestedNodeBytes(levels: 11)).depth == 11)
    }

    @Test("D8: negative and non-canonical numeric keys are written as strings and survive")
    func keysThatAreNotCanonicalIntegers() throws {
        #expect(try BinaryEncoder.encode(["07": 1]) == bytes("05 3037", "02 02"))
        #expect(try BinaryEncoder.encode([-1: 1]) == bytes("05 2d31", "02 02"))
        #expect(try BinaryEncoder.encode(["+1": 1]) == bytes("05 2b31", "02 02"))
        #expect(try BinaryEncoder.encode(["7": 1]) == bytes("0e", "02 02"))
        let mixed = ["1": 1, "01": 2, "-0": 3, "+1": 4]
        #expect(try BinaryDecoder.decode([String: Int].self, from: sortedEncoder().encode(mixed)) == mixed)
        let negative = [-1: "a", 0: "b", -300: "c"]
        #expect(try BinaryDecoder.decode([Int: String].self, from: BinaryEncoder.encode(negative)) == negative)
    }

    @Test("D9: two entries with one wire key are an encoding error")
    func clashingWireKeys() {
        expectInvalidValue { _ = try BinaryEncoder.encode(ClashingKeys()) }
    }

    @Test("D10: mixed int and string keys sort deterministically")
    func mixedKeyOrder() throws {
        // By name: "10" < "5x" < "9"; no two integer keys are adjacent, so that order stays.
        #expect(
            try sortedEncoder().encode(["9": 1, "10": 2, "5x": 3])
                == bytes(
                    "14", "02 04",  // int key 10 → 2
                    "05 3578", "02 06",  // "5x" → 3
                    "12", "02 02"  // int key 9 → 1
                ))
        // Adjacent integer keys are re-sorted numerically: 9 before 10.
        #expect(try sortedEncoder().encode(["10": 1, "9": 2]) == bytes("12", "02 04", "14", "02 02"))
    }

    /// Swift's `<` finds neither of `"e\u{301}0"` (decomposed é) and `"\u{E9}03"` (composed é)
    /// less than the other, though they differ; sorted by it, the output would follow insertion
    /// order. Canonically, "é0" is a prefix of "é03", so it comes first.
    @Test("D10: names mixing composed and decomposed text sort the same whatever the insertion order")
    func canonicallyEquivalentNames() throws {
        let forward: KeyValuePairs = ["e\u{301}0": 1, "\u{E9}03": 2, "b": 3]
        var first: [String: Int] = [:]
        var second: [String: Int] = [:]
        for (key, value) in forward { first[key] = value }
        for (key, value) in forward.reversed() { second[key] = value }
        let expected = bytes(
            "03 62", "02 06",  // "b" → 3
            "09 65cc8130", "02 02",  // "e\u{301}0" → 1
            "09 c3a93033", "02 04"  // "\u{E9}03" → 2
        )
        #expect(try sortedEncoder().encode(first) == expected)
        #expect(try sortedEncoder().encode(second) == expected)
    }

    @Test("D11: an explicit nil entry decodes as nil for optional properties")
    func explicitNilEntries() throws {
        let data = bytes("02 01", "04 01", "06 01", "08 01")  // keys 1–4, each the nil element
        let decoded = try BinaryDecoder.decode(OptionalFields.self, from: data)
        #expect(decoded == OptionalFields(number: nil, date: nil, person: nil, twice: .some(nil)))
        let absent = try BinaryDecoder.decode(OptionalFields.self, from: Data())
        #expect(absent == OptionalFields(number: nil, date: nil, person: nil, twice: nil))
    }

    @Test("D12: asking one encoder for two container kinds is an encoding error")
    func mixedContainerKinds() {
        expectInvalidValue { _ = try BinaryEncoder.encode(MixedContainers()) }
    }

    @Test("D13: only 01 is nil; other odd prefixes are errors")
    func oddPrefixes() throws {
        #expect(try BinaryDecoder.decode([Int?].self, from: bytes("01", "02 0e")) == [nil, 7])
        expectDecodingError(.dataCorrupted, offset: 0) {
            _ = try BinaryDecoder.decode([Int?].self, from: bytes("81 01"))
        }
        expectDecodingError(.dataCorrupted, offset: 2) {
            _ = try BinaryDecoder.decode([Int?].self, from: bytes("02 0e", "05"))
        }
    }

    @Test("D14: unsorted keys come in first-write (declaration) order")
    func firstWriteOrder() throws {
        #expect(
            try BinaryEncoder().encode(Person(name: "Al", age: 30))
                == bytes(
                    "09 6e616d65", "04 416c",  // "name" first, as declared
                    "07 616765", "02 1e"
                ))
    }
}
