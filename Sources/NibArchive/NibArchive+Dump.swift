extension NibArchive {
    /// The canonical `nibdump 1` text of the archive: what the tables hold, byte for byte the
    /// same as every other correct implementation prints (see the NibDump article).
    ///
    /// Every object is followed by its values; names and keys are escaped (`\\`, `\t`, `\n`,
    /// `\r`, `\xHH` for controls and bytes that do not start valid UTF-8); floats are printed as
    /// their bit patterns, data as length and hex. Offsets, varint widths, gaps and trailing
    /// bytes are not part of the dump.
    ///
    /// Objects may share runs of values; the dump prints the values of each object, so it
    /// counts every line (and every 8 bytes of data) against `expansionLimit`.
    ///
    /// - Throws: ``ExpansionLimitError`` when shared value runs would make the dump longer than
    ///   the limit allows for the archive's size.
    public func nibdump(expansionLimit: ExpansionLimit = .standard) throws(ExpansionLimitError) -> String {
        String(decoding: try nibdumpBytes(expansionLimit: expansionLimit), as: UTF8.self)
    }

    /// The `nibdump 1` text as UTF-8 bytes; see ``nibdump(expansionLimit:)``.
    ///
    /// - Throws: ``ExpansionLimitError`` when shared value runs would make the dump longer than
    ///   the limit allows for the archive's size.
    public func nibdumpBytes(expansionLimit: ExpansionLimit = .standard) throws(ExpansionLimitError) -> [UInt8] {
        var budget = ExpansionBudget(expansionLimit, inputSize: storage.count, what: "dump lines")
        // Count every line before writing any, so a hostile archive is refused before its
        // dump is built.
        for object in objectEntries {
            try budget.spend()
            let first = Int(object.firstValue)
            for valueIndex in first..<(first + Int(object.valueCount)) {
                let value = valueEntries[valueIndex]
                try budget.spend(bytes: value.type == .data ? value.dataLength : 0)
            }
        }
        var out = DumpWriter()
        out.bytes.reserveCapacity(storage.count * 4 + 256)
        storage.withUnsafeBufferPointer { source in
            // Each class name and key is escaped once; value lines reuse the escaped bytes.
            var names = DumpWriter()
            var classNames: [Range<Int>] = []
            classNames.reserveCapacity(classEntries.count)
            for entry in classEntries {
                let start = Int(entry.start)
                let nameStart = names.bytes.count
                // The name is the stored bytes without the last one, whatever that byte is.
                names.escaped(source, start..<(start + Int(entry.length) - 1))
                classNames.append(nameStart..<names.bytes.count)
            }
            var keyNames: [Range<Int>] = []
            keyNames.reserveCapacity(keyEntries.count)
            for entry in keyEntries {
                let start = Int(entry.start)
                let nameStart = names.bytes.count
                names.escaped(source, start..<(start + Int(entry.length)))
                keyNames.append(nameStart..<names.bytes.count)
            }
            let escaped = names.bytes

            out.ascii("nibdump\t1\nheader\t")
            out.decimal(UInt64(formatVersion))
            out.tab()
            out.decimal(UInt64(coderVersion))
            for count in [objectEntries.count, keyEntries.count, valueEntries.count, classEntries.count] {
                out.tab()
                out.decimal(UInt64(count))
            }
            out.newline()
            for (index, entry) in classEntries.enumerated() {
                out.ascii("class\t")
                out.decimal(UInt64(index))
                out.tab()
                out.bytes.append(contentsOf: escaped[classNames[index]])
                out.tab()
                if entry.fallbackCount == 0 {
                    out.ascii("-")
                } else {
                    let first = Int(entry.fallbackStart)
                    for position in first..<(first + Int(entry.fallbackCount)) {
                        if position != first { out.ascii(",") }
                        out.decimal(UInt64(fallbackIndices[position]))
                    }
                }
                out.newline()
            }
            for index in keyEntries.indices {
                out.ascii("key\t")
                out.decimal(UInt64(index))
                out.tab()
                out.bytes.append(contentsOf: escaped[keyNames[index]])
                out.newline()
            }
            var prefix = DumpWriter()
            for (index, object) in objectEntries.enumerated() {
                let className = escaped[classNames[Int(object.classIndex)]]
                out.ascii("object\t")
                out.decimal(UInt64(index))
                out.tab()
                out.decimal(UInt64(object.classIndex))
                out.tab()
                out.bytes.append(contentsOf: className)
                out.tab()
                out.decimal(UInt64(object.firstValue))
                out.tab()
                out.decimal(UInt64(object.valueCount))
                out.newline()
                // "value<TAB>i<TAB>className<TAB>" is the same for every value of the object.
                prefix.bytes.removeAll(keepingCapacity: true)
                prefix.ascii("value\t")
                prefix.decimal(UInt64(index))
                prefix.tab()
                prefix.bytes.append(contentsOf: className)
                prefix.tab()
                let first = Int(object.firstValue)
                for valueIndex in first..<(first + Int(object.valueCount)) {
                    let value = valueEntries[valueIndex]
                    out.bytes.append(contentsOf: prefix.bytes)
                    out.bytes.append(contentsOf: escaped[keyNames[Int(value.keyIndex)]])
                    out.tab()
                    out.decimal(UInt64(value.type.rawValue))
                    out.tab()
                    out.payload(value, source)
                    out.newline()
                }
            }
        }
        return out.bytes
    }
}

/// Appends dump text to a byte buffer.
private struct DumpWriter {
    var bytes: [UInt8] = []

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    mutating func ascii(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func tab() { bytes.append(0x09) }
    mutating func newline() { bytes.append(0x0A) }

    mutating func decimal(_ value: UInt64) {
        if value < 10 {
            bytes.append(0x30 &+ UInt8(truncatingIfNeeded: value))
            return
        }
        // UInt64.max has 20 digits; write them backwards into a stack buffer.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var count = 0
            var rest = value
            while rest > 0 {
                count &+= 1
                digits[20 &- count] = 0x30 &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[(20 &- count)...]))
        }
    }

    mutating func signed(_ value: Int64) {
        if value < 0 {
            bytes.append(0x2D)
            decimal(value.magnitude)
        } else {
            decimal(UInt64(value))
        }
    }

    mutating func hex(_ value: UInt64, digits: Int) {
        bytes.append(contentsOf: [0x30, 0x78])  // "0x"
        var shift = (digits - 1) * 4
        while shift >= 0 {
            bytes.append(DumpWriter.hexDigits[Int((value >> UInt64(shift)) & 0xF)])
            shift -= 4
        }
    }

    mutating func escaped(_ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        let slice = UnsafeBufferPointer(rebasing: source[range])
        var index = 0
        while index < slice.count {
            let byte = slice[index]
            switch byte {
            case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
            case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
            case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
            case 0x20..<0x7F: bytes.append(byte)
            case 0x00..<0x20, 0x7F: escapeByte(byte)
            default:
                if let length = UTF8Validation.sequenceLength(slice, at: index) {
                    bytes.append(contentsOf: slice[index..<(index + length)])
                    index += length
                    continue
                }
                escapeByte(byte)
            }
            index += 1
        }
    }

    private mutating func escapeByte(_ byte: UInt8) {
        bytes.append(contentsOf: [
            0x5C, 0x78, DumpWriter.hexDigits[Int(byte >> 4)], DumpWriter.hexDigits[Int(byte & 0xF)],
        ])
    }

    mutating func payload(_ value: ValueEntry, _ source: UnsafeBufferPointer<UInt8>) {
        let bits = value.bits
        switch value.type {
        case .int8: signed(Int64(Int8(truncatingIfNeeded: bits)))
        case .int16: signed(Int64(Int16(truncatingIfNeeded: bits)))
        case .int32: signed(Int64(Int32(truncatingIfNeeded: bits)))
        case .int64: signed(Int64(bitPattern: bits))
        case .false, .true, .nil: bytes.append(0x2D)
        case .float32: hex(bits, digits: 8)
        case .float64: hex(bits, digits: 16)
        case .objectReference: decimal(bits)
        case .data:
            decimal(UInt64(value.dataLength))
            bytes.append(0x3A)  // ":"
            let data = UnsafeBufferPointer(rebasing: source[value.dataStart..<(value.dataStart + value.dataLength)])
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: data.count &* 2))
            bytes.withUnsafeMutableBufferPointer { output in
                var position = start
                for byte in data {
                    output[position] = DumpWriter.hexDigits[Int(byte >> 4)]
                    output[position &+ 1] = DumpWriter.hexDigits[Int(byte & 0xF)]
                    position &+= 2
                }
            }
        }
    }
}
