/// A bounds-checked cursor over a contiguous run of bytes.
///
/// Every read checks the bytes that remain before touching memory and reports a short read as
/// `nil` or a thrown ``ByteReader/EndOfInput`` carrying the offset where the read started, so
/// callers can name the byte offset of a problem. `read…` advances, `get…(at:)` does not.
///
/// The reader borrows the memory it reads; it is only valid inside the `withUnsafeBytes`-style
/// closure that produced its pointer.
package struct ByteReader {
    /// Thrown when a read needs more bytes than remain.
    package struct EndOfInput: Error, Equatable {
        /// Where the failed read started.
        package var offset: Int
        @inlinable
        package init(offset: Int) { self.offset = offset }
    }

    package let buffer: UnsafeBufferPointer<UInt8>
    /// Number of readable bytes.
    package var count: Int { buffer.count }
    /// The position of the next read, as an offset from `base`.
    package var offset: Int

    /// Creates a reader over `buffer`, starting at `offset`.
    @inlinable
    package init(_ buffer: UnsafeBufferPointer<UInt8>, offset: Int = 0) {
        self.buffer = buffer
        self.offset = offset
    }

    /// Bytes left after `offset` (0 when `offset` is past the end).
    @inlinable @inline(__always)
    package var remaining: Int { offset < count ? count &- offset : 0 }

    /// Whether `length` bytes can be read starting at `position`.
    @inlinable @inline(__always)
    package func contains(_ position: Int, length: Int) -> Bool {
        position >= 0 && length >= 0 && position <= count && length <= count &- position
    }

    @inlinable @inline(__always)
    package mutating func readUInt8() throws(EndOfInput) -> UInt8 {
        guard offset >= 0, offset < count else { throw EndOfInput(offset: offset) }
        let byte = buffer[offset]
        offset &+= 1
        return byte
    }

    @inlinable @inline(__always)
    package func getUInt32LE(at position: Int) throws(EndOfInput) -> UInt32 {
        guard contains(position, length: 4) else { throw EndOfInput(offset: position) }
        return UnsafeRawBufferPointer(buffer).loadUnaligned(fromByteOffset: position, as: UInt32.self).littleEndian
    }

    @inlinable @inline(__always)
    package mutating func readUInt32LE() throws(EndOfInput) -> UInt32 {
        let value = try getUInt32LE(at: offset)
        offset &+= 4
        return value
    }

    @inlinable @inline(__always)
    package func getUInt64LE(at position: Int) throws(EndOfInput) -> UInt64 {
        guard contains(position, length: 8) else { throw EndOfInput(offset: position) }
        return UnsafeRawBufferPointer(buffer).loadUnaligned(fromByteOffset: position, as: UInt64.self).littleEndian
    }

    @inlinable @inline(__always)
    package func getUInt16LE(at position: Int) throws(EndOfInput) -> UInt16 {
        guard contains(position, length: 2) else { throw EndOfInput(offset: position) }
        return UnsafeRawBufferPointer(buffer).loadUnaligned(fromByteOffset: position, as: UInt16.self).littleEndian
    }

    /// Advances past `length` bytes, returning where they start.
    @inlinable @inline(__always)
    package mutating func skip(_ length: Int) throws(EndOfInput) -> Int {
        guard contains(offset, length: length) else { throw EndOfInput(offset: offset) }
        let start = offset
        offset &+= length
        return start
    }

    /// Whether the `length` bytes at `position` equal `expected`.
    @inlinable
    package func bytes(at position: Int, equal expected: some Collection<UInt8>) -> Bool {
        guard contains(position, length: expected.count) else { return false }
        var index = position
        for byte in expected {
            if buffer[index] != byte { return false }
            index &+= 1
        }
        return true
    }
}
