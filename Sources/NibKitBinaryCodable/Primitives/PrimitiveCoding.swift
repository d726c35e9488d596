import Foundation

/// A type our encoder writes as bare payload bytes instead of calling `encode(to:)` (§2.3).
protocol PrimitiveEncodable {
    func appendPayload(to writer: ByteWriter)
}

/// A type our decoder reads from bare payload bytes instead of calling `init(from:)` (§2.3).
protocol PrimitiveDecodable {
    /// Reads the payload; the caller checks that nothing is left over.
    static func readPayload(from reader: inout ByteReader) throws(WireError) -> Self
}

/// One of the 13 packable scalars P (§2.8): fixed size or self-delimiting payloads.
protocol PackableScalar: PrimitiveEncodable, PrimitiveDecodable, Codable, Hashable {
    /// Appends the concatenated payloads of `values`.
    static func appendPacked(_ values: UnsafeBufferPointer<Self>, to writer: ByteWriter)
    /// Reads payloads until the reader is used up; a partial last element fails.
    static func readPacked(from reader: inout ByteReader) throws(WireError) -> [Self]
}

extension PackableScalar {
    static func appendPacked(_ values: UnsafeBufferPointer<Self>, to writer: ByteWriter) {
        for value in values { value.appendPayload(to: writer) }
    }

    static func readPacked(from reader: inout ByteReader) throws(WireError) -> [Self] {
        var result: [Self] = []
        // Each element takes at least one byte, so this never exceeds the input size.
        result.reserveCapacity(reader.remaining)
        while !reader.isAtEnd { result.append(try readPayload(from: &reader)) }
        return result
    }
}

// MARK: - Fixed-width scalars

/// A scalar whose payload is the bytes of `wireBits`, already in wire byte order.
protocol FixedWidthWireScalar: PackableScalar {
    associatedtype WireBits: FixedWidthInteger
    var wireBits: WireBits { get }
    static func fromWireBits(_ bits: WireBits, at offset: Int, in reader: ByteReader) throws(WireError) -> Self
}

extension FixedWidthWireScalar {
    @inline(__always)
    func appendPayload(to writer: ByteWriter) { writer.appendRaw(wireBits) }

    @inline(__always)
    static func readPayload(from reader: inout ByteReader) throws(WireError) -> Self {
        let start = reader.position
        return try fromWireBits(try reader.readRaw(WireBits.self), at: start, in: reader)
    }

    static func appendPacked(_ values: UnsafeBufferPointer<Self>, to writer: ByteWriter) {
        let width = MemoryLayout<WireBits>.size
        writer.appendUninitialized(values.count * width) { out in
            guard let base = out.baseAddress else { return }
            for index in values.indices {
                base.storeBytes(of: values[index].wireBits, toByteOffset: index &* width, as: WireBits.self)
            }
        }
    }

    static func readPacked(from reader: inout ByteReader) throws(WireError) -> [Self] {
        let width = MemoryLayout<WireBits>.size
        let count = reader.remaining / width
        let start = reader.position
        guard reader.remaining % width == 0 else {
            throw reader.error(.wrongPayloadSize, at: start + count * width, "partial last element")
        }
        let bytes = reader.readRest()
        var result: [Self] = []
        result.reserveCapacity(count)
        for index in 0..<count {
            let bits = bytes.loadUnaligned(fromByteOffset: index &* width, as: WireBits.self)
            result.append(try fromWireBits(bits, at: start + index * width, in: reader))
        }
        return result
    }
}

extension Bool: FixedWidthWireScalar {
    var wireBits: UInt8 { self ? 1 : 0 }
    static func fromWireBits(_ bits: UInt8, at offset: Int, in reader: ByteReader) throws(WireError) -> Bool {
        switch bits {
        case 0: return false
        case 1: return true
        default: throw reader.error(.invalidBool, at: offset, "byte \(bits)")
        }
    }
}

extension Int8: FixedWidthWireScalar {
    var wireBits: UInt8 { UInt8(bitPattern: self) }
    static func fromWireBits(_ bits: UInt8, at offset: Int, in reader: ByteReader) -> Int8 { Int8(bitPattern: bits) }
}

extension UInt8: FixedWidthWireScalar {
    var wireBits: UInt8 { self }
    static func fromWireBits(_ bits: UInt8, at offset: Int, in reader: ByteReader) -> UInt8 { bits }
}

extension Int16: FixedWidthWireScalar {
    var wireBits: UInt16 { UInt16(bitPattern: self).littleEndian }
    static func fromWireBits(_ bits: UInt16, at offset: Int, in reader: ByteReader) -> Int16 {
        Int16(bitPattern: UInt16(littleEndian: bits))
    }
}

extension UInt16: FixedWidthWireScalar {
    var wireBits: UInt16 { littleEndian }
    static func fromWireBits(_ bits: UInt16, at offset: Int, in reader: ByteReader) -> UInt16 {
        UInt16(littleEndian: bits)
    }
}

extension Float: FixedWidthWireScalar {
    var wireBits: UInt32 { bitPattern.bigEndian }
    static func fromWireBits(_ bits: UInt32, at offset: Int, in reader: ByteReader) -> Float {
        Float(bitPattern: UInt32(bigEndian: bits))
    }
}

extension Double: FixedWidthWireScalar {
    var wireBits: UInt64 { bitPattern.bigEndian }
    static func fromWireBits(_ bits: UInt64, at offset: Int, in reader: ByteReader) -> Double {
        Double(bitPattern: UInt64(bigEndian: bits))
    }
}

// MARK: - Variable-length scalars

extension Int32: PackableScalar {
    func appendPayload(to writer: ByteWriter) { writer.appendZigZag(Int64(self)) }
    static func readPayload(from reader: inout ByteReader) throws(WireError) -> Int32 {
        let start = reader.position
        let value = try reader.readZigZag()
        guard let narrowed = Int32(exactly: value) else {
            throw reader.error(.valueOutOfRange, at: start, "\(value) does not fit Int32")
        }
        return narrowed
    }
}

extension Int64: PackableScalar {
    func appendPayload(to writer: ByteWriter) { writer.appendZigZag(self) }
    static func readPayload(from reader: inout ByteReader) throws(WireError) -> Int64 { try reader.readZigZag() }
}

extension Int: PackableScalar {
    func appendPayload(to writer: ByteWriter) { writer.appendZigZag(Int64(self)) }
    static func readPayload(from reader: inout ByteReader) throws(WireError) -> Int {
        let start = reader.position
        let value = try reader.readZigZag()
        guard let narrowed = Int(exactly: value) else {
            throw reader.error(.valueOutOfRange, at: start, "\(value) does not fit Int")
        }
        return narrowed
    }
}

extension UInt32: PackableScalar {
    func appendPayload(to writer: ByteWriter) { writer.appendVarint(UInt64(self)) }
    static func readPayload(from reader: inout ByteReader) throws(WireError) -> UInt32 {
        let start = reader.position
        let value = try reader.readVarint()
        guard let narrowed = UInt32(exactly: value) else {
            throw reader.error(.valueOutOfRange, at: start, "\(value) does not fit UInt32")
        }
        return narrowed
    }
}

extension UInt64: PackableScalar {
    func appendPayload(to writer: ByteWriter) { writer.appendVarint(self) }
    static func readPayload(from reader: inout ByteReader) throws(WireError) -> UInt64 { try reader.readVarint() }
}

extension UInt: PackableScalar {
    func appendPayload(to writer: ByteWriter) { writer.appendVarint(UInt64(self)) }
    static func readPayload(from reader: inout ByteReader) throws(WireError) -> UInt {
        let start = reader.position
        let value = try reader.readVarint()
        guard let narrowed = UInt(exactly: value) else {
            throw reader.error(.valueOutOfRange, at: start, "\(value) does not fit UInt")
        }
        return narrowed
    }
}

// MARK: - Strings, data and packed collections

extension String: PrimitiveEncodable, PrimitiveDecodable {
    func appendPayload(to writer: ByteWriter) { writer.appendString(self) }
    static func readPayload(from reader: inout ByteReader) throws(WireError) -> String {
        let start = reader.position
        let end = reader.end
        guard let string = reader.decodeString(start..<end) else {
            throw reader.error(.invalidUTF8, at: start)
        }
        _ = reader.readRest()
        return string
    }
}

extension Data: PrimitiveEncodable, PrimitiveDecodable {
    func appendPayload(to writer: ByteWriter) { writer.append(self) }
    static func readPayload(from reader: inout ByteReader) throws(WireError) -> Data { Data(reader.readRest()) }
}

extension Array: PrimitiveEncodable where Element: PackableScalar {
    func appendPayload(to writer: ByteWriter) {
        withUnsafeBufferPointer { Element.appendPacked($0, to: writer) }
    }
}

extension Array: PrimitiveDecodable where Element: PackableScalar {
    static func readPayload(from reader: inout ByteReader) throws(WireError) -> [Element] {
        try Element.readPacked(from: &reader)
    }
}

extension Set: PrimitiveEncodable where Element: PackableScalar {
    func appendPayload(to writer: ByteWriter) {
        for element in self { element.appendPayload(to: writer) }
    }
}

extension Set: PrimitiveDecodable where Element: PackableScalar {
    static func readPayload(from reader: inout ByteReader) throws(WireError) -> Set<Element> {
        Set(try Element.readPacked(from: &reader))
    }
}

extension PrimitiveEncodable {
    /// Writes `value`, whose static type the caller has checked to be `Self`.
    ///
    /// Rebinding the pointer avoids a dynamic cast per value (the check is by type identity).
    @inline(__always)
    static func appendPayload<T>(of value: T, to writer: ByteWriter) {
        guard T.self == Self.self else { return }
        withUnsafePointer(to: value) {
            $0.withMemoryRebound(to: Self.self, capacity: 1) { $0.pointee.appendPayload(to: writer) }
        }
    }
}

extension PrimitiveDecodable {
    /// Reads a `Self` and returns it as `T`, which the caller has checked to be `Self`.
    @inline(__always)
    static func readPayload<T>(as type: T.Type, from reader: inout ByteReader) throws(WireError) -> T {
        guard T.self == Self.self else {
            throw reader.error(.unsupportedType, at: reader.position, "internal: \(T.self) is not \(Self.self)")
        }
        let value = try readPayload(from: &reader)
        return withUnsafePointer(to: value) { $0.withMemoryRebound(to: T.self, capacity: 1) { $0.pointee } }
    }
}

/// Remembers, for the few types a coder sees over and over, whether they are primitive.
///
/// The runtime conformance check behind `T.self as? any P.Type` costs more than encoding a small
/// value; a handful of recent answers, compared by type identity, avoids nearly all of them.
struct PrimitiveTypeCache<Answer> {
    private var recent: [(type: ObjectIdentifier, answer: Answer)] = []
    private var next = 0

    @inline(__always)
    mutating func answer<T>(for type: T.Type, _ compute: () -> Answer) -> Answer {
        let id = ObjectIdentifier(type)
        for entry in recent where entry.type == id { return entry.answer }
        let answer = compute()
        if recent.count < 8 {
            recent.append((id, answer))
        } else {
            recent[next] = (id, answer)
            next = (next + 1) % 8
        }
        return answer
    }
}

/// `value` as a `U`, when its static type `T` is exactly `U` (checked by type identity, no dynamic cast).
@inline(__always)
func exactly<T, U>(_ value: T, as type: U.Type) -> U? {
    guard T.self == U.self else { return nil }
    return withUnsafePointer(to: value) { $0.withMemoryRebound(to: U.self, capacity: 1) { $0.pointee } }
}
