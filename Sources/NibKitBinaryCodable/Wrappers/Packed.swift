/// Writes a collection of scalars packed: element payloads back to back, no per-element prefix.
///
/// ```swift
/// struct Series: Codable {
///     @Packed var samples: ContiguousArray<Int16>
/// }
/// ```
///
/// Elements that are not one of the 13 packable scalars (`Bool`, fixed and variable width
/// integers, `Float`, `Double`) are written as an unkeyed container instead. `Array` and `Set` of
/// packable scalars are packed without the wrapper. Unlike the reference library's `@Packed`,
/// this one round-trips (§3 D4).
@propertyWrapper
public struct Packed<WrappedValue: RangeReplaceableCollection> {
    /// The wrapped collection.
    public var wrappedValue: WrappedValue

    /// Wraps a collection.
    public init(wrappedValue: WrappedValue) {
        self.wrappedValue = wrappedValue
    }
}

extension Packed: Encodable where WrappedValue.Element: Encodable {
    /// Encodes the elements into an unkeyed container (what other encoders see).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for element in wrappedValue { try container.encode(element) }
    }
}

extension Packed: Decodable where WrappedValue.Element: Decodable {
    /// Decodes the elements from an unkeyed container.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements = WrappedValue()
        while !container.isAtEnd {
            elements.append(try container.decode(WrappedValue.Element.self))
        }
        self.init(wrappedValue: elements)
    }
}

extension Packed: PrimitiveEncodable where WrappedValue.Element: PackableScalar {
    func appendPayload(to writer: ByteWriter) {
        let packedContiguously: Void? = wrappedValue.withContiguousStorageIfAvailable {
            WrappedValue.Element.appendPacked($0, to: writer)
        }
        if packedContiguously == nil {
            for element in wrappedValue { element.appendPayload(to: writer) }
        }
    }
}

extension Packed: PrimitiveDecodable where WrappedValue.Element: PackableScalar {
    static func readPayload(from reader: inout ByteReader) throws(WireError) -> Packed<WrappedValue> {
        Packed(wrappedValue: WrappedValue(try WrappedValue.Element.readPacked(from: &reader)))
    }
}

/// Sendable whenever the wrapped collection is (an addition to the reference API, so that Swift 6
/// models holding the wrapper can be `Sendable`).
extension Packed: Sendable where WrappedValue: Sendable {}

/// Equal when the wrapped collections are equal (an addition to the reference API, so that
/// models holding `@Packed` can synthesize `Equatable`).
extension Packed: Equatable where WrappedValue: Equatable {}

/// Hashes the wrapped collection.
extension Packed: Hashable where WrappedValue: Hashable {}
