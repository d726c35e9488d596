public import Foundation
import ByteIO

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
        if layout == .preserved, let preservedLayout, fits(preservedLayout) {
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
            size &+= width(entry.classIndex, entry.classWidth, canonical)
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
            size &+= width(entry.length, entry.lengthWidth, canonical)
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
        let tablesEnd = [
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
        var output = [UInt8](repeating: 0, count: layout.fileLength)
        output.withUnsafeMutableBufferPointer { buffer in
            storage.withUnsafeBufferPointer { source in
                var writer = ByteWriter(buffer)
                writeHeader(
                    &writer, objectOffset: layout.objectTable, keyOffset: layout.keyTable,
                    valueOffset: layout.valueTable, classOffset: layout.classTable)
                for gap in layout.gaps {
                    writer.offset = gap.offset
                    writer.writeBytes(UnsafeBufferPointer(rebasing: source[gap.bytes]))
                }
                writer.offset = layout.objectTable
                writeObjects(&writer, canonical: false)
                writer.offset = layout.keyTable
                writeKeys(&writer, source, canonical: false)
                writer.offset = layout.valueTable
                writeValues(&writer, source, canonical: false)
                writer.offset = layout.classTable
                writeClasses(&writer, source, canonical: false)
                writer.offset = layout.fileLength - trailingRange.count
                writer.writeBytes(UnsafeBufferPointer(rebasing: source[trailingRange]))
            }
        }
        return output
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
                var writer = ByteWriter(buffer)
                writeHeader(
                    &writer, objectOffset: objectOffset, keyOffset: keyOffset, valueOffset: valueOffset,
                    classOffset: classOffset)
                writeObjects(&writer, canonical: true)
                writeKeys(&writer, source, canonical: true)
                writeValues(&writer, source, canonical: true)
                writeClasses(&writer, source, canonical: true)
                writer.writeBytes(UnsafeBufferPointer(rebasing: source[trailingRange]))
            }
        }
        return output
    }

    private func writeHeader(
        _ writer: inout ByteWriter, objectOffset: Int, keyOffset: Int, valueOffset: Int, classOffset: Int
    ) {
        writer.offset = 0
        writer.writeBytes(NibArchive.magic)
        writer.writeUInt32LE(formatVersion)
        writer.writeUInt32LE(coderVersion)
        for (count, offset) in [
            (objectEntries.count, objectOffset), (keyEntries.count, keyOffset),
            (valueEntries.count, valueOffset), (classEntries.count, classOffset),
        ] {
            writer.writeUInt32LE(UInt32(truncatingIfNeeded: count))
            writer.writeUInt32LE(UInt32(truncatingIfNeeded: offset))
        }
    }

    @inline(__always)
    private func writeVarint(_ writer: inout ByteWriter, _ value: UInt32, _ recorded: UInt8, _ canonical: Bool) {
        let count = width(value, recorded, canonical)
        var rest = value
        var index = 1
        while index < count {
            writer.writeUInt8(UInt8(truncatingIfNeeded: rest & 0x7F))
            rest >>= 7
            index &+= 1
        }
        writer.writeUInt8(UInt8(truncatingIfNeeded: rest & 0x7F) | 0x80)
    }

    private func writeObjects(_ writer: inout ByteWriter, canonical: Bool) {
        for entry in objectEntries {
            let first = canonical && entry.valueCount == 0 ? 0 : entry.firstValue
            writeVarint(&writer, entry.classIndex, entry.classWidth, canonical)
            writeVarint(&writer, first, entry.firstWidth, canonical)
            writeVarint(&writer, entry.valueCount, entry.countWidth, canonical)
        }
    }

    private func writeKeys(_ writer: inout ByteWriter, _ source: UnsafeBufferPointer<UInt8>, canonical: Bool) {
        for entry in keyEntries {
            writeVarint(&writer, entry.length, entry.lengthWidth, canonical)
            let start = Int(entry.start)
            writer.writeBytes(UnsafeBufferPointer(rebasing: source[start..<(start + Int(entry.length))]))
        }
    }

    private func writeValues(_ writer: inout ByteWriter, _ source: UnsafeBufferPointer<UInt8>, canonical: Bool) {
        for entry in valueEntries {
            writeVarint(&writer, entry.keyIndex, entry.keyWidth, canonical)
            writer.writeUInt8(entry.type.rawValue)
            switch entry.type {
            case .int8: writer.writeUInt8(UInt8(truncatingIfNeeded: entry.bits))
            case .int16: writer.writeUInt16LE(UInt16(truncatingIfNeeded: entry.bits))
            case .int32, .float32, .objectReference: writer.writeUInt32LE(UInt32(truncatingIfNeeded: entry.bits))
            case .int64, .float64: writer.writeUInt64LE(entry.bits)
            case .false, .true, .nil: break
            case .data:
                let start = entry.dataStart
                let length = entry.dataLength
                writeVarint(&writer, UInt32(truncatingIfNeeded: length), entry.lengthWidth, canonical)
                writer.writeBytes(UnsafeBufferPointer(rebasing: source[start..<(start + length)]))
            }
        }
    }

    private func writeClasses(_ writer: inout ByteWriter, _ source: UnsafeBufferPointer<UInt8>, canonical: Bool) {
        for entry in classEntries {
            writeVarint(&writer, entry.length, entry.lengthWidth, canonical)
            writeVarint(&writer, entry.fallbackCount, entry.fallbackCountWidth, canonical)
            let fallbackStart = Int(entry.fallbackStart)
            for index in fallbackStart..<(fallbackStart + Int(entry.fallbackCount)) {
                writer.writeUInt32LE(fallbackIndices[index])
            }
            let start = Int(entry.start)
            writer.writeBytes(UnsafeBufferPointer(rebasing: source[start..<(start + Int(entry.length))]))
        }
    }
}
