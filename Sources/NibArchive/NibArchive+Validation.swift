extension NibArchive {
    /// How strict ``validate(_:level:maximumNestingDepth:maximumFindings:)`` is.
    public enum ValidationLevel: String, Hashable, Sendable, CaseIterable {
        /// What UIKit's reader checks, plus warnings: would this file load, and does anything
        /// behave differently from what it looks like?
        case loadable
        /// Also report every way the layout differs from what Apple's writer produces (notes).
        case canonical
    }

    /// The result of validating an archive's bytes.
    public struct ValidationReport: Hashable, Sendable {
        /// The level the bytes were checked at.
        public var level: ValidationLevel
        /// The findings, sorted by offset: the first ``maximumFindings`` found (in the order
        /// the tables are checked); the rest are only counted in ``omittedFindings``.
        public var findings: [Finding]
        /// How many findings of each severity were found beyond the cap and left out.
        public var omittedFindings: [Finding.Severity: Int] = [:]

        /// How many findings a report keeps by default: a hostile file can otherwise yield a
        /// finding per byte (a 25 MB file once needed 1.2 GB for its report).
        public static let maximumFindings = 1000

        /// Whether the bytes pass the level: no errors, and for ``ValidationLevel/canonical`` no
        /// notes either. Warnings are reported but do not fail a file.
        public var passes: Bool {
            !findings.contains { $0.severity == .error || (level == .canonical && $0.severity == .note) }
                && omittedFindings[.error, default: 0] == 0
                && (level != .canonical || omittedFindings[.note, default: 0] == 0)
        }

        /// The first error in the order Apple's reader checks (header, class names, keys,
        /// values, objects): what UIKit would reject the file for, if anything.
        public var appleRejection: Finding? {
            let order: [TableEntry.Table] = [.header, .class, .key, .value, .object]
            return findings.filter { $0.severity == .error && $0.nestingPath.isEmpty }.min { a, b in
                let rankA = order.firstIndex(of: a.entry?.table ?? .header) ?? 0
                let rankB = order.firstIndex(of: b.entry?.table ?? .header) ?? 0
                return rankA != rankB ? rankA < rankB : a.offset < b.offset
            }
        }
    }

    /// Checks `bytes` and reports every problem with its byte offset and table entry.
    ///
    /// Unlike ``init(parsing:)-([UInt8])``, which stops at the first problem it cannot
    /// model, validation reads each table on its own and keeps going, so one run names every
    /// problem. Nested archives in data values are validated too (up to
    /// `maximumNestingDepth` levels), with offsets counted in the outer file.
    ///
    /// At most `maximumFindings` findings are kept (the first found); the others are counted in
    /// ``ValidationReport/omittedFindings``. Objects that share value runs have their values
    /// checked once per distinct run, and at most as many shared values as
    /// ``ExpansionLimit/standard`` allows for the file's size (an `expansion-limit` warning
    /// says when the checks stopped), so the time stays linear in the file's size.
    public static func validate(
        _ bytes: [UInt8], level: ValidationLevel = .loadable, maximumNestingDepth: Int = 8,
        maximumFindings: Int = ValidationReport.maximumFindings
    ) -> ValidationReport {
        var validator = Validator(
            level: level, maximumNestingDepth: maximumNestingDepth, maximumFindings: maximumFindings,
            inputSize: bytes.count)
        validator.validate(bytes, baseOffset: 0, nestingPath: [], depth: 0)
        let findings = validator.findings.sorted { $0.offset < $1.offset }
        return ValidationReport(level: level, findings: findings, omittedFindings: validator.omitted)
    }
}

/// Collects findings for one validation run.
private struct Validator {
    let level: NibArchive.ValidationLevel
    let maximumNestingDepth: Int
    let maximumFindings: Int
    var findings: [Finding] = []
    var omitted: [Finding.Severity: Int] = [:]
    /// Values checked for objects beyond the first of their run, across nested archives.
    var sharedValueBudget: ExpansionBudget

    // Per-archive context while checking one (possibly nested) archive.
    private var baseOffset = 0
    private var nestingPath: [Int] = []

    init(level: NibArchive.ValidationLevel, maximumNestingDepth: Int, maximumFindings: Int, inputSize: Int) {
        self.level = level
        self.maximumNestingDepth = maximumNestingDepth
        self.maximumFindings = max(0, maximumFindings)
        sharedValueBudget = ExpansionBudget(.standard, inputSize: inputSize, what: "shared values checked")
    }

    private var canonical: Bool { level == .canonical }

    private mutating func add(
        _ severity: Finding.Severity, _ id: Finding.ID, at offset: Int, _ entry: TableEntry?, _ message: String
    ) {
        guard findings.count < maximumFindings else {
            omitted[severity, default: 0] += 1
            return
        }
        findings.append(
            Finding(
                severity: severity, id: id, offset: baseOffset + offset, entry: entry, message: message,
                nestingPath: nestingPath))
    }

    private mutating func add(_ error: NibArchiveError) {
        add(.error, error.code, at: error.offset ?? 0, error.entry, error.message)
    }

    mutating func validate(_ bytes: [UInt8], baseOffset: Int, nestingPath: [Int], depth: Int) {
        let savedBase = self.baseOffset
        let savedPath = self.nestingPath
        self.baseOffset = baseOffset
        self.nestingPath = nestingPath
        defer {
            self.baseOffset = savedBase
            self.nestingPath = savedPath
        }
        bytes.withUnsafeBufferPointer { buffer in
            check(buffer, storage: bytes, depth: depth)
        }
    }

    private mutating func check(_ buffer: UnsafeBufferPointer<UInt8>, storage: [UInt8], depth: Int) {
        let length = buffer.count
        // The header, field by field, so that every bad table offset or count is reported.
        guard length <= NibArchive.maximumSize else {
            add(.error, .tooLarge, at: 0, TableEntry(.header, 0), "input is larger than 32-bit offsets can address")
            return
        }
        guard length >= NibArchive.headerSize else {
            add(
                .error, .shortFile, at: 0, TableEntry(.header, 0),
                "file of \(DisplayText.counted(length, "byte")) is shorter than the 50-byte header")
            return
        }
        guard buffer.starts(with: NibArchive.magic) else {
            add(.error, .badMagic, at: 0, TableEntry(.header, 0), "bytes 0–9 are not the magic \"NIBArchive\"")
            return
        }
        func word(_ at: Int) -> Int {
            Int(UnsafeRawBufferPointer(buffer).loadUnaligned(fromByteOffset: at, as: UInt32.self).littleEndian)
        }
        let header = NibHeader(
            formatVersion: UInt32(word(10)), coderVersion: UInt32(word(14)),
            objectCount: word(18), objectOffset: word(22), keyCount: word(26), keyOffset: word(30),
            valueCount: word(34), valueOffset: word(38), classCount: word(42), classOffset: word(46))
        if header.formatVersion > 1 {
            add(
                .error, .formatTooNew, at: 10, TableEntry(.header, 0),
                "format version \(header.formatVersion) is newer than 1; Apple's reader rejects it as too new")
        }
        if header.coderVersion != 9 && header.coderVersion != 10 {
            add(
                .warning, .coderVersion, at: 14, TableEntry(.header, 0),
                "coder version \(header.coderVersion) is neither 9 nor 10 (Apple's reader ignores the field)")
        }
        if header.objectCount == 0 {
            add(.warning, .noRoot, at: 18, TableEntry(.header, 0), "the archive has no objects, so no root")
        }
        var usable = [true, true, true, true]  // objects, keys, values, classes
        let tables: [(count: Int, offset: Int, countField: Int, minimum: Int, name: String)] = [
            (header.objectCount, header.objectOffset, 18, NibArchive.minimumObjectEntrySize, "object"),
            (header.keyCount, header.keyOffset, 26, NibArchive.minimumKeyEntrySize, "key"),
            (header.valueCount, header.valueOffset, 34, NibArchive.minimumValueEntrySize, "value"),
            (header.classCount, header.classOffset, 42, NibArchive.minimumClassEntrySize, "class-name"),
        ]
        for (index, table) in tables.enumerated() {
            if table.offset > length {
                add(
                    .error, .tableOffset, at: table.countField + 4, TableEntry(.header, 0),
                    "\(table.name) table offset \(table.offset) is past the end of the \(length)-byte file")
                usable[index] = false
            } else if table.count * table.minimum > length - table.offset {
                add(
                    .error, .countTooLarge, at: table.countField, TableEntry(.header, 0),
                    "\(table.name) count \(table.count) cannot fit in the \(DisplayText.counted(length - table.offset, "byte")) after offset \(table.offset)"
                )
                usable[index] = false
            }
        }

        var diagnostics = ParseDiagnostics(collecting: true)
        var fallbacks: [UInt32] = []
        var classes: ([ClassEntry], end: Int)?
        var keys: ([KeyEntry], end: Int)?
        var values: ([ValueEntry], end: Int)?
        var objects: ([ObjectEntry], end: Int)?
        do throws(NibArchiveError) {
            if usable[3] { classes = try NibArchive.parseClasses(buffer, header, fallbacks: &fallbacks) }
        } catch { add(error) }
        do throws(NibArchiveError) {
            if usable[1] { keys = try NibArchive.parseKeys(buffer, header) }
        } catch { add(error) }
        do throws(NibArchiveError) {
            if usable[2] { values = try NibArchive.parseValues(buffer, header, diagnostics: &diagnostics) }
        } catch { add(error) }
        do throws(NibArchiveError) {
            if usable[0] { objects = try NibArchive.parseObjects(buffer, header, diagnostics: &diagnostics) }
        } catch { add(error) }
        for error in diagnostics.errors { add(error) }
        if diagnostics.omitted > 0 { omitted[.error, default: 0] += diagnostics.omitted }

        if let (entries, _) = classes { checkClasses(entries, fallbacks: fallbacks, storage: storage, header: header) }
        if let (entries, _) = keys { checkKeys(entries, storage: storage) }
        guard let (classEntries, classEnd) = classes, let (keyEntries, keyEnd) = keys,
            let (valueEntries, valueEnd) = values, let (objectEntries, objectEnd) = objects,
            diagnostics.errors.isEmpty
        else { return }

        let archive = NibArchive(
            formatVersion: header.formatVersion, coderVersion: header.coderVersion, storage: storage,
            objectEntries: objectEntries, keyEntries: keyEntries, valueEntries: valueEntries,
            classEntries: classEntries, fallbackIndices: fallbacks,
            trailingRange: max(NibArchive.headerSize, objectEnd, keyEnd, valueEnd, classEnd)..<length,
            preservedLayout: NibArchive.makeLayout(
                header, objectEnd: objectEnd, keyEnd: keyEnd, valueEnd: valueEnd, classEnd: classEnd,
                fileLength: length))
        checkArchive(archive, header: header, depth: depth)
    }

    // MARK: Table checks that need only one table

    private mutating func checkClasses(
        _ entries: [ClassEntry], fallbacks: [UInt32], storage: [UInt8], header: NibHeader
    ) {
        var seen: [ArraySlice<UInt8>: Int] = [:]
        for (index, entry) in entries.enumerated() {
            let start = Int(entry.start)
            let stored = storage[start..<(start + Int(entry.length))]
            let entryStart =
                start - Int(entry.fallbackCount) * 4 - Int(entry.fallbackCountWidth) - Int(entry.lengthWidth)
            if stored.last != 0 {
                add(
                    .error, .classNoNUL, at: start + stored.count - 1, TableEntry(.class, index),
                    "class name does not end with a NUL byte")
            }
            if !UTF8Validation.isValid(stored.dropLast()) {
                add(.error, .classUTF8, at: start, TableEntry(.class, index), "class name is not valid UTF-8")
            }
            for position in 0..<Int(entry.fallbackCount) {
                let fallback = fallbacks[Int(entry.fallbackStart) + position]
                if Int(fallback) >= entries.count {
                    add(
                        .error, .fallbackRange,
                        at: start - Int(entry.fallbackCount) * 4 + position * 4, TableEntry(.class, index),
                        "fallback class index \(fallback) is not below the class count \(entries.count)")
                }
            }
            if let first = seen[stored] {
                add(
                    .warning, .duplicateClassName, at: entryStart, TableEntry(.class, index),
                    "class name repeats class \(first)")
            } else {
                seen[stored] = index
            }
        }
    }

    private mutating func checkKeys(_ entries: [KeyEntry], storage: [UInt8]) {
        var seen: [ArraySlice<UInt8>: Int] = [:]
        for (index, entry) in entries.enumerated() {
            let start = Int(entry.start)
            let bytes = storage[start..<(start + Int(entry.length))]
            if !UTF8Validation.isValid(bytes) {
                add(.error, .keyUTF8, at: start, TableEntry(.key, index), "key is not valid UTF-8")
            }
            if let first = seen[bytes] {
                add(
                    .warning, .duplicateKeyName, at: start - Int(entry.lengthWidth), TableEntry(.key, index),
                    "key repeats key \(first)")
            } else {
                seen[bytes] = index
            }
            if canonical && NibVarint.minimalWidth(entry.length) < Int(entry.lengthWidth) {
                add(
                    .note, .noncanonicalVarint, at: start - Int(entry.lengthWidth), TableEntry(.key, index),
                    "key length varint is \(entry.lengthWidth) bytes; \(NibVarint.minimalWidth(entry.length)) would do")
            }
        }
    }

    // MARK: Whole-archive checks

    private mutating func checkArchive(_ archive: NibArchive, header: NibHeader, depth: Int) {
        let objects = archive.objectEntries
        let values = archive.valueEntries
        let keys = archive.keys
        let storage = archive.storage

        // Entry offsets, recomputed from the recorded widths.
        var objectOffsets: [Int] = []
        objectOffsets.reserveCapacity(objects.count)
        var position = header.objectOffset
        for entry in objects {
            objectOffsets.append(position)
            position += Int(entry.classWidth) + Int(entry.firstWidth) + Int(entry.countWidth)
        }
        var valueOffsets: [Int] = []
        valueOffsets.reserveCapacity(values.count)
        position = header.valueOffset
        for entry in values {
            valueOffsets.append(position)
            position += Int(entry.keyWidth) + 1
            if let fixed = entry.type.fixedPayloadSize {
                position += fixed
            } else {
                position += Int(entry.lengthWidth) + entry.dataLength
            }
        }

        let keyIndex = { (name: String) -> Int? in keys.firstIndex { $0.bytes.elementsEqual(name.utf8) } }
        let emptyKey = keyIndex(NibArchive.Builder.emptyKey)
        let inlinedKey = keyIndex("NSInlinedValue")
        let lneKey = keyIndex(NibArchive.Builder.lneVersionKey)

        if let root = objects.first,
            archive.classes[Int(root.classIndex)].nameBytes.elementsEqual("NSObject".utf8) == false
        {
            add(
                .warning, .rootClass, at: header.objectOffset, TableEntry(.object, 0),
                "the root object is a \(archive.classes[Int(root.classIndex)].name), not an NSObject")
        }

        // Values: references, narrow negatives, integer widths, varints, nested archives.
        for (index, entry) in values.enumerated() {
            let offset = valueOffsets[index]
            let here = TableEntry(.value, index)
            switch entry.type {
            case .objectReference:
                if entry.bits >= UInt64(objects.count) {
                    add(
                        .error, .refRange, at: offset + Int(entry.keyWidth) + 1, here,
                        "object reference \(entry.bits) is not below the object count \(objects.count) (UIKit decodes it as nil)"
                    )
                }
            case .int8, .int16, .int32:
                let signBit: UInt64 = entry.type == .int8 ? 0x80 : entry.type == .int16 ? 0x8000 : 0x8000_0000
                if entry.bits & signBit != 0 {
                    add(
                        .warning, .negativeNarrowInt, at: offset, here,
                        "\(entry.type) with the sign bit set: NibKit reads it as negative, Apple's getters zero-extend it"
                    )
                }
                if canonical { checkIntegerWidth(entry, at: offset, here) }
            case .int64:
                if canonical { checkIntegerWidth(entry, at: offset, here) }
            case .data:
                let bytes = storage[entry.dataStart..<(entry.dataStart + entry.dataLength)]
                if NibArchive.hasMagic(bytes) {
                    checkNested(bytes, payloadStart: entry.dataStart, valueIndex: index, depth: depth)
                }
                if canonical
                    && NibVarint.minimalWidth(UInt32(truncatingIfNeeded: entry.dataLength)) < Int(entry.lengthWidth)
                {
                    add(
                        .note, .noncanonicalVarint, at: offset + Int(entry.keyWidth) + 1, here,
                        "data length varint is longer than needed")
                }
            default: break
            }
            if canonical && NibVarint.minimalWidth(entry.keyIndex) < Int(entry.keyWidth) {
                add(.note, .noncanonicalVarint, at: offset, here, "key index varint is longer than needed")
            }
        }

        // Objects: repeated keys, inlined markers, empty starts, varints, coverage.
        // Coverage as a difference array (+1 where a run starts, −1 after it ends), so objects
        // that share runs cost one step each, not one per value.
        var coverageSteps = [Int](repeating: 0, count: values.count + 1)
        var expectedNext = 0
        var usedClasses = [Bool](repeating: false, count: archive.classEntries.count)
        // A run's values are checked once, for the first object that has it; another object
        // with the same run would repeat the same findings.
        var checkedRuns: Set<Range<Int>> = []
        var sharedChecksStopped = false
        for (index, entry) in objects.enumerated() {
            let offset = objectOffsets[index]
            let here = TableEntry(.object, index)
            usedClasses[Int(entry.classIndex)] = true
            let range = Int(entry.firstValue)..<(Int(entry.firstValue) + Int(entry.valueCount))
            coverageSteps[range.lowerBound] += 1
            coverageSteps[range.upperBound] -= 1
            var runToCheck = range
            if !checkedRuns.insert(range).inserted || sharedChecksStopped {
                runToCheck = range.lowerBound..<range.lowerBound
            } else {
                // Distinct runs may still overlap: the values checked are bounded by the
                // expansion budget (a file whose runs do not overlap stays far below it).
                do {
                    try sharedValueBudget.spend(range.count)
                } catch {
                    sharedChecksStopped = true
                    runToCheck = range.lowerBound..<range.lowerBound
                    add(
                        .warning, .expansionLimit, at: offset, here,
                        "objects share value runs beyond \(error.limit) checked values; the repeated-key and NSInlinedValue checks stop here"
                    )
                }
            }
            var seenKeys: Set<UInt32> = []
            for valueIndex in runToCheck {
                let value = values[valueIndex]
                if Int(value.keyIndex) != emptyKey, !seenKeys.insert(value.keyIndex).inserted {
                    add(
                        .warning, .repeatedKeyInObject, at: valueOffsets[valueIndex], TableEntry(.value, valueIndex),
                        "object \(index) holds key \"\(keys[Int(value.keyIndex)].name)\" more than once")
                }
                if Int(value.keyIndex) == inlinedKey, valueIndex != range.lowerBound || value.type != .true {
                    add(
                        .warning, .inlinedMarker, at: valueOffsets[valueIndex], TableEntry(.value, valueIndex),
                        "NSInlinedValue must be the object's first value and true (type 5)")
                }
            }
            guard canonical else { continue }
            let widths = [
                (entry.classIndex, entry.classWidth), (entry.firstValue, entry.firstWidth),
                (entry.valueCount, entry.countWidth),
            ]
            var fieldOffset = offset
            for (value, width) in widths {
                if NibVarint.minimalWidth(value) < Int(width) {
                    add(
                        .note, .noncanonicalVarint, at: fieldOffset, here,
                        "varint is \(width) bytes; \(NibVarint.minimalWidth(value)) would do")
                }
                fieldOffset += Int(width)
            }
            if entry.valueCount == 0 {
                if entry.firstValue != 0 {
                    add(
                        .note, .emptyObjectStart, at: offset + Int(entry.classWidth), here,
                        "empty object starts at \(entry.firstValue); Apple's writer stores 0")
                }
            } else {
                if range.lowerBound != expectedNext, range.lowerBound < values.count {
                    add(
                        .note, .valueCoverage, at: valueOffsets[range.lowerBound], TableEntry(.value, range.lowerBound),
                        "object \(index)'s values start at \(range.lowerBound), not \(expectedNext): ranges are out of object order"
                    )
                }
                expectedNext = range.upperBound
            }
        }
        if canonical {
            var count = 0
            for index in values.indices {
                count += coverageSteps[index]
                guard count != 1 else { continue }
                add(
                    .note, .valueCoverage, at: valueOffsets[index], TableEntry(.value, index),
                    count == 0 ? "value belongs to no object" : "value belongs to more than one object")
            }
        }

        // The root's IBUINibLNEVersionKey and the trailer go together.
        let trailing = archive.trailingBytes
        let rootHasLNE =
            objects.first.map { root in
                (Int(root.firstValue)..<(Int(root.firstValue) + Int(root.valueCount))).contains {
                    Int(values[$0].keyIndex) == lneKey
                }
            } ?? false
        let trailerOffset = archive.trailingRange.lowerBound
        if !trailing.isEmpty && !trailing.elementsEqual(NibArchive.lneTrailer) {
            add(
                .warning, .trailer, at: trailerOffset, nil,
                "\(trailing.count) trailing bytes other than the LNE\\0 trailer")
        } else if trailing.isEmpty && rootHasLNE {
            add(
                .warning, .trailer, at: trailerOffset, nil,
                "the root holds IBUINibLNEVersionKey but there is no LNE\\0 trailer")
        } else if !trailing.isEmpty && !rootHasLNE {
            add(.warning, .trailer, at: trailerOffset, nil, "LNE\\0 trailer without IBUINibLNEVersionKey in the root")
        }

        checkTablePlacement(archive, header: header)

        if canonical {
            for entry in archive.classEntries.indices {
                for fallback in archive.classes[entry].fallbacks where Int(fallback) < usedClasses.count {
                    usedClasses[Int(fallback)] = true
                }
            }
            for (index, used) in usedClasses.enumerated() where !used {
                let entry = archive.classEntries[index]
                add(
                    .note, .unusedClass,
                    at: Int(entry.start) - Int(entry.fallbackCount) * 4 - Int(entry.fallbackCountWidth)
                        - Int(entry.lengthWidth),
                    TableEntry(.class, index),
                    "class \(archive.classes[index].name) is used by no object and no fallback")
                _ = entry
            }
            var usedKeys = [Bool](repeating: false, count: archive.keyEntries.count)
            for value in values { usedKeys[Int(value.keyIndex)] = true }
            for (index, used) in usedKeys.enumerated() where !used {
                let entry = archive.keyEntries[index]
                add(
                    .note, .unusedKey, at: Int(entry.start) - Int(entry.lengthWidth), TableEntry(.key, index),
                    "key \(keys[index].name) is used by no value")
            }
            for (index, entry) in archive.classEntries.enumerated() {
                let entryStart =
                    Int(entry.start) - Int(entry.fallbackCount) * 4 - Int(entry.fallbackCountWidth)
                    - Int(entry.lengthWidth)
                if NibVarint.minimalWidth(entry.length) < Int(entry.lengthWidth)
                    || NibVarint.minimalWidth(entry.fallbackCount) < Int(entry.fallbackCountWidth)
                {
                    add(
                        .note, .noncanonicalVarint, at: entryStart, TableEntry(.class, index),
                        "class entry varint is longer than needed")
                }
            }
        }
    }

    private mutating func checkIntegerWidth(_ entry: ValueEntry, at offset: Int, _ here: TableEntry) {
        let value: Int64 =
            switch entry.type {
            case .int8: Int64(Int8(truncatingIfNeeded: entry.bits))
            case .int16: Int64(Int16(truncatingIfNeeded: entry.bits))
            case .int32: Int64(Int32(truncatingIfNeeded: entry.bits))
            default: Int64(bitPattern: entry.bits)
            }
        let expected = NibArchive.Payload.integer(value).type
        if expected.rawValue < entry.type.rawValue {
            add(
                .note, .integerWidth, at: offset, here,
                "\(value) is stored as \(entry.type); Apple's writer uses \(expected)")
        }
    }

    private mutating func checkNested(_ bytes: ArraySlice<UInt8>, payloadStart: Int, valueIndex: Int, depth: Int) {
        do throws(NibArchiveError) {
            _ = try NibArchive(parsing: bytes)
        } catch {
            add(
                .warning, .nestedUnparsable, at: payloadStart, TableEntry(.value, valueIndex),
                "data starts with the NIBArchive magic but does not parse (\(error)); it is kept as plain data")
            return
        }
        guard depth + 1 < maximumNestingDepth else {
            add(
                .warning, .nestingDepth, at: payloadStart, TableEntry(.value, valueIndex),
                "nested archive is deeper than \(maximumNestingDepth) levels; not validated")
            return
        }
        validate(
            Array(bytes), baseOffset: baseOffset + payloadStart, nestingPath: nestingPath + [valueIndex],
            depth: depth + 1)
    }

    private mutating func checkTablePlacement(_ archive: NibArchive, header: NibHeader) {
        guard let layout = archive.layout else { return }
        let tables: [(name: String, range: Range<Int>, field: Int)] = [
            ("object", layout.objectTable, 22), ("key", layout.keyTable, 30),
            ("value", layout.valueTable, 38), ("class-name", layout.classTable, 46),
        ]
        let sorted = tables.filter { !$0.range.isEmpty }.sorted { $0.range.lowerBound < $1.range.lowerBound }
        for (index, table) in sorted.enumerated() {
            if table.range.lowerBound < NibArchive.headerSize {
                add(
                    .warning, .tableOverlap, at: table.range.lowerBound, TableEntry(.header, 0),
                    "the \(table.name) table starts inside the 50-byte header")
            }
            for earlier in sorted[..<index] where earlier.range.overlaps(table.range) {
                add(
                    .warning, .tableOverlap, at: table.range.lowerBound, TableEntry(.header, 0),
                    "the \(table.name) table shares bytes with the \(earlier.name) table")
            }
        }
        guard canonical else { return }
        var expected = NibArchive.headerSize
        for table in tables {
            if table.range.lowerBound != expected {
                add(
                    .note, .noncanonicalLayout, at: table.field, TableEntry(.header, 0),
                    "the \(table.name) table is at \(table.range.lowerBound); Apple's writer puts it at \(expected)")
            }
            expected = table.range.upperBound
        }
        for gap in layout.gaps {
            add(
                .note, .gap, at: gap.lowerBound, nil,
                gap.count == 1
                    ? "1 byte between tables belongs to no table"
                    : "\(gap.count) bytes between tables belong to no table")
        }
    }
}
