/// A wire-level failure: what went wrong, and the byte offset where the failing unit starts.
///
/// The coders never throw this type directly; it rides in `DecodingError`'s `underlyingError`
/// so that the offset and the exact reason stay available to a person reading the error.
struct WireError: Error, CustomStringConvertible, Sendable {
    /// The kind of failure; extensible, compared by identity of its text.
    struct Code: Hashable, Sendable, CustomStringConvertible {
        let description: String

        static let truncatedVarint = Code(description: "truncated varint")
        static let prematureEnd = Code(description: "premature end of data")
        static let lengthExceedsRemaining = Code(description: "declared length exceeds the bytes that remain")
        static let invalidNilIndicator = Code(description: "invalid nil indicator")
        static let invalidUTF8 = Code(description: "invalid UTF-8")
        static let valueOutOfRange = Code(description: "value out of range")
        static let invalidBool = Code(description: "invalid Bool byte")
        static let wrongPayloadSize = Code(description: "wrong payload size")
        static let trailingBytes = Code(description: "unexpected bytes after the value")
        static let duplicateKey = Code(description: "duplicate key")
        static let ambiguousKey = Code(description: "key present both as integer and as string")
        static let missingElement = Code(description: "key without a following element")
        static let nilContainer = Code(description: "container requested but nil found")
        static let nestingTooDeep = Code(description: "nesting deeper than maximumNestingDepth")
        static let stackExhausted = Code(
            description: "nesting deeper than the thread's stack allows (less than 128 KiB of it left)")
        static let pastEndOfContainer = Code(description: "no more elements in unkeyed container")
        static let unsupportedType = Code(description: "type not supported by format v3")
    }

    let code: Code
    /// 0-based offset of the failing unit from the first byte of the input.
    let offset: Int
    /// Extra words for a person, e.g. the expected size.
    let detail: String

    init(_ code: Code, at offset: Int, _ detail: String = "") {
        self.code = code
        self.offset = offset
        self.detail = detail
    }

    var description: String {
        let hex = String(offset, radix: 16, uppercase: true)
        let suffix = detail.isEmpty ? "" : " (\(detail))"
        return "\(code) at byte offset \(offset) (0x\(hex))\(suffix)"
    }

}
