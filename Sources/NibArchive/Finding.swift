/// One problem or oddity the validator found in an archive.
///
/// Every finding names the absolute byte offset where it starts, its ``severity``, a stable
/// ``id`` (the IDs of the NIBArchive specification, section 12), the table entry it concerns and
/// a short message. For a finding inside a nested archive, ``offset`` is the outer offset
/// (payload start plus inner offset) and ``nestingPath`` lists the data values it sits in.
public struct Finding: Hashable, Sendable, CustomStringConvertible {
    /// How bad a finding is.
    public enum Severity: String, Hashable, Sendable, Comparable, CaseIterable {
        /// Valid, but not what Apple's writer produces.
        case note
        /// Apple's reader accepts the file, but something is wrong or behaves differently.
        case warning
        /// Apple's reader rejects the file, or NibKit cannot model it.
        case error

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }

        /// Orders by badness: note < warning < error.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// A stable finding identifier such as `varint-eof`; extensible.
    public struct ID: RawRepresentable, Hashable, Sendable, CustomStringConvertible,
        ExpressibleByStringLiteral
    {
        /// The identifier text.
        public var rawValue: String
        /// Creates an identifier from its text.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Creates an identifier from a literal.
        public init(stringLiteral value: String) { self.rawValue = value }
        /// The identifier text.
        public var description: String { rawValue }
    }

    /// The severity.
    public var severity: Severity
    /// The stable identifier.
    public var id: ID
    /// The absolute offset where the item starts (in the outermost archive).
    public var offset: Int
    /// The table entry concerned, if any.
    public var entry: TableEntry?
    /// A short message.
    public var message: String
    /// For findings inside nested archives: the value indices of the enclosing data values,
    /// outermost first. Empty for findings in the archive itself.
    public var nestingPath: [Int]

    /// Creates a finding.
    public init(
        severity: Severity, id: ID, offset: Int, entry: TableEntry? = nil, message: String,
        nestingPath: [Int] = []
    ) {
        self.severity = severity
        self.id = id
        self.offset = offset
        self.entry = entry
        self.message = message
        self.nestingPath = nestingPath
    }

    /// One line: offset (hex and decimal), severity, ID, entry and message.
    public var description: String {
        var text = "\(formatOffset(offset)) \(severity.rawValue) \(id)"
        if !nestingPath.isEmpty {
            text += " [nested in value " + nestingPath.map(String.init).joined(separator: " › value ") + "]"
        }
        if let entry { text += " \(entry)" }
        return text + ": " + message
    }
}

extension Finding.ID {
    /// Fewer than 50 bytes.
    public static let shortFile: Self = "short-file"
    /// Bytes 0–9 are not `NIBArchive`.
    public static let badMagic: Self = "bad-magic"
    /// Format version greater than 1.
    public static let formatTooNew: Self = "format-too-new"
    /// Coder version other than 9 or 10.
    public static let coderVersion: Self = "coder-version"
    /// A table offset past the end of the file.
    public static let tableOffset: Self = "table-offset"
    /// A count that cannot fit in the bytes after its table offset.
    public static let countTooLarge: Self = "count-too-large"
    /// The file ends inside a varint.
    public static let varintEOF: Self = "varint-eof"
    /// Five varint bytes without a terminator.
    public static let varintUnterminated: Self = "varint-unterminated"
    /// A five-byte varint above 2^32−1.
    public static let varintOverflow: Self = "varint-overflow"
    /// A class name of length 0.
    public static let classEmptyName: Self = "class-empty-name"
    /// A class name whose last byte is not NUL.
    public static let classNoNUL: Self = "class-no-nul"
    /// A class name that is not valid UTF-8.
    public static let classUTF8: Self = "class-utf8"
    /// Fallbacks or name past the end of the file.
    public static let classEOF: Self = "class-eof"
    /// A fallback index outside the class table.
    public static let fallbackRange: Self = "fallback-range"
    /// Key bytes past the end of the file.
    public static let keyEOF: Self = "key-eof"
    /// A key that is not valid UTF-8.
    public static let keyUTF8: Self = "key-utf8"
    /// A value type byte above 10.
    public static let valueType: Self = "value-type"
    /// A value payload past the end of the file.
    public static let valueEOF: Self = "value-eof"
    /// A key index outside the key table.
    public static let valueKeyRange: Self = "value-key-range"
    /// A class index outside the class table.
    public static let objectClassRange: Self = "object-class-range"
    /// An object's value range outside the value table.
    public static let objectValueRange: Self = "object-value-range"
    /// An object reference outside the object table.
    public static let refRange: Self = "ref-range"
    /// No objects at all.
    public static let noRoot: Self = "no-root"
    /// Object 0 is not an `NSObject`.
    public static let rootClass: Self = "root-class"
    /// An int8/16/32 with the sign bit set.
    public static let negativeNarrowInt: Self = "negative-narrow-int"
    /// The same key bytes twice in the key table.
    public static let duplicateKeyName: Self = "duplicate-key-name"
    /// The same class name twice in the class table.
    public static let duplicateClassName: Self = "duplicate-class-name"
    /// A key other than `UINibEncoderEmptyKey` twice in one object.
    public static let repeatedKeyInObject: Self = "repeated-key-in-object"
    /// `NSInlinedValue` not first in its object, or not true.
    public static let inlinedMarker: Self = "inlined-marker"
    /// Unexpected trailing bytes, or trailer and `IBUINibLNEVersionKey` disagree.
    public static let trailer: Self = "trailer"
    /// Two tables share bytes.
    public static let tableOverlap: Self = "table-overlap"
    /// Data that starts with the magic but does not parse.
    public static let nestedUnparsable: Self = "nested-unparsable"
    /// A varint longer than needed.
    public static let noncanonicalVarint: Self = "noncanonical-varint"
    /// Tables not contiguous objects → keys → values → classes from offset 50.
    public static let noncanonicalLayout: Self = "noncanonical-layout"
    /// Bytes covered by no table.
    public static let gap: Self = "gap"
    /// An empty object whose start is not 0.
    public static let emptyObjectStart: Self = "empty-object-start"
    /// A value owned by no object or several, or ranges out of object order.
    public static let valueCoverage: Self = "value-coverage"
    /// An integer stored wider than the width rule.
    public static let integerWidth: Self = "integer-width"
    /// A class used by no object and no fallback.
    public static let unusedClass: Self = "unused-class"
    /// A key used by no value.
    public static let unusedKey: Self = "unused-key"
    /// The input is larger than the format's 32-bit offsets can address.
    public static let tooLarge: Self = "too-large"
    /// Nested archives deeper than the configured limit.
    public static let nestingDepth: Self = "nesting-depth"
    /// Objects share value runs beyond the expansion limit, so the per-object value checks
    /// (repeated keys, inlined markers) stopped for the rest of the objects.
    public static let expansionLimit: Self = "expansion-limit"
}
