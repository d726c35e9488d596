extension NibArchive {
    /// Creates an archive from its four tables, for editing: read the tables of a parsed
    /// archive, change them, and make a new archive.
    ///
    /// The tables are kept exactly as given — in their order, with shared or orphan value ranges
    /// and repeated keys — and written in canonical layout (see ``SerializationLayout``).
    /// Use ``Builder`` to make an archive the way Apple's writer orders it.
    ///
    /// - Throws: ``NibArchiveError`` (with no offset) naming the first entry that cannot be
    ///   written: an object whose class or values are out of range, a value whose key is out of
    ///   range, an empty stored class name, or tables too large for 32-bit offsets.
    public init(
        formatVersion: UInt32 = 1, coderVersion: UInt32 = 10, objects: some Sequence<Object>,
        keys: some Sequence<Key>, values: some Sequence<Value>, classes: some Sequence<ClassName>,
        trailingBytes: some Sequence<UInt8> = [UInt8]()
    ) throws(NibArchiveError) {
        try self.init(
            formatVersion: formatVersion, coderVersion: coderVersion, objects: objects, keys: keys, values: values,
            classes: classes, trailingBytes: trailingBytes, storageCapacity: 0)
    }

    /// ``init(formatVersion:coderVersion:objects:keys:values:classes:trailingBytes:)`` with room
    /// for `storageCapacity` bytes of names, keys and data reserved up front (a storage grown
    /// by doubling held up to twice its size while it was copied).
    package init(
        formatVersion: UInt32, coderVersion: UInt32, objects: some Sequence<Object>,
        keys: some Sequence<Key>, values: some Sequence<Value>, classes: some Sequence<ClassName>,
        trailingBytes: some Sequence<UInt8>, storageCapacity: Int
    ) throws(NibArchiveError) {
        var pool = StoragePool()
        pool.bytes.reserveCapacity(max(0, min(storageCapacity, NibArchive.maximumSize)))
        var classEntries: [ClassEntry] = []
        var fallbackIndices: [UInt32] = []
        for (index, className) in classes.enumerated() {
            guard !className.storedBytes.isEmpty else {
                throw NibArchiveError(
                    code: .classEmptyName, offset: nil, entry: TableEntry(.class, index),
                    message: "class name has no stored bytes (it needs at least its NUL)")
            }
            let range = try pool.append(className.storedBytes, entry: TableEntry(.class, index))
            classEntries.append(
                ClassEntry(
                    start: UInt32(truncatingIfNeeded: range.lowerBound),
                    length: UInt32(truncatingIfNeeded: range.count),
                    fallbackStart: UInt32(truncatingIfNeeded: fallbackIndices.count),
                    fallbackCount: UInt32(truncatingIfNeeded: className.fallbacks.count)))
            fallbackIndices.append(contentsOf: className.fallbacks)
        }
        var keyEntries: [KeyEntry] = []
        for (index, key) in keys.enumerated() {
            let range = try pool.append(key.bytes, entry: TableEntry(.key, index))
            keyEntries.append(
                KeyEntry(
                    start: UInt32(truncatingIfNeeded: range.lowerBound),
                    length: UInt32(truncatingIfNeeded: range.count)))
        }
        var valueEntries: [ValueEntry] = []
        valueEntries.reserveCapacity(values.underestimatedCount)
        for (index, value) in values.enumerated() {
            guard value.keyIndex >= 0, value.keyIndex < keyEntries.count else {
                throw NibArchiveError(
                    code: .valueKeyRange, offset: nil, entry: TableEntry(.value, index),
                    message: "key index \(value.keyIndex) is not below the key count \(keyEntries.count)")
            }
            valueEntries.append(
                try pool.valueEntry(value.payload, keyIndex: UInt32(value.keyIndex), entry: TableEntry(.value, index)))
        }
        var objectEntries: [ObjectEntry] = []
        objectEntries.reserveCapacity(objects.underestimatedCount)
        for (index, object) in objects.enumerated() {
            guard object.classIndex >= 0, object.classIndex < classEntries.count else {
                throw NibArchiveError(
                    code: .objectClassRange, offset: nil, entry: TableEntry(.object, index),
                    message: "class index \(object.classIndex) is not below the class count \(classEntries.count)")
            }
            guard object.firstValueIndex >= 0, object.valueCount >= 0,
                object.firstValueIndex <= valueEntries.count,
                object.valueCount <= valueEntries.count - object.firstValueIndex
            else {
                throw NibArchiveError(
                    code: .objectValueRange, offset: nil, entry: TableEntry(.object, index),
                    message: "values \(object.firstValueIndex) (+\(object.valueCount)) are not inside "
                        + "the value table of \(valueEntries.count)")
            }
            objectEntries.append(
                ObjectEntry(
                    classIndex: UInt32(object.classIndex), firstValue: UInt32(object.firstValueIndex),
                    valueCount: UInt32(object.valueCount)))
        }
        let trailing = try pool.append(trailingBytes, entry: nil)
        self.init(
            formatVersion: formatVersion, coderVersion: coderVersion, storage: pool.bytes,
            objectEntries: objectEntries, keyEntries: keyEntries, valueEntries: valueEntries,
            classEntries: classEntries, fallbackIndices: fallbackIndices, trailingRange: trailing,
            preservedLayout: nil)
    }
}

/// The byte storage of an archive made in code: names, keys and data back to back.
struct StoragePool {
    var bytes: [UInt8] = []

    mutating func append(_ newBytes: some Sequence<UInt8>, entry: TableEntry?) throws(NibArchiveError) -> Range<Int> {
        let start = bytes.count
        bytes.append(contentsOf: newBytes)
        guard bytes.count <= NibArchive.maximumSize else {
            throw NibArchiveError(
                code: .tooLarge, offset: nil, entry: entry,
                message: "the archive's contents exceed what 32-bit offsets can address")
        }
        return start..<bytes.count
    }

    mutating func valueEntry(_ payload: NibArchive.Payload, keyIndex: UInt32, entry: TableEntry) throws(NibArchiveError)
        -> ValueEntry
    {
        let bits: UInt64
        switch payload {
        case .int8(let value): bits = UInt64(UInt8(bitPattern: value))
        case .int16(let value): bits = UInt64(UInt16(bitPattern: value))
        case .int32(let value): bits = UInt64(UInt32(bitPattern: value))
        case .int64(let value): bits = UInt64(bitPattern: value)
        case .bool, .nil: bits = 0
        case .float32(let value): bits = UInt64(value.bitPattern)
        case .float64(let value): bits = value.bitPattern
        case .data(let data):
            let range = try append(data, entry: entry)
            bits = ValueEntry.dataBits(start: range.lowerBound, length: range.count)
        case .objectReference(let index): bits = UInt64(index)
        }
        return ValueEntry(bits: bits, keyIndex: keyIndex, type: payload.type)
    }
}
