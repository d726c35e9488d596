/// One way two archives differ, found by ``StructuralComparison``.
///
/// The path names the object from the root through keys and collection positions, for example
/// `root › UINibObjectsKey[3] (UILabel) › UIText`. "Left" is the first archive given to the
/// comparison (for the compiler's scorer: Apple's output), "right" the second.
public struct StructuralDifference: Hashable, Sendable, CustomStringConvertible {
    /// What kind of difference this is.
    public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The kind's stable name, such as `value`.
        public var rawValue: String
        /// Creates a kind from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The name.
        public var description: String { rawValue }

        /// The two objects have different class names.
        public static let className = Kind(rawValue: "class")
        /// A key is present only in the left object.
        public static let keyOnlyInLeft = Kind(rawValue: "key-only-in-left")
        /// A key is present only in the right object.
        public static let keyOnlyInRight = Kind(rawValue: "key-only-in-right")
        /// The same key holds values of different wire types.
        public static let type = Kind(rawValue: "type")
        /// The same key holds different values of the same type.
        public static let value = Kind(rawValue: "value")
        /// A collection element has no counterpart in the right collection.
        public static let elementOnlyInLeft = Kind(rawValue: "element-only-in-left")
        /// A collection element has no counterpart in the left collection.
        public static let elementOnlyInRight = Kind(rawValue: "element-only-in-right")
        /// The comparison stopped at the depth limit; deeper differences are not reported.
        public static let depthLimit = Kind(rawValue: "depth-limit")
        /// One archive has no root object.
        public static let missingRoot = Kind(rawValue: "missing-root")
        /// The comparison stopped at its expansion limit
        /// (``StructuralComparison/Options/expansion``); the differences before it are reported,
        /// later ones are not. `left` holds the limit's message.
        public static let expansionLimit = Kind(rawValue: "expansion-limit")
    }

    /// What kind of difference this is.
    public var kind: Kind
    /// The human-readable path from the root to the object concerned.
    public var path: String
    /// The class of the object concerned (the left one when both exist).
    public var className: String
    /// The key concerned, when the difference is about one value.
    public var key: String?
    /// The left side, rendered for people; `nil` when absent.
    public var left: String?
    /// The right side, rendered for people; `nil` when absent.
    public var right: String?

    /// Creates a difference record.
    public init(
        kind: Kind, path: String, className: String, key: String? = nil, left: String? = nil, right: String? = nil
    ) {
        self.kind = kind
        self.path = path
        self.className = className
        self.key = key
        self.left = left
        self.right = right
    }

    /// A short label for counting differences by kind, such as `value UILabel.UIText`.
    public var category: String {
        if let key { return "\(kind) \(className).\(key)" }
        return "\(kind) \(className)"
    }

    /// One line: the path, then what changed, such as `root › UIText: "Hello" → "Hi"`.
    public var description: String {
        let location = key.map { "\(path) › \($0)" } ?? path
        switch kind {
        case .keyOnlyInLeft: return "\(location): only in left (\(left ?? "?"))"
        case .keyOnlyInRight: return "\(location): only in right (\(right ?? "?"))"
        case .elementOnlyInLeft: return "\(location): element only in left (\(left ?? "?"))"
        case .elementOnlyInRight: return "\(location): element only in right (\(right ?? "?"))"
        case .depthLimit: return "\(location): depth limit reached"
        case .expansionLimit: return "\(location): comparison stopped: \(left ?? "expansion limit")"
        default: return "\(location): \(left ?? "absent") → \(right ?? "absent")"
        }
    }
}
