/// The entries of one object's dictionary in a keyed archive, built value by value: a key
/// archived more than once becomes one entry whose value is the array of its values, in order
/// (NIBArchive objects may repeat a key; a plist dictionary cannot).
struct KeyedObjectEntries {
    /// The entries so far, in the order their keys first appeared.
    private(set) var entries: [PropertyList.Entry]
    /// Where each key's entry is, by the key's UTF-8 bytes (two spellings that `String`
    /// equality would merge stay apart).
    private var positions: [[UInt8]: Int] = [:]

    /// Starts with `entries` whose keys are distinct (such as `$class`).
    init(_ entries: [PropertyList.Entry] = []) {
        self.entries = entries
        for (position, entry) in entries.enumerated() { positions[Array(entry.key.utf8)] = position }
    }

    /// How many distinct keys there are.
    var keyCount: Int { positions.count }

    /// Adds `value` under `key`, turning a repeated key's entry into an array.
    mutating func add(_ key: String, _ value: PropertyList) {
        let bytes = Array(key.utf8)
        guard let position = positions[bytes] else {
            positions[bytes] = entries.count
            entries.append(PropertyList.Entry(key, value))
            return
        }
        if case .array(var elements) = entries[position].value {
            elements.append(value)
            entries[position].value = .array(elements)
        } else {
            entries[position].value = .array([entries[position].value, value])
        }
    }
}
