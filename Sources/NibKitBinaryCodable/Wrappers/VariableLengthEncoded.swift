import Foundation

/// Writes an integer as a varint of its bit pattern instead of its default encoding.
///
/// ```swift
/// struct Sample: Codable {
///     @VariableLengthEncoded var count: UInt16   // 1–3 bytes instead of 2
/// }
/// ```
///
/// Negative values use the bit pattern at the type's own width (`Int16(-1)` → `ff ff 03`), so
/// they take the longest form. With other encoders the wrapped value is encoded unwrapped.
@propertyWrapper
public struct VariableLengthEncoded<WrappedValue: VariableLengthCodable & FixedWidthInteger> {
    /// The wrapped value.
    public var wrappedValue: WrappedValue

    /// Wraps a value.
    public init(wrappedValue: WrappedValue) {
        self.wrappedValue = wrappedValue
    }
}

extension VariableLengthEncoded: Encodable {
    /// Encodes the wrapped value through a single-value container.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension VariableLengthEncoded: Decodable {
    /// Decodes the wrapped value from a single-value container.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(wrappedValue: try container.decode(WrappedValue.self))
    }
}

extension VariableLengthEncoded: PrimitiveEncodable {
    func appendPayload(to writer: ByteWriter) {
        if wrappedValue is any PackableScalar {
            writer.appendVarint(wrappedValue.variableLengthBits)
        } else {
            writer.append(wrappedValue.variableLengthEncoding)
        }
    }
}

extension VariableLengthEncoded: PrimitiveDecodable {
    static func readPayload(from reader: inout ByteReader) throws(WireError) -> VariableLengthEncoded<WrappedValue> {
        let start = reader.position
        let raw = try reader.readVarint()
        do {
            return VariableLengthEncoded(wrappedValue: try WrappedValue(fromVarint: raw))
        } catch {
            throw reader.error(.valueOutOfRange, at: start, "\(error)")
        }
    }
}

extension VariableLengthEncoded where WrappedValue == UInt {
    /// `UInt` is already written as a varint.
    @available(*, deprecated, message: "Variable-length encoding has no effect for UInt")
    public init(wrappedValue: UInt) { self.wrappedValue = wrappedValue }
}

extension VariableLengthEncoded where WrappedValue == UInt32 {
    /// `UInt32` is already written as a varint.
    @available(*, deprecated, message: "Variable-length encoding has no effect for UInt32")
    public init(wrappedValue: UInt32) { self.wrappedValue = wrappedValue }
}

extension VariableLengthEncoded where WrappedValue == UInt64 {
    /// `UInt64` is already written as a varint.
    @available(*, deprecated, message: "Variable-length encoding has no effect for UInt64")
    public init(wrappedValue: UInt64) { self.wrappedValue = wrappedValue }
}

/// Sendable whenever the wrapped integer is (an addition to the reference API, so that Swift 6
/// models holding the wrapper can be `Sendable`).
extension VariableLengthEncoded: Sendable where WrappedValue: Sendable {}
