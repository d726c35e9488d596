public import NibArchive

/// A NIBArchive written as an `NSKeyedArchiver` property list, with notes on what the keyed
/// form could not hold by itself and so went into the `$nibkit` annotation.
public struct KeyedArchiveConversion: Sendable {
    /// The keyed archive: `$version`, `$archiver`, `$top`, `$objects`, `$nibkit`.
    public var propertyList: PropertyList
    /// One short sentence per kind of thing that was annotated or not kept, for people.
    public var notes: [String]
}

extension NibArchive {
    /// The archive as an `NSKeyedArchiver` keyed archive with the same object graph.
    ///
    /// Object *i* becomes `$objects[i + 1]` (a dictionary whose `$class` names a class
    /// dictionary), references become UIDs, `nil` becomes UID 0 (`$null`), and a key repeated
    /// within one object becomes an array of its values. What the keyed form cannot hold —
    /// the header versions, the trailer, the class and key tables, wire widths, value order,
    /// ownerless values — goes into the top-level `$nibkit` dictionary, so that
    /// ``init(keyedArchive:)`` gives back an equal archive (and, for files in canonical layout,
    /// the same bytes). See the "Keyed archives" article for the whole mapping.
    ///
    /// Objects that share one run of values each get a dictionary of their own, so the keyed
    /// archive can be far larger than the nib: every value written into an object's dictionary
    /// (and into its `$nibkit` note) counts against `expansionLimit`, as for `nibtool dump`.
    ///
    /// - Parameter expansionLimit: How many values the conversion may write per byte of the
    ///   archive's file (plus `ExpansionLimit.baseline`); each 8 bytes of data count one more.
    /// - Throws: `ExpansionLimitError` when the objects' values pass the limit; an archive
    ///   whose objects do not share values stays below the default.
    public func keyedArchive(expansionLimit: ExpansionLimit = .standard) throws(ExpansionLimitError)
        -> KeyedArchiveConversion
    {
        var writer = KeyedArchiveWriter(
            archive: self,
            budget: ExpansionBudget(expansionLimit, inputSize: expansionInputSize, what: "keyed archive values"))
        return try writer.write()
    }

    /// ``keyedArchive(expansionLimit:)`` serialized in `format` and handed to `sink` in pieces
    /// as they are made, for `nibtool convert`: binary archives are written object by object
    /// and XML in pieces of about 64 KB, so neither the property list nor its bytes are held
    /// whole. Returns the conversion's notes.
    ///
    /// - Throws: `ExpansionLimitError` (some pieces may have been handed on already), or
    ///   ``KeyedArchiveError`` when the property list cannot be written in `format`.
    package func writeKeyedArchive(
        as format: PropertyList.Format, expansionLimit: ExpansionLimit = .standard,
        to sink: @escaping ([UInt8]) -> Void
    ) throws -> [String] {
        var writer = KeyedArchiveWriter(
            archive: self,
            budget: ExpansionBudget(expansionLimit, inputSize: expansionInputSize, what: "keyed archive values"))
        return try writer.write(as: format, to: sink)
    }
}

/// The version of the `$nibkit` annotation this code writes and reads.
let annotationVersion: Int64 = 1
/// The top-level key of the annotation.
let annotationKey = "$nibkit"

/// Keys that start with `$` are reserved for the archiver; `NSKeyedArchiver` escapes a
/// coder key that starts with `$` with one more `$`, and NibKit does the same.
func escapeKey(_ name: String) -> String { name.hasPrefix("$") ? "$" + name : name }

/// The inverse of ``escapeKey(_:)``.
func unescapeKey(_ name: String) -> String { name.hasPrefix("$$") ? String(name.dropFirst()) : name }

/// The default reading of one dictionary element of a NibKit-written keyed archive with
/// `objectCount` objects: integers in Apple's width, every real as float64, UID 0 as nil,
/// UID *k* as a reference to object *k* − 1. `nil` for anything else.
func defaultPayload(_ element: PropertyList, objectCount: Int) -> NibArchive.Payload? {
    switch element {
    case .integer(let number): return .integer(number)
    case .real(let number): return .float64(number)
    case .real32(let number): return .float64(Double(number))
    case .bool(let flag): return .bool(flag)
    case .data(let bytes): return .data(ArraySlice(bytes))
    case .uid(0): return .nil
    case .uid(let index):
        guard index <= UInt64(objectCount) else { return nil }
        return .objectReference(UInt32(truncatingIfNeeded: index - 1))
    default: return nil
    }
}

/// The reading of one element when the annotation names its wire type; `nil` when the element
/// cannot hold that type (the annotation does not match the plist).
func typedPayload(_ element: PropertyList, type: ValueType, objectCount: Int) -> NibArchive.Payload? {
    switch (type, element) {
    case (.int8, .integer(let number)): return .int8(Int8(truncatingIfNeeded: number))
    case (.int16, .integer(let number)): return .int16(Int16(truncatingIfNeeded: number))
    case (.int32, .integer(let number)): return .int32(Int32(truncatingIfNeeded: number))
    case (.int64, .integer(let number)): return .int64(number)
    case (.false, .bool(false)): return .bool(false)
    case (.true, .bool(true)): return .bool(true)
    case (.float32, .real(let number)): return .float32(Float(number))
    case (.float32, .real32(let number)): return .float32(number)
    case (.float64, .real(let number)): return .float64(number)
    case (.float64, .real32(let number)): return .float64(Double(number))
    case (.float32, .data(let bytes)) where bytes.count == 4:
        return .float32(Float(bitPattern: UInt32(truncatingIfNeeded: bigEndianValue(bytes))))
    case (.float64, .data(let bytes)) where bytes.count == 8: return .float64(Double(bitPattern: bigEndianValue(bytes)))
    case (.data, .data(let bytes)): return .data(ArraySlice(bytes))
    case (.nil, .uid(0)): return .nil
    case (.objectReference, .uid(let index)) where index >= 1 && index <= UInt64(objectCount):
        return .objectReference(UInt32(truncatingIfNeeded: index - 1))
    case (.objectReference, .integer(let number)) where number >= 0 && number <= Int64(UInt32.max):
        return .objectReference(UInt32(number))
    default: return nil
    }
}

/// `count` and the noun in the right number: `1 object`, `2 objects`.
func plural(_ count: Int, _ one: String, _ many: String) -> String { "\(count) \(count == 1 ? one : many)" }

/// `value`'s low `count` bytes, most significant first.
func bigEndianBytes(_ value: UInt64, _ count: Int) -> [UInt8] {
    (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> UInt64($0 * 8)) }
}

/// The big-endian value of up to 8 bytes.
func bigEndianValue(_ bytes: [UInt8]) -> UInt64 { bytes.reduce(0) { $0 << 8 | UInt64($1) } }

/// The UTF-8 of a name as a plist string holds it (invalid bytes become U+FFFD).
func lossyBytes(_ bytes: some Collection<UInt8>) -> [UInt8] { Array(String(decoding: bytes, as: UTF8.self).utf8) }

struct KeyedArchiveWriter {
    let archive: NibArchive
    private var floatCount = 0
    private var widthCount = 0
    private var outOfRangeCount = 0
    private var reorderedObjects = 0
    private var repeatedKeyObjects = 0
    /// Counts the values written per object: objects sharing a run repeat it.
    private var budget: ExpansionBudget
    /// Whether ``write(emit:)`` leaves the annotation's `keys` array empty for the caller to
    /// write (a data value per key held at once took 8 times a nib of short keys).
    private var streamsKeyTable = false

    init(archive: NibArchive, budget: ExpansionBudget) {
        self.archive = archive
        self.budget = budget
    }

    mutating func write() throws(ExpansionLimitError) -> KeyedArchiveConversion {
        var plistObjects: [PropertyList] = [.string("$null")]
        plistObjects.reserveCapacity(archive.objects.count + archive.classes.count + 1)
        let parts = try write { plistObjects.append($0) }
        let plist = PropertyList.dictionary([
            PropertyList.Entry("$version", .integer(100_000)),
            PropertyList.Entry("$archiver", .string("NSKeyedArchiver")),
            PropertyList.Entry("$top", .dictionary(parts.top)),
            PropertyList.Entry("$objects", .array(plistObjects)),
            PropertyList.Entry(annotationKey, .dictionary(parts.annotation)),
        ])
        return KeyedArchiveConversion(propertyList: plist, notes: parts.notes)
    }

    /// The parts of the keyed archive around `$objects`.
    struct Parts {
        var top: [PropertyList.Entry]
        var annotation: [PropertyList.Entry]
        var notes: [String]
    }

    /// Hands each element of `$objects` after `$null` (the objects' dictionaries, then the
    /// classes') to `emit` as soon as it is made, and returns the rest of the archive; a
    /// streamed writer keeps none of the dictionaries.
    mutating func write(emit: (PropertyList) -> Void) throws(ExpansionLimitError) -> Parts {
        // The tables as views: copying the value table into an array of `Value`s took 16 times
        // the size of a nib of small values.
        let objects = archive.objects
        let keys = archive.keys
        let classes = Array(archive.classes)
        let values = archive.values
        let objectCount = objects.count
        // Each key's first index by its text's bytes. A key name shorter than 16 bytes is held
        // inside its `String`: an array of bytes per key took 80 bytes a key, 7 times a nib of
        // short keys.
        var firstKey: [KeySpelling: Int] = [:]
        firstKey.reserveCapacity(keys.count)
        for (index, key) in keys.enumerated() {
            let spelling = KeySpelling(text: key.name)
            if firstKey[spelling] == nil { firstKey[spelling] = index }
        }
        var firstClass: [[UInt8]: Int] = [:]
        for (index, entry) in classes.enumerated() where firstClass[lossyBytes(entry.nameBytes)] == nil {
            firstClass[lossyBytes(entry.nameBytes)] = index
        }

        var objectNotes: [PropertyList.Entry] = []
        // Each key's name made once (not once per value).
        let keyNames = keys.map { escapeKey($0.name) }
        for (index, object) in objects.enumerated() {
            // One entry per value, counted before the object's values are read.
            try budget.spend(object.valueCount)
            // A view of the object's run: each value is made when read (an array of them took
            // 48 bytes a value, 16 times a nib of one-byte values).
            let ownValues = object.valueCount == 0 ? values[0..<0] : archive.values(of: object)
            var objectEntries = KeyedObjectEntries(
                PropertyList.Entry("$class", .uid(UInt64(objectCount + 1 + object.classIndex))),
                capacity: ownValues.count + 1)
            for value in ownValues {
                if case .data(let bytes) = value.payload { try budget.spend(bytes.count / 8) }
                objectEntries.add(keyNames[value.keyIndex], plistElement(value.payload, objectCount: objectCount))
            }
            // `$class` is one of the keys; an escaped value key is never `$class` itself.
            if objectEntries.keyCount - 1 < ownValues.count { repeatedKeyObjects += 1 }
            let entries = objectEntries.takeEntries()
            emit(.dictionary(entries))

            // What the default reading would give back, compared with what is there.
            var note: [PropertyList.Entry] = []
            let className = classes[object.classIndex]
            if firstClass[lossyBytes(className.nameBytes)] != object.classIndex {
                note.append(PropertyList.Entry("class", .integer(Int64(object.classIndex))))
            }
            if !defaultReadingMatches(entries, ownValues, firstKey: firstKey, objectCount: objectCount) {
                reorderedObjects += 1
                try budget.spend(ownValues.count)
                // 5 bytes a value (key index, wire type) in one data: a [key, type] array per
                // value took about 200 bytes of memory each while converting.
                var types: [UInt8] = []
                types.reserveCapacity(ownValues.count * 5)
                for value in ownValues {
                    let key = UInt32(truncatingIfNeeded: value.keyIndex)
                    types.append(contentsOf: [
                        UInt8(truncatingIfNeeded: key >> 24), UInt8(truncatingIfNeeded: key >> 16),
                        UInt8(truncatingIfNeeded: key >> 8), UInt8(truncatingIfNeeded: key), value.type.rawValue,
                    ])
                }
                note.append(PropertyList.Entry("valueTypes", .data(types)))
            }
            if !note.isEmpty { objectNotes.append(PropertyList.Entry(String(index), .dictionary(note))) }
        }
        for entry in classes {
            let name = entry.name
            var dictionary = [
                PropertyList.Entry("$classname", .string(name)),
                PropertyList.Entry(
                    "$classes", .array([.string(name)] + (name == "NSObject" ? [] : [.string("NSObject")]))),
            ]
            let hints = entry.fallbacks.compactMap { index in
                classes.indices.contains(Int(index)) ? PropertyList.string(classes[Int(index)].name) : nil
            }
            if !hints.isEmpty { dictionary.append(PropertyList.Entry("$classhints", .array(hints))) }
            emit(.dictionary(dictionary))
        }

        var annotation: [PropertyList.Entry] = [
            PropertyList.Entry("version", .integer(annotationVersion)),
            PropertyList.Entry("formatVersion", .integer(Int64(archive.formatVersion))),
            PropertyList.Entry("coderVersion", .integer(Int64(archive.coderVersion))),
            PropertyList.Entry("objectCount", .integer(Int64(objectCount))),
            PropertyList.Entry(
                "classes",
                .array(
                    classes.map { entry in
                        .dictionary([
                            PropertyList.Entry("name", .data(Array(entry.storedBytes))),
                            PropertyList.Entry("fallbacks", .array(entry.fallbacks.map { .integer(Int64($0)) })),
                        ])
                    })),
            // The streamed binary writer writes the key table itself (``addAnnotation(_:to:)``).
            PropertyList.Entry("keys", .array(streamsKeyTable ? [] : keys.map { .data(Array($0.bytes)) })),
        ]
        if !archive.trailingBytes.isEmpty {
            annotation.append(PropertyList.Entry("trailer", .data(Array(archive.trailingBytes))))
        }
        if !objectNotes.isEmpty { annotation.append(PropertyList.Entry("objects", .dictionary(objectNotes))) }
        let orphanCount = appendValueTable(objects, values, objectCount: objectCount, to: &annotation)

        return Parts(
            top: Self.top(objectCount: objectCount), annotation: annotation,
            notes: notes(classes: classes, keys: keys, objectNotes: objectNotes.count, orphanCount))
    }

    /// `$top`: the root object, when there is one.
    static func top(objectCount: Int) -> [PropertyList.Entry] {
        objectCount > 0 ? [PropertyList.Entry("root", .uid(1))] : []
    }

    /// The keyed archive in `format`, handed to `sink` in pieces. Binary archives are written
    /// as their objects are made, each object's dictionary flattened and dropped at once (a
    /// whole `PropertyList` tree and its flattened copy took 40 to 75 times the nib's size);
    /// the bytes differ from ``PropertyList/serialized(as:)`` of ``NibArchive/keyedArchive(expansionLimit:)``
    /// only in where each object lies in the file and in the width of references (chosen from
    /// a bound before writing). Returns the notes.
    mutating func write(as format: PropertyList.Format, to sink: @escaping ([UInt8]) -> Void) throws -> [String] {
        guard format == .binary else { return try writeXML(to: sink) }
        var stream = BinaryPropertyListWriter.Stream(referenceSize: referenceSizeBound(), sink: sink)
        let root = stream.reserve()
        let keys = ["$version", "$archiver", "$top", "$objects", annotationKey].map { stream.add(.string($0)) }
        var values = [stream.add(.integer(100_000)), stream.add(.string("NSKeyedArchiver"))]
        values.append(stream.add(.dictionary(Self.top(objectCount: archive.objects.count))))
        let objectList = stream.reserve()
        values.append(objectList)
        var elements = [stream.add(.string("$null"))]
        elements.reserveCapacity(archive.objects.count + archive.classes.count + 1)
        streamsKeyTable = true
        defer { streamsKeyTable = false }
        let parts = try write { elements.append(stream.add($0)) }
        stream.writeArray(objectList, elements)
        values.append(addAnnotation(parts.annotation, to: &stream))
        stream.writeDictionary(root, keys: keys, values: values)
        try stream.finish(top: root)
        return parts.notes
    }

    /// Writes the annotation dictionary as `stream.add` would, numbered the same way, but with
    /// the `keys` array made here one key at a time, each key's data written unshared (a key
    /// table's keys are distinct; a table of them for sharing took 6 MB for 93,000 keys).
    private func addAnnotation(_ entries: [PropertyList.Entry], to stream: inout BinaryPropertyListWriter.Stream)
        -> Int
    {
        let index = stream.reserve()
        let keys = entries.map { stream.add(.string($0.key)) }
        var values: [Int] = []
        values.reserveCapacity(entries.count)
        for entry in entries {
            guard entry.key == "keys" else {
                values.append(stream.add(entry.value))
                continue
            }
            let list = stream.reserve()
            var references: [Int] = []
            references.reserveCapacity(archive.keys.count)
            for key in archive.keys { references.append(stream.addUnshared(.data(Array(key.bytes)))) }
            stream.writeArray(list, references)
            values.append(list)
        }
        stream.writeDictionary(index, keys: keys, values: values)
        return index
    }

    /// The keyed archive as XML, each object's dictionary written as it is made.
    private mutating func writeXML(to sink: @escaping ([UInt8]) -> Void) throws -> [String] {
        var stream = XMLPropertyListWriter.DictionaryStream(sink: sink)
        try stream.entry("$version", .integer(100_000))
        try stream.entry("$archiver", .string("NSKeyedArchiver"))
        try stream.entry("$top", .dictionary(Self.top(objectCount: archive.objects.count)))
        try stream.beginArray("$objects")
        try stream.element(.string("$null"), path: "[\"$objects\"][0]")
        var count = 1
        var failure: KeyedArchiveError?
        let parts = try write { element in
            guard failure == nil else { return }
            do throws(KeyedArchiveError) {
                try stream.element(element, path: "[\"$objects\"][\(count)]")
            } catch {
                failure = error
            }
            count += 1
        }
        if let failure { throw failure }
        stream.endArray()
        try stream.entry(annotationKey, .dictionary(parts.annotation))
        stream.finish()
        return parts.notes
    }

    /// The fewest bytes that hold a reference to any object the archive can have: each object
    /// gives at most its dictionary, a note and its run (14 objects), each value it holds a key,
    /// an element and an array (3), each ownerless value 5, each class 16 and 2 per fallback,
    /// each key 2.
    private func referenceSizeBound() -> Int {
        var bound = 64 + 14 * archive.objects.count + 5 * archive.values.count + 2 * archive.keys.count
        for object in archive.objects { bound += 3 * object.valueCount }
        for entry in archive.classes { bound += 16 + 2 * entry.fallbacks.count }
        switch bound {
        case 0...0xFF: return 1
        case 0...0xFFFF: return 2
        default: return 4
        }
    }

    /// Writes `runs` (and ownerless values) when the value table is not the objects' values
    /// back to back in object order; returns the number of values no object owns, or −1 when
    /// the table is canonical.
    private mutating func appendValueTable(
        _ objects: NibArchive.ObjectTable, _ values: NibArchive.ValueTable, objectCount: Int,
        to annotation: inout [PropertyList.Entry]
    ) -> Int {
        var next = 0
        var canonical = true
        for object in objects {
            if object.valueCount == 0 {
                canonical = canonical && object.firstValueIndex == 0
            } else {
                canonical = canonical && object.firstValueIndex == next
                next += object.valueCount
            }
        }
        if canonical && next == values.count { return -1 }
        var owned = Array(repeating: false, count: values.count)
        for object in objects {
            for index in object.valueIndices where owned.indices.contains(index) { owned[index] = true }
        }
        var orphans: [PropertyList] = []
        for (index, value) in values.enumerated() where !owned[index] {
            orphans.append(
                .array([
                    .integer(Int64(index)), .integer(Int64(value.keyIndex)), .integer(Int64(value.type.rawValue)),
                    plistElement(value.payload, objectCount: objectCount),
                ]))
        }
        annotation.append(PropertyList.Entry("valueCount", .integer(Int64(values.count))))
        annotation.append(
            PropertyList.Entry(
                "runs",
                .array(objects.map { .array([.integer(Int64($0.firstValueIndex)), .integer(Int64($0.valueCount))]) })))
        if !orphans.isEmpty { annotation.append(PropertyList.Entry("orphans", .array(orphans))) }
        return orphans.count
    }

    private mutating func plistElement(_ payload: NibArchive.Payload, objectCount: Int) -> PropertyList {
        switch payload {
        case .int8(let number): return .integer(Int64(number))
        case .int16(let number): return .integer(Int64(number))
        case .int32(let number): return .integer(Int64(number))
        case .int64(let number): return .integer(number)
        case .bool(let flag): return .bool(flag)
        // A NaN's payload bits do not survive XML's decimal text; they go as bytes, with the
        // wire type in the annotation.
        case .float32(let number) where number.isNaN: return .data(bigEndianBytes(UInt64(number.bitPattern), 4))
        case .float64(let number) where number.isNaN: return .data(bigEndianBytes(number.bitPattern, 8))
        case .float32(let number): return .real32(number)
        case .float64(let number): return .real(number)
        case .data(let bytes): return .data(Array(bytes))
        case .nil: return .uid(0)
        case .objectReference(let index):
            // An index past the object table (legal on the wire, nil when loaded) has no UID.
            return Int(index) < objectCount ? .uid(UInt64(index) + 1) : .integer(Int64(index))
        }
    }

    /// Whether reading `entries` back the default way gives `values` with the same keys.
    private mutating func defaultReadingMatches(
        _ entries: [PropertyList.Entry], _ values: NibArchive.ValueTable.SubSequence, firstKey: [KeySpelling: Int],
        objectCount: Int
    ) -> Bool {
        var matches = true
        var index = 0
        for entry in entries.dropFirst() {
            let keyIndex = firstKey[KeySpelling(text: unescapeKey(entry.key))]
            let elements: [PropertyList]
            if case .array(let many) = entry.value { elements = many } else { elements = [entry.value] }
            for element in elements {
                guard index < values.count else { return false }
                let actual = values[values.startIndex + index]
                index += 1
                switch actual.payload {
                case .float32: floatCount += 1
                case .int8, .int16, .int32, .int64:
                    if let number = actual.payload.integerValue, NibArchive.Payload.integer(number) != actual.payload {
                        widthCount += 1
                    }
                case .objectReference(let target) where Int(target) >= objectCount: outOfRangeCount += 1
                default: break
                }
                if keyIndex != actual.keyIndex || defaultPayload(element, objectCount: objectCount) != actual.payload {
                    matches = false
                }
            }
        }
        return matches && index == values.count
    }

    private func notes(classes: [NibArchive.ClassName], keys: NibArchive.KeyTable, objectNotes: Int, _ orphans: Int)
        -> [String]
    {
        var notes = [
            "header: format version \(archive.formatVersion), coder version \(archive.coderVersion), "
                + "and the class and key tables (\(plural(classes.count, "class", "classes")), \(plural(keys.count, "key", "keys"))) kept in $nibkit"
        ]
        if !archive.trailingBytes.isEmpty {
            notes.append("the \(archive.trailingBytes.count)-byte trailer kept in $nibkit")
        }
        let fallbackClasses = classes.filter { !$0.fallbacks.isEmpty }.count
        if fallbackClasses > 0 {
            notes.append(
                "\(plural(fallbackClasses, "class", "classes")) with fallbacks: written as $classhints, indices kept in $nibkit"
            )
        }
        if repeatedKeyObjects > 0 {
            notes.append(
                "\(plural(repeatedKeyObjects, "object", "objects")) with a repeated key (collections): each written as an array"
            )
        }
        if objectNotes > 0 {
            var reasons: [String] = []
            if floatCount > 0 { reasons.append("\(floatCount) float32 values") }
            if widthCount > 0 { reasons.append("\(widthCount) integers wider than needed") }
            if outOfRangeCount > 0 { reasons.append("\(outOfRangeCount) references past the object table") }
            let why = reasons.isEmpty ? "" : " (\(reasons.joined(separator: ", ")))"
            notes.append(
                "\(plural(objectNotes, "object", "objects")): value order, wire types or class index kept in $nibkit\(why)"
            )
        }
        if orphans >= 0 {
            notes.append(
                "value table layout (shared or out-of-order runs, \(plural(orphans, "value", "values")) no object owns) kept in $nibkit"
            )
        }
        if archive.serialized(layout: .canonical) != archive.serialized() {
            notes.append(
                "table placement (offsets, gaps, varint widths) not kept: converting back gives an equal archive "
                    + "in canonical layout, not the same bytes")
        }
        return notes
    }
}
