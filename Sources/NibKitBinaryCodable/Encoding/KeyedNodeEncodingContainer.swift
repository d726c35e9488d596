/// Keyed container of `NodeEncoder` (§2.6).
struct KeyedNodeEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: NodeEncoder
    let storage: KeyedStorage

    var codingPath: [any CodingKey] { encoder.codingPath }

    @inline(__always)
    private func put(_ value: EncodedValue, forKey key: some CodingKey) throws {
        if let clash = storage.insert(name: key.stringValue, intKey: WireKey.intKey(for: key) ?? -1, value: value) {
            throw encoder.invalidValue(clash, extraKey: key)
        }
    }

    /// For the non-throwing methods: remember the failure, raise it when the tree is written.
    private func putLater(_ value: EncodedValue, forKey key: some CodingKey) {
        do { try put(value, forKey: key) } catch { storage.failure = storage.failure ?? error }
    }

    @inline(__always)
    private func putPrimitive(_ value: some PrimitiveEncodable, forKey key: Key) throws {
        let name = key.stringValue
        let intKey = WireKey.intKey(for: key) ?? -1
        let framed = encoder.state.framedPayload(value, intKey: intKey, name: name)
        if let clash = storage.insert(name: name, intKey: intKey, value: framed) {
            throw encoder.invalidValue(clash, extraKey: key)
        }
    }

    /// Writes nothing: the format cannot tell this call from an absent key (§2.6).
    mutating func encodeNil(forKey key: Key) throws {}

    mutating func encode(_ value: Bool, forKey key: Key) throws { try putPrimitive(value, forKey: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try putPrimitive(value, forKey: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try putPrimitive(value, forKey: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try putPrimitive(value, forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try putPrimitive(value, forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try putPrimitive(value, forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try putPrimitive(value, forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try putPrimitive(value, forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try putPrimitive(value, forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try putPrimitive(value, forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try putPrimitive(value, forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try putPrimitive(value, forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try putPrimitive(value, forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try putPrimitive(value, forKey: key) }

    mutating func encode(_ value: Int128, forKey key: Key) throws {
        throw encoder.invalidValue("Int128 is not part of format v3", extraKey: key)
    }

    mutating func encode(_ value: UInt128, forKey key: Key) throws {
        throw encoder.invalidValue("UInt128 is not part of format v3", extraKey: key)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try put(encoder.encodeValue(value, at: .key(key)), forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = encoder.makeChild(at: .key(key))
        let nested = KeyedStorage()
        child.storage = .keyed(nested)
        putLater(.keyed(nested), forKey: key)
        return KeyedEncodingContainer(KeyedNodeEncodingContainer<NestedKey>(encoder: child, storage: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = encoder.makeChild(at: .key(key))
        let nested = UnkeyedStorage()
        child.storage = .unkeyed(nested)
        putLater(.unkeyed(nested), forKey: key)
        return UnkeyedNodeEncodingContainer(encoder: child, storage: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let child = encoder.makeChild(at: .key(BinaryCodingKey.superKey))
        putLater(.deferred(child), forKey: BinaryCodingKey.superKey)
        return child
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = encoder.makeChild(at: .key(key))
        putLater(.deferred(child), forKey: key)
        return child
    }
}
