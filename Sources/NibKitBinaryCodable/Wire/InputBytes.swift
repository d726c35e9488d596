import Foundation

/// An owned, contiguous copy of the bytes being decoded.
///
/// Decoders and containers keep it alive, so the pointers their readers use stay valid for as long
/// as any of them exists, even if user code holds on to a `Decoder` after decoding finished.
final class InputBytes {
    let base: UnsafeRawPointer
    let count: Int
    /// Offset of byte 0 within the whole input (non-zero for stream frames), used in error messages.
    let offsetBase: Int

    init(copying bytes: UnsafeRawBufferPointer, offsetBase: Int = 0) {
        let storage = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        if let source = bytes.baseAddress, bytes.count > 0 {
            storage.copyMemory(from: source, byteCount: bytes.count)
        }
        base = UnsafeRawPointer(storage)
        count = bytes.count
        self.offsetBase = offsetBase
    }

    static func copy(of data: Data, offsetBase: Int = 0) -> InputBytes {
        data.withUnsafeBytes { InputBytes(copying: $0, offsetBase: offsetBase) }
    }

    deinit { UnsafeMutableRawPointer(mutating: base).deallocate() }

    /// A reader over `range` (which callers obtained from a reader over this input).
    func reader(_ range: Range<Int>) -> ByteReader {
        ByteReader(base: base, range: range.clamped(to: 0..<count), offsetBase: offsetBase)
    }
}
