/// The entries of one object's dictionary in a keyed archive, built value by value: a key
/// archived more than once becomes one entry whose value is the array of its values, in order
/// (NIBArchive objects may repeat a key; a plist dictionary cannot).
struct KeyedObjectEntries {
    /// Each key with its values so far, in the order the keys first appeared. The values of a
    /// key are collected in an array of their own and made into the entry only when read:
    /// appending to an array held inside a ``PropertyList`` copied it at every value, which
    /// made an object with one key repeated 40 000 times quadratic.
    private var keys: [String] = []
    private var values: [[PropertyList]] = []
    /// Where each key's entry is, by the key's UTF-8 bytes (two spellings that `String`
    /// equality would merge stay apart).
    private var positions: [[UInt8]: Int] = [:]

    /// Starts with `entries` whose keys are distinct (such as `$class`).
    init(_ entries: [PropertyList.Entry] = []) {
        for entry in entries {
            positions[Array(entry.key.utf8)] = keys.count
            keys.append(entry.key)
            values.append([entry.value])
        }
    }

    /// The entries, in the order their keys first appeared; a key with several values holds
    /// the array of them.
    var entries: [PropertyList.Entry] {
        zip(keys, values).map { key, values in
            PropertyList.Entry(key, values.count == 1 ? values[0] : .array(values))
        }
    }

    /// How many distinct keys there are.
    var keyCount: Int { positions.count }

    /// Adds `value` under `key`; a repeated key's entry becomes an array.
    mutating func add(_ key: String, _ value: PropertyList) {
        let bytes = Array(key.utf8)
        guard let position = positions[bytes] else {
            positions[bytes] = keys.count
            keys.append(key)
            values.append([value])
            return
        }
        values[position].append(value)
    }
}
