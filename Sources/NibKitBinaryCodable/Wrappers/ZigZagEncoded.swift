import Foundation

/// Writes a signed integer zig-zag encoded (§2.2).
///
/// ```swift
/// struct Delta: Codable {
///     @ZigZagEncoded var change: Int16   // -5 → 09, one byte
/// }
/// ```
///
/// Only changes `Int16`; `Int`, `Int32` and `Int64` are zig-zag encoded already. With other
/// encoders the wrapped value is encoded unwrapped.
@propertyWrapper
public struct ZigZagEncoded<WrappedValue: ZigZagCodable & FixedWidthInteger & SignedInteger> {
    /// The wrapped value.
    public var wrappedValue: WrappedValue

    /// Wraps a value.
    public init(wrappedValue: WrappedValue) {
        self.wrappedValue = wrappedValue
    }
}

extension ZigZagEncoded: Encodable {
    /// Encodes the wrapped value through a single-value container.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension ZigZagEncoded: Decodable {
    /// Decodes the wrapped value from a single-value container.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(wrappedValue: try container.decode(WrappedValue.self))
    }
}

extension ZigZagEncoded: PrimitiveEncodable {
    func appendPayload(to writer: ByteWriter) {
        if wrappedValue is any PackableScalar {
            writer.appendZigZag(Int64(truncatingIfNeeded: wrappedValue))
        } else {
            writer.append(wrappedValue.zigZagEncoded)
        }
    }
}

extension ZigZagEncoded: PrimitiveDecodable {
    static func readPayload(from reader: inout ByteReader) throws(WireError) -> ZigZagEncoded<WrappedValue> {
        let start = reader.position
        let raw = try reader.readVarint()
        do {
            return ZigZagEncoded(wrappedValue: try WrappedValue(fromZigZag: raw))
        } catch {
            throw reader.error(.valueOutOfRange, at: start, "\(error)")
        }
    }
}

extension ZigZagEncoded where WrappedValue == Int {
    /// `Int` is already zig-zag encoded.
    @available(*, deprecated, message: "Zig-zag encoding has no effect for Int")
    public init(wrappedValue: Int) { self.wrappedValue = wrappedValue }
}

extension ZigZagEncoded where WrappedValue == Int32 {
    /// `Int32` is already zig-zag encoded.
    @available(*, deprecated, message: "Zig-zag encoding has no effect for Int32")
    public init(wrappedValue: Int32) { self.wrappedValue = wrappedValue }
}

extension ZigZagEncoded where WrappedValue == Int64 {
    /// `Int64` is already zig-zag encoded.
    @available(*, deprecated, message: "Zig-zag encoding has no effect for Int64")
    public init(wrappedValue: Int64) { self.wrappedValue = wrappedValue }
}

/// Sendable whenever the wrapped integer is (an addition to the reference API, so that Swift 6
/// models holding the wrapper can be `Sendable`).
extension ZigZagEncoded: Sendable where WrappedValue: Sendable {}
