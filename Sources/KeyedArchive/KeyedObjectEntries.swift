/// The entries of one object's dictionary in a keyed archive, built value by value: a key
/// archived more than once becomes one entry whose value is the array of its values, in order
/// (NIBArchive objects may repeat a key; a plist dictionary cannot).
struct KeyedObjectEntries {
    /// Each key, in the order the keys first appeared, with its first value. Further values of
    /// a repeated key are collected in an array of their own and made into the entry only when
    /// read: appending to an array held inside a ``PropertyList`` copied it at every value,
    /// which made an object with one key repeated 40 000 times quadratic. A key that appears
    /// once (most do) costs no array of its own.
    private var keys: [String] = []
    private var firsts: [PropertyList] = []
    /// Every value of each repeated key, by position.
    private var more: [Int: [PropertyList]] = [:]
    /// Where each key's entry is, by the key's UTF-8 bytes (two spellings that `String`
    /// equality would merge stay apart).
    private var positions: [Spelling: Int] = [:]

    /// A key compared and hashed by its UTF-8 bytes.
    private struct Spelling: Hashable {
        let text: String

        static func == (lhs: Spelling, rhs: Spelling) -> Bool { lhs.text.utf8.elementsEqual(rhs.text.utf8) }

        func hash(into hasher: inout Hasher) {
            for byte in text.utf8 { hasher.combine(byte) }
        }
    }

    /// Starts with `entries` whose keys are distinct (such as `$class`).
    init(_ entries: [PropertyList.Entry] = []) {
        for entry in entries { add(entry.key, entry.value) }
    }

    /// The entries, in the order their keys first appeared; a key with several values holds
    /// the array of them.
    var entries: [PropertyList.Entry] {
        keys.indices.map { index in
            guard let all = more[index] else { return PropertyList.Entry(keys[index], firsts[index]) }
            return PropertyList.Entry(keys[index], .array(all))
        }
    }

    /// How many distinct keys there are.
    var keyCount: Int { keys.count }

    /// Adds `value` under `key`; a repeated key's entry becomes an array.
    mutating func add(_ key: String, _ value: PropertyList) {
        let spelling = Spelling(text: key)
        guard let position = positions[spelling] else {
            positions[spelling] = keys.count
            keys.append(key)
            firsts.append(value)
            return
        }
        // A repeated key's values, its first included, in one array used as it is by `entries`.
        more[position, default: [firsts[position]]].append(value)
    }
}
