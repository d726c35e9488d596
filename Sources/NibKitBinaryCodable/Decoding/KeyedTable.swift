import Foundation

/// The entries of a keyed container, split and validated when the container is opened (§2.18).
///
/// Lookups start where the previous one succeeded: synthesized code reads keys in the order
/// they were written, so most lookups compare a single entry. String keys stay bytes until a
/// comparison needs a `String` (non-ASCII names, `allKeys`, large tables).
final class KeyedTable {
    struct Entry {
        /// The integer key, or -1 for a string key.
        let intKey: Int
        /// Input position of the key (relative to the input, not absolute).
        let keyPosition: Int
        /// The UTF-8 bytes of a string key.
        let nameStart: Int
        let nameCount: Int
        let nameIsASCII: Bool
        /// Up to the first eight bytes of a string key: ASCII names with different prefixes or
        /// lengths differ, which settles most comparisons without looking further.
        let namePrefix: UInt64
        let slot: Slot

        var isStringKey: Bool { intKey < 0 }
    }

    @exclusivity(unchecked) private(set) var input: InputBytes
    @exclusivity(unchecked) private(set) var entries: [Entry] = []
    @exclusivity(unchecked) private var cursor = 0
    @exclusivity(unchecked) private var hasStringKeys = false
    @exclusivity(unchecked) private var intIndex: [Int: Int] = [:]
    @exclusivity(unchecked) private var stringIndex: [String: Int] = [:]
    @exclusivity(unchecked) private var indexed = false

    private static let indexThreshold = 16

    init(input: InputBytes) {
        self.input = input
    }

    /// Splits and validates `range`, replacing whatever the table held (tables are reused).
    func load(input: InputBytes, range: Range<Int>) throws(WireError) {
        self.input = input
        entries.removeAll(keepingCapacity: true)
        cursor = 0
        hasStringKeys = false
        if indexed {
            indexed = false
            intIndex = [:]
            stringIndex = [:]
        }
        var reader = input.reader(range)
        // Each entry takes at least two bytes; never reserve more than the input can hold.
        entries.reserveCapacity(min(range.count / 2, 16))
        while !reader.isAtEnd {
            let keyPosition = reader.position
            let raw = try reader.readVarint()
            var entryInt = -1
            var nameStart = 0
            var nameCount = 0
            var nameIsASCII = true
            var namePrefix: UInt64 = 0
            if raw & 1 == 0 {
                entryInt = Int(raw >> 1)
            } else {
                let length = try reader.readRange(count: Self.checkedLength(raw >> 1, reader, at: keyPosition))
                nameStart = length.lowerBound
                nameCount = length.count
                (nameIsASCII, namePrefix) = Self.scanName(input, length)
                guard nameIsASCII || input.reader(length).decodeString(length) != nil else {
                    throw reader.error(.invalidUTF8, at: keyPosition, "in string key")
                }
                hasStringKeys = true
            }
            guard !reader.isAtEnd else {
                throw reader.error(
                    .missingElement, at: reader.position, "after the key at \(keyPosition + input.offsetBase)")
            }
            let slot = try reader.readFrame()
            entries.append(
                Entry(
                    intKey: entryInt, keyPosition: keyPosition, nameStart: nameStart, nameCount: nameCount,
                    nameIsASCII: nameIsASCII, namePrefix: namePrefix, slot: slot))
        }
        if entries.count > Self.indexThreshold {
            try buildIndex(reader)
        } else {
            try checkDuplicatesByScanning(reader)
        }
    }

    private static func checkedLength(_ length: UInt64, _ reader: ByteReader, at position: Int) throws(WireError) -> Int
    {
        guard length <= UInt64(reader.remaining) else {
            throw reader.error(
                .lengthExceedsRemaining, at: position, "string key of length \(length), \(reader.remaining) remain")
        }
        return Int(length)
    }

    /// Whether the name is ASCII, and its first (up to) eight bytes.
    private static func scanName(_ input: InputBytes, _ range: Range<Int>) -> (isASCII: Bool, prefix: UInt64) {
        var highBits: UInt8 = 0
        var prefix: UInt64 = 0
        var shift: UInt64 = 0
        for position in range {
            let byte = input.base.load(fromByteOffset: position, as: UInt8.self)
            highBits |= byte
            if shift < 64 {
                prefix |= UInt64(byte) << shift
                shift += 8
            }
        }
        return (highBits < 0x80, prefix)
    }

    @inline(__always)
    private static func sameBytes(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard let left = lhs.baseAddress, let right = rhs.baseAddress, lhs.count > 0 else { return true }
        return memcmp(left, right, lhs.count) == 0
    }

    private func bytes(of entry: Entry) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(
            start: (input.base + entry.nameStart).assumingMemoryBound(to: UInt8.self), count: entry.nameCount)
    }

    /// The string key of `entry` (which must be a string key); validated when the table was built.
    func name(of entry: Entry) -> String {
        String(decoding: bytes(of: entry), as: UTF8.self)
    }

    /// Swift `String` equality between a string-key entry and a name given as UTF-8.
    private func entry(_ entry: Entry, hasName utf8: UnsafeBufferPointer<UInt8>, nameIsASCII: Bool) -> Bool {
        let stored = bytes(of: entry)
        if Self.sameBytes(stored, utf8) { return true }
        // Different bytes can still be canonically equivalent, unless both sides are ASCII.
        if entry.nameIsASCII && nameIsASCII { return false }
        return String(decoding: stored, as: UTF8.self) == String(decoding: utf8, as: UTF8.self)
    }

    private func sameKey(_ lhs: Entry, _ rhs: Entry) -> Bool {
        if lhs.isStringKey != rhs.isStringKey { return false }
        if !lhs.isStringKey { return lhs.intKey == rhs.intKey }
        if lhs.nameIsASCII && rhs.nameIsASCII && (lhs.nameCount != rhs.nameCount || lhs.namePrefix != rhs.namePrefix) {
            return false
        }
        return entry(lhs, hasName: bytes(of: rhs), nameIsASCII: rhs.nameIsASCII)
    }

    private func checkDuplicatesByScanning(_ reader: ByteReader) throws(WireError) {
        guard entries.count > 1 else { return }
        for later in 1..<entries.count {
            for earlier in 0..<later where sameKey(entries[earlier], entries[later]) {
                throw reader.error(.duplicateKey, at: entries[later].keyPosition)
            }
        }
    }

    private func buildIndex(_ reader: ByteReader) throws(WireError) {
        indexed = true
        for (position, entry) in entries.enumerated() {
            if entry.isStringKey {
                guard stringIndex.updateValue(position, forKey: name(of: entry)) == nil else {
                    throw reader.error(.duplicateKey, at: entry.keyPosition)
                }
            } else {
                guard intIndex.updateValue(position, forKey: entry.intKey) == nil else {
                    throw reader.error(.duplicateKey, at: entry.keyPosition)
                }
            }
        }
    }

    private func position(ofInt key: Int) -> Int? {
        if indexed { return intIndex[key] }
        let count = entries.count
        var position = cursor < count ? cursor : 0
        for _ in 0..<count {
            if entries[position].intKey == key { return position }
            position = position + 1 == count ? 0 : position + 1
        }
        return nil
    }

    private func position(ofName key: String) -> Int? {
        guard hasStringKeys else { return nil }
        if indexed { return stringIndex[key] }
        var key = key
        return key.withUTF8 { utf8 in
            let count = entries.count
            var position = cursor < count ? cursor : 0
            // Usually the entry at the cursor has exactly these bytes; only then is ASCII-ness
            // (needed to rule out canonically equal spellings) worth computing.
            var keyIsASCII: Bool?
            for _ in 0..<count {
                let candidate = entries[position]
                if candidate.isStringKey {
                    if Self.sameBytes(bytes(of: candidate), utf8) { return position }
                    let ascii = keyIsASCII ?? utf8.allSatisfy { $0 < 0x80 }
                    keyIsASCII = ascii
                    if !(ascii && candidate.nameIsASCII) && entry(candidate, hasName: utf8, nameIsASCII: ascii) {
                        return position
                    }
                }
                position = position + 1 == count ? 0 : position + 1
            }
            return nil
        }
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
        let found: Int
        if let intKey = WireKey.intKey(for: key) {
            let byInt = position(ofInt: intKey)
            let byName = position(ofName: key.stringValue)
            switch (byInt, byName) {
            case (let a?, let b?): return .ambiguous(entries[max(a, b)])
            case (let a?, nil), (nil, let a?): found = a
            case (nil, nil): return .absent
            }
        } else {
            guard let position = position(ofName: key.stringValue) else { return .absent }
            found = position
        }
        cursor = found + 1
        return .found(entries[found])
    }
}
