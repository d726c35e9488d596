public import Foundation

extension NibArchive {
    /// How ``NibArchive/serialized(layout:)`` places the tables.
    public enum SerializationLayout: Hashable, Sendable {
        /// Put every table, gap and varint back where and how it was read, so an unmodified
        /// parsed archive gives back its input bytes. Archives built in code have no preserved
        /// layout and are written canonically.
        case preserved
        /// Apple's writer's layout: objects, keys, values and classes back to back from offset 50,
        /// minimal varints, empty objects starting at 0, then the trailing bytes.
        case canonical
    }

    /// The archive's bytes.
    ///
    /// With the default ``SerializationLayout/preserved`` layout, a parsed archive is written
    /// back byte for byte. The writer computes the exact size first and fills one buffer.
    public func serialized(layout: SerializationLayout = .preserved) -> [UInt8] {
        if layout == .preserved, let preservedLayout, preservedLayout.isMeasured || fits(preservedLayout) {
            return writePreserved(preservedLayout)
        }
        return writeCanonical()
    }

    /// The archive's bytes as `Data`; see ``serialized(layout:)``.
    public func serializedData(layout: SerializationLayout = .preserved) -> Data {
        Data(serialized(layout: layout))
    }

    // MARK: Sizes

    private func objectTableSize(canonical: Bool) -> Int {
        var size = 0
        for entry in objectEntries {
            let first = canonical && entry.valueCount == 0 ? 0 : entry.firstValue
            size &+=
                width(entry.classIndex, entry.classWidth, canonical)
                &+ width(first, entry.firstWidth, canonical)
                &+ width(entry.valueCount, entry.countWidth, canonical)
        }
        return size
    }

    private func keyTableSize(canonical: Bool) -> Int {
        var size = 0
        for entry in keyEntries {
            size &+= width(entry.length, entry.lengthWidth, canonical) &+ Int(entry.length)
        }
        return size
    }

    private func valueTableSize(canonical: Bool) -> Int {
        var size = 0
        for entry in valueEntries {
            size &+= width(entry.keyIndex, entry.keyWidth, canonical) &+ 1
            if let fixed = entry.type.fixedPayloadSize {
                size &+= fixed
            } else {
                let length = entry.dataLength
                size &+= width(UInt32(truncatingIfNeeded: length), entry.lengthWidth, canonical) &+ length
            }
        }
        return size
    }

    private func classTableSize(canonical: Bool) -> Int {
        var size = 0
        for entry in classEntries {
            size &+=
                width(entry.length, entry.lengthWidth, canonical)
                &+ width(entry.fallbackCount, entry.fallbackCountWidth, canonical)
                &+ 4 &* Int(entry.fallbackCount) &+ Int(entry.length)
        }
        return size
    }

    @inline(__always)
    private func width(_ value: UInt32, _ recorded: UInt8, _ canonical: Bool) -> Int {
        canonical ? NibVarint.minimalWidth(value) : NibVarint.width(value, recorded: recorded)
    }

    /// Whether the tables, written with their recorded varint widths, still have exactly the
    /// sizes they were read with (always true for a parsed archive; an edited JSON may differ).
    private func fits(_ layout: PreservedLayout) -> Bool {
        let tablesEnd =
            [
                layout.objectTable + layout.objectTableSize, layout.keyTable + layout.keyTableSize,
                layout.valueTable + layout.valueTableSize, layout.classTable + layout.classTableSize,
                NibArchive.headerSize,
            ].max() ?? NibArchive.headerSize
        return objectTableSize(canonical: false) == layout.objectTableSize
            && keyTableSize(canonical: false) == layout.keyTableSize
            && valueTableSize(canonical: false) == layout.valueTableSize
            && classTableSize(canonical: false) == layout.classTableSize
            && tablesEnd + trailingRange.count == layout.fileLength
            && layout.gaps.allSatisfy { gap in
                gap.bytes.upperBound <= storage.count && gap.offset >= 0
                    && gap.offset + gap.bytes.count <= tablesEnd
            }
    }

    // MARK: Writing

    private func writePreserved(_ layout: PreservedLayout) -> [UInt8] {
        layout.isMeasured
            ? writePreserved(layout, RecordedWidths.self) : writePreserved(layout, RecordedOrMinimalWidths.self)
    }

    private func writePreserved<Widths: VarintWidthPolicy>(_ layout: PreservedLayout, _: Widths.Type) -> [UInt8] {
        var failed = false
        // A measured layout covers every byte (header, tables, gaps, trailer), so the buffer
        // needs no zero fill; any other layout starts from zeros.
        let output = [UInt8](unsafeUninitializedCapacity: layout.fileLength) { buffer, initialized in
            if !layout.isMeasured, let base = buffer.baseAddress { base.initialize(repeating: 0, count: buffer.count) }
            initialized = buffer.count
            storage.withUnsafeBufferPointer { source in
                var writer = TableWriter(buffer, source)
                writeHeader(
                    &writer, objectOffset: layout.objectTable, keyOffset: layout.keyTable,
                    valueOffset: layout.valueTable, classOffset: layout.classTable)
                for gap in layout.gaps {
                    writer.position = gap.offset
                    writer.copy(gap.bytes)
                }
                writer.position = layout.objectTable
                writeObjects(&writer, Widths.self)
                writer.position = layout.keyTable
                writeKeys(&writer, Widths.self)
                writer.position = layout.valueTable
                writeValues(&writer, Widths.self)
                writer.position = layout.classTable
                writeClasses(&writer, Widths.self)
                writer.position = layout.fileLength - trailingRange.count
                writer.copy(trailingRange)
                failed = writer.failed
            }
        }
        // Never hand out a partly written buffer: the canonical writer zero-fills and sizes exactly.
        return failed ? writeCanonical() : output
    }

    private func writeCanonical() -> [UInt8] {
        let objectOffset = NibArchive.headerSize
        let keyOffset = objectOffset + objectTableSize(canonical: true)
        let valueOffset = keyOffset + keyTableSize(canonical: true)
        let classOffset = valueOffset + valueTableSize(canonical: true)
        let tablesEnd = classOffset + classTableSize(canonical: true)
        var output = [UInt8](repeating: 0, count: tablesEnd + trailingRange.count)
        output.withUnsafeMutableBufferPointer { buffer in
            storage.withUnsafeBufferPointer { source in
                var writer = TableWriter(buffer, source)
                writeHeader(
                    &writer, objectOffset: objectOffset, keyOffset: keyOffset, valueOffset: valueOffset,
                    classOffset: classOffset)
                writeObjects(&writer, MinimalWidths.self)
                writeKeys(&writer, MinimalWidths.self)
                writeValues(&writer, MinimalWidths.self)
                writeClasses(&writer, MinimalWidths.self)
                writer.copy(trailingRange)
            }
        }
        return output
    }

    private func writeHeader(
        _ writer: inout TableWriter, objectOffset: Int, keyOffset: Int, valueOffset: Int, classOffset: Int
    ) {
        writer.position = 0
        guard writer.reserve(NibArchive.headerSize) else { return }
        for byte in NibArchive.magic { writer.byte(byte) }
        writer.uint32(formatVersion)
        writer.uint32(coderVersion)
        for (count, offset) in [
            (objectEntries.count, objectOffset), (keyEntries.count, keyOffset),
            (valueEntries.count, valueOffset), (classEntries.count, classOffset),
        ] {
            writer.uint32(UInt32(truncatingIfNeeded: count))
            writer.uint32(UInt32(truncatingIfNeeded: offset))
        }
    }

    private func writeObjects<Widths: VarintWidthPolicy>(_ outputWriter: inout TableWriter, _: Widths.Type) {
        // A local copy keeps the position in a register: stores through the byte pointer
        // could otherwise alias the `inout` writer and force a reload after every byte.
        var writer = outputWriter
        defer { outputWriter = writer }
        for entry in objectEntries {
            let first = Widths.isCanonical && entry.valueCount == 0 ? 0 : entry.firstValue
            let classWidth = Widths.width(entry.classIndex, entry.classWidth)
            let firstWidth = Widths.width(first, entry.firstWidth)
            let countWidth = Widths.width(entry.valueCount, entry.countWidth)
            guard writer.reserve(classWidth &+ firstWidth &+ countWidth) else { return }
            writer.varint(entry.classIndex, classWidth)
            writer.varint(first, firstWidth)
            writer.varint(entry.valueCount, countWidth)
        }
    }

    private func writeKeys<Widths: VarintWidthPolicy>(_ outputWriter: inout TableWriter, _: Widths.Type) {
        // A local copy keeps the position in a register: stores through the byte pointer
        // could otherwise alias the `inout` writer and force a reload after every byte.
        var writer = outputWriter
        defer { outputWriter = writer }
        for entry in keyEntries {
            let lengthWidth = Widths.width(entry.length, entry.lengthWidth)
            guard writer.reserve(lengthWidth) else { return }
            writer.varint(entry.length, lengthWidth)
            let start = Int(entry.start)
            writer.copy(start..<(start + Int(entry.length)))
        }
    }

    private func writeValues<Widths: VarintWidthPolicy>(_ outputWriter: inout TableWriter, _: Widths.Type) {
        // A local copy keeps the position in a register: stores through the byte pointer
        // could otherwise alias the `inout` writer and force a reload after every byte.
        var writer = outputWriter
        defer { outputWriter = writer }
        for entry in valueEntries {
            let keyWidth = Widths.width(entry.keyIndex, entry.keyWidth)
            let type = entry.type
            if type == .data {
                let start = entry.dataStart
                let length = entry.dataLength
                let lengthValue = UInt32(truncatingIfNeeded: length)
                let lengthWidth = Widths.width(lengthValue, entry.lengthWidth)
                guard writer.reserve(keyWidth &+ 1 &+ lengthWidth) else { return }
                writer.varint(entry.keyIndex, keyWidth)
                writer.byte(type.rawValue)
                writer.varint(lengthValue, lengthWidth)
                writer.copy(start..<(start + length))
                continue
            }
            let payloadSize = type.fixedPayloadSize ?? 0
            guard writer.reserve(keyWidth &+ 1 &+ payloadSize) else { return }
            writer.varint(entry.keyIndex, keyWidth)
            writer.byte(type.rawValue)
            switch payloadSize {
            case 1: writer.byte(UInt8(truncatingIfNeeded: entry.bits))
            case 2: writer.uint16(UInt16(truncatingIfNeeded: entry.bits))
            case 4: writer.uint32(UInt32(truncatingIfNeeded: entry.bits))
            case 8: writer.uint64(entry.bits)
            default: break
            }
        }
    }

    private func writeClasses<Widths: VarintWidthPolicy>(_ outputWriter: inout TableWriter, _: Widths.Type) {
        // A local copy keeps the position in a register: stores through the byte pointer
        // could otherwise alias the `inout` writer and force a reload after every byte.
        var writer = outputWriter
        defer { outputWriter = writer }
        for entry in classEntries {
            let lengthWidth = Widths.width(entry.length, entry.lengthWidth)
            let countWidth = Widths.width(entry.fallbackCount, entry.fallbackCountWidth)
            guard writer.reserve(lengthWidth &+ countWidth) else { return }
            writer.varint(entry.length, lengthWidth)
            writer.varint(entry.fallbackCount, countWidth)
            let fallbackStart = Int(entry.fallbackStart)
            for index in fallbackStart..<(fallbackStart + Int(entry.fallbackCount)) {
                guard writer.reserve(4) else { return }
                writer.uint32(fallbackIndices[index])
            }
            let start = Int(entry.start)
            writer.copy(start..<(start + Int(entry.length)))
        }
    }
}

/// Writes tables into an output buffer whose size was computed (or measured) beforehand.
///
/// Capacity is checked once per entry with ``reserve(_:)`` for the entry's fixed-size part
/// (and in ``copy(_:)`` for byte runs); the per-byte writes that follow a successful reservation
/// are unchecked. A failed reservation stops the table, leaving the zero-filled rest as is,
/// which can only happen if a size computation is wrong — never a trap or an overrun.
private struct TableWriter {
    let base: UnsafeMutablePointer<UInt8>?
    let capacity: Int
    let source: UnsafeBufferPointer<UInt8>
    var position = 0

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>, _ source: UnsafeBufferPointer<UInt8>) {
        base = buffer.baseAddress
        capacity = buffer.count
        self.source = source
    }

    /// Set when a reservation failed: a size computation was wrong and output is incomplete.
    var failed = false

    @inline(__always)
    mutating func reserve(_ length: Int) -> Bool {
        let fits = base != nil && position >= 0 && position <= capacity && length <= capacity &- position
        if !fits { failed = true }
        return fits
    }

    // The unchecked writes below are only called after `reserve` succeeded for their bytes.
    @inline(__always)
    mutating func byte(_ value: UInt8) {
        base.unsafelyUnwrapped[position] = value
        position &+= 1
    }

    @inline(__always)
    mutating func uint16(_ value: UInt16) {
        UnsafeMutableRawPointer(base.unsafelyUnwrapped + position).storeBytes(of: value.littleEndian, as: UInt16.self)
        position &+= 2
    }

    @inline(__always)
    mutating func uint32(_ value: UInt32) {
        UnsafeMutableRawPointer(base.unsafelyUnwrapped + position).storeBytes(of: value.littleEndian, as: UInt32.self)
        position &+= 4
    }

    @inline(__always)
    mutating func uint64(_ value: UInt64) {
        UnsafeMutableRawPointer(base.unsafelyUnwrapped + position).storeBytes(of: value.littleEndian, as: UInt64.self)
        position &+= 8
    }

    /// Writes `value` as a NIBArchive varint of exactly `width` bytes (1…5).
    @inline(__always)
    mutating func varint(_ value: UInt32, _ width: Int) {
        if width == 1 {
            byte(UInt8(truncatingIfNeeded: value) | 0x80)
            return
        }
        var rest = value
        var index = 1
        while index < width {
            byte(UInt8(truncatingIfNeeded: rest & 0x7F))
            rest >>= 7
            index &+= 1
        }
        byte(UInt8(truncatingIfNeeded: rest & 0x7F) | 0x80)
    }

    /// Copies `range` of the archive's storage, checking both ends.
    @inline(__always)
    mutating func copy(_ range: Range<Int>) {
        let length = range.count
        guard length > 0 else { return }
        guard range.lowerBound >= 0, range.upperBound <= source.count, reserve(length), let from = source.baseAddress
        else {
            failed = true
            return
        }
        (base.unsafelyUnwrapped + position).update(from: from + range.lowerBound, count: length)
        position &+= length
    }
}

/// How the writer chooses each varint's width.
private protocol VarintWidthPolicy {
    static var isCanonical: Bool { get }
    static func width(_ value: UInt32, _ recorded: UInt8) -> Int
}

/// The widths the parser read: exact for an unmodified parsed archive.
private enum RecordedWidths: VarintWidthPolicy {
    static var isCanonical: Bool { false }
    @inline(__always) static func width(_ value: UInt32, _ recorded: UInt8) -> Int {
        // A width read from a file always holds its value; the clamp keeps a bad one harmless.
        recorded >= 1 && recorded <= 5 ? Int(recorded) : NibVarint.minimalWidth(value)
    }
}

/// The recorded width where it still holds the value (a layout read from JSON, maybe edited).
private enum RecordedOrMinimalWidths: VarintWidthPolicy {
    static var isCanonical: Bool { false }
    @inline(__always) static func width(_ value: UInt32, _ recorded: UInt8) -> Int {
        NibVarint.width(value, recorded: recorded)
    }
}

/// Minimal widths, as Apple's writer uses.
private enum MinimalWidths: VarintWidthPolicy {
    static var isCanonical: Bool { true }
    @inline(__always) static func width(_ value: UInt32, _ recorded: UInt8) -> Int { NibVarint.minimalWidth(value) }
}
