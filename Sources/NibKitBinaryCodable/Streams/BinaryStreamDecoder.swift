import Foundation

/// Decodes stream frames (§2.17) from bytes that arrive in any chunking.
///
/// ```swift
/// let stream = BinaryStreamDecoder<Reading>()
/// stream.add(chunk)
/// for reading in try stream.decodeElements() { handle(reading) }
/// ```
///
/// A partial frame stays buffered until the rest arrives; the decoder holds only the bytes it
/// was given, whatever length a frame declares. Error offsets count every byte ever added.
public final class BinaryStreamDecoder<Element: Decodable> {
    private let decoder: BinaryDecoder
    private var buffer = FrameBuffer()

    /// Creates a stream decoder.
    public init(decoder: BinaryDecoder = .init()) {
        self.decoder = decoder
    }

    /// Appends bytes to the buffer; decodes nothing.
    public func add(_ data: Data) {
        buffer.append(data)
    }

    /// The next element, or `nil` if no complete frame is buffered yet.
    ///
    /// A frame that fails to decode is consumed and its error thrown; the next call continues after it.
    public func decodeElement() throws -> Element? {
        try decoder.decodeNextFrame(Element.self, from: &buffer)
    }

    /// All complete frames; throws on the first bad one.
    public func decodeElements() throws -> [Element] {
        var elements: [Element] = []
        while let element = try decodeElement() { elements.append(element) }
        return elements
    }

    /// All complete frames up to the first bad one, and that frame's error.
    public func decodeElementsUntilError() -> (elements: [Element], error: (any Error)?) {
        var elements: [Element] = []
        do {
            while let element = try decodeElement() { elements.append(element) }
            return (elements, nil)
        } catch {
            return (elements, error)
        }
    }

    /// Drops up to `count` unconsumed bytes and restarts frame parsing there; returns how many
    /// were dropped. A resynchronisation aid.
    @discardableResult
    public func discardBytes(_ count: Int) -> Int {
        buffer.discard(count)
    }
}
