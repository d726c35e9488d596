/// Single-value container of `NodeEncoder`: its content is `N(y)`, framed by whoever holds it (§2.4).
struct SingleValueNodeEncodingContainer: SingleValueEncodingContainer {
    let encoder: NodeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func store(_ value: EncodedValue) {
        if case .conflict = encoder.storage { return }
        encoder.storage = .single(value)
    }

    @inline(__always)
    private func storePrimitive(_ value: some PrimitiveEncodable) {
        store(encoder.state.payload(value).wrappedInSingleValue)
    }

    mutating func encodeNil() throws { store(.nilValue) }

    mutating func encode(_ value: Bool) throws { storePrimitive(value) }
    mutating func encode(_ value: String) throws { storePrimitive(value) }
    mutating func encode(_ value: Double) throws { storePrimitive(value) }
    mutating func encode(_ value: Float) throws { storePrimitive(value) }
    mutating func encode(_ value: Int) throws { storePrimitive(value) }
    mutating func encode(_ value: Int8) throws { storePrimitive(value) }
    mutating func encode(_ value: Int16) throws { storePrimitive(value) }
    mutating func encode(_ value: Int32) throws { storePrimitive(value) }
    mutating func encode(_ value: Int64) throws { storePrimitive(value) }
    mutating func encode(_ value: UInt) throws { storePrimitive(value) }
    mutating func encode(_ value: UInt8) throws { storePrimitive(value) }
    mutating func encode(_ value: UInt16) throws { storePrimitive(value) }
    mutating func encode(_ value: UInt32) throws { storePrimitive(value) }
    mutating func encode(_ value: UInt64) throws { storePrimitive(value) }

    mutating func encode(_ value: Int128) throws {
        throw encoder.invalidValue("Int128 is not part of format v3")
    }

    mutating func encode(_ value: UInt128) throws {
        throw encoder.invalidValue("UInt128 is not part of format v3")
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        store(try encoder.encodeValue(value, at: nil).wrappedInSingleValue)
    }
}
