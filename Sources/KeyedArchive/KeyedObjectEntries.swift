/// The entries of one object's dictionary in a keyed archive, built value by value: a key
/// archived more than once becomes one entry whose value is the array of its values, in order
/// (NIBArchive objects may repeat a key; a plist dictionary cannot).
struct KeyedObjectEntries {
    /// Each key, in the order the keys first appeared, with its first value. Further values of
    /// a repeated key are collected in an array of their own and made into the entry only when
    /// read: appending to an array held inside a ``PropertyList`` copied it at every value,
    /// which made an object with one key repeated 40 000 times quadratic. A key that appears
    /// once (most do) costs no array of its own, and the entries are handed on as they are
    /// (no second array of them).
    private var list: [PropertyList.Entry] = []
    /// Every value of each repeated key, by position.
    private var more: [Int: [PropertyList]] = [:]
    /// Where each key's entry is, by the key's UTF-8 bytes (two spellings that `String`
    /// equality would merge stay apart).
    private var positions: [KeySpelling: Int] = [:]

    /// Starts with `entries` whose keys are distinct (such as `$class`).
    init(_ entries: [PropertyList.Entry] = []) {
        for entry in entries { add(entry.key, entry.value) }
    }

    /// Starts with `first`, with room for `capacity` entries.
    init(_ first: PropertyList.Entry, capacity: Int) {
        list.reserveCapacity(capacity)
        positions.reserveCapacity(capacity)
        add(first.key, first.value)
    }

    /// The entries, in the order their keys first appeared; a key with several values holds
    /// the array of them.
    var entries: [PropertyList.Entry] {
        var entries = list
        for (position, all) in more { entries[position].value = .array(all) }
        return entries
    }

    /// ``entries``, leaving this value empty (the entries are not copied).
    mutating func takeEntries() -> [PropertyList.Entry] {
        var entries = list
        list = []
        positions = [:]
        for (position, all) in more { entries[position].value = .array(all) }
        more = [:]
        return entries
    }

    /// How many distinct keys there are.
    var keyCount: Int { list.count }

    /// Adds `value` under `key`; a repeated key's entry becomes an array.
    mutating func add(_ key: String, _ value: PropertyList) {
        let spelling = KeySpelling(text: key)
        guard let position = positions[spelling] else {
            positions[spelling] = list.count
            list.append(PropertyList.Entry(key, value))
            return
        }
        // A repeated key's values, its first included, in one array used as it is by `entries`.
        more[position, default: [list[position].value]].append(value)
    }
}

/// A key compared and hashed by its UTF-8 bytes (two spellings that `String` equality would
/// merge stay apart).
struct KeySpelling: Hashable {
    let text: String

    static func == (lhs: KeySpelling, rhs: KeySpelling) -> Bool { lhs.text.utf8.elementsEqual(rhs.text.utf8) }

    func hash(into hasher: inout Hasher) {
        for byte in text.utf8 { hasher.combine(byte) }
    }
}
