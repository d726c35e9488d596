/// Varint and zig-zag arithmetic of format v3 (§2.1, §2.2).
enum Varint {
    /// Bytes that `V(value)` takes: 1…9; values of 2^56 and more take exactly 9.
    @inline(__always)
    static func size(of value: UInt64) -> Int {
        if value < 1 << 7 { return 1 }
        if value < 1 << 14 { return 2 }
        if value < 1 << 21 { return 3 }
        if value < 1 << 28 { return 4 }
        if value < 1 << 35 { return 5 }
        if value < 1 << 42 { return 6 }
        if value < 1 << 49 { return 7 }
        if value < 1 << 56 { return 8 }
        return 9
    }

    @inline(__always)
    static func zigZag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }

    @inline(__always)
    static func unZigZag(_ raw: UInt64) -> Int64 {
        Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }
}
