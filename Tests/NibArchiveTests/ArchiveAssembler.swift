// Assembles archive bytes from hand-written tables, so tests can place tables anywhere, leave
// gaps, write non-minimal varints and append trailing bytes — layouts no real file has.

struct ArchiveAssembler {
    enum Table: CaseIterable {
        case objects, keys, values, classes
    }

    var formatVersion: UInt32 = 1
    var coderVersion: UInt32 = 10
    var counts: [Table: Int] = [:]
    var tables: [Table: [UInt8]] = [:]
    /// The order the tables are placed in after the header.
    var order: [Table] = [.objects, .keys, .values, .classes]
    /// Bytes placed before a table (gaps).
    var padding: [Table: [UInt8]] = [:]
    /// Overrides for header offsets (the table bytes are still placed in `order`).
    var offsetOverride: [Table: UInt32] = [:]
    var trailing: [UInt8] = []

    /// Table placement after assembling: where each table starts.
    func offsets() -> [Table: Int] {
        var position = 50
        var result: [Table: Int] = [:]
        for table in order {
            position += padding[table]?.count ?? 0
            result[table] = position
            position += tables[table]?.count ?? 0
        }
        return result
    }

    func bytes() -> [UInt8] {
        var out = Array("NIBArchive".utf8)
        out += le32(formatVersion) + le32(coderVersion)
        let offsets = offsets()
        for table in Table.allCases {
            out += le32(UInt32(counts[table] ?? 0))
            out += le32(offsetOverride[table] ?? UInt32(offsets[table] ?? 50))
        }
        for table in order {
            out += padding[table] ?? []
            out += tables[table] ?? []
        }
        return out + trailing
    }
}

func le32(_ value: UInt32) -> [UInt8] {
    [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
}

/// A minimal varint (the last byte has bit 7 set).
func varint(_ value: UInt32) -> [UInt8] {
    var out: [UInt8] = []
    var rest = value
    while rest >= 0x80 {
        out.append(UInt8(rest & 0x7F))
        rest >>= 7
    }
    out.append(UInt8(rest) | 0x80)
    return out
}

/// The tables of the spec's example 13.1 (root → NSString "Hi"), as separate byte runs.
func example13_1Assembler() -> ArchiveAssembler {
    var assembler = ArchiveAssembler()
    assembler.counts = [.objects: 2, .keys: 2, .values: 2, .classes: 2]
    assembler.tables = [
        .objects: [0x80, 0x80, 0x81, 0x81, 0x81, 0x81],
        .keys: [0x86] + Array("object".utf8) + [0x88] + Array("NS.bytes".utf8),
        .values: [0x80, 0x0A, 0x01, 0x00, 0x00, 0x00, 0x81, 0x08, 0x82, 0x48, 0x69],
        .classes: [0x89, 0x80] + Array("NSObject".utf8) + [0x00, 0x89, 0x80] + Array("NSString".utf8) + [0x00],
    ]
    return assembler
}
