/// Where one element of a container (or a root value) lives in the input.
enum Slot {
    /// N-form content at the root: a single-value container reads a nil indicator byte first.
    case root(Range<Int>)
    /// The body of a framed element; its nil flag was already in the frame prefix.
    case element(Range<Int>)
    /// The nil element `01`, at this offset.
    case nilElement(at: Int)
}

/// The one audited cursor over input bytes. Every read checks the bounds first and reports
/// failures as `WireError` with the absolute offset of the unit that failed.
struct ByteReader {
    private let base: UnsafeRawPointer
    private(set) var position: Int
    let end: Int
    let offsetBase: Int

    init(base: UnsafeRawPointer, range: Range<Int>, offsetBase: Int) {
        self.base = base
        position = range.lowerBound
        end = range.upperBound
        self.offsetBase = offsetBase
    }

    var isAtEnd: Bool { position >= end }
    var remaining: Int { end - position }

    func error(_ code: WireError.Code, at position: Int, _ detail: String = "") -> WireError {
        WireError(code, at: offsetBase + position, detail)
    }

    /// Fails unless every byte was consumed.
    func expectEnd() throws(WireError) {
        guard position >= end else { throw error(.trailingBytes, at: position, "\(remaining) left over") }
    }

    @inline(__always)
    mutating func readByte() throws(WireError) -> UInt8 {
        guard position < end else { throw error(.prematureEnd, at: position) }
        let byte = base.load(fromByteOffset: position, as: UInt8.self)
        position += 1
        return byte
    }

    @inline(__always)
    func peekByte() -> UInt8? {
        position < end ? base.load(fromByteOffset: position, as: UInt8.self) : nil
    }

    /// Reads a fixed-width integer stored little-endian (or converts with `bigEndian` by the caller).
    @inline(__always)
    mutating func readRaw<T: FixedWidthInteger>(_: T.Type) throws(WireError) -> T {
        let size = MemoryLayout<T>.size
        guard remaining >= size else {
            throw error(.wrongPayloadSize, at: position, "needs \(size) bytes, \(remaining) remain")
        }
        let value = base.loadUnaligned(fromByteOffset: position, as: T.self)
        position += size
        return value
    }

    /// §2.1: at most 9 bytes; the 9th is used whole.
    @inline(__always)
    mutating func readVarint() throws(WireError) -> UInt64 {
        let start = position
        if position < end {
            let first = base.load(fromByteOffset: position, as: UInt8.self)
            if first < 0x80 {
                position += 1
                return UInt64(first)
            }
        }
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while shift < 56 {
            guard position < end else { throw error(.truncatedVarint, at: start) }
            let byte = base.load(fromByteOffset: position, as: UInt8.self)
            position += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
        guard position < end else { throw error(.truncatedVarint, at: start) }
        let last = base.load(fromByteOffset: position, as: UInt8.self)
        position += 1
        return result | UInt64(last) << 56
    }

    @inline(__always)
    mutating func readZigZag() throws(WireError) -> Int64 {
        Varint.unZigZag(try readVarint())
    }

    /// Skips `count` bytes after checking they exist, returning their range.
    mutating func readRange(count: Int) throws(WireError) -> Range<Int> {
        guard count >= 0, count <= remaining else {
            throw error(.lengthExceedsRemaining, at: position, "needs \(count) bytes, \(remaining) remain")
        }
        let start = position
        position += count
        return start..<position
    }

    /// One element frame (§2.4, §2.18): `01` is nil, an even prefix is a length, other odd bytes fail.
    @inline(__always)
    mutating func readFrame() throws(WireError) -> Slot {
        let start = position
        guard let first = peekByte() else { throw error(.prematureEnd, at: start, "element expected") }
        if first == 1 {
            position += 1
            return .nilElement(at: start)
        }
        if first & 1 == 1 { throw error(.invalidNilIndicator, at: start, "odd prefix \(first)") }
        let prefix = try readVarint()
        let length = prefix >> 1
        guard length <= UInt64(remaining) else {
            position = start
            throw error(.lengthExceedsRemaining, at: start, "length \(length), \(remaining) remain")
        }
        let bodyStart = position
        position += Int(length)
        return .element(bodyStart..<position)
    }

    /// Strict UTF-8; a leading U+FEFF is kept (§3 D5).
    func decodeString(_ range: Range<Int>) -> String? {
        let bytes = UnsafeBufferPointer(
            start: (base + range.lowerBound).assumingMemoryBound(to: UInt8.self), count: range.count)
        guard UTF8Validation.isValid(bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The remaining bytes as a buffer, consuming them.
    mutating func readRest() -> UnsafeRawBufferPointer {
        let buffer = UnsafeRawBufferPointer(start: base + position, count: remaining)
        position = end
        return buffer
    }
}
