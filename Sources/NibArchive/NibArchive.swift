/// A NIBArchive: the compiled `.nib` format that UIKit loads, modelled losslessly.
///
/// An archive is four tables: **objects** (a class index and a run of values each),
/// **keys** (byte strings), **values** (a key index, a ``ValueType`` and a payload) and
/// **class names** (a name and fallback classes). Object 0 is the root.
///
/// Parsing keeps everything needed to write the same bytes back — table offsets, gaps, varint
/// widths, trailing bytes such as the `LNE\0` trailer — so `try NibArchive(parsing: bytes)
/// .serialized() == bytes` for every readable file. Archives built in code (see ``Builder``)
/// are written the way Apple's writer writes them.
///
/// ```swift
/// let archive = try NibArchive(parsing: bytes)
/// for (index, object) in archive.objects.enumerated() {
///     print(index, archive.classes[object.classIndex].name)
///     for value in archive.values[object.valueIndices] {
///         print("  ", archive.keys[value.keyIndex].name, value.payload)
///     }
/// }
/// ```
public struct NibArchive: Sendable {
    /// The ten bytes every archive starts with: `NIBArchive`, without a NUL.
    public static let magic: [UInt8] = Array("NIBArchive".utf8)
    /// The size of the fixed header.
    public static let headerSize = 50
    /// The largest input the format's 32-bit offsets can describe.
    public static let maximumSize = Int(UInt32.max)

    /// Header bytes 10–13. Apple's reader accepts 0 and 1; every real file has 1.
    public var formatVersion: UInt32
    /// Header bytes 14–17. 9 in older output, 10 now; Apple's reader ignores it.
    public var coderVersion: UInt32

    /// Every byte the tables point into: the parsed input itself, or a pool for built archives.
    var storage: [UInt8]
    /// The size of the bytes the tables point into: the input's size for a parsed archive,
    /// what expansion limits are proportional to.
    package var storageSize: Int { storage.count }
    /// The size expansion limits are proportional to: the input's size for a parsed archive;
    /// for one built in code (whose storage holds only its strings and data), that plus the
    /// least its tables take on the wire (the 50-byte header, 3 bytes an object, 2 a value,
    /// 1 a key, 2 a class).
    package var expansionInputSize: Int {
        guard preservedLayout == nil else { return storage.count }
        return storage.count + 50 + 3 * objectEntries.count + 2 * valueEntries.count + keyEntries.count + 2
            * classEntries.count
    }
    var objectEntries: [ObjectEntry]
    var keyEntries: [KeyEntry]
    var valueEntries: [ValueEntry]
    var classEntries: [ClassEntry]
    /// The fallback indices of all classes, back to back.
    var fallbackIndices: [UInt32]
    /// The trailing bytes, as a range of `storage`.
    var trailingRange: Range<Int>
    /// Where the tables were when parsed; `nil` for archives built in code.
    var preservedLayout: PreservedLayout?
}

// MARK: - Public views of the tables

extension NibArchive {
    /// The object table. Object 0 is the root.
    public var objects: ObjectTable { ObjectTable(entries: objectEntries) }
    /// The key table, in stored order.
    public var keys: KeyTable { KeyTable(entries: keyEntries, storage: storage) }
    /// The value table, in stored order, independent of which objects own which values.
    public var values: ValueTable { ValueTable(entries: valueEntries, storage: storage) }
    /// The class-name table, in stored order.
    public var classes: ClassTable {
        ClassTable(entries: classEntries, fallbackIndices: fallbackIndices, storage: storage)
    }
    /// The bytes after the last table, such as the `LNE\0` trailer of some iOS nibs.
    public var trailingBytes: ArraySlice<UInt8> { storage[trailingRange] }

    /// Where each table sits in the file the archive was parsed from, or `nil` for an archive
    /// built in code (which is written in canonical layout).
    public var layout: Layout? {
        preservedLayout.map { layout in
            Layout(
                objectTable: layout.objectTable..<(layout.objectTable + layout.objectTableSize),
                keyTable: layout.keyTable..<(layout.keyTable + layout.keyTableSize),
                valueTable: layout.valueTable..<(layout.valueTable + layout.valueTableSize),
                classTable: layout.classTable..<(layout.classTable + layout.classTableSize),
                fileLength: layout.fileLength,
                gaps: layout.gaps.map { $0.offset..<($0.offset + $0.bytes.count) })
        }
    }

    /// The values of `object`, in stored order.
    public func values(of object: Object) -> ValueTable.SubSequence { values[object.valueIndices] }

    /// The class name of `object`.
    public func className(of object: Object) -> String { classes[object.classIndex].name }

    /// The key name of `value`.
    public func keyName(of value: Value) -> String { keys[value.keyIndex].name }

    /// The archive inside a data value, when the value starts with the magic and parses
    /// completely; `nil` for anything else (nested archives are recognised, never parsed eagerly).
    public func nestedArchive(in value: Value) -> NibArchive? {
        guard case .data(let bytes) = value.payload, NibArchive.hasMagic(bytes) else { return nil }
        return try? NibArchive(parsing: Array(bytes))
    }

    /// Whether `bytes` start with the ten-byte magic `NIBArchive`.
    public static func hasMagic(_ bytes: some Collection<UInt8>) -> Bool {
        // Contiguous bytes (arrays, slices, `Data`) are compared in place: the generic
        // `starts(with:)` costs thousands of instructions per call when not specialized.
        if let result = bytes.withContiguousStorageIfAvailable({ hasMagic($0) }) { return result }
        return bytes.starts(with: magic)
    }
}

extension NibArchive {
    /// The byte ranges of a parsed archive's tables.
    public struct Layout: Hashable, Sendable {
        /// Bytes of the object table.
        public var objectTable: Range<Int>
        /// Bytes of the key table.
        public var keyTable: Range<Int>
        /// Bytes of the value table.
        public var valueTable: Range<Int>
        /// Bytes of the class-name table.
        public var classTable: Range<Int>
        /// The length of the whole file.
        public var fileLength: Int
        /// Bytes between the header and the end of the last table that no table covers.
        public var gaps: [Range<Int>]

        /// Whether the tables sit back to back from offset 50 in Apple's order with no gaps.
        public var isCanonical: Bool {
            objectTable.lowerBound == NibArchive.headerSize
                && keyTable.lowerBound == objectTable.upperBound
                && valueTable.lowerBound == keyTable.upperBound
                && classTable.lowerBound == valueTable.upperBound
        }
    }
}

// MARK: - Equality

extension NibArchive: Equatable {
    /// Two archives are equal when they hold the same tables, versions and trailing bytes.
    /// Layout is not compared: where the tables sit, how wide the varints were, and the stored
    /// start of an object with no values (any start is legal; the canonical writer stores 0).
    public static func == (lhs: NibArchive, rhs: NibArchive) -> Bool {
        lhs.formatVersion == rhs.formatVersion && lhs.coderVersion == rhs.coderVersion
            && lhs.objectEntries.elementsEqual(rhs.objectEntries) { a, b in
                a.classIndex == b.classIndex && a.valueCount == b.valueCount
                    && (a.valueCount == 0 || a.firstValue == b.firstValue)
            }
            && lhs.keys.elementsEqual(rhs.keys)
            && lhs.classes.elementsEqual(rhs.classes) && lhs.values.elementsEqual(rhs.values)
            && lhs.trailingBytes.elementsEqual(rhs.trailingBytes)
    }
}

extension NibArchive: Hashable {
    /// Hashes the versions and table sizes (equal archives hash equally).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(formatVersion)
        hasher.combine(coderVersion)
        hasher.combine(objectEntries.count)
        hasher.combine(keyEntries.count)
        hasher.combine(valueEntries.count)
        hasher.combine(classEntries.count)
    }
}
