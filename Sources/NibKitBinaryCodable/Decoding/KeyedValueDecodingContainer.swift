/// Keyed container of `ValueDecoder` (§2.6, §2.18).
struct KeyedValueDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ValueDecoder
    /// Owned by `decoder` (and reused with it); held here only as an unowned shortcut.
    unowned(unsafe) let table: KeyedTable
    /// Input position where the container's content starts (for `keyNotFound`).
    let start: Int

    init(decoder: ValueDecoder, range: Range<Int>) throws {
        self.decoder = decoder
        start = range.lowerBound
        table = try decoder.loadedTable(range)
    }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        table.entries.compactMap { entry in
            entry.isStringKey ? Key(stringValue: table.name(of: entry)) : Key(intValue: entry.intKey)
        }
    }

    func contains(_ key: Key) -> Bool {
        if case .absent = table.lookup(key) { return false }
        return true
    }

    /// The entry for `key`, or `nil` if absent; an integer key present under both spellings fails.
    @inline(__always)
    private func entry(_ key: Key) throws -> KeyedTable.Entry? {
        switch table.lookup(key) {
        case .found(let entry): return entry
        case .absent: return nil
        case .ambiguous(let entry):
            throw decoder.corrupted(
                WireError(.ambiguousKey, at: decoder.input.offsetBase + entry.keyPosition, "\"\(key.stringValue)\""),
                at: .key(key))
        }
    }

    @inline(__always)
    private func requiredSlot(_ key: Key) throws -> Slot {
        guard let entry = try entry(key) else {
            let offset = decoder.input.offsetBase + start
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription:
                        "No value for key \"\(key.stringValue)\" in the keyed container at byte offset \(offset)"
                ))
        }
        return entry.slot
    }

    @inline(__always)
    private func primitive<T: PrimitiveDecodable>(_ type: T.Type, _ key: Key) throws -> T {
        try decoder.decodePrimitive(T.self, from: try requiredSlot(key), component: .key(key))
    }

    @inline(__always)
    private func primitiveIfPresent<T: PrimitiveDecodable>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let entry = try entry(key) else { return nil }
        if case .nilElement = entry.slot { return nil }
        return try decoder.decodePrimitive(T.self, from: entry.slot, component: .key(key))
    }

    /// True if the entry is absent or is the nil element (§2.18, §3 D11).
    func decodeNil(forKey key: Key) throws -> Bool {
        guard let entry = try entry(key) else { return true }
        if case .nilElement = entry.slot { return true }
        return false
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try primitive(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try primitive(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try primitive(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try primitive(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try primitive(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try primitive(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try primitive(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try primitive(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try primitive(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try primitive(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try primitive(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try primitive(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try primitive(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try primitive(type, key) }

    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 {
        throw decoder.corrupted(WireError(.unsupportedType, at: decoder.offset(of: try requiredSlot(key)), "Int128"))
    }

    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 {
        throw decoder.corrupted(WireError(.unsupportedType, at: decoder.offset(of: try requiredSlot(key)), "UInt128"))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decodeValue(T.self, from: try requiredSlot(key), component: .key(key))
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try primitiveIfPresent(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try primitiveIfPresent(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try primitiveIfPresent(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try primitiveIfPresent(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try primitiveIfPresent(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try primitiveIfPresent(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try primitiveIfPresent(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try primitiveIfPresent(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try primitiveIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try primitiveIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try primitiveIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try primitiveIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try primitiveIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try primitiveIfPresent(type, key) }

    /// Absent → `nil`; a value → decoded; the nil element → decoded from nil, or `nil` if that fails
    /// only because it is nil. Keeps `.some(nil)` of double optionals (§2.18).
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let entry = try entry(key) else { return nil }
        guard case .nilElement = entry.slot else {
            return try decoder.decodeValue(T.self, from: entry.slot, component: .key(key))
        }
        do {
            return try decoder.decodeValue(T.self, from: entry.slot, component: .key(key))
        } catch let error as DecodingError where isNilFailure(error, depth: codingPath.count + 1) {
            return nil
        }
    }

    /// Whether `error` only says "this element is nil", raised for this very element.
    private func isNilFailure(_ error: DecodingError, depth: Int) -> Bool {
        switch error {
        case .valueNotFound(_, let context):
            return context.codingPath.count <= depth
        case .dataCorrupted(let context):
            guard let wire = context.underlyingError as? WireError else { return false }
            return wire.code == .nilContainer && context.codingPath.count <= depth
        default:
            return false
        }
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try childDecoder(for: try requiredSlot(key), key: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try childDecoder(for: try requiredSlot(key), key: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        let key = BinaryCodingKey.superKey
        guard case .found(let entry) = table.lookup(key) else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "No super entry (int key 0) at byte offset \(decoder.input.offsetBase + start)"))
        }
        return try childDecoder(for: entry.slot, key: key)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try childDecoder(for: try requiredSlot(key), key: key)
    }

    private func childDecoder(for slot: Slot, key: some CodingKey) throws -> ValueDecoder {
        try decoder.childDecoder(for: slot, component: .key(key))
    }
}
