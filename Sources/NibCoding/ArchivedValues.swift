import NibArchive

/// What the decoded objects of one archive share: the value table and the key names.
final class ArchiveContext {
    let values: NibArchive.ValueTable
    let keyNames: [String]
    let emptyKey: Int

    init(values: NibArchive.ValueTable, keyNames: [String], emptyKey: Int?) {
        self.values = values
        self.keyNames = keyNames
        self.emptyKey = emptyKey ?? -1
    }
}

/// A decoded object's values, left in the archive: the run of value indices, plus the
/// object's references resolved, in stored order (strong or back references).
struct ArchivedValues {
    let context: ArchiveContext
    let range: Range<Int>
    let references: [NibEntry.Value]

    /// Calls `body` with each key and value in stored order until it returns `false`.
    @inline(__always)
    func forEach(_ body: (String, NibEntry.Value) -> Bool) {
        var reference = 0
        let values = context.values
        for index in range {
            let value = values[index]
            let entryValue: NibEntry.Value
            if case .objectReference = value.payload {
                guard reference < references.count else { return }
                entryValue = references[reference]
                reference += 1
            } else {
                entryValue = .payload(value.payload)
            }
            if !body(context.keyNames[value.keyIndex], entryValue) { return }
        }
    }

    /// The first value stored under `key`.
    func value(forKey key: String) -> NibEntry.Value? {
        var reference = 0
        let values = context.values
        let keyNames = context.keyNames
        for index in range {
            let value = values[index]
            let isReference: Bool
            if case .objectReference = value.payload { isReference = true } else { isReference = false }
            if keyNames[value.keyIndex] == key {
                if isReference { return reference < references.count ? references[reference] : nil }
                return .payload(value.payload)
            }
            if isReference { reference += 1 }
        }
        return nil
    }

    func makeEntries() -> [NibEntry] {
        var entries: [NibEntry] = []
        entries.reserveCapacity(range.count)
        forEach { key, value in
            entries.append(NibEntry(key: key, value: value))
            return true
        }
        return entries
    }
}

extension NibObject {
    /// Calls `body` with each key and value in stored order until it returns `false`, without
    /// building ``entries``.
    func forEachEntry(_ body: (String, NibEntry.Value) -> Bool) {
        switch storage {
        case .entries(let entries):
            for index in entries.indices where !body(entries[index].key, entries[index].value) { return }
        case .archived(let archived):
            archived.forEach(body)
        }
    }

    /// The number of stored values.
    var entryCount: Int {
        switch storage {
        case .entries(let entries): entries.count
        case .archived(let archived): archived.range.count
        }
    }
}
