/// Options shared by every `Decoder` of one top-level `decode` call.
final class DecodingOptions {
    let userInfo: [CodingUserInfoKey: Any]
    let maximumNestingDepth: Int

    init(userInfo: [CodingUserInfoKey: Any], maximumNestingDepth: Int) {
        self.userInfo = userInfo
        self.maximumNestingDepth = maximumNestingDepth
    }
}
