import Foundation

/// Writes an integer with a fixed number of bytes instead of a varint.
///
/// ```swift
/// struct Record: Codable {
///     @FixedSizeEncoded var id: Int64   // always 8 bytes, little-endian
/// }
/// ```
///
/// `Int32`/`UInt32` take 4 bytes and `Int64`/`UInt64`/`Int`/`UInt` 8, little-endian. With other
/// encoders the wrapped value is encoded as if it were not wrapped.
@propertyWrapper
public struct FixedSizeEncoded<WrappedValue: FixedSizeCodable> {
    /// The wrapped value.
    public var wrappedValue: WrappedValue

    /// Wraps a value.
    public init(wrappedValue: WrappedValue) {
        self.wrappedValue = wrappedValue
    }
}

/// The name the older public format document uses for ``FixedSizeEncoded``.
public typealias FixedSize<T: FixedSizeCodable> = FixedSizeEncoded<T>

extension FixedSizeEncoded: Encodable {
    /// Encodes the wrapped value through a single-value container.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension FixedSizeEncoded: Decodable {
    /// Decodes the wrapped value from a single-value container.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(wrappedValue: try container.decode(WrappedValue.self))
    }
}

extension FixedSizeEncoded: PrimitiveEncodable {
    func appendPayload(to writer: ByteWriter) {
        if let fast = wrappedValue as? any FixedSizePayload {
            fast.appendFixedSize(to: writer)
        } else {
            writer.append(wrappedValue.fixedSizeEncoded)
        }
    }
}

extension FixedSizeEncoded: PrimitiveDecodable {
    static func readPayload(from reader: inout ByteReader) throws(WireError) -> FixedSizeEncoded<WrappedValue> {
        let start = reader.position
        if let fast = WrappedValue.self as? any FixedSizePayload.Type {
            let value = try fast.readFixedSize(from: &reader)
            if let typed = value as? WrappedValue { return FixedSizeEncoded(wrappedValue: typed) }
        }
        let bytes = Data(reader.readRest())
        do {
            return FixedSizeEncoded(wrappedValue: try WrappedValue(fromFixedSize: bytes))
        } catch {
            throw reader.error(.wrongPayloadSize, at: start, "\(WrappedValue.self): \(error)")
        }
    }
}

extension FixedSizeEncoded where WrappedValue == Bool {
    /// Fixed-size encoding has no effect for `Bool`.
    @available(*, deprecated, message: "Fixed-size encoding has no effect for Bool")
    public init(wrappedValue: Bool) { self.wrappedValue = wrappedValue }
}

extension FixedSizeEncoded where WrappedValue == Int8 {
    /// Fixed-size encoding has no effect for `Int8`.
    @available(*, deprecated, message: "Fixed-size encoding has no effect for Int8")
    public init(wrappedValue: Int8) { self.wrappedValue = wrappedValue }
}

extension FixedSizeEncoded where WrappedValue == UInt8 {
    /// Fixed-size encoding has no effect for `UInt8`.
    @available(*, deprecated, message: "Fixed-size encoding has no effect for UInt8")
    public init(wrappedValue: UInt8) { self.wrappedValue = wrappedValue }
}

extension FixedSizeEncoded where WrappedValue == Int16 {
    /// Fixed-size encoding has no effect for `Int16`.
    @available(*, deprecated, message: "Fixed-size encoding has no effect for Int16")
    public init(wrappedValue: Int16) { self.wrappedValue = wrappedValue }
}

extension FixedSizeEncoded where WrappedValue == UInt16 {
    /// Fixed-size encoding has no effect for `UInt16`.
    @available(*, deprecated, message: "Fixed-size encoding has no effect for UInt16")
    public init(wrappedValue: UInt16) { self.wrappedValue = wrappedValue }
}

extension FixedSizeEncoded where WrappedValue == Float {
    /// Fixed-size encoding has no effect for `Float`.
    @available(*, deprecated, message: "Fixed-size encoding has no effect for Float")
    public init(wrappedValue: Float) { self.wrappedValue = wrappedValue }
}

extension FixedSizeEncoded where WrappedValue == Double {
    /// Fixed-size encoding has no effect for `Double`.
    @available(*, deprecated, message: "Fixed-size encoding has no effect for Double")
    public init(wrappedValue: Double) { self.wrappedValue = wrappedValue }
}

/// Sendable whenever the wrapped integer is (an addition to the reference API, so that Swift 6
/// models holding the wrapper can be `Sendable`).
extension FixedSizeEncoded: Sendable where WrappedValue: Sendable {}
