import Foundation

/// One growing byte buffer; the only place the encoder touches raw memory.
///
/// Every append reserves first, so a write can never land outside the allocation.
/// `takeData()` hands the allocation to `Data` without copying.
///
/// Its stored properties skip dynamic exclusivity checks: they are only touched by this class's
/// own non-overlapping, non-reentrant methods, and the checks cost more than the writes.
final class ByteWriter {
    @exclusivity(unchecked) private var base: UnsafeMutableRawPointer?
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private(set) var capacity = 0

    init(capacity: Int = 0) {
        if capacity > 0 { reserve(capacity) }
    }

    deinit { base?.deallocate() }

    /// Makes room for `additional` more bytes.
    @inline(__always)
    func reserve(_ additional: Int) {
        let (needed, overflow) = count.addingReportingOverflow(additional)
        guard overflow || needed > capacity else { return }
        grow(to: overflow ? Int.max : needed)
    }

    private func grow(to needed: Int) {
        var newCapacity = max(capacity, 64)
        while newCapacity < needed {
            let (doubled, overflow) = newCapacity.multipliedReportingOverflow(by: 2)
            newCapacity = overflow ? needed : doubled
        }
        // `allocate` stops the process on exhaustion, exactly like growing an Array would.
        let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
        // Zeroed, so `prefixWord(at:length:)` may read the whole word past the end.
        grown.initializeMemory(as: UInt8.self, repeating: 0, count: newCapacity)
        if let base {
            grown.copyMemory(from: base, byteCount: count)
            base.deallocate()
        }
        base = grown
        capacity = newCapacity
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1)
        base.unsafelyUnwrapped.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (base.unsafelyUnwrapped + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    func append(_ data: Data) {
        data.withUnsafeBytes { append($0) }
    }

    /// Copies `length` bytes that start at `offset` in `other`.
    func append(from other: ByteWriter, offset: Int, length: Int) {
        precondition(offset >= 0 && length >= 0 && offset <= other.count - length, "internal: arena range")
        guard length > 0, let source = other.base else { return }
        append(UnsafeRawBufferPointer(start: source + offset, count: length))
    }

    @inline(__always)
    func appendVarint(_ value: UInt64) {
        reserve(9)
        let out = base.unsafelyUnwrapped + count
        var value = value
        var index = 0
        while index < 8 {
            if value < 0x80 {
                out.storeBytes(of: UInt8(truncatingIfNeeded: value), toByteOffset: index, as: UInt8.self)
                count += index + 1
                return
            }
            out.storeBytes(of: UInt8(truncatingIfNeeded: value) | 0x80, toByteOffset: index, as: UInt8.self)
            value >>= 7
            index += 1
        }
        out.storeBytes(of: UInt8(truncatingIfNeeded: value), toByteOffset: 8, as: UInt8.self)
        count += 9
    }

    @inline(__always)
    func appendZigZag(_ value: Int64) {
        appendVarint(Varint.zigZag(value))
    }

    /// Appends the raw in-memory bytes of a trivial value (callers pass `.littleEndian`/`.bigEndian`).
    @inline(__always)
    func appendRaw<T: FixedWidthInteger>(_ value: T) {
        let size = MemoryLayout<T>.size
        reserve(size)
        (base.unsafelyUnwrapped + count).storeBytes(of: value, as: T.self)
        count += size
    }

    /// Reserves `byteCount` bytes and lets `body` fill all of them.
    @inline(__always)
    func appendUninitialized(_ byteCount: Int, _ body: (UnsafeMutableRawBufferPointer) -> Void) {
        guard byteCount > 0 else { return }
        reserve(byteCount)
        body(UnsafeMutableRawBufferPointer(start: base.unsafelyUnwrapped + count, count: byteCount))
        count += byteCount
    }

    @inline(__always)
    func appendString(_ string: String) {
        // Native and small strings lend their UTF-8 in place; others are made native first.
        let appended: Void? = string.utf8.withContiguousStorageIfAvailable { append(UnsafeRawBufferPointer($0)) }
        guard appended == nil else { return }
        var string = string
        string.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Replaces the one-byte placeholder at `position` with `V(value)`, moving the bytes after it
    /// when the varint needs more than one byte.
    func patchVarint(_ value: UInt64, atPlaceholder position: Int) {
        precondition(position >= 0 && position < count, "internal: placeholder position")
        let size = Varint.size(of: value)
        if size > 1 {
            reserve(size - 1)
            let tail = base.unsafelyUnwrapped + position + 1
            memmove(tail + (size - 1), tail, count - position - 1)
            count += size - 1
        }
        var value = value
        let out = base.unsafelyUnwrapped + position
        for index in 0..<size {
            let last = index == size - 1
            let byte = last ? UInt8(truncatingIfNeeded: value) : UInt8(truncatingIfNeeded: value) | 0x80
            out.storeBytes(of: byte, toByteOffset: index, as: UInt8.self)
            value >>= 7
        }
    }

    /// The byte at `position`, which must be below ``count``.
    @inline(__always)
    func byte(at position: Int) -> UInt8 {
        precondition(position >= 0 && position < count, "internal: byte position")
        return base.unsafelyUnwrapped.load(fromByteOffset: position, as: UInt8.self)
    }

    /// Overwrites the byte at `position`, which must be below ``count``.
    @inline(__always)
    func setByte(_ byte: UInt8, at position: Int) {
        precondition(position >= 0 && position < count, "internal: byte position")
        base.unsafelyUnwrapped.storeBytes(of: byte, toByteOffset: position, as: UInt8.self)
    }

    /// Whether the `length` bytes at `first` equal those at `second` (both ranges written).
    @inline(__always)
    func bytesEqual(_ first: Int, _ second: Int, length: Int) -> Bool {
        precondition(
            first >= 0 && second >= 0 && length >= 0 && first <= count - length && second <= count - length,
            "internal: compared ranges")
        guard length > 0 else { return true }
        let base = base.unsafelyUnwrapped
        return memcmp(base + first, base + second, length) == 0
    }

    /// The first `min(length, 8)` bytes at `position`, little-endian in a word (the rest zero).
    @inline(__always)
    func prefixWord(at position: Int, length: Int) -> UInt64 {
        precondition(position >= 0 && length >= 0 && position <= count - length, "internal: word range")
        guard length > 0 else { return 0 }
        let base = base.unsafelyUnwrapped
        if capacity - position >= 8 {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            return length >= 8 ? word : word & ((1 << (8 * UInt64(length))) - 1)
        }
        var word: UInt64 = 0
        for offset in 0..<min(length, 8) {
            word |= UInt64(base.load(fromByteOffset: position + offset, as: UInt8.self)) << (8 * UInt64(offset))
        }
        return word
    }

    /// Drops everything from `position` on.
    func truncate(to position: Int) {
        precondition(position >= 0 && position <= count, "internal: truncate position")
        count = position
    }

    /// A copy of the bytes as `Data`; the writer keeps its buffer.
    func copyData() -> Data {
        guard let base, count > 0 else { return Data() }
        return Data(bytes: base, count: count)
    }

    /// Gives the bytes away as `Data` (no copy) and leaves the writer empty.
    func takeData() -> Data {
        guard let base, count > 0 else { return Data() }
        let data = Data(bytesNoCopy: base, count: count, deallocator: .custom { pointer, _ in pointer.deallocate() })
        self.base = nil
        count = 0
        capacity = 0
        return data
    }
}
