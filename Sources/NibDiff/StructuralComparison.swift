import NibArchive

/// Compares two archives as object graphs rooted at object 0.
///
/// Objects are matched by their place in the graph (the path from the root through keys and
/// collection positions), never by table index, so table, object and key order do not matter.
/// Class names, key sets, wire types and values must match. Sets and dictionaries are always
/// compared as unordered; arrays under the keys in ``Options/unorderedKeys`` too, and a
/// size-class storage's `UIRelationshipCandidates` that holds only constraints (Interface
/// Builder's own order of a view's constraints, which no document records). Other arrays
/// are aligned by a longest common subsequence of equivalent elements, so an inserted element
/// is one ``StructuralDifference/Kind/elementOnlyInRight`` rather than a change at every later
/// position. Data values
/// that hold a NIBArchive are compared recursively (eight levels deep at most). The walk is
/// cycle-safe and depth-bounded; unordered collections are matched through structural
/// fingerprints, so a set of n elements costs about n comparisons, not n²; and the work is
/// bounded by ``Options/expansion``.
///
/// ```swift
/// let differences = StructuralComparison().differences(between: apple, and: ours)
/// for difference in differences { print(difference) }
/// ```
public struct StructuralComparison: Sendable {
    /// What the comparison treats as equal.
    public struct Options: Sendable {
        /// Keys whose array values are compared without regard to element order.
        public var unorderedKeys: Set<String>
        /// Whether data values holding a NIBArchive are compared as archives.
        public var recursesIntoNestedArchives: Bool
        /// The largest difference allowed between float64 values, including geometry components.
        public var floatTolerance: Double
        /// How deep the walk goes before it stops with a ``StructuralDifference/Kind/depthLimit``.
        public var maximumDepth: Int
        /// String prefixes of identifiers ibtool generates at random (for example
        /// `UpstreamPlaceholder-6D0-1E-ZdH`); two strings with the same such prefix compare as
        /// equal whatever follows it. Empty to compare them exactly.
        public var generatedIdentifierPrefixes: [String]
        /// Whether two random (version 4) UUID strings compare as equal. ibtool writes fresh ones
        /// on every compile (AppKit storyboards' `uniqueIdentifierForStoryboardCompilation` and
        /// `NSViewControllerIdentifiersToUUIDs`: the same controller id compiles to different
        /// UUIDs in two pairs), so no compiler can reproduce them.
        public var treatsRandomUUIDsAsEqual: Bool
        /// How much work the comparison may do in proportion to the two archives' sizes: every
        /// pair of objects compared and every value read for it counts as one entry. Objects
        /// that share value runs or are referred to from many places can otherwise make a
        /// small pair of files take hours. Past the limit the comparison stops and reports one
        /// ``StructuralDifference/Kind/expansionLimit`` difference. The default is
        /// `ExpansionLimit.standard`.
        public var expansion: ExpansionLimit = .standard

        /// Creates options; the defaults suit comparing a compiler's output with Apple's.
        public init(
            unorderedKeys: Set<String> = Options.defaultUnorderedKeys, recursesIntoNestedArchives: Bool = true,
            floatTolerance: Double = 0, maximumDepth: Int = 200,
            generatedIdentifierPrefixes: [String] = ["UpstreamPlaceholder-"], treatsRandomUUIDsAsEqual: Bool = true
        ) {
            self.generatedIdentifierPrefixes = generatedIdentifierPrefixes
            self.treatsRandomUUIDsAsEqual = treatsRandomUUIDsAsEqual
            self.unorderedKeys = unorderedKeys
            self.recursesIntoNestedArchives = recursesIntoNestedArchives
            self.floatTolerance = floatTolerance
            self.maximumDepth = maximumDepth
        }

        /// Constraint, connection and object-list keys, whose order carries no meaning.
        public static let defaultUnorderedKeys: Set<String> = [
            "UINibObjectsKey", "UINibConnectionsKey", "UIViewAutolayoutConstraints",
            "UINibAccessibilityConfigurationsKey", "UINibKeyValuePairsKey", "UINibTraitStorageListsKey",
            "NSConnections", "NSObjectsKeys", "NSObjectsValues", "NSOidsKeys", "NSOidsValues",
            "NSViewConstraints", "NSAccessibilityConnectors", "NSAccessibilityOidsKeys",
            "NSAccessibilityOidsValues", "NSVisibleWindows",
        ]
    }

    /// The options in effect.
    public var options: Options

    /// Creates a comparison with `options`.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Every difference between `left` and `right`; empty when they are structurally identical.
    public func differences(between left: NibArchive, and right: NibArchive) -> [StructuralDifference] {
        let walker = GraphWalker(
            left: ArchiveGraph(left), right: ArchiveGraph(right), options: options, pathPrefix: "root")
        return walker.run()
    }

    /// Whether `left` and `right` are structurally identical.
    public func isEquivalent(_ left: NibArchive, _ right: NibArchive) -> Bool {
        differences(between: left, and: right).isEmpty
    }
}

/// Random (version 4) UUID strings, as ibtool generates them.
enum RandomUUID {
    /// Whether `bytes` spell a version-4 UUID: `XXXXXXXX-XXXX-4XXX-[89AB]XXX-XXXXXXXXXXXX` in
    /// hexadecimal digits of either case.
    static func matches(_ bytes: some Collection<UInt8>) -> Bool {
        guard bytes.count == 36 else { return false }
        for (offset, byte) in bytes.enumerated() {
            switch offset {
            case 8, 13, 18, 23:
                guard byte == UInt8(ascii: "-") else { return false }
            case 14:
                guard byte == UInt8(ascii: "4") else { return false }
            case 19:
                guard "89abAB".utf8.contains(byte) else { return false }
            default:
                guard "0123456789abcdefABCDEF".utf8.contains(byte) else { return false }
            }
        }
        return true
    }
}
