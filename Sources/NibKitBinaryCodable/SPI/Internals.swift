import Foundation

// The `@_spi(Internals)` group of the reference library (added in its 3.2 release for people who
// build their own coders on top of it), with the same names and shapes, backed by this module's
// tree encoder (`NodeEncoder`) and decoder (`ValueDecoder`). Nothing here is a second
// implementation of the format: the nodes hand their containers to those coders.
//
// Unstable: SPI is outside the public API and its semantic-versioning promise, in the reference
// as here. Clients opt in with `@_spi(Internals) import NibKitBinaryCodable` (or
// `import BinaryCodable` through a module alias).

/// Contextual information set by the user for encoding or decoding.
///
/// - Important: Unstable SPI, outside the public API; it may change in any release.
@_spi(Internals) public typealias UserInfo = [CodingUserInfoKey: Any]

/// A node of the encoding or decoding hierarchy: its coding path and the user's contextual
/// information.
///
/// - Important: Unstable SPI, outside the public API; it may change in any release.
@_spi(Internals) public class AbstractNode {
    /// The coding keys taken to reach this node.
    @_spi(Internals) public let codingPath: [any CodingKey]

    /// Contextual information set by the user (including the encoder's options).
    @_spi(Internals) public let userInfo: UserInfo

    init(codingPath: [any CodingKey], userInfo: UserInfo) {
        self.codingPath = codingPath
        self.userInfo = userInfo
    }
}

/// A node that encodes: knows whether its data will be written with a length prefix.
///
/// - Important: Unstable SPI, outside the public API; it may change in any release.
@_spi(Internals) public class AbstractEncodingNode: AbstractNode {
    /// Whether ``EncodableContainer/completeData()`` prefixes the data with its length (an
    /// element frame `E(x)`) rather than a nil indicator (the unframed root form `N(x)`).
    @_spi(Internals) public let needsLengthData: Bool

    /// Creates a node at `codingPath`.
    /// - Parameters:
    ///   - needsLengthData: Whether the complete data carries a length prefix.
    ///   - codingPath: The coding keys taken to reach this node.
    ///   - userInfo: Contextual information set by the user.
    @_spi(Internals) public init(needsLengthData: Bool, codingPath: [any CodingKey], userInfo: UserInfo) {
        self.needsLengthData = needsLengthData
        super.init(codingPath: codingPath, userInfo: userInfo)
    }
}

/// Something that has encoded a value and can give its bytes.
///
/// - Important: Unstable SPI, outside the public API; it may change in any release.
@_spi(Internals) public protocol EncodableContainer {
    /// Whether the complete data is prefixed with the length of the contained data.
    var needsLengthData: Bool { get }

    /// Whether the encoded value can be nil, so that unframed data starts with a nil indicator.
    var needsNilIndicator: Bool { get }

    /// Whether the encoded value is nil; only ever `true` when ``needsNilIndicator`` is.
    var isNil: Bool { get }

    /// The encoded bytes without nil indicator or length; only meaningful when ``isNil`` is `false`.
    func containedData() throws -> Data
}

extension EncodableContainer {
    /// The encoded bytes with what frames them: `01` for nil; else the length prefix when
    /// ``needsLengthData`` is set, the nil indicator `00` when ``needsNilIndicator`` is set, or
    /// nothing.
    @_spi(Internals) public func completeData() throws -> Data {
        if isNil { return Data([1]) }
        let data = try containedData()
        let out = ByteWriter(capacity: data.count + 10)
        if needsLengthData {
            out.appendVarint(UInt64(data.count) << 1)
        } else if needsNilIndicator {
            out.append(0)
        }
        out.append(data)
        return out.takeData()
    }
}

/// An `Encoder` that keeps what was encoded into it, for coders built on top of this module.
///
/// `BinaryEncoder().encode(x)` is the ``EncodableContainer/completeData()`` of a node created with
/// `needsLengthData: false` after `x.encode(to:)`; a stream frame is that of a node with
/// `needsLengthData: true`.
///
/// ```swift
/// @_spi(Internals) import NibKitBinaryCodable
///
/// let node = EncodingNode(needsLengthData: false, codingPath: [], userInfo: [:])
/// try value.encode(to: node)
/// let bytes = try node.completeData()
/// ```
///
/// - Important: Unstable SPI, outside the public API; it may change in any release.
@_spi(Internals) public final class EncodingNode: AbstractEncodingNode, Encoder, EncodableContainer {
    private let state: EncodingState
    /// The tree encoder doing the work; its parents (if any) only carry `codingPath`.
    private let root: NodeEncoder

    /// Creates an empty node at `codingPath`.
    /// - Parameters:
    ///   - needsLengthData: Whether the complete data carries a length prefix.
    ///   - codingPath: The coding keys taken to reach this node.
    ///   - userInfo: Contextual information set by the user; `BinaryEncoder.userInfoSortKey`
    ///     set to `true` sorts keyed containers.
    @_spi(Internals) public override init(
        needsLengthData: Bool, codingPath: [any CodingKey], userInfo: UserInfo
    ) {
        let state = EncodingState(
            userInfo: userInfo, sortKeys: userInfo[BinaryEncoder.userInfoSortKey] as? Bool ?? false)
        var parent: NodeEncoder?
        for key in codingPath { parent = NodeEncoder(state: state, parent: parent, component: .key(key)) }
        self.state = state
        root = NodeEncoder(state: state, parent: parent, component: nil)
        super.init(needsLengthData: needsLengthData, codingPath: codingPath, userInfo: userInfo)
    }

    deinit { state.releaseSpareEncoders() }

    /// A keyed container writing into this node.
    @_spi(Internals) public func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        root.container(keyedBy: type)
    }

    /// An unkeyed container writing into this node.
    @_spi(Internals) public func unkeyedContainer() -> any UnkeyedEncodingContainer {
        root.unkeyedContainer()
    }

    /// A single-value container writing into this node.
    @_spi(Internals) public func singleValueContainer() -> any SingleValueEncodingContainer {
        root.singleValueContainer()
    }

    /// Whether a single-value container was used (its value may be nil).
    @_spi(Internals) public var needsNilIndicator: Bool {
        if case .single = root.storage { return true }
        return false
    }

    /// Whether a single-value container holds nil.
    @_spi(Internals) public var isNil: Bool {
        if case .single(.nilValue?) = root.storage { return true }
        return false
    }

    /// The encoded bytes without nil indicator or length prefix.
    ///
    /// - Throws: `EncodingError.invalidValue` if nothing was encoded, a container kind was
    ///   misused, or a value cannot be written (the same errors as `BinaryEncoder`).
    @_spi(Internals) public func containedData() throws -> Data {
        defer { state.releaseSpareEncoders() }
        let tree = try root.finish()
        if case .nilValue = tree { return Data() }
        let serializer = TreeSerializer(arena: state.arena, sortKeys: state.sortKeys)
        let out = ByteWriter(capacity: try serializer.unframedSize(tree))
        try serializer.writeUnframed(tree, to: out)
        let data = out.takeData()
        // The unframed form of a single value starts with its nil indicator.
        if case .single = root.storage { return data.dropFirst() }
        return data
    }
}

/// A node that decodes.
///
/// - Important: Unstable SPI, outside the public API; it may change in any release.
@_spi(Internals) public class AbstractDecodingNode: AbstractNode {
    /// Whether the nil indicator of this node's value was already read by whoever holds the data
    /// (an element frame), so that a single-value container reads none.
    let parentDecodedNil: Bool

    init(parentDecodedNil: Bool, codingPath: [any CodingKey], userInfo: UserInfo) {
        self.parentDecodedNil = parentDecodedNil
        super.init(codingPath: codingPath, userInfo: userInfo)
    }
}

/// A `Decoder` over given bytes, for coders built on top of this module.
///
/// `BinaryDecoder().decode(T.self, from: data)` is `T(from:)` on a node created with
/// `parentDecodedNil: false` (for types other than the primitive ones, which the decoder reads
/// directly).
///
/// ```swift
/// @_spi(Internals) import NibKitBinaryCodable
///
/// let node = try DecodingNode(data: bytes, parentDecodedNil: false, codingPath: [], userInfo: [:])
/// let value = try Message(from: node)
/// ```
///
/// - Important: Unstable SPI, outside the public API; it may change in any release.
@_spi(Internals) public final class DecodingNode: AbstractDecodingNode, Decoder {
    /// The decoder doing the work; its parents (if any) only carry `codingPath`.
    private let root: ValueDecoder

    /// Creates a node over `data`.
    /// - Parameters:
    ///   - data: The value's bytes: the content of a container, or a single value (with its nil
    ///     indicator unless `parentDecodedNil`); `nil` for a nil value.
    ///   - parentDecodedNil: Whether the nil indicator was already read (as an element frame's
    ///     length prefix carries it), so a single-value container reads none.
    ///   - codingPath: The coding keys taken to reach this node.
    ///   - userInfo: Contextual information set by the user.
    /// - Throws: Never; the signature matches the reference library's.
    @_spi(Internals) public init(
        data: Data?, parentDecodedNil: Bool, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]
    ) throws {
        let input = InputBytes.copy(of: data ?? Data())
        let options = DecodingOptions(userInfo: userInfo, maximumNestingDepth: BinaryDecoder().maximumNestingDepth)
        let slot: Slot
        if data == nil {
            slot = .nilElement(at: 0)
        } else if parentDecodedNil {
            slot = .element(0..<input.count)
        } else {
            slot = .root(0..<input.count)
        }
        var parent: ValueDecoder?
        for key in codingPath {
            parent = ValueDecoder(
                input: input, options: options, slot: slot, depth: 0, parent: parent, component: .key(key))
        }
        root = ValueDecoder(input: input, options: options, slot: slot, depth: 0, parent: parent, component: nil)
        super.init(parentDecodedNil: parentDecodedNil, codingPath: codingPath, userInfo: userInfo)
    }

    deinit { root.options.releaseSpareDecoders() }

    /// A keyed container over the node's bytes.
    /// - Throws: `DecodingError` if the value is nil or the bytes are not a keyed container.
    @_spi(Internals) public func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key>
    {
        try root.container(keyedBy: type)
    }

    /// An unkeyed container over the node's bytes.
    /// - Throws: `DecodingError` if the value is nil or the bytes are not an unkeyed container.
    @_spi(Internals) public func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try root.unkeyedContainer()
    }

    /// A single-value container over the node's bytes.
    /// - Throws: Never; errors come from the container's `decode` calls.
    @_spi(Internals) public func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try root.singleValueContainer()
    }
}
