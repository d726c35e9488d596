import NibArchive

/// Reads a `bplist00` file: header, objects, offset table and the 32-byte trailer.
///
/// Layout (all integers big-endian): the 8-byte magic; the objects, each a marker byte whose
/// high nibble is the type and low nibble a size or count; the offset table, one
/// `offsetIntSize`-byte offset per object; the trailer: 6 unused bytes, `offsetIntSize`,
/// `objectRefSize`, then the object count, the top object's index and the offset table's
/// offset as 8-byte integers. Containers refer to their elements by object index
/// (`objectRefSize` bytes each).
///
/// Every count, offset and index is checked against the file before use; shared objects are
/// parsed once; cycles, nesting and the expanded value count are bounded (see
/// ``PropertyList/Limits``).
struct BinaryPropertyListReader {
    static let trailerSize = 32

    let bytes: [UInt8]
    let limits: PropertyList.Limits
    /// Objects lie in `8..<objectAreaEnd` (the offset table follows them).
    private var objectAreaEnd = 0
    private var offsets: [Int] = []
    private var objectRefSize = 1
    private var parsed: [PropertyList?] = []
    /// For each parsed object, how many values it stands for when shared objects are counted
    /// every time they are used.
    private var expandedCounts: [Expansion] = []
    /// The expansion budget: `limits.expansion` for this file's size.
    private var maximumUnits = Int.max
    private var inProgress: Set<Int> = []

    init(bytes: [UInt8], limits: PropertyList.Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    mutating func read() throws(KeyedArchiveError) -> PropertyList {
        let headerSize = PropertyList.binaryMagic.count
        guard bytes.starts(with: PropertyList.binaryMagic) else {
            throw KeyedArchiveError(code: .badFormat, offset: 0, message: "the file does not start with bplist00")
        }
        guard bytes.count >= headerSize + Self.trailerSize else {
            throw KeyedArchiveError(
                code: .truncated, offset: min(headerSize, bytes.count),
                message:
                    "the file is \(plural(bytes.count, "byte", "bytes")), too short for the header and the 32-byte trailer"
            )
        }
        let trailer = bytes.count - Self.trailerSize
        let offsetIntSize = Int(bytes[trailer + 6])
        objectRefSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetIntSize) else {
            throw KeyedArchiveError(
                code: .badFormat, offset: trailer + 6, message: "offset size \(offsetIntSize) is not 1 … 8 bytes")
        }
        guard (1...8).contains(objectRefSize) else {
            throw KeyedArchiveError(
                code: .badFormat, offset: trailer + 7,
                message: "object reference size \(objectRefSize) is not 1 … 8 bytes")
        }
        let objectCount = bigEndian(at: trailer + 8, size: 8)
        let topObject = bigEndian(at: trailer + 16, size: 8)
        let tableOffset = bigEndian(at: trailer + 24, size: 8)
        guard tableOffset >= UInt64(headerSize), tableOffset <= UInt64(trailer) else {
            throw KeyedArchiveError(
                code: .badOffset, offset: trailer + 24,
                message: "offset table offset \(tableOffset) is not between the header and the trailer (\(trailer))")
        }
        let tableStart = Int(tableOffset)
        // Checked before allocating: the table must fit between its offset and the trailer.
        let tableRoom = UInt64(trailer - tableStart) / UInt64(offsetIntSize)
        guard objectCount >= 1, objectCount <= tableRoom else {
            throw KeyedArchiveError(
                code: .badOffset, offset: trailer + 8,
                message: "object count \(objectCount) does not fit the offset table's \(tableRoom) entries")
        }
        guard topObject < objectCount else {
            throw KeyedArchiveError(
                code: .badOffset, offset: trailer + 16,
                message: "top object \(topObject) is not below the object count \(objectCount)")
        }
        let count = Int(objectCount)
        objectAreaEnd = tableStart
        offsets.reserveCapacity(count)
        for index in 0..<count {
            let at = tableStart + index * offsetIntSize
            let offset = bigEndian(at: at, size: offsetIntSize)
            guard offset >= UInt64(headerSize), offset < UInt64(tableStart) else {
                throw KeyedArchiveError(
                    code: .badOffset, offset: at,
                    message: "object \(index) has offset \(offset), outside the object area 8 ..< \(tableStart)")
            }
            offsets.append(Int(offset))
        }
        parsed = Array(repeating: nil, count: count)
        expandedCounts = Array(repeating: Expansion(), count: count)
        maximumUnits = limits.expansion.entries(forInputSize: bytes.count)
        return try object(Int(topObject), depth: 0, referencedAt: trailer + 16)
    }

    /// A big-endian unsigned integer of `size` ≤ 8 bytes; the caller has checked the range.
    private func bigEndian(at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for byte in bytes[offset..<(offset + size)] { value = value << 8 | UInt64(byte) }
        return value
    }

    /// Checks that `length` bytes from `offset` lie inside the object area.
    private func require(_ length: Int, at offset: Int, for what: String) throws(KeyedArchiveError) {
        guard length >= 0, offset <= objectAreaEnd, length <= objectAreaEnd - offset else {
            throw KeyedArchiveError(
                code: .truncated, offset: min(offset, bytes.count),
                message:
                    "\(what) needs \(plural(length, "byte", "bytes")), past the end of the object area (\(objectAreaEnd))"
            )
        }
    }

    private mutating func object(_ index: Int, depth: Int, referencedAt: Int) throws(KeyedArchiveError)
        -> PropertyList
    {
        if let done = parsed[index] { return done }
        let start = offsets[index]
        guard !inProgress.contains(index) else {
            throw KeyedArchiveError(
                code: .cycle, offset: referencedAt, message: "object \(index) contains itself through references")
        }
        guard depth <= limits.maximumDepth else {
            throw KeyedArchiveError(
                code: .limitExceeded, offset: start,
                message: "containers nest deeper than the limit of \(limits.maximumDepth)")
        }
        inProgress.insert(index)
        defer { inProgress.remove(index) }
        let (value, expanded) = try parseObject(at: start, depth: depth)
        parsed[index] = value
        expandedCounts[index] = expanded
        return value
    }

    private mutating func parseObject(at start: Int, depth: Int) throws(KeyedArchiveError) -> (PropertyList, Expansion)
    {
        try require(1, at: start, for: "an object marker")
        let marker = bytes[start]
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00: return (.null, .one)
            case 0x08: return (.bool(false), .one)
            case 0x09: return (.bool(true), .one)
            default:
                throw KeyedArchiveError(
                    code: .badFormat, offset: start, message: "marker 0x\(hex(marker)) is not a value")
            }
        case 0x1:
            return (try integer(at: start).value, .one)
        case 0x2:
            switch low {
            case 2:
                try require(5, at: start, for: "a 4-byte real")
                return (.real32(Float(bitPattern: UInt32(bigEndian(at: start + 1, size: 4)))), .one)
            case 3:
                try require(9, at: start, for: "an 8-byte real")
                return (.real(Double(bitPattern: bigEndian(at: start + 1, size: 8))), .one)
            default:
                throw KeyedArchiveError(
                    code: .badValue, offset: start, message: "a real of \(1 << min(low, 15)) bytes is not 4 or 8")
            }
        case 0x3:
            guard low == 3 else {
                throw KeyedArchiveError(code: .badValue, offset: start, message: "a date must be 8 bytes")
            }
            try require(9, at: start, for: "a date")
            return (.date(Double(bitPattern: bigEndian(at: start + 1, size: 8))), .one)
        case 0x4:
            let (count, body) = try length(at: start, elementSize: 1)
            return (.data(Array(bytes[body..<(body + count)])), Expansion(bytes: count))
        case 0x5:
            let (count, body) = try length(at: start, elementSize: 1)
            let text = bytes[body..<(body + count)]
            if let bad = text.firstIndex(where: { $0 >= 0x80 }) {
                throw KeyedArchiveError(
                    code: .badValue, offset: bad, message: "byte 0x\(hex(bytes[bad])) in an ASCII string")
            }
            return (.string(String(decoding: text, as: UTF8.self)), Expansion(bytes: count))
        case 0x6:
            let (count, body) = try length(at: start, elementSize: 2)
            var units: [UInt16] = []
            units.reserveCapacity(count)
            for index in 0..<count {
                units.append(UInt16(bigEndian(at: body + 2 * index, size: 2)))
            }
            var text = ""
            var iterator = units.makeIterator()
            var decoder = UTF16()
            var position = body
            decoding: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar):
                    text.unicodeScalars.append(scalar)
                    position += scalar.value > 0xFFFF ? 4 : 2
                case .emptyInput: break decoding
                case .error:
                    throw KeyedArchiveError(
                        code: .badValue, offset: position, message: "an unpaired surrogate in a UTF-16 string")
                }
            }
            return (.string(text), Expansion(bytes: 2 * count))
        case 0x8:
            let size = low + 1
            guard size <= 8 else {
                throw KeyedArchiveError(code: .badValue, offset: start, message: "a UID of \(size) bytes is over 8")
            }
            try require(1 + size, at: start, for: "a UID")
            return (.uid(bigEndian(at: start + 1, size: size)), .one)
        case 0xA:
            let (count, body) = try length(at: start, elementSize: objectRefSize)
            var elements: [PropertyList] = []
            elements.reserveCapacity(count)
            var expanded = Expansion.one
            for position in 0..<count {
                let (element, size) = try child(at: body + position * objectRefSize, depth: depth)
                elements.append(element)
                expanded = try add(expanded, size, at: start)
            }
            return (.array(elements), expanded)
        case 0xD:
            let (count, body) = try length(at: start, elementSize: 2 * objectRefSize)
            var entries: [PropertyList.Entry] = []
            entries.reserveCapacity(count)
            var expanded = Expansion.one
            for position in 0..<count {
                let keyAt = body + position * objectRefSize
                let (key, keySize) = try child(at: keyAt, depth: depth)
                guard case .string(let name) = key else {
                    throw KeyedArchiveError(
                        code: .badValue, offset: keyAt, message: "a dictionary key is a \(key.kindName), not a string")
                }
                let (value, valueSize) = try child(at: body + (count + position) * objectRefSize, depth: depth)
                entries.append(PropertyList.Entry(name, value))
                expanded = try add(try add(expanded, keySize, at: start), valueSize, at: start)
            }
            return (.dictionary(entries), expanded)
        default:
            throw KeyedArchiveError(
                code: .badFormat, offset: start,
                message: "marker 0x\(hex(marker)) is not a type NibKit reads (sets and unknown types are not)")
        }
    }

    /// Adds expanded counts, failing when the total passes a limit.
    private func add(_ a: Expansion, _ b: Expansion, at offset: Int) throws(KeyedArchiveError) -> Expansion {
        let (values, overflow) = a.values.addingReportingOverflow(b.values)
        guard !overflow, values <= limits.maximumValueCount else {
            throw KeyedArchiveError(
                code: .limitExceeded, offset: offset,
                message: "the container stands for more than \(limits.maximumValueCount) values")
        }
        let (units, unitsOverflow) = a.units.addingReportingOverflow(b.units)
        guard !unitsOverflow, units <= maximumUnits else {
            throw KeyedArchiveError(
                code: .limitExceeded, offset: offset,
                message:
                    "\(ExpansionLimitError(what: "expanded values and 8-byte string and data units", limit: maximumUnits, factor: limits.expansion.factor))"
            )
        }
        return Expansion(values: values, units: units)
    }

    /// The element whose object index is stored at `offset`, and its expanded count.
    private mutating func child(at offset: Int, depth: Int) throws(KeyedArchiveError) -> (PropertyList, Expansion) {
        let reference = bigEndian(at: offset, size: objectRefSize)
        guard reference < UInt64(parsed.count) else {
            throw KeyedArchiveError(
                code: .badOffset, offset: offset,
                message: "object reference \(reference) is not below the object count \(parsed.count)")
        }
        let index = Int(reference)
        let value = try object(index, depth: depth + 1, referencedAt: offset)
        return (value, expandedCounts[index])
    }

    /// An integer object at `start`: its value and the offset after it.
    private func integer(at start: Int) throws(KeyedArchiveError) -> (value: PropertyList, end: Int) {
        try require(1, at: start, for: "an integer marker")
        let marker = bytes[start]
        guard marker >> 4 == 0x1 else {
            throw KeyedArchiveError(
                code: .badValue, offset: start, message: "marker 0x\(hex(marker)) is not an integer")
        }
        let sizeLog = Int(marker & 0x0F)
        guard sizeLog <= 4 else {
            throw KeyedArchiveError(
                code: .badValue, offset: start, message: "an integer of 2^\(sizeLog) bytes is over 16")
        }
        let size = 1 << sizeLog
        try require(1 + size, at: start, for: "an integer")
        switch size {
        case 1, 2, 4: return (.integer(Int64(bigEndian(at: start + 1, size: size))), start + 1 + size)
        case 8: return (.integer(Int64(bitPattern: bigEndian(at: start + 1, size: 8))), start + 9)
        default:
            let high = bigEndian(at: start + 1, size: 8)
            let low = bigEndian(at: start + 9, size: 8)
            if high == 0 {
                let value: PropertyList =
                    low <= UInt64(Int64.max) ? .integer(Int64(low)) : .unsignedInteger(low)
                return (value, start + 17)
            }
            if high == UInt64.max, low > UInt64(Int64.max) {
                return (.integer(Int64(bitPattern: low)), start + 17)
            }
            throw KeyedArchiveError(
                code: .badValue, offset: start, message: "a 16-byte integer does not fit in 64 bits")
        }
    }

    /// The element count of the object at `start` and where its elements begin, checked against
    /// the object area for elements of `elementSize` bytes.
    private func length(at start: Int, elementSize: Int) throws(KeyedArchiveError) -> (count: Int, body: Int) {
        let low = Int(bytes[start] & 0x0F)
        var count = low
        var body = start + 1
        if low == 0x0F {
            let (value, end) = try integer(at: start + 1)
            guard case .integer(let wide) = value, wide >= 0 else {
                throw KeyedArchiveError(code: .badValue, offset: start + 1, message: "the count is not a count")
            }
            guard wide <= Int64(objectAreaEnd) else {
                throw KeyedArchiveError(
                    code: .truncated, offset: start + 1,
                    message: "count \(wide) is larger than the file (\(plural(bytes.count, "byte", "bytes")))")
            }
            count = Int(wide)
            body = end
        }
        let (size, overflow) = count.multipliedReportingOverflow(by: elementSize)
        guard !overflow else {
            throw KeyedArchiveError(code: .truncated, offset: start, message: "count \(count) is too large")
        }
        try require(size, at: body, for: "an object of \(plural(count, "element", "elements"))")
        return (count, body)
    }
}

/// Two hex digits, upper case.
func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
}

/// What a parsed object stands for when shared objects are counted at every use: its values,
/// and its expansion units (a value, plus one per 8 bytes of string or data).
struct Expansion {
    var values = 0
    var units = 0

    static let one = Expansion(values: 1, units: 1)

    init(values: Int = 0, units: Int = 0) {
        self.values = values
        self.units = units
    }

    /// A string or data value of `byteCount` bytes.
    init(bytes byteCount: Int) {
        self.init(values: 1, units: 1 + byteCount / 8)
    }
}
