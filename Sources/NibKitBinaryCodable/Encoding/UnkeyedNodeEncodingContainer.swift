/// Unkeyed container of `NodeEncoder` (§2.7).
struct UnkeyedNodeEncodingContainer: UnkeyedEncodingContainer {
    let encoder: NodeEncoder
    let storage: UnkeyedStorage

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { storage.items.count }

    @inline(__always)
    private func appendPrimitive(_ value: some PrimitiveEncodable) {
        storage.items.append(encoder.state.framedPayload(value, intKey: -1, name: nil))
    }

    mutating func encodeNil() throws { storage.items.append(.nilValue) }

    mutating func encode(_ value: Bool) throws { appendPrimitive(value) }
    mutating func encode(_ value: String) throws { appendPrimitive(value) }
    mutating func encode(_ value: Double) throws { appendPrimitive(value) }
    mutating func encode(_ value: Float) throws { appendPrimitive(value) }
    mutating func encode(_ value: Int) throws { appendPrimitive(value) }
    mutating func encode(_ value: Int8) throws { appendPrimitive(value) }
    mutating func encode(_ value: Int16) throws { appendPrimitive(value) }
    mutating func encode(_ value: Int32) throws { appendPrimitive(value) }
    mutating func encode(_ value: Int64) throws { appendPrimitive(value) }
    mutating func encode(_ value: UInt) throws { appendPrimitive(value) }
    mutating func encode(_ value: UInt8) throws { appendPrimitive(value) }
    mutating func encode(_ value: UInt16) throws { appendPrimitive(value) }
    mutating func encode(_ value: UInt32) throws { appendPrimitive(value) }
    mutating func encode(_ value: UInt64) throws { appendPrimitive(value) }

    mutating func encode(_ value: Int128) throws {
        throw encoder.invalidValue("Int128 is not part of format v3", extraKey: BinaryCodingKey.index(count))
    }

    mutating func encode(_ value: UInt128) throws {
        throw encoder.invalidValue("UInt128 is not part of format v3", extraKey: BinaryCodingKey.index(count))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        storage.items.append(try encoder.encodeValue(value, at: .index(count)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = encoder.makeChild(at: .index(count))
        let nested = KeyedStorage()
        child.storage = .keyed(nested)
        storage.items.append(.keyed(nested))
        return KeyedEncodingContainer(KeyedNodeEncodingContainer<NestedKey>(encoder: child, storage: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = encoder.makeChild(at: .index(count))
        let nested = UnkeyedStorage()
        child.storage = .unkeyed(nested)
        storage.items.append(.unkeyed(nested))
        return UnkeyedNodeEncodingContainer(encoder: child, storage: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let child = encoder.makeChild(at: .index(count))
        storage.items.append(.deferred(child))
        return child
    }
}
