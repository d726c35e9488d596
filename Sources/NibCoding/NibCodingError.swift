public import NibArchive

/// An error found while turning an archive into objects, or objects into an archive.
///
/// Like `NibArchiveError` it says what went wrong (``code``), where (``offset`` of
/// the value in the file, ``objectIndex``, ``className``, ``key``) and, for type problems, what
/// was expected and what was found. Its description reads as one sentence:
///
/// ```text
/// expected a string but found int8 (type-mismatch) for key "UIText" of object 12 (UILabel) at offset 0x1F4 (500)
/// ```
public struct NibCodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, as a stable identifier; extensible, so new codes are not breaking.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
        /// The identifier, for example `type-mismatch`.
        public var rawValue: String
        /// Creates a code from its identifier.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Creates a code from a string literal.
        public init(stringLiteral value: String) { self.rawValue = value }
        /// The identifier.
        public var description: String { rawValue }

        /// The bytes are not a readable NIBArchive (see ``NibCodingError/underlying``).
        public static let archive: Self = "archive"
        /// A value has a wire type the getter does not accept.
        public static let typeMismatch: Self = "type-mismatch"
        /// A reference names an object index outside the object table.
        public static let missingObject: Self = "missing-object"
        /// A collection contains itself, directly or through other collections.
        public static let collectionCycle: Self = "collection-cycle"
        /// A geometry data blob does not have the length its marker and kind require.
        public static let invalidGeometry: Self = "invalid-geometry"
        /// A `UIProxyObject` has no `UIProxiedObjectIdentifier` string.
        public static let proxyWithoutIdentifier: Self = "proxy-without-identifier"
        /// A proxy names an external object the caller did not supply.
        public static let missingExternalObject: Self = "missing-external-object"
        /// No Swift type is registered for a class (only in strict mode).
        public static let unregisteredClass: Self = "unregistered-class"
        /// Decoding nested deeper than ``NibDecodingLimits/maximumDepth``.
        public static let depthLimit: Self = "depth-limit"
        /// Decoding did more work than ``NibDecodingLimits/maximumWork``.
        public static let workLimit: Self = "work-limit"
        /// The root object lacks something loading requires.
        public static let invalidRoot: Self = "invalid-root"
        /// A file or directory could not be read, or is not a nib.
        public static let unreadableFile: Self = "unreadable-file"
        /// An object cannot be written (for example it adopts no encoding protocol).
        public static let unencodable: Self = "unencodable"
        /// A value could not be converted by the `Decodable` bridge.
        public static let decoding: Self = "decoding"
    }

    /// What went wrong.
    public var code: Code
    /// A short explanation, without the location (that is in ``description``).
    public var message: String
    /// The index of the object being decoded, when there is one.
    public var objectIndex: Int?
    /// The archived class name of that object.
    public var className: String?
    /// The key being read.
    public var key: String?
    /// What the reader expected, for example `a string`.
    public var expected: String?
    /// What the archive holds instead, for example `int8`.
    public var found: String?
    /// The byte offset of the offending value (or table entry) in the parsed file, when known.
    public var offset: Int?
    /// The wire-layer error, for ``Code/archive``.
    public var underlying: NibArchiveError?

    /// Creates an error.
    public init(
        code: Code, message: String, objectIndex: Int? = nil, className: String? = nil, key: String? = nil,
        expected: String? = nil, found: String? = nil, offset: Int? = nil, underlying: NibArchiveError? = nil
    ) {
        self.code = code
        self.message = message
        self.objectIndex = objectIndex
        self.className = className
        self.key = key
        self.expected = expected
        self.found = found
        self.offset = offset ?? underlying?.offset
        self.underlying = underlying
    }

    /// Wraps a wire-layer error.
    public init(_ error: NibArchiveError) {
        self.init(code: .archive, message: error.description, underlying: error)
    }

    /// One sentence: the message, the code, then the key, object, class and offset.
    public var description: String {
        var text = message
        if let expected, let found, !message.contains("expected") { text += ": expected \(expected), found \(found)" }
        text += " (\(code))"
        if let key { text += " for key \"\(key)\"" }
        if let objectIndex {
            text += " of object \(objectIndex)"
            if let className { text += " (\(className))" }
        }
        if let offset, underlying == nil {
            text += " at offset 0x\(String(UInt(bitPattern: offset), radix: 16, uppercase: true)) (\(offset))"
        }
        return text
    }
}
