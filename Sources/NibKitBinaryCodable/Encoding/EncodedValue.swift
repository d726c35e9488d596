import Foundation

/// What one value's encoding produced, before framing (§2.4).
///
/// Primitive payloads live in the encoder's arena; containers are shared storage classes so that
/// containers written out of order, or through `superEncoder()`, still land in the right place.
enum EncodedValue {
    /// A primitive payload at `start..<start+count` in the arena.
    case payload(start: Int, count: Int)
    /// A single-value container holding nil.
    case nilValue
    /// A single-value container holding a primitive payload.
    case singlePayload(start: Int, count: Int)
    /// A single-value container holding a non-primitive value.
    indirect case single(EncodedValue)
    case keyed(KeyedStorage)
    case unkeyed(UnkeyedStorage)
    /// An encoder handed out by `superEncoder()`, resolved when the tree is written.
    case deferred(NodeEncoder)
    /// A container entry already written out whole in the arena: for keyed containers the key
    /// and the framed primitive (`K E(x)`), for unkeyed ones the framed primitive (`E(x)`).
    /// Only ever stored as a container entry.
    case framed(start: Int, count: Int)

    /// The value as the content of a single-value container.
    var wrappedInSingleValue: EncodedValue {
        if case .payload(let start, let count) = self { return .singlePayload(start: start, count: count) }
        return .single(self)
    }
}

/// One entry of a keyed container.
struct KeyedEntry {
    /// The key's `stringValue`; entries are replaced by it and sorted by it.
    var name: String
    /// The integer written on the wire, or -1 when the name is written (rule W).
    var intKey: Int
    var value: EncodedValue
}

/// The entries of one keyed container, in first-write order.
final class KeyedStorage {
    @exclusivity(unchecked) private(set) var entries: [KeyedEntry]
    /// Built once the container grows beyond a handful of entries.
    private var positionsByName: [String: Int] = [:]
    private var positionsByInt: [Int: Int] = [:]
    private var indexed = false
    /// An error from a non-throwing container method, raised when the tree is written.
    var failure: (any Error)?
    /// Cached by the serializer.
    var contentSize = -1

    private static let indexThreshold = 12

    init() {
        entries = []
        entries.reserveCapacity(16)
    }

    /// Adds or replaces (same `name`) an entry; returns a message if another entry has the same wire key.
    func insert(name: String, intKey: Int, value: EncodedValue) -> String? {
        let entry = KeyedEntry(name: name, intKey: intKey, value: value)
        if let existing = position(ofName: name) {
            if intKey >= 0, let clash = position(ofInt: intKey), clash != existing {
                return "keys \"\(name)\" and \"\(entries[clash].name)\" are both written as integer key \(intKey)"
            }
            if indexed && entries[existing].intKey >= 0 { positionsByInt[entries[existing].intKey] = nil }
            entries[existing] = entry
            if indexed && intKey >= 0 { positionsByInt[intKey] = existing }
            return nil
        }
        if intKey >= 0, let clash = position(ofInt: intKey) {
            return "keys \"\(name)\" and \"\(entries[clash].name)\" are both written as integer key \(intKey)"
        }
        entries.append(entry)
        if indexed {
            positionsByName[name] = entries.count - 1
            if intKey >= 0 { positionsByInt[intKey] = entries.count - 1 }
        } else if entries.count > Self.indexThreshold {
            buildIndex()
        }
        return nil
    }

    private func buildIndex() {
        indexed = true
        for (position, entry) in entries.enumerated() {
            positionsByName[entry.name] = position
            if entry.intKey >= 0 { positionsByInt[entry.intKey] = position }
        }
    }

    // Scans through a buffer pointer so that only the compared field is read, instead of
    // copying (and retaining) whole entries.
    private func position(ofName name: String) -> Int? {
        if indexed { return positionsByName[name] }
        return entries.withUnsafeBufferPointer { entries in
            for position in entries.indices where entries[position].name == name { return position }
            return nil
        }
    }

    private func position(ofInt intKey: Int) -> Int? {
        if indexed { return positionsByInt[intKey] }
        return entries.withUnsafeBufferPointer { entries in
            for position in entries.indices where entries[position].intKey == intKey { return position }
            return nil
        }
    }

    /// §2.16: by name, then each run of adjacent integer keys by integer value.
    func sortEntries() {
        let keys = entries.map { SortName($0.name) }
        let order = keys.indices.sorted { keys[$0] < keys[$1] }
        entries = order.map { entries[$0] }
        var runStart = 0
        while runStart < entries.count {
            guard entries[runStart].intKey >= 0 else {
                runStart += 1
                continue
            }
            var runEnd = runStart + 1
            while runEnd < entries.count && entries[runEnd].intKey >= 0 { runEnd += 1 }
            if runEnd - runStart > 1 { entries[runStart..<runEnd].sort { $0.intKey < $1.intKey } }
            runStart = runEnd
        }
        indexed = false
        positionsByName = [:]
        positionsByInt = [:]
    }

}

/// The elements of one unkeyed container.
final class UnkeyedStorage {
    @exclusivity(unchecked) var items: [EncodedValue] = []
    var contentSize = -1
}

/// A key name in §2.16's order, made total.
///
/// Swift's `<` on strings compares canonical equivalents — the NFC forms' scalar values, which is
/// the byte order of their UTF-8 — but is not a strict weak order for some mixes of composed and
/// decomposed text (`"e\u{301}0"` and `"\u{E9}03"`: neither is less, yet they differ), so sorting
/// with it depends on the order keys came in. This compares the NFC bytes, then the bytes as
/// written to separate canonically equivalent spellings: the same order wherever Swift's is
/// well defined, and deterministic everywhere.
struct SortName: Comparable {
    let normalized: [UInt8]
    let written: [UInt8]

    init(_ name: String) {
        written = Array(name.utf8)
        // ASCII is its own NFC form.
        normalized = written.allSatisfy { $0 < 0x80 } ? written : Array(name.precomposedStringWithCanonicalMapping.utf8)
    }

    static func < (lhs: SortName, rhs: SortName) -> Bool {
        if lhs.normalized != rhs.normalized { return lhs.normalized.lexicographicallyPrecedes(rhs.normalized) }
        return lhs.written.lexicographicallyPrecedes(rhs.written)
    }
}
