extension NibArchive {
    /// The canonical `nibdump 1` text of the archive: what the tables hold, byte for byte the
    /// same as every other correct implementation prints (see the NibDump article).
    ///
    /// Every object is followed by its values; names and keys are escaped (`\\`, `\t`, `\n`,
    /// `\r`, `\xHH` for controls and bytes that do not start valid UTF-8); floats are printed as
    /// their bit patterns, data as length and hex. Offsets, varint widths, gaps and trailing
    /// bytes are not part of the dump.
    public func nibdump() -> String {
        String(decoding: nibdumpBytes(), as: UTF8.self)
    }

    /// The `nibdump 1` text as UTF-8 bytes; see ``nibdump()``.
    public func nibdumpBytes() -> [UInt8] {
        var out = DumpWriter()
        out.bytes.reserveCapacity(storage.count * 3 + 256)
        storage.withUnsafeBufferPointer { source in
            out.ascii("nibdump\t1\nheader\t")
            out.decimal(UInt64(formatVersion))
            out.tab()
            out.decimal(UInt64(coderVersion))
            for count in [objectEntries.count, keyEntries.count, valueEntries.count, classEntries.count] {
                out.tab()
                out.decimal(UInt64(count))
            }
            out.newline()
            var classNames: [Range<Int>] = []
            classNames.reserveCapacity(classEntries.count)
            for (index, entry) in classEntries.enumerated() {
                let start = Int(entry.start)
                // The name is the stored bytes without the last one, whatever that byte is.
                let name = start..<(start + Int(entry.length) - 1)
                classNames.append(name)
                out.ascii("class\t")
                out.decimal(UInt64(index))
                out.tab()
                out.escaped(source, name)
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
            for (index, entry) in keyEntries.enumerated() {
                out.ascii("key\t")
                out.decimal(UInt64(index))
                out.tab()
                let start = Int(entry.start)
                out.escaped(source, start..<(start + Int(entry.length)))
                out.newline()
            }
            for (index, object) in objectEntries.enumerated() {
                let className = classNames[Int(object.classIndex)]
                out.ascii("object\t")
                out.decimal(UInt64(index))
                out.tab()
                out.decimal(UInt64(object.classIndex))
                out.tab()
                out.escaped(source, className)
                out.tab()
                out.decimal(UInt64(object.firstValue))
                out.tab()
                out.decimal(UInt64(object.valueCount))
                out.newline()
                let first = Int(object.firstValue)
                for valueIndex in first..<(first + Int(object.valueCount)) {
                    let value = valueEntries[valueIndex]
                    let key = keyEntries[Int(value.keyIndex)]
                    out.ascii("value\t")
                    out.decimal(UInt64(index))
                    out.tab()
                    out.escaped(source, className)
                    out.tab()
                    out.escaped(source, Int(key.start)..<(Int(key.start) + Int(key.length)))
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
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for UInt64.max's 20 digits
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                count += 1
                buffer[24 - count] = 0x30 &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            }
            bytes.append(contentsOf: buffer[(24 - count)..<24])
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
            for byte in UnsafeBufferPointer(rebasing: source[value.dataStart..<(value.dataStart + value.dataLength)]) {
                bytes.append(DumpWriter.hexDigits[Int(byte >> 4)])
                bytes.append(DumpWriter.hexDigits[Int(byte & 0xF)])
            }
        }
    }
}
