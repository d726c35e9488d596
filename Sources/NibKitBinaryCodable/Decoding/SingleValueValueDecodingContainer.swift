/// Single-value container of `ValueDecoder` (§2.18).
///
/// At the root (and inside another single-value layer) it reads a nil indicator byte; inside a
/// frame the frame prefix already carried the nil flag.
struct SingleValueValueDecodingContainer: SingleValueDecodingContainer {
    let decoder: ValueDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool {
        switch decoder.slot {
        case .nilElement: return true
        case .element: return false
        case .root(let range):
            var reader = decoder.input.reader(range)
            return range.count == 1 && (try? reader.readByte()) == 1
        }
    }

    /// The slot holding `N(y)` for the wrapped value y.
    private func contentSlot<T>(for type: T.Type) throws -> Slot {
        switch decoder.slot {
        case .nilElement(let offset):
            throw decoder.valueNotFound(T.self, atOffset: offset, component: nil)
        case .element(let range):
            return .root(range)
        case .root(let range):
            var reader = decoder.input.reader(range)
            let indicator: UInt8
            do { indicator = try reader.readByte() } catch { throw decoder.corrupted(error) }
            switch indicator {
            case 0:
                return .root((range.lowerBound + 1)..<range.upperBound)
            case 1 where range.count == 1:
                throw decoder.valueNotFound(T.self, atOffset: range.lowerBound, component: nil)
            case 1:
                throw decoder.corrupted(reader.error(.trailingBytes, at: range.lowerBound + 1, "after nil"))
            default:
                throw decoder.corrupted(reader.error(.invalidNilIndicator, at: range.lowerBound, "byte \(indicator)"))
            }
        }
    }

    @inline(__always)
    private func primitive<T: PrimitiveDecodable>(_ type: T.Type) throws -> T {
        try decoder.decodePrimitive(T.self, from: try contentSlot(for: T.self), component: nil)
    }

    func decode(_ type: Bool.Type) throws -> Bool { try primitive(type) }
    func decode(_ type: String.Type) throws -> String { try primitive(type) }
    func decode(_ type: Double.Type) throws -> Double { try primitive(type) }
    func decode(_ type: Float.Type) throws -> Float { try primitive(type) }
    func decode(_ type: Int.Type) throws -> Int { try primitive(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try primitive(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try primitive(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try primitive(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try primitive(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try primitive(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try primitive(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try primitive(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try primitive(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try primitive(type) }

    func decode(_ type: Int128.Type) throws -> Int128 {
        throw decoder.corrupted(WireError(.unsupportedType, at: decoder.offset(of: decoder.slot), "Int128"))
    }

    func decode(_ type: UInt128.Type) throws -> UInt128 {
        throw decoder.corrupted(WireError(.unsupportedType, at: decoder.offset(of: decoder.slot), "UInt128"))
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.decodeValue(T.self, from: try contentSlot(for: T.self), component: nil)
    }
}
