/// Shared by every `Encoder` of one top-level `encode` call: options, the payload arena and a
/// small pool of encoders that can be reused once the value they encoded is done.
final class EncodingState {
    let arena = ByteWriter(capacity: 256)
    let userInfo: [CodingUserInfoKey: Any]
    let sortKeys: Bool
    /// Stops nesting before the thread's stack runs out.
    @exclusivity(unchecked) var stack = StackGuard()
    @exclusivity(unchecked) private var spareEncoders: [NodeEncoder] = []
    @exclusivity(unchecked) private var primitiveTypes = PrimitiveTypeCache<(any PrimitiveEncodable.Type)?>()
    @exclusivity(unchecked) private var dictionaryTypes = PrimitiveTypeCache<Bool>()

    /// Whether `type` is a `[String: V]` written by the direct path.
    @inline(__always)
    func isStringKeyedDictionary<T>(_ type: T.Type) -> Bool {
        dictionaryTypes.answer(for: type) { type is any StringKeyedDictionaryEncodable.Type }
    }

    /// The primitive type of values of `type` (§2.3), or `nil`: decided by the static type, so an
    /// `Optional` is never primitive.
    @inline(__always)
    func primitiveType<T>(_ type: T.Type) -> (any PrimitiveEncodable.Type)? {
        primitiveTypes.answer(for: type) { type as? any PrimitiveEncodable.Type }
    }

    /// Writes `value` into the arena if its type is primitive.
    @inline(__always)
    func payloadIfPrimitive<T>(_ value: T) -> EncodedValue? {
        guard let primitive = primitiveType(T.self) else { return nil }
        let start = arena.count
        primitive.appendPayload(of: value, to: arena)
        return .payload(start: start, count: arena.count - start)
    }

    init(userInfo: [CodingUserInfoKey: Any], sortKeys: Bool) {
        self.userInfo = userInfo
        self.sortKeys = sortKeys
    }

    /// Writes a primitive's payload into the arena.
    @inline(__always)
    func payload(_ value: some PrimitiveEncodable) -> EncodedValue {
        let start = arena.count
        value.appendPayload(to: arena)
        return .payload(start: start, count: arena.count - start)
    }

    /// Writes `K E(value)` (or just `E(value)` when `intKey` and `name` are both absent) for a
    /// primitive straight into the arena, so the serializer only copies it.
    @inline(__always)
    func framedPayload(_ value: some PrimitiveEncodable, intKey: Int, name: String?) -> EncodedValue {
        let start = arena.count
        if intKey >= 0 {
            arena.appendVarint(UInt64(intKey) << 1)
        } else if let name {
            arena.appendVarint(UInt64(name.utf8.count) << 1 | 1)
            arena.appendString(name)
        }
        let prefix = arena.count
        arena.append(0)
        value.appendPayload(to: arena)
        let length = arena.count - prefix - 1
        arena.patchVarint(UInt64(length) << 1, atPlaceholder: prefix)
        return .framed(start: start, count: arena.count - start)
    }

    func makeEncoder(parent: NodeEncoder?, component: PathComponent?) -> NodeEncoder {
        if let encoder = spareEncoders.popLast() {
            encoder.parent = parent
            encoder.component = component
            return encoder
        }
        return NodeEncoder(state: self, parent: parent, component: component)
    }

    /// Drops the pooled encoders. They refer to this state, so the pool must be emptied when the
    /// top-level encode ends, or state, encoders and arena would keep each other alive.
    func releaseSpareEncoders() {
        spareEncoders.removeAll()
    }

    /// Takes back an encoder nobody else holds any more.
    func recycle(_ encoder: inout NodeEncoder) {
        guard isKnownUniquelyReferenced(&encoder), spareEncoders.count < 32 else { return }
        encoder.reset()
        spareEncoders.append(encoder)
    }
}
