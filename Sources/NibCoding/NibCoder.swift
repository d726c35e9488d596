public import Foundation
public import NibArchive

/// Reads one archived object's values: `NSCoder` in Swift form.
///
/// A coder is handed to ``NibDecodable/decode(from:)``. Getters follow Apple's rules (spec
/// section 1): a missing key reads as 0, `false`, `nil` or zero geometry; integers widen;
/// `true`/`false` read as 1/0 for integers; an integer read as a float is **not** converted.
/// Unlike Apple's getters, a value of a type the getter cannot accept throws a
/// ``NibCodingError`` naming the object, class, key, expected and found type and byte offset,
/// instead of silently reading as zero.
///
/// ```swift
/// func decode(from coder: NibCoder) throws {
///     text = try coder.decodeString(forKey: "UIText")
///     bounds = try coder.decodeCGRect(forKey: "UIBounds")
///     tag = try coder.decodeInteger(forKey: "UITag")
/// }
/// ```
///
/// A coder may be kept and read after the load. It keeps the load's decoder alive, and the
/// decoder keeps the objects of the load (a later read must find them), even those the rest of
/// the graph let go. A coder kept by an object of the load therefore keeps the whole load
/// alive, itself included, until it is set to `nil`: keep a coder only as long as you need it.
public struct NibCoder {
    let session: DecodingSession
    /// The index of the object being decoded in the archive's object table.
    public let objectIndex: Int
    let object: NibArchive.Object

    init(session: DecodingSession, index: Int, object: NibArchive.Object) {
        self.session = session
        self.objectIndex = index
        self.object = object
    }

    /// The archived class name of the object.
    public var className: String { session.classNames[object.classIndex] }

    /// The keys of the object's values, in stored order (collection elements repeat theirs).
    public var keys: [String] { object.valueIndices.map { session.keyNames[session.values[$0].keyIndex] } }

    /// The object's values as stored, references unresolved.
    public var storedValues: [(key: String, payload: NibArchive.Payload)] {
        object.valueIndices.map { index in
            let value = session.values[index]
            return (session.keyNames[value.keyIndex], value.payload)
        }
    }

    /// Whether the object has a value with `key`.
    public func containsValue(forKey key: String) -> Bool { valueIndex(key) != nil }

    private func valueIndex(_ key: String) -> Int? {
        let index = session.valueIndex(forKey: key, in: object)
        if let index { session.noteRead(index) }
        return index
    }

    private func mismatch(_ key: String, _ index: Int?, expected: String, found: String) -> NibCodingError {
        session.error(
            .typeMismatch, "expected \(expected) but found \(found)", object: objectIndex, key: key,
            valueIndex: index, expected: expected, found: found)
    }

    // MARK: Objects

    /// The object `key` refers to, decoded (the same instance every time for one index);
    /// `nil` when the key is absent or holds nil.
    ///
    /// - Throws: ``NibCodingError`` for a value that is not a reference or nil, or a reference
    ///   to a missing object.
    public func decodeObject(forKey key: String) throws -> AnyObject? {
        guard let index = valueIndex(key) else { return nil }
        switch session.values[index].payload {
        case .nil: return nil
        case .objectReference(let target):
            return try session.object(at: Int(target), referrer: objectIndex, valueIndex: index)
        case let other:
            throw mismatch(key, index, expected: "an object reference", found: other.type.description)
        }
    }

    /// The object `key` refers to, which must be a `T`.
    public func decodeObject<T>(of type: T.Type, forKey key: String) throws -> T? {
        guard let object = try decodeObject(forKey: key) else { return nil }
        guard let typed = object as? T else {
            throw mismatch(
                key, valueIndex(key), expected: "an object of type \(T.self)",
                found: Self.describe(object))
        }
        return typed
    }

    static func describe(_ object: AnyObject) -> String {
        if let nib = object as? NibObject { return "an object of class \(nib.className)" }
        return "an object of type \(type(of: object))"
    }

    /// The text of the string object `key` refers to (`NSString`, `NSMutableString`,
    /// `NSLocalizableString`); `nil` when absent.
    public func decodeString(forKey key: String) throws -> String? {
        guard let object = try decodeObject(forKey: key) else { return nil }
        guard let string = object as? NibString else {
            throw mismatch(key, valueIndex(key), expected: "a string", found: Self.describe(object))
        }
        return string.string
    }

    /// The elements of the collection `key` refers to (array, set or ordered set); for a
    /// dictionary, its keys and values alternating.
    public func decodeArray(forKey key: String) throws -> [AnyObject]? {
        guard let object = try decodeObject(forKey: key) else { return nil }
        guard let collection = object as? NibCollection else {
            throw mismatch(key, valueIndex(key), expected: "a collection", found: Self.describe(object))
        }
        return collection.elements
    }

    /// The number `key` refers to (an `NSNumber` object).
    public func decodeNumber(forKey key: String) throws -> NibNumber.Value? {
        guard let object = try decodeObject(forKey: key) else { return nil }
        guard let number = object as? NibNumber, let value = number.value else {
            throw mismatch(key, valueIndex(key), expected: "a number", found: Self.describe(object))
        }
        return value
    }

    // MARK: Scalars

    /// A boolean: `true`/`false`, or an integer ≠ 0. `false` when absent.
    public func decodeBool(forKey key: String) throws -> Bool {
        guard let index = valueIndex(key) else { return false }
        let payload = session.values[index].payload
        if case .bool(let value) = payload { return value }
        if let integer = payload.integerValue { return integer != 0 }
        throw mismatch(key, index, expected: "a boolean", found: payload.type.description)
    }

    /// An integer of any width; `false`/`true` read as 0/1. 0 when absent.
    public func decodeInt64(forKey key: String) throws -> Int64 {
        guard let index = valueIndex(key) else { return 0 }
        let payload = session.values[index].payload
        if let integer = payload.integerValue { return integer }
        if case .bool(let value) = payload { return value ? 1 : 0 }
        throw mismatch(key, index, expected: "an integer", found: payload.type.description)
    }

    /// An integer of any width, as `Int`.
    public func decodeInteger(forKey key: String) throws -> Int {
        Int(truncatingIfNeeded: try decodeInt64(forKey: key))
    }

    /// A float32 or float64, as `Double`. 0 when absent; integers are not converted.
    public func decodeDouble(forKey key: String) throws -> Double {
        guard let index = valueIndex(key) else { return 0 }
        switch session.values[index].payload {
        case .float32(let value): return Double(value)
        case .float64(let value): return value
        case let other: throw mismatch(key, index, expected: "a float", found: other.type.description)
        }
    }

    /// A float32 or float64, as `Float`.
    public func decodeFloat(forKey key: String) throws -> Float { Float(try decodeDouble(forKey: key)) }

    /// The bytes of a data value; `nil` when absent.
    public func decodeBytes(forKey key: String) throws -> ArraySlice<UInt8>? {
        guard let index = valueIndex(key) else { return nil }
        switch session.values[index].payload {
        case .data(let bytes): return bytes
        case let other: throw mismatch(key, index, expected: "data", found: other.type.description)
        }
    }

    // MARK: Geometry

    private func geometry(_ key: String, _ count: Int, _ name: String) throws -> [Double]? {
        guard let bytes = try decodeBytes(forKey: key) else { return nil }
        guard let components = GeometryBlob.components(bytes, count: count) else {
            let index = valueIndex(key)
            throw session.error(
                .invalidGeometry,
                "a \(name) blob must be 1 + \(count) × 8 (marker 07) or 1 + \(count) × 4 (marker 06) bytes",
                object: objectIndex, key: key, valueIndex: index, expected: "a \(name) blob",
                found: DisplayText.counted(bytes.count, "byte") + (bytes.first.map { " with marker \($0)" } ?? ""))
        }
        return components
    }

    /// A `CGPoint` blob; `.zero` when absent.
    public func decodeCGPoint(forKey key: String) throws -> CGPoint {
        try geometry(key, 2, "point").map(GeometryBlob.point) ?? .zero
    }
    /// A `CGSize` blob; `.zero` when absent.
    public func decodeCGSize(forKey key: String) throws -> CGSize {
        try geometry(key, 2, "size").map(GeometryBlob.size) ?? .zero
    }
    /// A `CGRect` blob; `.zero` when absent.
    public func decodeCGRect(forKey key: String) throws -> CGRect {
        try geometry(key, 4, "rect").map(GeometryBlob.rect) ?? .zero
    }
    /// A `UIEdgeInsets` blob; zero insets when absent.
    public func decodeEdgeInsets(forKey key: String) throws -> NibEdgeInsets {
        try geometry(key, 4, "edge insets").map(GeometryBlob.insets) ?? .zero
    }
    /// A `CGAffineTransform` blob; the identity when absent.
    public func decodeAffineTransform(forKey key: String) throws -> NibAffineTransform {
        try geometry(key, 6, "affine transform").map(GeometryBlob.transform) ?? .identity
    }

    // MARK: Collections

    /// Whether the object is an inlined collection: its first value is `NSInlinedValue`
    /// (Apple checks only that key, not the type).
    public var isInlinedCollection: Bool {
        guard object.valueCount > 0, let inlined = session.inlinedKey else { return false }
        return session.values[object.firstValueIndex].keyIndex == inlined
    }

    /// The elements of an inlined collection in stored order (`UINibEncoderEmptyKey` values);
    /// a nil element is `nil`. Dictionaries alternate key and value.
    public func decodeInlinedElements() throws -> [AnyObject?] {
        var result: [AnyObject?] = []
        for index in object.valueIndices where session.values[index].keyIndex == session.emptyKey {
            session.noteRead(index)
            result.append(try element(at: index, key: "UINibEncoderEmptyKey"))
        }
        return result
    }

    /// The elements of a keyed collection: `NS.object.0`, `NS.object.1`, … up to the first missing index.
    public func decodeKeyedElements() throws -> [AnyObject?] {
        var result: [AnyObject?] = []
        var position = 0
        while let index = valueIndex("NS.object.\(position)") {
            result.append(try element(at: index, key: "NS.object.\(position)"))
            position += 1
        }
        return result
    }

    private func element(at index: Int, key: String) throws -> AnyObject? {
        switch session.values[index].payload {
        case .nil: return nil
        case .objectReference(let target):
            return try session.object(at: Int(target), referrer: objectIndex, valueIndex: index)
        case let other: throw mismatch(key, index, expected: "an object reference", found: other.type.description)
        }
    }
}
