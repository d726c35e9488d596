/// An error reading a property list or converting between a keyed archive and a NIBArchive:
/// what is wrong and where.
///
/// ```swift
/// do { _ = try PropertyList(parsing: bytes) }
/// catch { print(error) }  // object offset 9000 is past the object area (bad-offset) at offset 0x2C (44)
/// ```
public struct KeyedArchiveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is; stable identifiers for tests and tools.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The identifier, for example `truncated`.
        public var rawValue: String
        /// Creates a code.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The identifier.
        public var description: String { rawValue }

        /// The input ends inside a header, trailer, object or element.
        public static let truncated = Code(rawValue: "truncated")
        /// The bytes are not a property list NibKit reads (bad magic or marker).
        public static let badFormat = Code(rawValue: "bad-format")
        /// An offset, object reference or count points outside the file or its tables.
        public static let badOffset = Code(rawValue: "bad-offset")
        /// A value is malformed: a wrong size, invalid text, a non-string dictionary key.
        public static let badValue = Code(rawValue: "bad-value")
        /// Binary objects refer to one another in a cycle.
        public static let cycle = Code(rawValue: "cycle")
        /// A ``PropertyList/Limits`` bound was reached.
        public static let limitExceeded = Code(rawValue: "limit-exceeded")
        /// A value has no form in the requested output format.
        public static let unrepresentable = Code(rawValue: "unrepresentable")
        /// The property list is not a keyed archive NibKit can turn into a NIBArchive.
        public static let notKeyedArchive = Code(rawValue: "not-keyed-archive")
        /// The NIBArchive could not be built (the wire layer's error is in the message).
        public static let archive = Code(rawValue: "archive")
    }

    /// What went wrong.
    public var code: Code
    /// The byte offset where the offending item starts, for errors in property list bytes;
    /// `nil` for errors in the structure of an already parsed value.
    public var offset: Int?
    /// Where in the keyed archive the problem is, such as `$objects[12]["NS.objects"]`, for
    /// errors found after parsing.
    public var path: String?
    /// A short explanation, without the offset (that is in ``description``).
    public var message: String

    /// Creates an error.
    public init(code: Code, offset: Int? = nil, path: String? = nil, message: String) {
        self.code = code
        self.offset = offset
        self.path = path
        self.message = message
    }

    /// A sentence a user can act on, such as
    /// `truncated integer (truncated) at offset 0x2A (42)`.
    public var description: String {
        var text = "\(message) (\(code))"
        if let offset {
            let hex = String(UInt(bitPattern: offset), radix: 16, uppercase: true)
            text += " at offset 0x\(hex) (\(offset))"
        }
        if let path { text += " in \(path)" }
        return text
    }
}
