import ByteIO
public import Foundation

extension NibArchive {
    /// Parses an archive from its bytes without copying them.
    ///
    /// Accepts every layout Apple's reader accepts (tables anywhere and in any order, gaps,
    /// shared or orphan value ranges, non-minimal varints, trailing bytes) and keeps it so that
    /// ``serialized(layout:)`` gives the same bytes back. Anything NibKit cannot model is a
    /// thrown ``NibArchiveError`` naming the byte offset; checks follow Apple's reader order
    /// (header, class names, keys, values, objects). Problems that do not stop modelling —
    /// invalid UTF-8, out-of-range object references or fallbacks, a format version above 1 —
    /// are left to ``validate(_:level:maximumNestingDepth:maximumFindings:)``.
    ///
    /// Memory use is bounded by a small multiple of the input size: every count is checked
    /// against the bytes that remain before anything is allocated.
    public init(parsing bytes: [UInt8]) throws(NibArchiveError) {
        var diagnostics = ParseDiagnostics(collecting: false)
        self = try NibArchive.parse(bytes, diagnostics: &diagnostics)
    }

    /// Parses an archive from a slice (for example a nested archive inside a data value).
    /// Offsets in errors count from the slice's first byte. Copies the bytes once.
    public init(parsing bytes: ArraySlice<UInt8>) throws(NibArchiveError) {
        try self.init(parsing: Array(bytes))
    }

    /// Parses an archive from `Data`, copying the bytes once.
    public init(parsing data: Data) throws(NibArchiveError) {
        try self.init(parsing: [UInt8](data))
    }

    /// Parses an archive from a span of raw bytes, copying the bytes once.
    public init(parsing span: RawSpan) throws(NibArchiveError) {
        let bytes = span.withUnsafeBytes { [UInt8]($0) }
        try self.init(parsing: bytes)
    }
}

/// Collects per-entry range problems during parsing; strict parsing stops at the first.
struct ParseDiagnostics {
    var collecting: Bool
    var errors: [NibArchiveError] = []
    /// Range problems found beyond ``RangeErrors/maximum``, only counted (a file with a
    /// problem per entry once kept a million errors).
    var omitted = 0

    init(collecting: Bool) { self.collecting = collecting }
}

/// The header words.
struct NibHeader {
    var formatVersion: UInt32
    var coderVersion: UInt32
    var objectCount: Int, objectOffset: Int
    var keyCount: Int, keyOffset: Int
    var valueCount: Int, valueOffset: Int
    var classCount: Int, classOffset: Int
}

extension NibArchive {
    /// The minimum byte size of one entry of each table, used to bound counts before allocating.
    static let minimumObjectEntrySize = 3
    static let minimumKeyEntrySize = 1
    static let minimumValueEntrySize = 2
    static let minimumClassEntrySize = 3

    static func parse(_ bytes: [UInt8], diagnostics: inout ParseDiagnostics) throws(NibArchiveError)
        -> NibArchive
    {
        try bytes.withUnsafeBufferPointer { buffer throws(NibArchiveError) in
            try parse(buffer, storage: bytes, diagnostics: &diagnostics)
        }
    }

    static func parseHeader(_ reader: ByteReader) throws(NibArchiveError) -> NibHeader {
        let length = reader.count
        guard length <= maximumSize else {
            throw NibArchiveError(
                code: .tooLarge, offset: 0, entry: TableEntry(.header, 0),
                message: "input of \(length) bytes is larger than 32-bit offsets can address")
        }
        guard length >= headerSize else {
            throw NibArchiveError(
                code: .shortFile, offset: 0, entry: TableEntry(.header, 0),
                message: "file of \(DisplayText.counted(length, "byte")) is shorter than the 50-byte header")
        }
        guard hasMagic(reader.buffer) else {
            throw NibArchiveError(
                code: .badMagic, offset: 0, entry: TableEntry(.header, 0),
                message: "bytes 0–9 are not the magic \"NIBArchive\"")
        }
        // The length check above makes these reads infallible; `word` still checks its bounds
        // rather than trusting that (in place: the reader's call is not inlined across modules).
        let buffer = reader.buffer
        func word(_ at: Int) throws(NibArchiveError) -> UInt32 {
            guard at >= 0, at <= buffer.count &- 4, let base = buffer.baseAddress else {
                throw NibArchiveError(
                    code: .shortFile, offset: at, entry: TableEntry(.header, 0), message: "header ends early")
            }
            return UnsafeRawPointer(base + at).loadUnaligned(as: UInt32.self).littleEndian
        }
        let header = NibHeader(
            formatVersion: try word(10), coderVersion: try word(14),
            objectCount: Int(try word(18)), objectOffset: Int(try word(22)),
            keyCount: Int(try word(26)), keyOffset: Int(try word(30)),
            valueCount: Int(try word(34)), valueOffset: Int(try word(38)),
            classCount: Int(try word(42)), classOffset: Int(try word(46)))
        // Apple's reader checks every offset against the length before reading any table.
        for pass in 0..<2 {
            let countsToo = pass == 1
            try checkTable(
                header.objectCount, header.objectOffset, 18, minimumObjectEntrySize, "object", length, countsToo)
            try checkTable(header.keyCount, header.keyOffset, 26, minimumKeyEntrySize, "key", length, countsToo)
            try checkTable(header.valueCount, header.valueOffset, 34, minimumValueEntrySize, "value", length, countsToo)
            try checkTable(
                header.classCount, header.classOffset, 42, minimumClassEntrySize, "class-name", length, countsToo)
        }
        return header
    }

    /// Whether the buffer starts with `NIBArchive`.
    @inline(__always)
    static func hasMagic(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        buffer.count >= 10 && buffer[0] == 0x4E && buffer[1] == 0x49 && buffer[2] == 0x42 && buffer[3] == 0x41
            && buffer[4] == 0x72 && buffer[5] == 0x63 && buffer[6] == 0x68 && buffer[7] == 0x69
            && buffer[8] == 0x76 && buffer[9] == 0x65
    }

    /// A table's offset must not pass the end, and its count must fit the bytes after it.
    private static func checkTable(
        _ count: Int, _ offset: Int, _ countField: Int, _ minimum: Int, _ name: StaticString, _ length: Int,
        _ checkCount: Bool
    ) throws(NibArchiveError) {
        guard offset <= length else {
            throw NibArchiveError(
                code: .tableOffset, offset: countField + 4, entry: TableEntry(.header, 0),
                message: "\(name) table offset \(offset) is past the end of the \(length)-byte file")
        }
        guard checkCount else { return }
        // Both factors are below 2^32 and the minimum is at most 3, so this cannot overflow Int.
        let needed = count * minimum
        guard needed <= length - offset else {
            throw NibArchiveError(
                code: .countTooLarge, offset: countField, entry: TableEntry(.header, 0),
                message: "\(name) count \(count) needs at least \(DisplayText.counted(needed, "byte")), "
                    + "but only \(length - offset) follow offset \(offset)")
        }
    }

    static func parse(
        _ buffer: UnsafeBufferPointer<UInt8>, storage: [UInt8], diagnostics: inout ParseDiagnostics
    ) throws(NibArchiveError) -> NibArchive {
        let header = try parseHeader(ByteReader(buffer))
        var fallbackIndices: [UInt32] = []
        let (classEntries, classEnd) = try parseClasses(buffer, header, fallbacks: &fallbackIndices)
        let (keyEntries, keyEnd) = try parseKeys(buffer, header)
        let (valueEntries, valueEnd) = try parseValues(buffer, header, diagnostics: &diagnostics)
        try throwFirst(diagnostics)
        let (objectEntries, objectEnd) = try parseObjects(buffer, header, diagnostics: &diagnostics)
        try throwFirst(diagnostics)

        let layout = makeLayout(
            header, objectEnd: objectEnd, keyEnd: keyEnd, valueEnd: valueEnd, classEnd: classEnd,
            fileLength: buffer.count)
        let tablesEnd = max(headerSize, objectEnd, keyEnd, valueEnd, classEnd)
        return NibArchive(
            formatVersion: header.formatVersion, coderVersion: header.coderVersion, storage: storage,
            objectEntries: objectEntries, keyEntries: keyEntries, valueEntries: valueEntries,
            classEntries: classEntries, fallbackIndices: fallbackIndices,
            trailingRange: tablesEnd..<buffer.count, preservedLayout: layout)
    }

    @inline(__always)
    private static func throwFirst(_ diagnostics: ParseDiagnostics) throws(NibArchiveError) {
        if !diagnostics.collecting, let first = diagnostics.errors.first { throw first }
    }

    static func makeLayout(
        _ header: NibHeader, objectEnd: Int, keyEnd: Int, valueEnd: Int, classEnd: Int, fileLength: Int
    ) -> PreservedLayout {
        // The four tables in file order, by a sorting network on locals (no arrays: this runs
        // once per parse). Ties need no order: the gaps come out the same either way.
        var first = header.objectOffset..<objectEnd
        var second = header.keyOffset..<keyEnd
        var third = header.valueOffset..<valueEnd
        var fourth = header.classOffset..<classEnd
        func order(_ a: inout Range<Int>, _ b: inout Range<Int>) {
            if b.lowerBound < a.lowerBound { swap(&a, &b) }
        }
        order(&first, &second)
        order(&third, &fourth)
        order(&first, &third)
        order(&second, &fourth)
        order(&second, &third)
        let tablesEnd = max(headerSize, objectEnd, keyEnd, valueEnd, classEnd)
        var gaps: [PreservedLayout.Gap] = []
        var covered = headerSize
        func cover(_ table: Range<Int>) {
            guard !table.isEmpty else { return }
            if table.lowerBound > covered {
                gaps.append(PreservedLayout.Gap(offset: covered, bytes: covered..<table.lowerBound))
            }
            covered = max(covered, table.upperBound)
        }
        cover(first)
        cover(second)
        cover(third)
        cover(fourth)
        if covered < tablesEnd { gaps.append(PreservedLayout.Gap(offset: covered, bytes: covered..<tablesEnd)) }
        return PreservedLayout(
            objectTable: header.objectOffset, keyTable: header.keyOffset,
            valueTable: header.valueOffset, classTable: header.classOffset,
            objectTableSize: objectEnd - header.objectOffset, keyTableSize: keyEnd - header.keyOffset,
            valueTableSize: valueEnd - header.valueOffset, classTableSize: classEnd - header.classOffset,
            fileLength: fileLength, gaps: gaps, isMeasured: true)
    }

    // MARK: Varints

    /// Reads one varint at `offset`: 1 to 5 bytes, the last with bit 7 set, value < 2^32.
    @inline(__always)
    static func readVarint(_ base: UnsafePointer<UInt8>, _ count: Int, _ offset: inout Int)
        throws(NibArchiveError) -> (value: UInt32, width: UInt8)
    {
        let start = offset
        guard start < count else { throw varintError(.varintEOF, at: start) }
        let first = base[start]
        if first & 0x80 != 0 {
            offset = start &+ 1
            return (UInt32(first & 0x7F), 1)
        }
        var value = UInt32(first)
        var position = start &+ 1
        var shift: UInt32 = 7
        while true {
            guard position < count else { throw varintError(.varintEOF, at: start) }
            let byte = base[position]
            position &+= 1
            if shift == 28 {
                guard byte & 0x80 != 0 else { throw varintError(.varintUnterminated, at: start) }
                guard byte & 0x7F <= 0x0F else { throw varintError(.varintOverflow, at: start) }
            }
            value |= UInt32(byte & 0x7F) << shift
            if byte & 0x80 != 0 {
                offset = position
                return (value, UInt8(truncatingIfNeeded: position &- start))
            }
            shift &+= 7
        }
    }

    private static func varintError(_ code: Finding.ID, at offset: Int) -> NibArchiveError {
        let message =
            switch code {
            case .varintEOF: "file ends inside a varint"
            case .varintUnterminated: "varint has five bytes without a terminator"
            default: "five-byte varint is larger than 2^32−1"
            }
        return NibArchiveError(code: code, offset: offset, message: message)
    }

    // MARK: Tables
    //
    // The key, value and object parsers repeat the same scaffolding (one allocation, loop state
    // in locals, errors attributed to the entry) on purpose: folding it into a generic helper
    // taking a closure made parsing 57% slower in instruction counts, because the closure is not
    // inlined into the loop.

    static func parseClasses(
        _ buffer: UnsafeBufferPointer<UInt8>, _ header: NibHeader, fallbacks: inout [UInt32]
    ) throws(NibArchiveError) -> ([ClassEntry], end: Int) {
        guard let base = buffer.baseAddress else { return ([], header.classOffset) }
        let count = buffer.count
        var offset = header.classOffset
        var entries: [ClassEntry] = []
        entries.reserveCapacity(header.classCount)
        var index = 0
        do throws(NibArchiveError) {
            while index < header.classCount {
                let entryStart = offset
                let (length, lengthWidth) = try readVarint(base, count, &offset)
                guard length > 0 else {
                    throw NibArchiveError(
                        code: .classEmptyName, offset: entryStart, message: "class name length is 0")
                }
                let (fallbackCount, fallbackCountWidth) = try readVarint(base, count, &offset)
                let fallbackBytes = Int(fallbackCount) &* 4
                guard fallbackBytes <= count &- offset else {
                    throw NibArchiveError(
                        code: .classEOF, offset: entryStart,
                        message: "\(fallbackCount) fallback indices run past the end of the file")
                }
                let fallbackStart = fallbacks.count
                for _ in 0..<Int(fallbackCount) {
                    fallbacks.append(UnsafeRawPointer(base + offset).loadUnaligned(as: UInt32.self).littleEndian)
                    offset &+= 4
                }
                guard Int(length) <= count &- offset else {
                    throw NibArchiveError(
                        code: .classEOF, offset: entryStart,
                        message: "class name of \(DisplayText.counted(length, "byte")) runs past the end of the file")
                }
                entries.append(
                    ClassEntry(
                        start: UInt32(truncatingIfNeeded: offset), length: length,
                        fallbackStart: UInt32(truncatingIfNeeded: fallbackStart), fallbackCount: fallbackCount,
                        lengthWidth: lengthWidth, fallbackCountWidth: fallbackCountWidth))
                offset &+= Int(length)
                index &+= 1
            }
        } catch {
            throw error.in(.class, index)
        }
        return (entries, offset)
    }

    static func parseKeys(_ buffer: UnsafeBufferPointer<UInt8>, _ header: NibHeader) throws(NibArchiveError)
        -> ([KeyEntry], end: Int)
    {
        guard let base = buffer.baseAddress else { return ([], header.keyOffset) }
        let count = buffer.count
        var endOffset = header.keyOffset
        var failure: NibArchiveError?
        let entries = [KeyEntry](unsafeUninitializedCapacity: header.keyCount) { entries, initialized in
            guard let output = entries.baseAddress else { return }
            // Locals, not the captured variables, so the loop keeps them in registers.
            var offset = endOffset
            var index = 0
            defer {
                endOffset = offset
                initialized = index
            }
            do throws(NibArchiveError) {
                while index < header.keyCount {
                    let entryStart = offset
                    let (length, lengthWidth) = try readVarint(base, count, &offset)
                    guard Int(length) <= count &- offset else {
                        throw NibArchiveError(
                            code: .keyEOF, offset: entryStart,
                            message: "key of \(DisplayText.counted(length, "byte")) runs past the end of the file")
                    }
                    (output + index).initialize(
                        to: KeyEntry(
                            start: UInt32(truncatingIfNeeded: offset), length: length, lengthWidth: lengthWidth))
                    offset &+= Int(length)
                    index &+= 1
                }
            } catch {
                failure = error.in(.key, index)
            }
        }
        if let failure { throw failure }
        return (entries, endOffset)
    }

    /// Payload sizes by type byte (0 for data, whose size follows as a varint).
    private static let payloadSizes: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
        (1, 2, 4, 8, 0, 0, 4, 8, 0, 0, 4)

    /// The bits of a fixed payload in a little-endian 8-byte load, by type byte (0 for data).
    private static let payloadMasks:
        (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
            (0xFF, 0xFFFF, 0xFFFF_FFFF, .max, 0, 0, 0xFFFF_FFFF, .max, 0, 0, 0xFFFF_FFFF)

    static func parseValues(
        _ buffer: UnsafeBufferPointer<UInt8>, _ header: NibHeader, diagnostics: inout ParseDiagnostics
    ) throws(NibArchiveError) -> ([ValueEntry], end: Int) {
        guard let base = buffer.baseAddress else { return ([], header.valueOffset) }
        let count = buffer.count
        let valueCount = header.valueCount
        let keyCount = UInt32(truncatingIfNeeded: header.keyCount)
        let collecting = diagnostics.collecting
        var rangeErrors = RangeErrors()
        var endOffset = header.valueOffset
        var failure: NibArchiveError?
        let entries = [ValueEntry](unsafeUninitializedCapacity: valueCount) { entries, initialized in
            guard let output = entries.baseAddress else { return }
            var offset = endOffset
            var index = 0
            defer {
                endOffset = offset
                initialized = index
            }
            while index < valueCount {
                // Runs of ordinary entries go through the fast scan; it stops before anything
                // it does not handle, which the general path then parses (or reports).
                scanValues(base, count, keyCount, output, valueCount, &offset, &index)
                guard index < valueCount else { break }
                do throws(NibArchiveError) {
                    (output + index).initialize(
                        to: try parseValue(base, count, keyCount, index, &offset, collecting, &rangeErrors))
                } catch {
                    failure = error.in(.value, index)
                    return
                }
                index &+= 1
            }
        }
        if let failure { throw failure }
        if !rangeErrors.errors.isEmpty {
            diagnostics.errors += rangeErrors.errors
            diagnostics.omitted += rangeErrors.omitted
        }
        return (entries, endOffset)
    }

    /// Parses values from `index` on while they are ordinary: a key varint of 1–2 bytes naming
    /// an existing key, a known type, and a data length varint of 1–2 bytes that fits the file,
    /// with at least 11 bytes left from the entry's start (so every read below is in bounds).
    /// Stops at the first other entry, leaving `offset` and `index` at its start; the result is
    /// exactly what ``parseValue`` gives for the same entries.
    @inline(never)
    private static func scanValues(
        _ base: UnsafePointer<UInt8>, _ count: Int, _ keyCount: UInt32, _ output: UnsafeMutablePointer<ValueEntry>,
        _ valueCount: Int, _ offset: inout Int, _ index: inout Int
    ) {
        var position = offset
        var next = index
        defer {
            offset = position
            index = next
        }
        // At most 2 key bytes, the type byte and an 8-byte load (or a 2-byte length) per entry.
        let lastFastStart = count &- 11
        // A stack copy of the masks, made once per call, so the loop reads them from memory.
        var masks = payloadMasks
        var sizes = payloadSizes
        withUnsafeBytes(of: &masks) { masks in
            withUnsafeBytes(of: &sizes) { sizes in
                while next < valueCount && position <= lastFastStart {
                    let entry = base + position
                    let first = entry[0]
                    var keyIndex = UInt32(first & 0x7F)
                    var keyWidth = 1
                    if first & 0x80 == 0 {
                        let second = entry[1]
                        guard second & 0x80 != 0 else { return }
                        keyIndex |= UInt32(second & 0x7F) << 7
                        keyWidth = 2
                    }
                    guard keyIndex < keyCount else { return }
                    let typeByte = entry[keyWidth]
                    guard let type = ValueType(rawValue: typeByte) else { return }
                    let payload = position &+ keyWidth &+ 1
                    if type != .data {
                        // A fixed payload: one unaligned load (in bounds, see above), masked.
                        let word = UnsafeRawPointer(base + payload).loadUnaligned(as: UInt64.self).littleEndian
                        (output + next).initialize(
                            to: ValueEntry(
                                bits: word & masks.load(fromByteOffset: Int(typeByte) &* 8, as: UInt64.self),
                                keyIndex: keyIndex, type: type, keyWidth: UInt8(truncatingIfNeeded: keyWidth),
                                lengthWidth: 1))
                        position = payload &+ Int(sizes[Int(typeByte)])
                        next &+= 1
                        continue
                    }
                    let lengthFirst = base[payload]
                    var length = Int(lengthFirst & 0x7F)
                    var lengthWidth = 1
                    if lengthFirst & 0x80 == 0 {
                        let lengthSecond = base[payload &+ 1]
                        guard lengthSecond & 0x80 != 0 else { return }
                        length |= Int(lengthSecond & 0x7F) << 7
                        lengthWidth = 2
                    }
                    let start = payload &+ lengthWidth
                    guard length <= count &- start else { return }
                    (output + next).initialize(
                        to: ValueEntry(
                            bits: ValueEntry.dataBits(start: start, length: length), keyIndex: keyIndex, type: type,
                            keyWidth: UInt8(truncatingIfNeeded: keyWidth),
                            lengthWidth: UInt8(truncatingIfNeeded: lengthWidth)))
                    position = start &+ length
                    next &+= 1
                }
            }
        }
    }

    /// Parses value `index` at `offset` with every check: the general path behind ``scanValues``.
    /// A key index out of range is thrown, or collected into `rangeErrors` when `collecting`.
    @inline(never)
    private static func parseValue(
        _ base: UnsafePointer<UInt8>, _ count: Int, _ keyCount: UInt32, _ index: Int, _ offset: inout Int,
        _ collecting: Bool, _ rangeErrors: inout RangeErrors
    ) throws(NibArchiveError) -> ValueEntry {
        let entryStart = offset
        let (keyIndex, keyWidth) = try readVarint(base, count, &offset)
        if keyIndex >= keyCount {
            let error = NibArchiveError(
                code: .valueKeyRange, offset: entryStart, entry: TableEntry(.value, index),
                message: "key index \(keyIndex) is not below the key count \(keyCount)")
            guard collecting else { throw error }
            rangeErrors.add(error)
        }
        guard offset < count else {
            throw NibArchiveError(code: .valueEOF, offset: entryStart, message: "value ends before its type byte")
        }
        let typeByte = base[offset]
        guard let type = ValueType(rawValue: typeByte) else {
            throw NibArchiveError(code: .valueType, offset: offset, message: "unknown value type \(typeByte)")
        }
        offset &+= 1
        var bits: UInt64 = 0
        var lengthWidth: UInt8 = 1
        if let size = type.fixedPayloadSize {
            guard count &- offset >= size else { throw payloadEOF(entryStart, type) }
            for byteIndex in 0..<size {
                bits |= UInt64(base[offset &+ byteIndex]) << (UInt64(byteIndex) &* 8)
            }
            offset &+= size
        } else {
            let (length, width) = try readVarint(base, count, &offset)
            guard Int(length) <= count &- offset else {
                throw NibArchiveError(
                    code: .valueEOF, offset: entryStart,
                    message: "data of \(DisplayText.counted(length, "byte")) runs past the end of the file")
            }
            lengthWidth = width
            bits = ValueEntry.dataBits(start: offset, length: Int(length))
            offset &+= Int(length)
        }
        return ValueEntry(bits: bits, keyIndex: keyIndex, type: type, keyWidth: keyWidth, lengthWidth: lengthWidth)
    }

    private static func payloadEOF(_ entryStart: Int, _ type: ValueType) -> NibArchiveError {
        NibArchiveError(
            code: .valueEOF, offset: entryStart, message: "\(type) payload runs past the end of the file")
    }

    static func parseObjects(
        _ buffer: UnsafeBufferPointer<UInt8>, _ header: NibHeader, diagnostics: inout ParseDiagnostics
    ) throws(NibArchiveError) -> ([ObjectEntry], end: Int) {
        guard let base = buffer.baseAddress else { return ([], header.objectOffset) }
        let count = buffer.count
        let objectCount = header.objectCount
        let classCount = UInt32(truncatingIfNeeded: header.classCount)
        let valueCount = UInt64(header.valueCount)
        let collecting = diagnostics.collecting
        var rangeErrors = RangeErrors()
        var endOffset = header.objectOffset
        var failure: NibArchiveError?
        let entries = [ObjectEntry](unsafeUninitializedCapacity: objectCount) { entries, initialized in
            guard let output = entries.baseAddress else { return }
            var offset = endOffset
            var index = 0
            defer {
                endOffset = offset
                initialized = index
            }
            while index < objectCount {
                // Runs of ordinary entries go through the fast scan; the general path parses
                // (or reports) the entry it stops at.
                scanObjects(base, count, classCount, valueCount, output, objectCount, &offset, &index)
                guard index < objectCount else { break }
                do throws(NibArchiveError) {
                    (output + index).initialize(
                        to: try parseObject(
                            base, count, classCount, valueCount, index, &offset, collecting, &rangeErrors))
                } catch {
                    failure = error.in(.object, index)
                    return
                }
                index &+= 1
            }
        }
        if let failure { throw failure }
        if !rangeErrors.errors.isEmpty {
            diagnostics.errors += rangeErrors.errors
            diagnostics.omitted += rangeErrors.omitted
        }
        return (entries, endOffset)
    }

    /// Parses objects from `index` on while they are ordinary: three varints of 1–3 bytes, a
    /// class index below the class count and a value run inside the value table, with at least
    /// 9 bytes left from the entry's start. Stops at the first other entry, leaving `offset` and
    /// `index` at its start; the result is exactly what ``parseObject`` gives for the same entries.
    @inline(never)
    private static func scanObjects(
        _ base: UnsafePointer<UInt8>, _ count: Int, _ classCount: UInt32, _ valueCount: UInt64,
        _ output: UnsafeMutablePointer<ObjectEntry>, _ objectCount: Int, _ offset: inout Int, _ index: inout Int
    ) {
        var position = offset
        var next = index
        defer {
            offset = position
            index = next
        }
        let lastFastStart = count &- 9
        while next < objectCount && position <= lastFastStart {
            let entry = base + position
            let (classIndex, classWidth) = shortVarint(entry)
            guard classWidth != 0, classIndex < classCount else { return }
            let (first, firstWidth) = shortVarint(entry + classWidth)
            guard firstWidth != 0 else { return }
            let (valuesInObject, countWidth) = shortVarint(entry + classWidth + firstWidth)
            guard countWidth != 0, UInt64(first) &+ UInt64(valuesInObject) <= valueCount else { return }
            (output + next).initialize(
                to: ObjectEntry(
                    classIndex: classIndex, firstValue: first, valueCount: valuesInObject,
                    classWidth: UInt8(truncatingIfNeeded: classWidth),
                    firstWidth: UInt8(truncatingIfNeeded: firstWidth),
                    countWidth: UInt8(truncatingIfNeeded: countWidth)))
            position &+= classWidth &+ firstWidth &+ countWidth
            next &+= 1
        }
    }

    /// Parses object `index` at `offset` with every check: the general path behind
    /// ``scanObjects``. Range problems are thrown, or collected into `rangeErrors` when `collecting`.
    @inline(never)
    private static func parseObject(
        _ base: UnsafePointer<UInt8>, _ count: Int, _ classCount: UInt32, _ valueCount: UInt64, _ index: Int,
        _ offset: inout Int, _ collecting: Bool, _ rangeErrors: inout RangeErrors
    ) throws(NibArchiveError) -> ObjectEntry {
        let classStart = offset
        let (classIndex, classWidth) = try readVarint(base, count, &offset)
        let firstStart = offset
        let (first, firstWidth) = try readVarint(base, count, &offset)
        let (valuesInObject, countWidth) = try readVarint(base, count, &offset)
        if classIndex >= classCount {
            let error = NibArchiveError(
                code: .objectClassRange, offset: classStart, entry: TableEntry(.object, index),
                message: "class index \(classIndex) is not below the class count \(classCount)")
            guard collecting else { throw error }
            rangeErrors.add(error)
        }
        if UInt64(first) + UInt64(valuesInObject) > valueCount {
            let error = NibArchiveError(
                code: .objectValueRange, offset: firstStart, entry: TableEntry(.object, index),
                message: "values \(first)..<\(UInt64(first) + UInt64(valuesInObject)) "
                    + "are not inside the value table of \(valueCount)")
            guard collecting else { throw error }
            rangeErrors.add(error)
        }
        return ObjectEntry(
            classIndex: classIndex, firstValue: first, valueCount: valuesInObject,
            classWidth: classWidth, firstWidth: firstWidth, countWidth: countWidth)
    }

    /// Decodes a varint of 1–3 bytes at `bytes` without bounds checks (the caller guarantees
    /// three readable bytes). A width of 0 means the varint is longer: the general path reads it.
    @inline(__always)
    private static func shortVarint(_ bytes: UnsafePointer<UInt8>) -> (value: UInt32, width: Int) {
        let first = bytes[0]
        if first & 0x80 != 0 { return (UInt32(first & 0x7F), 1) }
        let second = bytes[1]
        if second & 0x80 != 0 { return (UInt32(first) | UInt32(second & 0x7F) << 7, 2) }
        let third = bytes[2]
        if third & 0x80 != 0 { return (UInt32(first) | UInt32(second) << 7 | UInt32(third & 0x7F) << 14, 3) }
        return (0, 0)
    }
}

extension NibArchiveError {
    /// The same error, attributed to `table` entry `index` unless it already names an entry.
    func `in`(_ table: TableEntry.Table, _ index: Int) -> NibArchiveError {
        var copy = self
        if copy.entry == nil { copy.entry = TableEntry(table, index) }
        return copy
    }
}

/// The range problems collected while parsing one table: the first ``maximum``, and a count of
/// the rest.
struct RangeErrors {
    static let maximum = 1000
    var errors: [NibArchiveError] = []
    var omitted = 0

    mutating func add(_ error: NibArchiveError) {
        if errors.count < Self.maximum { errors.append(error) } else { omitted += 1 }
    }
}
