/// Writes `bplist00`: objects numbered depth first (a dictionary, then its keys, then its
/// values), equal scalars stored once, references and offsets in the fewest bytes that hold
/// them (1, 2, 4 or 8).
enum BinaryPropertyListWriter {
    /// One object of the flattened tree. A container's references are a range of
    /// ``Flattener/references`` (a dictionary's keys, then its values): an array of its own per
    /// container took about 100 bytes an object while writing.
    private enum Flat {
        case scalar(PropertyList)
        case array(Range<Int>)
        case dictionary(Range<Int>)
    }

    /// Text compared and hashed by its UTF-8 bytes, without copying them out of the string.
    private struct Spelling: Hashable {
        let text: String

        static func == (lhs: Spelling, rhs: Spelling) -> Bool { lhs.text.utf8.elementsEqual(rhs.text.utf8) }

        func hash(into hasher: inout Hasher) {
            hasher.combine(text.utf8.count)
            for byte in text.utf8 { hasher.combine(byte) }
        }
    }

    /// Scalars that compare equal byte for byte (strings by their UTF-8, reals by bits).
    private enum ScalarKey: Hashable {
        case string(Spelling)
        case data([UInt8])
        case integer(Int64)
        case unsignedInteger(UInt64)
        case real(UInt64)
        case real32(UInt32)
        case bool(Bool)
        case null
        case uid(UInt64)
        case date(UInt64)
    }

    private struct Flattener {
        var objects: [Flat] = []
        var references: [Int] = []
        var scalars: [ScalarKey: Int] = [:]

        mutating func add(_ value: PropertyList, depth: Int) throws(KeyedArchiveError) -> Int {
            let key: ScalarKey
            switch value {
            case .array(let elements):
                try checkDepth(depth)
                let index = objects.count
                objects.append(.array(0..<0))
                var own: [Int] = []
                own.reserveCapacity(elements.count)
                for element in elements { own.append(try add(element, depth: depth + 1)) }
                objects[index] = .array(references.count..<(references.count + own.count))
                references += own
                return index
            case .dictionary(let entries):
                try checkDepth(depth)
                let index = objects.count
                objects.append(.dictionary(0..<0))
                var own: [Int] = []
                own.reserveCapacity(entries.count * 2)
                for entry in entries { own.append(try add(.string(entry.key), depth: depth + 1)) }
                for entry in entries { own.append(try add(entry.value, depth: depth + 1)) }
                objects[index] = .dictionary(references.count..<(references.count + own.count))
                references += own
                return index
            case .string(let text): key = .string(Spelling(text: text))
            case .data(let bytes): key = .data(bytes)
            case .integer(let number): key = .integer(number)
            case .unsignedInteger(let number): key = .unsignedInteger(number)
            case .real(let number): key = .real(number.bitPattern)
            case .real32(let number): key = .real32(number.bitPattern)
            case .bool(let flag): key = .bool(flag)
            case .null: key = .null
            case .uid(let number): key = .uid(number)
            case .date(let seconds): key = .date(seconds.bitPattern)
            }
            if let existing = scalars[key] { return existing }
            let index = objects.count
            objects.append(.scalar(value))
            scalars[key] = index
            return index
        }

        private func checkDepth(_ depth: Int) throws(KeyedArchiveError) {
            let limit = PropertyList.Limits().maximumDepth
            guard depth <= limit else {
                throw KeyedArchiveError(
                    code: .limitExceeded, message: "containers nest deeper than the limit of \(limit)")
            }
        }
    }

    /// A writer that numbers objects as the tree writer does (a container, then its keys, then
    /// its values) but writes each object as soon as its references are known, so that no tree
    /// and no flattened copy of it is held: a container's record follows its children's. The
    /// width of references is fixed up front from a bound on the object count.
    struct Stream {
        private var out: [UInt8] = PropertyList.binaryMagic
        /// Bytes already handed to the sink.
        private var flushed = 0
        private var offsets: [Int] = []
        private var scalars: [ScalarKey: Int] = [:]
        private var uids: [UInt64: Int] = [:]
        private var strings: [Spelling: Int] = [:]
        private let referenceSize: Int
        private let sink: ([UInt8]) -> Void
        /// Set when an object number did not fit `referenceSize` (the bound was wrong).
        private var overflowed = false

        init(referenceSize: Int, sink: @escaping ([UInt8]) -> Void) {
            self.referenceSize = referenceSize
            self.sink = sink
            out.reserveCapacity(1 << 16 + 1024)
        }

        /// Numbers an object whose record is written later (``writeArray(_:_:)``,
        /// ``writeDictionary(_:keys:values:)``).
        mutating func reserve() -> Int {
            offsets.append(-1)
            return offsets.count - 1
        }

        /// Numbers and writes `value` (containers after their contents); an equal scalar
        /// written before is shared.
        mutating func add(_ value: PropertyList) -> Int {
            switch value {
            case .array(let elements):
                let index = reserve()
                var references: [Int] = []
                references.reserveCapacity(elements.count)
                for element in elements { references.append(add(element)) }
                writeArray(index, references)
                return index
            case .dictionary(let entries):
                let index = reserve()
                var keys: [Int] = []
                keys.reserveCapacity(entries.count)
                for entry in entries { keys.append(add(.string(entry.key))) }
                var values: [Int] = []
                values.reserveCapacity(entries.count)
                for entry in entries { values.append(add(entry.value)) }
                writeDictionary(index, keys: keys, values: values)
                return index
            // UIDs (one per object referred to) and strings have tables of their own, with
            // small entries: a million UIDs in the table of every scalar kind took 36 MB more.
            case .uid(let number):
                if let existing = uids[number] { return existing }
                let index = writeScalar(value)
                uids[number] = index
                return index
            case .string(let text):
                if let existing = strings[Spelling(text: text)] { return existing }
                let index = writeScalar(value)
                strings[Spelling(text: text)] = index
                return index
            default:
                let key = BinaryPropertyListWriter.scalarKey(value)
                if let existing = scalars[key] { return existing }
                let index = writeScalar(value)
                scalars[key] = index
                return index
            }
        }

        /// Numbers and writes `value` without sharing it with an equal scalar written before
        /// (containers as ``add(_:)`` writes them), so that no table holds on to it: for many
        /// values known to be distinct, such as the data of a key table.
        mutating func addUnshared(_ value: PropertyList) -> Int {
            switch value {
            case .array, .dictionary: add(value)
            default: writeScalar(value)
            }
        }

        /// Numbers and writes a scalar seen for the first time.
        private mutating func writeScalar(_ value: PropertyList) -> Int {
            let index = reserve()
            offsets[index] = flushed + out.count
            BinaryPropertyListWriter.appendScalar(value, to: &out)
            flushIfFull()
            return index
        }

        /// Writes the array record of the reserved object `index`.
        mutating func writeArray(_ index: Int, _ references: [Int]) {
            offsets[index] = flushed + out.count
            BinaryPropertyListWriter.appendMarker(0xA, count: references.count, to: &out)
            appendReferences(references)
            flushIfFull()
        }

        /// Writes the dictionary record of the reserved object `index`.
        mutating func writeDictionary(_ index: Int, keys: [Int], values: [Int]) {
            offsets[index] = flushed + out.count
            BinaryPropertyListWriter.appendMarker(0xD, count: keys.count, to: &out)
            appendReferences(keys)
            appendReferences(values)
            flushIfFull()
        }

        /// Writes the offset table and the trailer naming `top` as the top object.
        ///
        /// - Throws: ``KeyedArchiveError/Code/limitExceeded`` when an object was reserved but
        ///   never written, or the references did not fit their width.
        mutating func finish(top: Int) throws(KeyedArchiveError) {
            guard !overflowed, !offsets.contains(-1), offsets.count - 1 < referenceLimit else {
                throw KeyedArchiveError(
                    code: .limitExceeded,
                    message: "the streamed property list has \(offsets.count) objects, more than its "
                        + "\(referenceSize)-byte references can name")
            }
            let tableOffset = flushed + out.count
            let offsetSize = BinaryPropertyListWriter.byteCount(for: UInt64(tableOffset))
            for offset in offsets {
                BinaryPropertyListWriter.appendBigEndian(UInt64(offset), size: offsetSize, to: &out)
                flushIfFull()
            }
            out.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)])
            BinaryPropertyListWriter.appendBigEndian(UInt64(offsets.count), size: 8, to: &out)
            BinaryPropertyListWriter.appendBigEndian(UInt64(top), size: 8, to: &out)
            BinaryPropertyListWriter.appendBigEndian(UInt64(tableOffset), size: 8, to: &out)
            sink(out)
            flushed += out.count
            out.removeAll()
        }

        /// The first object number `referenceSize` bytes cannot hold.
        private var referenceLimit: Int { referenceSize >= 8 ? Int.max : 1 << (8 * referenceSize) }

        private mutating func appendReferences(_ references: [Int]) {
            for reference in references {
                if reference >= referenceLimit { overflowed = true }
                BinaryPropertyListWriter.appendBigEndian(UInt64(reference), size: referenceSize, to: &out)
            }
        }

        private mutating func flushIfFull() {
            guard out.count >= 1 << 16 else { return }
            sink(out)
            flushed += out.count
            out.removeAll(keepingCapacity: true)
        }
    }

    /// The key under which equal scalars are shared; containers never are.
    private static func scalarKey(_ value: PropertyList) -> ScalarKey {
        switch value {
        case .string(let text): .string(Spelling(text: text))
        case .data(let bytes): .data(bytes)
        case .integer(let number): .integer(number)
        case .unsignedInteger(let number): .unsignedInteger(number)
        case .real(let number): .real(number.bitPattern)
        case .real32(let number): .real32(number.bitPattern)
        case .bool(let flag): .bool(flag)
        case .null: .null
        case .uid(let number): .uid(number)
        case .date(let seconds): .date(seconds.bitPattern)
        case .array, .dictionary: .null
        }
    }

    static func write(_ root: PropertyList) throws(KeyedArchiveError) -> [UInt8] {
        var flattener = Flattener()
        _ = try flattener.add(root, depth: 0)
        let objects = flattener.objects
        let references = flattener.references
        let referenceSize = byteCount(for: UInt64(objects.count - 1))
        var out: [UInt8] = PropertyList.binaryMagic
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for object in objects {
            offsets.append(out.count)
            switch object {
            case .scalar(let value): appendScalar(value, to: &out)
            case .array(let range):
                appendMarker(0xA, count: range.count, to: &out)
                for reference in references[range] {
                    appendBigEndian(UInt64(reference), size: referenceSize, to: &out)
                }
            case .dictionary(let range):
                appendMarker(0xD, count: range.count / 2, to: &out)
                for reference in references[range] {
                    appendBigEndian(UInt64(reference), size: referenceSize, to: &out)
                }
            }
        }
        let tableOffset = out.count
        // Wide enough for the table's own offset, not only the objects': CoreFoundation's
        // reader refuses a file whose offset size cannot hold the offset table's position
        // (Foundation on Linux failed to read such a storyboard Info.plist; Apple's files
        // size it this way).
        let offsetSize = byteCount(for: UInt64(tableOffset))
        for offset in offsets { appendBigEndian(UInt64(offset), size: offsetSize, to: &out) }
        out.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)])
        appendBigEndian(UInt64(objects.count), size: 8, to: &out)
        appendBigEndian(0, size: 8, to: &out)
        appendBigEndian(UInt64(tableOffset), size: 8, to: &out)
        return out
    }

    /// 1, 2, 4 or 8: the fewest bytes that hold `value`.
    private static func byteCount(for value: UInt64) -> Int {
        switch value {
        case 0...0xFF: 1
        case 0...0xFFFF: 2
        case 0...0xFFFF_FFFF: 4
        default: 8
        }
    }

    private static func appendBigEndian(_ value: UInt64, size: Int, to out: inout [UInt8]) {
        for shift in stride(from: (size - 1) * 8, through: 0, by: -8) {
            out.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    /// A marker with its count in the low nibble, or `F` and an integer object for 15 and more.
    private static func appendMarker(_ type: UInt8, count: Int, to out: inout [UInt8]) {
        if count < 15 {
            out.append(type << 4 | UInt8(count))
        } else {
            out.append(type << 4 | 0x0F)
            appendInteger(Int64(count), to: &out)
        }
    }

    /// Non-negative integers in 1, 2 or 4 unsigned bytes or 8 bytes; negative ones in 8 bytes.
    private static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        let size = value < 0 ? 8 : byteCount(for: UInt64(value))
        out.append(0x10 | UInt8(size.trailingZeroBitCount))
        appendBigEndian(UInt64(bitPattern: value), size: size, to: &out)
    }

    private static func appendScalar(_ value: PropertyList, to out: inout [UInt8]) {
        switch value {
        case .null: out.append(0x00)
        case .bool(let flag): out.append(flag ? 0x09 : 0x08)
        case .integer(let number): appendInteger(number, to: &out)
        case .unsignedInteger(let number):
            out.append(0x14)
            appendBigEndian(0, size: 8, to: &out)
            appendBigEndian(number, size: 8, to: &out)
        case .real32(let number):
            out.append(0x22)
            appendBigEndian(UInt64(number.bitPattern), size: 4, to: &out)
        case .real(let number):
            out.append(0x23)
            appendBigEndian(number.bitPattern, size: 8, to: &out)
        case .date(let seconds):
            out.append(0x33)
            appendBigEndian(seconds.bitPattern, size: 8, to: &out)
        case .data(let bytes):
            appendMarker(0x4, count: bytes.count, to: &out)
            out.append(contentsOf: bytes)
        case .string(let text):
            if text.utf8.allSatisfy({ $0 < 0x80 }) {
                appendMarker(0x5, count: text.utf8.count, to: &out)
                out.append(contentsOf: text.utf8)
            } else {
                let units = Array(text.utf16)
                appendMarker(0x6, count: units.count, to: &out)
                for unit in units { appendBigEndian(UInt64(unit), size: 2, to: &out) }
            }
        case .uid(let number):
            let size = byteCount(for: number)
            out.append(0x80 | UInt8(size - 1))
            appendBigEndian(number, size: size, to: &out)
        case .array, .dictionary: break
        }
    }
}
