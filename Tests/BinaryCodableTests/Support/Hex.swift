import Foundation

/// Bytes from annotated hex lines: spaces and `|` are for reading only.
func bytes(_ lines: String...) -> Data {
    bytes(lines)
}

func bytes(_ lines: [String]) -> Data {
    let digits = lines.joined().filter { $0.isHexDigit }
    var data = Data()
    var index = digits.startIndex
    while index < digits.endIndex {
        let next = digits.index(index, offsetBy: 2)
        if let byte = UInt8(digits[index..<next], radix: 16) { data.append(byte) }
        index = next
    }
    return data
}

extension Data {
    var hex: String { map { String(format: "%02x", $0) }.joined() }
}

/// A small, seeded generator (SplitMix64) so failures can be replayed from the printed seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
