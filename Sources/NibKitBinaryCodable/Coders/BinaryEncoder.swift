import Foundation

/// Encodes `Encodable` values into BinaryCodable format v3 bytes.
///
/// ```swift
/// var encoder = BinaryEncoder()
/// encoder.sortKeysDuringEncoding = true
/// let data = try encoder.encode(message)
/// ```
///
/// The encoder is a value type and can be reused for many values. Errors it creates are
/// `EncodingError`s; errors thrown by a value's own `encode(to:)` pass through unchanged.
public struct BinaryEncoder {
    /// The `userInfo` key under which ``sortKeysDuringEncoding`` is stored (raw value `"sortByKey"`).
    // The failable initializer never fails; the literal is not input.
    public static let userInfoSortKey: CodingUserInfoKey = CodingUserInfoKey(rawValue: "sortByKey")!

    /// Contextual information handed to every nested `Encoder`.
    public var userInfo: [CodingUserInfoKey: Any] = [:]

    /// Whether keyed containers are written in a deterministic sorted order (default `false`).
    ///
    /// Stored as a `Bool` in `userInfo[BinaryEncoder.userInfoSortKey]`; any other value there reads
    /// as `false`. Unsorted containers are written in the order their keys were first encoded.
    public var sortKeysDuringEncoding: Bool {
        get { userInfo[Self.userInfoSortKey] as? Bool ?? false }
        set { userInfo[Self.userInfoSortKey] = newValue }
    }

    /// Whether values are written in one pass straight into the output (falling back to the
    /// tree encoder for what one pass cannot express); tests turn it off to compare the two.
    var usesDirectEncoding = true

    /// Creates an encoder with default options.
    public init() {}

    /// Encodes `value` into its unframed form `N(value)`.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        if let primitive = T.self as? any PrimitiveEncodable.Type {
            let writer = ByteWriter()
            primitive.appendPayload(of: value, to: writer)
            return writer.takeData()
        }
        if usesDirectEncoding && !sortKeysDuringEncoding {
            if let data = DirectEncodingState.encodeUnframed(value, userInfo: userInfo) { return data }
        }
        let (tree, serializer) = try encodeTree(value)
        let out = ByteWriter(capacity: try serializer.unframedSize(tree))
        try serializer.writeUnframed(tree, to: out)
        return out.takeData()
    }

    /// Encodes `value` with a default encoder; the existential is opened, so `encode(5)` is `0a`.
    public static func encode(_ value: any Encodable) throws -> Data {
        try BinaryEncoder().encode(value)
    }

    /// Runs `value.encode(to:)` on a root encoder, without the primitive shortcut.
    func encodeTree<T: Encodable>(_ value: T) throws -> (EncodedValue, TreeSerializer) {
        if T.self == Int128.self || T.self == UInt128.self {
            throw EncodingError.invalidValue(
                value, .init(codingPath: [], debugDescription: "\(T.self) is not part of format v3"))
        }
        let state = EncodingState(userInfo: userInfo, sortKeys: sortKeysDuringEncoding)
        // Pooled encoders hold the state strongly; dropping them ends the cycle, error or not.
        defer { state.releaseSpareEncoders() }
        let root = NodeEncoder(state: state, parent: nil, component: nil)
        try value.encode(to: root)
        return (try root.finish(), TreeSerializer(arena: state.arena, sortKeys: state.sortKeys))
    }

    /// Appends one stream frame for `value` (§2.17): `E` of what `value.encode(to:)` produced.
    func appendFrame<T: Encodable>(_ value: T, to out: ByteWriter) throws {
        if usesDirectEncoding && !sortKeysDuringEncoding,
            DirectEncodingState.encode(value, framed: true, into: out, userInfo: userInfo)
        {
            return
        }
        let (tree, serializer) = try encodeTree(value)
        out.reserve(try serializer.elementSize(tree))
        try serializer.writeElement(tree, to: out)
    }
}
