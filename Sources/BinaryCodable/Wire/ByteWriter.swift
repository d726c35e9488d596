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
    @exclusivity(unchecked) private var capacity = 0

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

    func appendString(_ string: String) {
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
