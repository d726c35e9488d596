import Foundation

/// A value that can be written with a fixed number of bytes (`@FixedSizeEncoded`).
public protocol FixedSizeEncodable: Encodable {
    /// The value's fixed-size bytes: integers little-endian, floats big-endian (§2.14).
    var fixedSizeEncoded: Data { get }
}

/// A value that can be read from its fixed-size bytes (`@FixedSizeEncoded`).
public protocol FixedSizeDecodable: Decodable {
    /// Reads the value from exactly its fixed-size bytes; a wrong size throws ``CorruptedDataError``.
    init(fromFixedSize data: Data) throws
}

/// A value that can be written and read with a fixed number of bytes.
public typealias FixedSizeCodable = FixedSizeEncodable & FixedSizeDecodable

/// Our fast path for the standard conformers: no `Data` per value.
protocol FixedSizePayload {
    func appendFixedSize(to writer: ByteWriter)
    static func readFixedSize(from reader: inout ByteReader) throws(WireError) -> Self
}

extension FixedSizePayload where Self: FixedWidthInteger {
    func appendFixedSize(to writer: ByteWriter) { writer.appendRaw(littleEndian) }
    static func readFixedSize(from reader: inout ByteReader) throws(WireError) -> Self {
        Self(littleEndian: try reader.readRaw(Self.self))
    }
}

/// Bool, Float and Double keep their normal payload (floats stay big-endian).
protocol FixedSizeAsPayload: FixedSizePayload, FixedWidthWireScalar {}

extension FixedSizeAsPayload {
    func appendFixedSize(to writer: ByteWriter) { appendPayload(to: writer) }
    static func readFixedSize(from reader: inout ByteReader) throws(WireError) -> Self {
        try readPayload(from: &reader)
    }
}

extension Bool: FixedSizeAsPayload {}
extension Float: FixedSizeAsPayload {}
extension Double: FixedSizeAsPayload {}

extension FixedSizePayload {
    var fixedSizeData: Data {
        let writer = ByteWriter(capacity: 8)
        appendFixedSize(to: writer)
        return writer.takeData()
    }

    static func fromFixedSizeData(_ data: Data) throws -> Self {
        let input = InputBytes.copy(of: data)
        var reader = input.reader(0..<input.count)
        do {
            let value = try readFixedSize(from: &reader)
            try reader.expectEnd()
            return value
        } catch {
            throw CorruptedDataError("\(Self.self) needs its fixed-size payload: \(error)")
        }
    }
}

extension Bool: FixedSizePayload, FixedSizeEncodable, FixedSizeDecodable {
    /// The fixed-size bytes of the value (§2.14).
    public var fixedSizeEncoded: Data { fixedSizeData }
    /// Reads the value from exactly its fixed-size bytes.
    public init(fromFixedSize data: Data) throws { self = try Self.fromFixedSizeData(data) }
}

extension Int8: FixedSizePayload, FixedSizeEncodable, FixedSizeDecodable {
    /// The fixed-size bytes of the value (§2.14).
    public var fixedSizeEncoded: Data { fixedSizeData }
    /// Reads the value from exactly its fixed-size bytes.
    public init(fromFixedSize data: Data) throws { self = try Self.fromFixedSizeData(data) }
}

extension UInt8: FixedSizePayload, FixedSizeEncodable, FixedSizeDecodable {
    /// The fixed-size bytes of the value (§2.14).
    public var fixedSizeEncoded: Data { fixedSizeData }
    /// Reads the value from exactly its fixed-size bytes.
    public init(fromFixedSize data: Data) throws { self = try Self.fromFixedSizeData(data) }
}

extension Int16: FixedSizePayload, FixedSizeEncodable, FixedSizeDecodable {
    /// The fixed-size bytes of the value (§2.14).
    public var fixedSizeEncoded: Data { fixedSizeData }
    /// Reads the value from exactly its fixed-size bytes.
    public init(fromFixedSize data: Data) throws { self = try Self.fromFixedSizeData(data) }
}

extension UInt16: FixedSizePayload, FixedSizeEncodable, FixedSizeDecodable {
    /// The fixed-size bytes of the value (§2.14).
    public var fixedSizeEncoded: Data { fixedSizeData }
    /// Reads the value from exactly its fixed-size bytes.
    public init(fromFixedSize data: Data) throws { self = try Self.fromFixedSizeData(data) }
}

extension Float: FixedSizePayload, FixedSizeEncodable, FixedSizeDecodable {
    /// The fixed-size bytes of the value (§2.14).
    public var fixedSizeEncoded: Data { fixedSizeData }
    /// Reads the value from exactly its fixed-size bytes.
    public init(fromFixedSize data: Data) throws { self = try Self.fromFixedSizeData(data) }
}

extension Double: FixedSizePayload, FixedSizeEncodable, FixedSizeDecodable {
    /// The fixed-size bytes of the value (§2.14).
    public var fixedSizeEncoded: Data { fixedSizeData }
    /// Reads the value from exactly its fixed-size bytes.
    public init(fromFixedSize data: Data) throws { self = try Self.fromFixedSizeData(data) }
}

extension Int32: FixedSizePayload, FixedSizeEncodable, FixedSizeDecodable {
    /// The fixed-size bytes of the value (§2.14).
    public var fixedSizeEncoded: Data { fixedSizeData }
    /// Reads the value from exactly its fixed-size bytes.
    public init(fromFixedSize data: Data) throws { self = try Self.fromFixedSizeData(data) }
}

extension UInt32: FixedSizePayload, FixedSizeEncodable, FixedSizeDecodable {
    /// The fixed-size bytes of the value (§2.14).
    public var fixedSizeEncoded: Data { fixedSizeData }
    /// Reads the value from exactly its fixed-size bytes.
    public init(fromFixedSize data: Data) throws { self = try Self.fromFixedSizeData(data) }
}

extension Int64: FixedSizePayload, FixedSizeEncodable, FixedSizeDecodable {
    /// The fixed-size bytes of the value (§2.14).
    public var fixedSizeEncoded: Data { fixedSizeData }
    /// Reads the value from exactly its fixed-size bytes.
    public init(fromFixedSize data: Data) throws { self = try Self.fromFixedSizeData(data) }
}

extension UInt64: FixedSizePayload, FixedSizeEncodable, FixedSizeDecodable {
    /// The fixed-size bytes of the value (§2.14).
    public var fixedSizeEncoded: Data { fixedSizeData }
    /// Reads the value from exactly its fixed-size bytes.
    public init(fromFixedSize data: Data) throws { self = try Self.fromFixedSizeData(data) }
}

extension Int: FixedSizePayload, FixedSizeEncodable, FixedSizeDecodable {
    /// The fixed-size bytes of the value (§2.14).
    public var fixedSizeEncoded: Data { fixedSizeData }
    /// Reads the value from exactly its fixed-size bytes.
    public init(fromFixedSize data: Data) throws { self = try Self.fromFixedSizeData(data) }
}

extension UInt: FixedSizePayload, FixedSizeEncodable, FixedSizeDecodable {
    /// The fixed-size bytes of the value (§2.14).
    public var fixedSizeEncoded: Data { fixedSizeData }
    /// Reads the value from exactly its fixed-size bytes.
    public init(fromFixedSize data: Data) throws { self = try Self.fromFixedSizeData(data) }
}
