import NibArchive

/// Byte offsets of value-table entries, for error messages. NibArchive does not expose them,
/// so they are found by walking the value table of the serialized bytes (only on error paths).
enum ValueOffsets {
    static func offset(ofValue valueIndex: Int, in archive: NibArchive) -> Int? {
        guard let layout = archive.layout, valueIndex >= 0, valueIndex < archive.values.count else { return nil }
        let bytes = archive.serialized()
        var position = layout.valueTable.lowerBound
        func varint() -> Int? {
            var result = 0
            var shift = 0
            while position < bytes.count, shift < 35 {
                let byte = bytes[position]
                position += 1
                result |= Int(byte & 0x7F) << shift
                if byte & 0x80 != 0 { return result }
                shift += 7
            }
            return nil
        }
        for index in 0...valueIndex {
            if index == valueIndex { return position }
            guard varint() != nil, position < bytes.count, let type = ValueType(rawValue: bytes[position]) else {
                return nil
            }
            position += 1
            if let size = type.fixedPayloadSize {
                position += size
            } else {
                guard let length = varint() else { return nil }
                position += length
            }
        }
        return nil
    }
}
