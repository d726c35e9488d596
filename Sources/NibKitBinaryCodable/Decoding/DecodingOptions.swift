/// Options shared by every `Decoder` of one top-level `decode` call.
final class DecodingOptions {
    let userInfo: [CodingUserInfoKey: Any]
    let maximumNestingDepth: Int
    /// Stops nesting before the thread's stack runs out, whatever `maximumNestingDepth` allows.
    @exclusivity(unchecked) var stack = StackGuard()
    @exclusivity(unchecked) private var primitiveTypes = PrimitiveTypeCache<(any PrimitiveDecodable.Type)?>()
    @exclusivity(unchecked) private var dictionaryTypes = PrimitiveTypeCache<
        (any StringKeyedDictionaryDecodable.Type)?
    >()

    /// `type` if it is a `[String: V]` read by the direct path, else `nil`.
    @inline(__always)
    func stringKeyedDictionaryType<T>(_ type: T.Type) -> (any StringKeyedDictionaryDecodable.Type)? {
        dictionaryTypes.answer(for: type) { type as? any StringKeyedDictionaryDecodable.Type }
    }

    /// The primitive type to read for `type` (§2.3), or `nil` if `init(from:)` must run.
    @inline(__always)
    func primitiveType<T>(_ type: T.Type) -> (any PrimitiveDecodable.Type)? {
        primitiveTypes.answer(for: type) { type as? any PrimitiveDecodable.Type }
    }

    /// Decoders (with their keyed tables) that may be reused once nobody else holds them: most
    /// values are decoded and dropped one after another, so a handful serves a whole array.
    @exclusivity(unchecked) private var spareDecoders: [ValueDecoder] = []

    /// Drops the pooled decoders. They refer to these options, so the pool must be emptied when
    /// the top-level decode ends, or options and decoders would keep each other alive.
    func releaseSpareDecoders() {
        spareDecoders.removeAll()
    }

    func recycle(_ decoder: inout ValueDecoder) {
        guard isKnownUniquelyReferenced(&decoder), spareDecoders.count < 16 else { return }
        decoder.parent = nil
        spareDecoders.append(decoder)
    }

    func makeDecoder(
        input: InputBytes, slot: Slot, depth: Int, parent: ValueDecoder?, component: PathComponent?
    ) -> ValueDecoder {
        if let decoder = spareDecoders.popLast() {
            decoder.reuse(input: input, slot: slot, depth: depth, parent: parent, component: component)
            return decoder
        }
        return ValueDecoder(
            input: input, options: self, slot: slot, depth: depth, parent: parent, component: component)
    }

    init(userInfo: [CodingUserInfoKey: Any], maximumNestingDepth: Int) {
        self.userInfo = userInfo
        self.maximumNestingDepth = maximumNestingDepth
    }
}
