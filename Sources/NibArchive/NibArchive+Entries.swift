// The compact, wire-faithful table entries a NibArchive stores.
//
// They hold numbers and byte ranges into the archive's byte storage instead of owned strings or
// arrays, so parsing allocates one array per table and nothing per entry. Each varint's byte
// width is kept so that a preserved-layout write gives back the input bytes exactly.

/// An object table entry: class index, first value, value count, and each varint's width.
@usableFromInline
struct ObjectEntry: Hashable, Sendable {
    @usableFromInline var classIndex: UInt32
    @usableFromInline var firstValue: UInt32
    @usableFromInline var valueCount: UInt32
    var classWidth: UInt8 = 1
    var firstWidth: UInt8 = 1
    var countWidth: UInt8 = 1
}

/// A key table entry: the key's bytes in storage and the width of its length varint.
@usableFromInline
struct KeyEntry: Hashable, Sendable {
    @usableFromInline var start: UInt32
    @usableFromInline var length: UInt32
    var lengthWidth: UInt8 = 1
}

/// A value table entry. `bits` holds the payload's raw little-endian bits for fixed-size types,
/// and `start << 32 | length` of the bytes in storage for data.
@usableFromInline
struct ValueEntry: Hashable, Sendable {
    @usableFromInline var bits: UInt64
    @usableFromInline var keyIndex: UInt32
    @usableFromInline var type: ValueType
    var keyWidth: UInt8 = 1
    var lengthWidth: UInt8 = 1

    var dataStart: Int { Int(truncatingIfNeeded: bits >> 32) }
    var dataLength: Int { Int(truncatingIfNeeded: bits & 0xFFFF_FFFF) }

    static func dataBits(start: Int, length: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: start) << 32 | UInt64(truncatingIfNeeded: length)
    }
}

/// A class-name table entry: the stored name (all *L* bytes, terminator included) in storage,
/// its fallbacks as a run of the archive's shared fallback list, and the two varints' widths.
@usableFromInline
struct ClassEntry: Hashable, Sendable {
    @usableFromInline var start: UInt32
    @usableFromInline var length: UInt32
    var fallbackStart: UInt32
    var fallbackCount: UInt32
    var lengthWidth: UInt8 = 1
    var fallbackCountWidth: UInt8 = 1
}

/// Where the tables of a parsed archive sit, so a write can put every byte back.
struct PreservedLayout: Hashable, Sendable {
    /// Byte offsets of the object, key, value and class tables, as in the header.
    var objectTable: Int
    var keyTable: Int
    var valueTable: Int
    var classTable: Int
    /// The byte sizes the four tables had when read.
    var objectTableSize: Int
    var keyTableSize: Int
    var valueTableSize: Int
    var classTableSize: Int
    /// The total length of the file, trailing bytes included.
    var fileLength: Int
    /// Bytes between offset 50 and the end of the last table that no table covers.
    var gaps: [Gap]
    /// Whether the sizes were measured from these very entries (by the parser), so writing
    /// needs no size pass. A layout read from JSON is checked against the entries first.
    var isMeasured = false

    /// A run of uncovered bytes: where it goes in the file and where its bytes are in storage
    /// (the same place, for a parsed archive, whose storage is the input).
    struct Gap: Hashable, Sendable {
        var offset: Int
        var bytes: Range<Int>
    }
}

/// Varint helpers for the NIBArchive encoding: 7-bit groups, least significant first, and the
/// **last** byte has bit 7 set (the inverse of LEB128).
enum NibVarint {
    /// The fewest bytes that hold `value`.
    @inline(__always)
    static func minimalWidth(_ value: UInt32) -> Int {
        switch value {
        case 0..<(1 << 7): 1
        case (1 << 7)..<(1 << 14): 2
        case (1 << 14)..<(1 << 21): 3
        case (1 << 21)..<(1 << 28): 4
        default: 5
        }
    }

    /// The width to write `value` with when `recorded` bytes were read: the recorded width when
    /// it can hold the value, otherwise the minimal one.
    @inline(__always)
    static func width(_ value: UInt32, recorded: UInt8) -> Int {
        let minimal = minimalWidth(value)
        let recorded = Int(recorded)
        return recorded > minimal && recorded <= 5 ? recorded : minimal
    }
}
