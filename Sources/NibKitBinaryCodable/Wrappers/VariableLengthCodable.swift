import Foundation

/// An integer that can be written as a varint of its bit pattern (`@VariableLengthEncoded`).
public protocol VariableLengthEncodable: FixedWidthInteger, Encodable {
    /// `V` of the value's bit pattern at its own width (§2.14).
    var variableLengthEncoding: Data { get }
}

/// An integer that can be read from a varint of its bit pattern (`@VariableLengthEncoded`).
public protocol VariableLengthDecodable: FixedWidthInteger, Decodable {
    /// Makes the value from a decoded varint; out-of-range values throw ``CorruptedDataError``.
    init(fromVarint raw: UInt64) throws
}

/// An integer that can be written and read as a varint of its bit pattern.
public typealias VariableLengthCodable = VariableLengthEncodable & VariableLengthDecodable

extension VariableLengthEncodable {
    /// The bit pattern at the type's own width, as the varint payload.
    var variableLengthBits: UInt64 { UInt64(truncatingIfNeeded: Magnitude(truncatingIfNeeded: self)) }

    public var variableLengthEncoding: Data {
        let writer = ByteWriter(capacity: 9)
        writer.appendVarint(variableLengthBits)
        return writer.takeData()
    }
}

private func checkedVarint<T: FixedWidthInteger>(_ raw: UInt64, as type: T.Type) throws -> T {
    let pattern = T.Magnitude(truncatingIfNeeded: raw)
    guard UInt64(truncatingIfNeeded: pattern) == raw else {
        throw CorruptedDataError("varint \(raw) does not fit the \(T.bitWidth)-bit pattern of \(T.self)")
    }
    return T(truncatingIfNeeded: pattern)
}

extension Int16: VariableLengthEncodable, VariableLengthDecodable {
    /// Accepts the 16-bit pattern, and the reference's sign-extended 64-bit form of negatives (§3 D3).
    public init(fromVarint raw: UInt64) throws {
        if raw <= UInt64(UInt16.max) {
            self = Int16(truncatingIfNeeded: raw)
            return
        }
        let signed = Int64(bitPattern: raw)
        guard signed >= Int64(Int16.min) && signed < 0 else {
            throw CorruptedDataError("varint \(raw) is out of range for Int16")
        }
        self = Int16(truncatingIfNeeded: signed)
    }
}

extension UInt16: VariableLengthEncodable, VariableLengthDecodable {
    public init(fromVarint raw: UInt64) throws { self = try checkedVarint(raw, as: UInt16.self) }
}

extension Int32: VariableLengthEncodable, VariableLengthDecodable {
    public init(fromVarint raw: UInt64) throws { self = try checkedVarint(raw, as: Int32.self) }
}

extension UInt32: VariableLengthEncodable, VariableLengthDecodable {
    public init(fromVarint raw: UInt64) throws { self = try checkedVarint(raw, as: UInt32.self) }
}

extension Int64: VariableLengthEncodable, VariableLengthDecodable {
    public init(fromVarint raw: UInt64) { self = Int64(bitPattern: raw) }
}

extension UInt64: VariableLengthEncodable, VariableLengthDecodable {
    public init(fromVarint raw: UInt64) { self = raw }
}

extension Int: VariableLengthEncodable, VariableLengthDecodable {
    public init(fromVarint raw: UInt64) throws { self = try checkedVarint(raw, as: Int.self) }
}

extension UInt: VariableLengthEncodable, VariableLengthDecodable {
    public init(fromVarint raw: UInt64) throws { self = try checkedVarint(raw, as: UInt.self) }
}
