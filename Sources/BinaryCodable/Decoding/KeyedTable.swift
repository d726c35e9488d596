/// The entries of a keyed container, split and validated when the container is opened (§2.18).
struct KeyedTable {
    struct Entry {
        let key: DecodedKey
        /// Input position of the key (relative to the input, not absolute).
        let keyPosition: Int
        let slot: Slot
    }

    private(set) var entries: [Entry] = []
    private var hasStringKeys = false
    private var intIndex: [Int: Int] = [:]
    private var stringIndex: [String: Int] = [:]
    private var indexed = false

    private static let indexThreshold = 12

    init(input: InputBytes, range: Range<Int>) throws(WireError) {
        var reader = input.reader(range)
        while !reader.isAtEnd {
            let keyPosition = reader.position
            let key = try reader.readKey()
            guard !reader.isAtEnd else {
                throw reader.error(.missingElement, at: reader.position, "after the key at \(keyPosition + input.offsetBase)")
            }
            let slot = try reader.readFrame()
            if case .string = key { hasStringKeys = true }
            entries.append(Entry(key: key, keyPosition: keyPosition, slot: slot))
        }
        if entries.count > Self.indexThreshold {
            try buildIndex(reader)
        } else {
            try checkDuplicatesByScanning(reader)
        }
    }

    private func checkDuplicatesByScanning(_ reader: ByteReader) throws(WireError) {
        guard entries.count > 1 else { return }
        for later in 1..<entries.count {
            for earlier in 0..<later where Self.sameKey(entries[earlier].key, entries[later].key) {
                throw reader.error(.duplicateKey, at: entries[later].keyPosition)
            }
        }
    }

    private static func sameKey(_ lhs: DecodedKey, _ rhs: DecodedKey) -> Bool {
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        default: return false
        }
    }

    private mutating func buildIndex(_ reader: ByteReader) throws(WireError) {
        indexed = true
        for (position, entry) in entries.enumerated() {
            switch entry.key {
            case .int(let value):
                guard intIndex.updateValue(position, forKey: value) == nil else {
                    throw reader.error(.duplicateKey, at: entry.keyPosition)
                }
            case .string(let value):
                guard stringIndex.updateValue(position, forKey: value) == nil else {
                    throw reader.error(.duplicateKey, at: entry.keyPosition)
                }
            }
        }
    }

    private func position(ofInt key: Int) -> Int? {
        if indexed { return intIndex[key] }
        for position in entries.indices {
            if case .int(let value) = entries[position].key, value == key { return position }
        }
        return nil
    }

    private func position(ofString key: String) -> Int? {
        guard hasStringKeys else { return nil }
        if indexed { return stringIndex[key] }
        for position in entries.indices {
            if case .string(let value) = entries[position].key, value == key { return position }
        }
        return nil
    }

    /// Finds the entry for a coding key: an integer key matches int `i` or its string name,
    /// but not both (§2.18).
    enum Lookup {
        case found(Entry)
        case absent
        case ambiguous(Entry)
    }

    @inline(__always)
    func lookup<Key: CodingKey>(_ key: Key) -> Lookup {
        if let intKey = WireKey.intKey(for: key) {
            let byInt = position(ofInt: intKey)
            let byName = position(ofString: key.stringValue)
            switch (byInt, byName) {
            case (let a?, let b?): return .ambiguous(entries[max(a, b)])
            case (let a?, nil), (nil, let a?): return .found(entries[a])
            case (nil, nil): return .absent
            }
        }
        if let position = position(ofString: key.stringValue) { return .found(entries[position]) }
        return .absent
    }
}
