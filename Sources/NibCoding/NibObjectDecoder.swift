import Foundation
import NibArchive

/// Decodes a nib object (and what it references) into a `Decodable` Swift type, by key.
///
/// Keys are the archive's keys. Strings come from string objects, numbers from integer, float
/// and boolean values or `NSNumber` objects, `Data` from data values or `NSData`, geometry
/// (`CGRect`, `CGPoint`, `CGSize`, ``NibEdgeInsets``, ``NibAffineTransform``) from struct blobs
/// or `NSValue` strings, arrays from collections, `[String: T]` from dictionaries, and nested
/// `Decodable` types from referenced objects.
///
/// ```swift
/// struct Label: Decodable { var UIText: String; var UIBounds: CGRect }
/// let label = try NibObjectDecoder().decode(Label.self, from: labelObject)
/// ```
///
/// Errors are `DecodingError`s with the coding path; their debug description names the
/// object's archive index and class. A graph with a cycle that the type follows fails at
/// ``maximumDepth`` instead of recursing forever.
public struct NibObjectDecoder: Sendable {
    /// How deeply nested containers may be.
    public var maximumDepth: Int

    /// Creates a decoder.
    public init(maximumDepth: Int = 256) {
        self.maximumDepth = maximumDepth
    }

    /// Decodes `type` from `object`.
    public func decode<T: Decodable>(_ type: T.Type, from object: AnyObject) throws -> T {
        let decoder = BridgeDecoder(node: .object(object), codingPath: [], maximumDepth: maximumDepth)
        return try decoder.decodeValue(type)
    }
}

/// A value the bridge is looking at: an object, or a stored payload.
enum BridgeNode {
    case object(AnyObject)
    case payload(NibArchive.Payload)

    init?(_ value: NibEntry.Value) {
        switch value {
        case .object(let object?): self = .object(object)
        case .backReference(let reference):
            guard let object = reference.object else { return nil }
            self = .object(object)
        case .object(nil), .payload(.nil): return nil
        case .payload(let payload): self = .payload(payload)
        }
    }

    var describe: String {
        switch self {
        case .object(let object):
            if let nib = object as? NibObject {
                return "object \(nib.archiveIndex.map(String.init) ?? "?") (\(nib.displayClassName))"
            }
            return "an object of type \(type(of: object))"
        case .payload(let payload): return "a \(payload.type) value"
        }
    }
}

struct BridgeKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

struct BridgeDecoder: Decoder {
    let node: BridgeNode
    let codingPath: [any CodingKey]
    let maximumDepth: Int
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func mismatch<T>(_ type: T.Type) -> DecodingError {
        .typeMismatch(
            type, .init(codingPath: codingPath, debugDescription: "expected \(type) but found \(node.describe)"))
    }

    func checkDepth() throws {
        if codingPath.count > maximumDepth {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath,
                    debugDescription: "nesting deeper than \(maximumDepth); the graph has a cycle the type follows"))
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try checkDepth()
        guard case .object(let object) = node else { throw mismatch([String: Any].self) }
        if let dictionary = object as? NibDictionary {
            var values: [String: BridgeNode] = [:]
            for (key, value) in dictionary.stringKeyedValues { values[key] = .object(value) }
            return KeyedDecodingContainer(BridgeKeyedContainer<Key>(decoder: self, values: values, object: nil))
        }
        guard let nib = object as? NibObject else { throw mismatch([String: Any].self) }
        return KeyedDecodingContainer(BridgeKeyedContainer<Key>(decoder: self, values: nil, object: nib))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try checkDepth()
        guard case .object(let object) = node, let collection = object as? NibCollection else {
            throw mismatch([Any].self)
        }
        return BridgeUnkeyedContainer(decoder: self, elements: collection.elements.map { BridgeNode.object($0) })
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { BridgeSingleValue(decoder: self) }

    func child(_ node: BridgeNode, key: any CodingKey) -> BridgeDecoder {
        BridgeDecoder(node: node, codingPath: codingPath + [key], maximumDepth: maximumDepth)
    }

    // MARK: Scalars

    func string() throws -> String {
        switch node {
        case .object(let object as NibString): return object.string
        case .payload(.data(let bytes)): return String(decoding: bytes, as: UTF8.self)
        default: throw mismatch(String.self)
        }
    }

    func number() -> NibNumber.Value? {
        switch node {
        case .object(let object as NibNumber): return object.value
        case .payload(.bool(let value)): return .bool(value)
        case .payload(.float32(let value)): return .double(Double(value))
        case .payload(.float64(let value)): return .double(value)
        case .payload(let payload): return payload.integerValue.map { .integer($0) }
        default: return nil
        }
    }

    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        switch number() {
        case .integer(let value)?:
            guard let result = T(exactly: value) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: codingPath, debugDescription: "\(value) does not fit in \(T.self)"))
            }
            return result
        case .bool(let value)?: return value ? 1 : 0
        default: throw mismatch(type)
        }
    }

    func double() throws -> Double {
        switch number() {
        case .double(let value)?: return value
        default: throw mismatch(Double.self)
        }
    }

    func bool() throws -> Bool {
        switch number() {
        case .bool(let value)?: return value
        case .integer(let value)?: return value != 0
        default: throw mismatch(Bool.self)
        }
    }

    func geometry(_ count: Int) throws -> [Double] {
        switch node {
        case .payload(.data(let bytes)):
            if let components = GeometryBlob.components(bytes, count: count) { return components }
        case .object(let value as NibStructValue):
            switch value.value {
            case .point(let p) where count == 2: return [p.x, p.y]
            case .size(let s) where count == 2: return [s.width, s.height]
            case .rect(let r) where count == 4: return [r.origin.x, r.origin.y, r.size.width, r.size.height]
            default: break
            }
        case .object(let string as NibString):
            if let numbers = GeometryText.numbers(string.string), numbers.count == count { return numbers }
        default: break
        }
        throw DecodingError.typeMismatch(
            [Double].self,
            .init(
                codingPath: codingPath,
                debugDescription: "expected a geometry value of \(count) components but found \(node.describe)"))
    }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        switch type {
        case is String.Type: return try cast(string())
        case is CGRect.Type: return try cast(GeometryBlob.rect(geometry(4)))
        case is CGPoint.Type: return try cast(GeometryBlob.point(geometry(2)))
        case is CGSize.Type: return try cast(GeometryBlob.size(geometry(2)))
        case is NibEdgeInsets.Type: return try cast(GeometryBlob.insets(geometry(4)))
        case is NibAffineTransform.Type: return try cast(GeometryBlob.transform(geometry(6)))
        case is Data.Type:
            switch node {
            case .payload(.data(let bytes)): return try cast(Data(bytes))
            case .object(let data as NibData): return try cast(data.dataValue)
            default: throw mismatch(Data.self)
            }
        default: return try T(from: self)
        }
    }

    private func cast<T, U>(_ value: U) throws -> T {
        guard let result = value as? T else { throw mismatch(T.self) }
        return result
    }
}

struct BridgeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: BridgeDecoder
    /// Dictionary contents, when the object is a dictionary.
    let values: [String: BridgeNode]?
    let object: NibObject?

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        if let values { return values.keys.compactMap { Key(stringValue: $0) } }
        var seen: Set<String> = []
        return (object?.entries ?? []).compactMap { seen.insert($0.key).inserted ? Key(stringValue: $0.key) : nil }
    }

    func lookup(_ key: Key) -> BridgeNode?? {
        if let values { return values[key.stringValue].map { .some($0) } }
        guard let value = object?.value(forKey: key.stringValue) else { return nil }
        return .some(BridgeNode(value))
    }

    func contains(_ key: Key) -> Bool { lookup(key) != nil }

    func node(_ key: Key) throws -> BridgeNode {
        guard let found = lookup(key) else {
            throw DecodingError.keyNotFound(
                key,
                .init(
                    codingPath: codingPath,
                    debugDescription: "\(decoder.node.describe) has no value for \"\(key.stringValue)\""))
        }
        guard let node = found else {
            throw DecodingError.valueNotFound(
                Any.self, .init(codingPath: codingPath + [key], debugDescription: "\"\(key.stringValue)\" is nil"))
        }
        return node
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let found = lookup(key) else { return true }
        return found == nil
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.child(try node(key), key: key).decodeValue(type)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder.child(try node(key), key: key).bool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try decoder.child(try node(key), key: key).string()
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try decoder.child(try node(key), key: key).double()
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        Float(try decoder.child(try node(key), key: key).double())
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try decoder.child(try node(key), key: key).integer(type)
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try decoder.child(try node(key), key: key).integer(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try decoder.child(try node(key), key: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(try node(key), key: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { decoder.child(try node(key), key: key) }
}

struct BridgeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: BridgeDecoder
    let elements: [BridgeNode]
    var currentIndex = 0

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func next() throws -> BridgeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self,
                .init(
                    codingPath: codingPath,
                    debugDescription: "the collection has only \(DisplayText.counted(elements.count, "element"))"))
        }
        defer { currentIndex += 1 }
        return decoder.child(elements[currentIndex], key: BridgeKey(intValue: currentIndex))
    }

    mutating func decodeNil() throws -> Bool { false }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(type) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    { try next().container(keyedBy: type) }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}

struct BridgeSingleValue: SingleValueDecodingContainer {
    let decoder: BridgeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { false }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool() }
    func decode(_ type: String.Type) throws -> String { try decoder.string() }
    func decode(_ type: Double.Type) throws -> Double { try decoder.double() }
    func decode(_ type: Float.Type) throws -> Float { Float(try decoder.double()) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.integer(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
}
