import Foundation

/// The `Encoder` handed to `encode(to:)`; records which container the value asked for.
final class NodeEncoder: Encoder, CodingPathNode {
    enum Storage {
        case none
        case keyed(KeyedStorage)
        case unkeyed(UnkeyedStorage)
        /// A single-value container; `nil` until something is encoded into it.
        case single(EncodedValue?)
        /// Two different container kinds were requested (§3 D12).
        case conflict(String)
    }

    let state: EncodingState
    @exclusivity(unchecked) var parent: NodeEncoder?
    @exclusivity(unchecked) var component: PathComponent?
    @exclusivity(unchecked) var storage: Storage = .none

    init(state: EncodingState, parent: NodeEncoder?, component: PathComponent?) {
        self.state = state
        self.parent = parent
        self.component = component
    }

    func reset() {
        parent = nil
        component = nil
        storage = .none
    }

    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedNodeEncodingContainer<Key>(encoder: self, storage: keyedStorage()))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedNodeEncodingContainer(encoder: self, storage: unkeyedStorage())
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        switch storage {
        case .none: storage = .single(nil)
        case .single, .conflict: break
        case .keyed, .unkeyed: storage = .conflict("a single-value container was requested after another kind")
        }
        return SingleValueNodeEncodingContainer(encoder: self)
    }

    private func keyedStorage() -> KeyedStorage {
        switch storage {
        case .keyed(let existing):
            return existing
        case .none:
            let created = KeyedStorage()
            storage = .keyed(created)
            return created
        case .unkeyed, .single:
            storage = .conflict("a keyed container was requested after another kind")
            return KeyedStorage()
        case .conflict:
            return KeyedStorage()
        }
    }

    private func unkeyedStorage() -> UnkeyedStorage {
        switch storage {
        case .unkeyed(let existing):
            return existing
        case .none:
            let created = UnkeyedStorage()
            storage = .unkeyed(created)
            return created
        case .keyed, .single:
            storage = .conflict("an unkeyed container was requested after another kind")
            return UnkeyedStorage()
        case .conflict:
            return UnkeyedStorage()
        }
    }

    /// The value this encoder produced; throws if it produced none or was misused.
    func finish() throws -> EncodedValue {
        switch storage {
        case .keyed(let keyed):
            if let failure = keyed.failure { throw failure }
            return .keyed(keyed)
        case .unkeyed(let unkeyed):
            return .unkeyed(unkeyed)
        case .single(let value?):
            return value
        case .single(nil):
            throw invalidValue("single-value container left empty: neither a value nor nil was encoded")
        case .none:
            throw invalidValue("encode(to:) requested no container")
        case .conflict(let message):
            throw invalidValue("one encoder was asked for different container kinds: \(message)")
        }
    }

    func invalidValue(_ message: String, extraKey: (any CodingKey)? = nil) -> EncodingError {
        var path = codingPath
        if let extraKey { path.append(extraKey) }
        return EncodingError.invalidValue(
            message, EncodingError.Context(codingPath: path, debugDescription: message))
    }

    /// Encodes a child value: primitives go straight into the arena (§2.3), others through `encode(to:)`.
    func encodeValue<T: Encodable>(_ value: T, at component: PathComponent?) throws -> EncodedValue {
        if let payload = state.payloadIfPrimitive(value) { return payload }
        if state.isStringKeyedDictionary(T.self), let dictionary = value as? any StringKeyedDictionaryEncodable {
            return try dictionary.encodeEntries(with: self, at: component)
        }
        if let strings = exactly(value, as: [String].self) {
            // The commonest unpacked array, written as `Array.encode(to:)` would, minus the generic hops.
            let unkeyed = UnkeyedStorage()
            unkeyed.items.reserveCapacity(strings.count)
            for string in strings { unkeyed.items.append(state.framedPayload(string, intKey: -1, name: nil)) }
            return .unkeyed(unkeyed)
        }
        if T.self == Int128.self || T.self == UInt128.self {
            throw invalidValue("\(T.self) is not part of format v3", extraKey: component?.codingKey)
        }
        guard state.stack.hasRoom() else {
            throw invalidValue(
                "nesting deeper than the thread's stack allows (less than 128 KiB of it left) at depth "
                    + "\(codingPath.count + 1); encode on a thread with a larger stack",
                extraKey: component?.codingKey)
        }
        var child = state.makeEncoder(parent: self, component: component)
        try value.encode(to: child)
        let result = try child.finish()
        state.recycle(&child)
        return result
    }

    /// A child encoder that will back a nested container or `superEncoder()`.
    func makeChild(at component: PathComponent?) -> NodeEncoder {
        NodeEncoder(state: state, parent: self, component: component)
    }
}
