/// `[String: V]` written and read directly as a keyed container, exactly as the standard
/// library's `Dictionary` `Codable` does (keys carry `intValue = Int(key)`, rule W applies), but
/// without its unspecialized generic path, which costs more than the coding itself.
protocol StringKeyedDictionaryEncodable {
    func encodeEntries(with encoder: NodeEncoder, at component: PathComponent?) throws -> EncodedValue
    /// Writes the entries through `encoder`'s keyed container (the one-pass path).
    func encodeEntries(with encoder: DirectEncoder) throws
}

protocol StringKeyedDictionaryDecodable {
    static func decodeEntries(with decoder: ValueDecoder, from slot: Slot, at component: PathComponent?) throws -> Self
}

extension Dictionary: StringKeyedDictionaryEncodable where Key == String, Value: Encodable {
    func encodeEntries(with encoder: NodeEncoder, at component: PathComponent?) throws -> EncodedValue {
        var child = encoder.state.makeEncoder(parent: encoder, component: component)
        let storage = KeyedStorage()
        child.storage = .keyed(storage)
        for (key, value) in self {
            let codingKey = BinaryCodingKey(stringValue: key, intValue: Int(key))
            let encoded = try child.encodeValue(value, at: .key(codingKey))
            if let clash = storage.insert(name: key, intKey: WireKey.intKey(for: codingKey) ?? -1, value: encoded) {
                throw child.invalidValue(clash, extraKey: codingKey)
            }
        }
        child.storage = .none
        encoder.state.recycle(&child)
        return .keyed(storage)
    }

    func encodeEntries(with encoder: DirectEncoder) throws {
        var container = encoder.container(keyedBy: BinaryCodingKey.self)
        for (key, value) in self {
            try container.encode(value, forKey: BinaryCodingKey(stringValue: key, intValue: Int(key)))
        }
    }
}

extension Dictionary: StringKeyedDictionaryDecodable where Key == String, Value: Decodable {
    static func decodeEntries(
        with decoder: ValueDecoder, from slot: Slot, at component: PathComponent?
    ) throws -> [String: Value] {
        // `[String: String]` is common enough to get its own specialized copy: in this generic
        // context every dictionary operation would otherwise go through unspecialized code.
        if Value.self == String.self,
            let strings = exactly(
                try decodeStringKeyedEntries(String.self, with: decoder, from: slot, at: component), as: Self.self)
        {
            return strings
        }
        return try decodeStringKeyedEntries(Value.self, with: decoder, from: slot, at: component)
    }
}

/// The entries of a keyed container as `[String: V]`, as the standard library's `Dictionary`
/// decodes them.
@inline(__always)
private func decodeStringKeyedEntries<V: Decodable>(
    _ type: V.Type, with decoder: ValueDecoder, from slot: Slot, at component: PathComponent?
) throws -> [String: V] {
    var child = try decoder.childDecoder(for: slot, component: component)
    let table = try child.loadedTable(try child.containerRange())
    var result: [String: V] = [:]
    result.reserveCapacity(table.entries.count)
    for entry in table.entries {
        let key = entry.isStringKey ? table.name(of: entry) : String(entry.intKey)
        let codingKey = BinaryCodingKey(stringValue: key, intValue: entry.isStringKey ? Int(key) : entry.intKey)
        let value = try child.decodeValue(V.self, from: entry.slot, component: .key(codingKey))
        // An integer key and its decimal string name both present: the standard library's
        // lookup reports the same.
        guard result.updateValue(value, forKey: key) == nil else {
            throw child.corrupted(
                WireError(.ambiguousKey, at: child.input.offsetBase + entry.keyPosition, "\"\(key)\""),
                at: .key(codingKey))
        }
    }
    let options = child.options
    options.recycle(&child)
    return result
}
