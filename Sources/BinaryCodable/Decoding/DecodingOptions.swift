/// Options shared by every `Decoder` of one top-level `decode` call.
final class DecodingOptions {
    let userInfo: [CodingUserInfoKey: Any]
    let maximumNestingDepth: Int
    @exclusivity(unchecked) private var primitiveTypes = PrimitiveTypeCache<(any PrimitiveDecodable.Type)?>()

    /// The primitive type to read for `type` (§2.3), or `nil` if `init(from:)` must run.
    @inline(__always)
    func primitiveType<T>(_ type: T.Type) -> (any PrimitiveDecodable.Type)? {
        primitiveTypes.answer(for: type) { type as? any PrimitiveDecodable.Type }
    }

    init(userInfo: [CodingUserInfoKey: Any], maximumNestingDepth: Int) {
        self.userInfo = userInfo
        self.maximumNestingDepth = maximumNestingDepth
    }
}
