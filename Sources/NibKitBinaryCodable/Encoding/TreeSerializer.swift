/// Writes an `EncodedValue` tree as `N(x)` or `E(x)` (§2.4): a size pass, then one write into an
/// exactly sized buffer.
struct TreeSerializer {
    let arena: ByteWriter
    let sortKeys: Bool

    // MARK: Sizes

    /// Size of `N(value)`.
    func unframedSize(_ value: EncodedValue) throws -> Int {
        switch value {
        case .payload(_, let count): return count
        case .nilValue: return 1
        case .singlePayload(_, let count): return 1 + count
        case .single(let inner): return 1 + (try unframedSize(inner))
        case .keyed(let keyed): return try contentSize(keyed)
        case .unkeyed(let unkeyed): return try contentSize(unkeyed)
        case .deferred(let encoder): return try unframedSize(encoder.finish())
        case .framed(_, let count): return count
        }
    }

    /// Size of `E(value)`.
    func elementSize(_ value: EncodedValue) throws -> Int {
        switch value {
        case .nilValue:
            return 1
        case .payload(_, let count), .singlePayload(_, let count):
            return Self.prefixSize(count) + count
        case .single(let inner):
            let size = try unframedSize(inner)
            return Self.prefixSize(size) + size
        case .keyed, .unkeyed:
            let size = try unframedSize(value)
            return Self.prefixSize(size) + size
        case .deferred(let encoder):
            return try elementSize(encoder.finish())
        case .framed(_, let count):
            return count
        }
    }

    @inline(__always)
    static func prefixSize(_ length: Int) -> Int { Varint.size(of: UInt64(length) << 1) }

    @inline(__always)
    static func keySize(_ entry: KeyedEntry) -> Int {
        if entry.intKey >= 0 { return Varint.size(of: UInt64(entry.intKey) << 1) }
        let length = entry.name.utf8.count
        return Varint.size(of: UInt64(length) << 1 | 1) + length
    }

    private func contentSize(_ keyed: KeyedStorage) throws -> Int {
        if keyed.contentSize >= 0 { return keyed.contentSize }
        if let failure = keyed.failure { throw failure }
        if sortKeys { keyed.sortEntries() }
        var total = 0
        try keyed.entries.withUnsafeBufferPointer { entries in
            for index in entries.indices {
                if case .framed(_, let count) = entries[index].value {
                    total += count
                } else {
                    total += Self.keySize(entries[index]) + (try elementSize(entries[index].value))
                }
            }
        }
        keyed.contentSize = total
        return total
    }

    private func contentSize(_ unkeyed: UnkeyedStorage) throws -> Int {
        if unkeyed.contentSize >= 0 { return unkeyed.contentSize }
        var total = 0
        try unkeyed.items.withUnsafeBufferPointer { items in
            for item in items {
                switch item {
                case .payload(_, let count), .singlePayload(_, let count): total += Self.prefixSize(count) + count
                case .nilValue: total += 1
                case .framed(_, let count): total += count
                default: total += try elementSize(item)
                }
            }
        }
        unkeyed.contentSize = total
        return total
    }

    // MARK: Writing (sizes are cached or cheap by now)

    func writeUnframed(_ value: EncodedValue, to out: ByteWriter) throws {
        switch value {
        case .payload(let start, let count):
            out.append(from: arena, offset: start, length: count)
        case .nilValue:
            out.append(1)
        case .singlePayload(let start, let count):
            out.append(0)
            out.append(from: arena, offset: start, length: count)
        case .single(let inner):
            out.append(0)
            try writeUnframed(inner, to: out)
        case .keyed(let keyed):
            try keyed.entries.withUnsafeBufferPointer { entries in
                for index in entries.indices {
                    if case .framed(let start, let count) = entries[index].value {
                        out.append(from: arena, offset: start, length: count)
                        continue
                    }
                    let intKey = entries[index].intKey
                    if intKey >= 0 {
                        out.appendVarint(UInt64(intKey) << 1)
                    } else {
                        let name = entries[index].name
                        out.appendVarint(UInt64(name.utf8.count) << 1 | 1)
                        out.appendString(name)
                    }
                    try writeElement(entries[index].value, to: out)
                }
            }
        case .unkeyed(let unkeyed):
            try unkeyed.items.withUnsafeBufferPointer { items in
                for index in items.indices { try writeElement(items[index], to: out) }
            }
        case .deferred(let encoder):
            try writeUnframed(encoder.finish(), to: out)
        case .framed(let start, let count):
            out.append(from: arena, offset: start, length: count)
        }
    }

    func writeElement(_ value: EncodedValue, to out: ByteWriter) throws {
        switch value {
        case .nilValue:
            out.append(1)
        case .payload(let start, let count), .singlePayload(let start, let count):
            out.appendVarint(UInt64(count) << 1)
            out.append(from: arena, offset: start, length: count)
        case .single(let inner):
            out.appendVarint(UInt64(try unframedSize(inner)) << 1)
            try writeUnframed(inner, to: out)
        case .keyed, .unkeyed:
            out.appendVarint(UInt64(try unframedSize(value)) << 1)
            try writeUnframed(value, to: out)
        case .deferred(let encoder):
            try writeElement(encoder.finish(), to: out)
        case .framed(let start, let count):
            out.append(from: arena, offset: start, length: count)
        }
    }
}
