import Foundation

/// Bytes of a stream (§2.17) waiting to be split into frames; shared by the stream and file decoders.
struct FrameBuffer {
    enum Next {
        /// No complete frame yet; nothing was consumed.
        case incomplete
        /// A whole frame, consumed: its body copied into its own input, and where the frame began.
        case frame(InputBytes, Slot, frameOffset: Int)
        /// A bad prefix, consumed.
        case failure(WireError)
    }

    private var bytes: [UInt8] = []
    /// First unconsumed index in `bytes`.
    private var start = 0
    /// Stream offset of `bytes[0]`.
    private var droppedBefore = 0

    /// Stream offset of the first unconsumed byte.
    var offset: Int { droppedBefore + start }
    var unconsumedCount: Int { bytes.count - start }

    mutating func append(_ data: Data) {
        if start > 0 && start >= bytes.count / 2 {
            bytes.removeFirst(start)
            droppedBefore += start
            start = 0
        }
        bytes.append(contentsOf: data)
    }

    /// Drops up to `count` unconsumed bytes; returns how many were dropped.
    mutating func discard(_ count: Int) -> Int {
        let dropped = max(0, min(count, unconsumedCount))
        start += dropped
        return dropped
    }

    mutating func nextFrame() -> Next {
        guard start < bytes.count else { return .incomplete }
        let frameOffset = offset
        let result: Next = bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return .incomplete }
            var reader = ByteReader(base: base, range: start..<raw.count, offsetBase: droppedBefore)
            guard let first = reader.peekByte() else { return .incomplete }
            if first == 1 {
                start += 1
                return .frame(
                    InputBytes(copying: UnsafeRawBufferPointer(start: nil, count: 0), offsetBase: frameOffset),
                    .nilElement(at: 0), frameOffset: frameOffset)
            }
            if first & 1 == 1 {
                start += 1
                return .failure(reader.error(.invalidNilIndicator, at: start - 1, "odd frame prefix \(first)"))
            }
            // A truncated prefix or body just means "wait for more bytes" (§3 D1: same varint reader).
            guard let prefix = try? reader.readVarint() else { return .incomplete }
            let length = prefix >> 1
            guard length <= UInt64(reader.remaining) else { return .incomplete }
            let bodyStart = reader.position
            let body = UnsafeRawBufferPointer(rebasing: raw[bodyStart..<(bodyStart + Int(length))])
            start = bodyStart + Int(length)
            let input = InputBytes(copying: body, offsetBase: droppedBefore + bodyStart)
            return .frame(input, .element(0..<input.count), frameOffset: frameOffset)
        }
        return result
    }

    /// Consumes everything left (after a premature end of file).
    mutating func consumeAll() {
        start = bytes.count
    }
}

extension BinaryDecoder {
    /// Decodes the next frame of `buffer`, or returns `nil` if none is complete.
    func decodeNextFrame<Element: Decodable>(_ type: Element.Type, from buffer: inout FrameBuffer) throws -> Element? {
        switch buffer.nextFrame() {
        case .incomplete:
            return nil
        case .failure(let error):
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: [], debugDescription: error.description, underlyingError: error))
        case .frame(let input, let slot, _):
            return .some(try decodeFrame(Element.self, input: input, slot: slot))
        }
    }
}
