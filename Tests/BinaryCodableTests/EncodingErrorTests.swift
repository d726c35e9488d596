import Foundation
import NibKitBinaryCodable
import Testing

struct NoContainer: Encodable {
    func encode(to encoder: any Encoder) throws {}
}

struct EmptySingleValue: Encodable {
    func encode(to encoder: any Encoder) throws { _ = encoder.singleValueContainer() }
}

struct Holds<T: Encodable>: Encodable {
    var value: T
    enum CodingKeys: Int, CodingKey { case value = 1 }
}

struct Refuses: Encodable {
    struct Refusal: Error {}
    func encode(to encoder: any Encoder) throws { throw Refusal() }
}

/// Writes the same key twice: the later value replaces the earlier one in place (§2.6).
struct Overwrites: Encodable {
    enum Key: Int, CodingKey {
        case a = 1
        case b = 2
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(1, forKey: .a)
        try container.encode(2, forKey: .b)
        try container.encode(3, forKey: .a)
    }
}

/// Uses a nested container after writing to its parent again.
struct InterleavedContainers: Encodable {
    enum Key: Int, CodingKey {
        case list = 1
        case tail = 2
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        var list = container.nestedUnkeyedContainer(forKey: .list)
        try list.encode(true)
        try container.encode(5, forKey: .tail)
        try list.encode(false)
    }
}

@Suite("Encoding errors and container rules (spec §2.6, §2.15, §2.19)")
struct EncodingErrorTests {
    @Test("a value that asks for no container, at any depth, is invalid")
    func noContainer() {
        expectInvalidValue { _ = try BinaryEncoder.encode(NoContainer()) }
        expectInvalidValue { _ = try BinaryEncoder.encode(Holds(value: NoContainer())) }
        expectInvalidValue { _ = try BinaryEncoder.encode([NoContainer()]) }
    }

    @Test("a single-value container left empty is invalid")
    func emptySingleValue() {
        expectInvalidValue { _ = try BinaryEncoder.encode(EmptySingleValue()) }
    }

    @Test("Int128 and UInt128 are not part of format v3")
    func wideIntegers() {
        expectInvalidValue { _ = try BinaryEncoder.encode(Int128(1)) }
        expectInvalidValue { _ = try BinaryEncoder.encode(Holds(value: UInt128(1))) }
        expectDecodingError(.dataCorrupted, offset: nil) {
            _ = try BinaryDecoder.decode(Int128.self, from: bytes("02"))
        }
    }

    @Test("the coding path of an encoding error names the failing value")
    func codingPathOfEncodingError() {
        do {
            _ = try BinaryEncoder.encode(Holds(value: [Holds(value: NoContainer())]))
            Issue.record("expected an error")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["value", "Index 0", "value"])
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("errors thrown by a value's own encode(to:) pass through")
    func userErrorsPassThrough() {
        #expect(throws: Refuses.Refusal.self) { try BinaryEncoder.encode(Holds(value: Refuses())) }
    }

    @Test("writing a key again replaces the earlier value in its position")
    func keyReplacement() throws {
        #expect(try BinaryEncoder.encode(Overwrites()) == bytes("02", "02 06", "04", "02 04"))
    }

    @Test("a nested container written after its parent moved on still lands in place")
    func interleavedContainers() throws {
        #expect(
            try BinaryEncoder.encode(InterleavedContainers())
                == bytes(
                    "02", "08 02 01 02 00",  // list: [true, false]
                    "04", "02 0a"  // tail: 5
                ))
    }

    @Test("the sort option lives in userInfo; non-Bool values read as false")
    func sortOptionInUserInfo() {
        var encoder = BinaryEncoder()
        #expect(encoder.sortKeysDuringEncoding == false)
        encoder.userInfo[BinaryEncoder.userInfoSortKey] = true
        #expect(encoder.sortKeysDuringEncoding)
        encoder.userInfo[BinaryEncoder.userInfoSortKey] = "yes"
        #expect(encoder.sortKeysDuringEncoding == false)
        #expect(BinaryEncoder.userInfoSortKey.rawValue == "sortByKey")
    }

    @Test("empty values at the root are zero bytes and decode from empty input")
    func emptyValues() throws {
        #expect(try BinaryEncoder.encode(Empty()).isEmpty)
        #expect(try BinaryEncoder.encode([Int]()).isEmpty)
        #expect(try BinaryEncoder.encode([String: Int]()).isEmpty)
        #expect(try BinaryEncoder.encode("").isEmpty)
        #expect(try BinaryEncoder.encode(Data()).isEmpty)
        #expect(try BinaryDecoder.decode([String].self, from: Data()) == [])
        #expect(try BinaryDecoder.decode(Empty.self, from: Data()) == Empty())
        expectDecodingError(.dataCorrupted, offset: 0) { _ = try BinaryDecoder.decode(Int.self, from: Data()) }
    }

    @Test("decoding accepts Data slices with a non-zero start index")
    func dataSlices() throws {
        let data = bytes("ff", "02 0e")
        #expect(try BinaryDecoder.decode([Int?].self, from: data[1...]) == [7])
    }
}
