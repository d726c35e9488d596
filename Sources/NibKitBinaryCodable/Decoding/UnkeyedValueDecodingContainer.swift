/// Unkeyed container of `ValueDecoder` (§2.7): the whole extent is validated when it is opened,
/// so `count` is exact; elements are then read in order from a cursor.
struct UnkeyedValueDecodingContainer: UnkeyedDecodingContainer {
    let decoder: ValueDecoder
    private var reader: ByteReader
    let count: Int?
    private(set) var currentIndex = 0

    init(decoder: ValueDecoder, range: Range<Int>) throws {
        self.decoder = decoder
        reader = decoder.input.reader(range)
        var scanner = reader
        var elements = 0
        do {
            while !scanner.isAtEnd {
                _ = try scanner.readFrame()
                elements += 1
            }
        } catch {
            throw decoder.corrupted(error)
        }
        count = elements
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    private mutating func nextSlot<T>(for type: T.Type) throws -> Slot {
        guard !isAtEnd else {
            throw decoder.corrupted(
                reader.error(.pastEndOfContainer, at: reader.end, "\(count ?? 0) elements, reading \(T.self)"),
                at: .index(currentIndex))
        }
        do {
            let slot = try reader.readFrame()
            currentIndex += 1
            return slot
        } catch {
            throw decoder.corrupted(error, at: .index(currentIndex))
        }
    }

    /// Consumes the element only if it is nil.
    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else {
            throw decoder.corrupted(reader.error(.pastEndOfContainer, at: reader.end), at: .index(currentIndex))
        }
        if reader.peekByte() == 1 {
            _ = try nextSlot(for: Never.self)
            return true
        }
        return false
    }

    @inline(__always)
    private mutating func primitive<T: PrimitiveDecodable>(_ type: T.Type) throws -> T {
        let slot = try nextSlot(for: T.self)
        return try decoder.decodePrimitive(T.self, from: slot, component: .index(currentIndex - 1))
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try primitive(type) }
    mutating func decode(_ type: String.Type) throws -> String { try primitive(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try primitive(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try primitive(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try primitive(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try primitive(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try primitive(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try primitive(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try primitive(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try primitive(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try primitive(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try primitive(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try primitive(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try primitive(type) }

    mutating func decode(_ type: Int128.Type) throws -> Int128 {
        let slot = try nextSlot(for: type)
        throw decoder.corrupted(WireError(.unsupportedType, at: decoder.offset(of: slot), "Int128"))
    }

    mutating func decode(_ type: UInt128.Type) throws -> UInt128 {
        let slot = try nextSlot(for: type)
        throw decoder.corrupted(WireError(.unsupportedType, at: decoder.offset(of: slot), "UInt128"))
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let slot = try nextSlot(for: T.self)
        return try decoder.decodeValue(T.self, from: slot, component: .index(currentIndex - 1))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let slot = try nextSlot(for: type)
        return try decoder.childDecoder(for: slot, component: .index(currentIndex - 1)).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let slot = try nextSlot(for: Never.self)
        return try decoder.childDecoder(for: slot, component: .index(currentIndex - 1)).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let slot = try nextSlot(for: Never.self)
        return try decoder.childDecoder(for: slot, component: .index(currentIndex - 1))
    }
}
