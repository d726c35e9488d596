import Foundation

/// Encodes elements as stream frames (§2.17), to be sent or stored back to back.
///
/// ```swift
/// let stream = BinaryStreamEncoder<Reading>()
/// socket.send(try stream.encode(reading))
/// ```
public final class BinaryStreamEncoder<Element: Encodable> {
    private let encoder: BinaryEncoder

    /// Creates a stream encoder; the encoder's options are captured now.
    public init(encoder: BinaryEncoder = .init()) {
        self.encoder = encoder
    }

    /// One frame holding `element`.
    public func encode(_ element: Element) throws -> Data {
        let out = ByteWriter()
        try encoder.appendFrame(element, to: out)
        return out.takeData()
    }

    /// The frames of all elements of `sequence`, concatenated.
    public func encode<S: Sequence>(contentsOf sequence: S) throws -> Data where S.Element == Element {
        let out = ByteWriter()
        for element in sequence { try encoder.appendFrame(element, to: out) }
        return out.takeData()
    }
}
