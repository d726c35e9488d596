/// Writes into a buffer whose size was computed beforehand.
///
/// Writers in NibKit compute the exact output size first, allocate once, and fill the buffer
/// with a `ByteWriter`. Writing past the end is a programming error in the size pass, which the
/// writer guards against with a precondition-free clamp: excess bytes are dropped and
/// ``overflowed`` is set, so callers can detect a size mismatch without a trap.
package struct ByteWriter {
    package let buffer: UnsafeMutableBufferPointer<UInt8>
    package var capacity: Int { buffer.count }
    /// The position of the next write.
    package var offset: Int
    /// Set when a write did not fit; the bytes beyond `capacity` were dropped.
    package var overflowed = false

    @inlinable
    package init(_ buffer: UnsafeMutableBufferPointer<UInt8>, offset: Int = 0) {
        self.buffer = buffer
        self.offset = offset
    }

    @inline(__always)
    @usableFromInline
    mutating func reserve(_ length: Int) -> Bool {
        guard offset >= 0, length <= capacity &- offset else {
            overflowed = true
            return false
        }
        return true
    }

    @inlinable @inline(__always)
    package mutating func writeUInt8(_ value: UInt8) {
        guard reserve(1) else { return }
        buffer[offset] = value
        offset &+= 1
    }

    @inlinable @inline(__always)
    package mutating func writeUInt16LE(_ value: UInt16) {
        guard reserve(2) else { return }
        UnsafeMutableRawBufferPointer(buffer).storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt16.self)
        offset &+= 2
    }

    @inlinable @inline(__always)
    package mutating func writeUInt32LE(_ value: UInt32) {
        guard reserve(4) else { return }
        UnsafeMutableRawBufferPointer(buffer).storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt32.self)
        offset &+= 4
    }

    @inlinable @inline(__always)
    package mutating func writeUInt64LE(_ value: UInt64) {
        guard reserve(8) else { return }
        UnsafeMutableRawBufferPointer(buffer).storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt64.self)
        offset &+= 8
    }

    /// Copies `length` bytes from `source`.
    @inlinable @inline(__always)
    package mutating func writeBytes(_ source: UnsafeBufferPointer<UInt8>) {
        let length = source.count
        guard length > 0, let from = source.baseAddress, let to = buffer.baseAddress, reserve(length) else { return }
        (to + offset).update(from: from, count: length)
        offset &+= length
    }

    @inlinable
    package mutating func writeBytes(_ bytes: some Collection<UInt8>) {
        for byte in bytes { writeUInt8(byte) }
    }
}
