/// A geometry struct stored as a data value: marker `07` and float64 components, or marker
/// `06` and float32 components (two for points and sizes, four for rects and insets, six for
/// transforms).
struct Geometry: CustomStringConvertible {
    var components: [Double]

    init?(_ bytes: ArraySlice<UInt8>) {
        guard let marker = bytes.first else { return nil }
        let width: Int
        switch marker {
        case 7: width = 8
        case 6: width = 4
        default: return nil
        }
        let body = bytes.dropFirst()
        guard [2, 4, 6].contains(body.count / width), body.count % width == 0 else { return nil }
        var values: [Double] = []
        var index = body.startIndex
        while index < body.endIndex {
            var bits: UInt64 = 0
            for offset in 0..<width { bits |= UInt64(body[index + offset]) << (8 * UInt64(offset)) }
            values.append(
                width == 8 ? Double(bitPattern: bits) : Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))))
            index += width
        }
        components = values
    }

    var description: String {
        "{"
            + components.map { $0 == $0.rounded() && abs($0) < 1e15 ? String(Int64($0)) : String($0) }.joined(
                separator: ", ") + "}"
    }
}

/// `1 element`, `2 elements`: a count with its noun in the right number.
func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
