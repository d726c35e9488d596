import Foundation

/// A signed integer that can be written zig-zag encoded (`@ZigZagEncoded`).
public protocol ZigZagEncodable: Encodable {
    /// `Z` of the value (§2.2).
    var zigZagEncoded: Data { get }
}

/// A signed integer that can be read from a zig-zag varint (`@ZigZagEncoded`).
public protocol ZigZagDecodable: Decodable {
    /// Makes the value from the raw (still zig-zagged) varint; out of range throws ``CorruptedDataError``.
    init(fromZigZag raw: UInt64) throws
}

/// A signed integer that can be written and read zig-zag encoded.
public typealias ZigZagCodable = ZigZagEncodable & ZigZagDecodable

extension ZigZagEncodable where Self: FixedWidthInteger {
    public var zigZagEncoded: Data {
        let writer = ByteWriter(capacity: 9)
        writer.appendZigZag(Int64(truncatingIfNeeded: self))
        return writer.takeData()
    }
}

private func checkedZigZag<T: FixedWidthInteger>(_ raw: UInt64, as type: T.Type) throws -> T {
    let value = Varint.unZigZag(raw)
    guard let narrowed = T(exactly: value) else {
        throw CorruptedDataError("zig-zag value \(value) is out of range for \(T.self)")
    }
    return narrowed
}

extension Int16: ZigZagEncodable, ZigZagDecodable {
    public init(fromZigZag raw: UInt64) throws { self = try checkedZigZag(raw, as: Int16.self) }
}

extension Int32: ZigZagEncodable, ZigZagDecodable {
    public init(fromZigZag raw: UInt64) throws { self = try checkedZigZag(raw, as: Int32.self) }
}

extension Int64: ZigZagEncodable, ZigZagDecodable {
    public init(fromZigZag raw: UInt64) { self = Varint.unZigZag(raw) }
}

extension Int: ZigZagEncodable, ZigZagDecodable {
    public init(fromZigZag raw: UInt64) throws { self = try checkedZigZag(raw, as: Int.self) }
}
