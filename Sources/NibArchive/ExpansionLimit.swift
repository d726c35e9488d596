/// The bound on outputs built from shared references: how many entries a command may expand
/// per byte of its input before it stops with ``ExpansionLimitError``.
///
/// A NIBArchive's objects may share one run of values, a keyed archive's objects may refer to
/// one string many times, and collections may hold one object many times. An output that
/// repeats what is shared at every place it is used (a dump line per value of each object, a
/// string per reference, an object per use of a shared property list value) can be far larger
/// than its input: a few kilobytes can describe billions of entries. Every such output counts
/// what it writes and stops once the count passes ``entries(forInputSize:)``:
/// `factor` entries per input byte plus ``baseline``. An entry is one value, object, line or
/// string, and each 8 bytes of string or data count as one more.
///
/// An archive without sharing stays far below the default (each of its values takes at least
/// two bytes of input); raise ``factor`` (`nibtool … --max-expansion N`) for a file that shares
/// on purpose.
public struct ExpansionLimit: Hashable, Sendable {
    /// Entries allowed per byte of input.
    public var factor: Int

    /// Entries allowed whatever the input's size, so small inputs are never refused.
    public static let baseline = 65_536

    /// The default: 2 entries per input byte plus ``baseline``.
    public static let standard = ExpansionLimit(factor: 2)

    /// A limit of `factor` entries per input byte (negative factors count as 0).
    public init(factor: Int) {
        self.factor = max(0, factor)
    }

    /// How many entries an output made from `size` bytes of input may expand.
    public func entries(forInputSize size: Int) -> Int {
        let (product, overflow) = factor.multipliedReportingOverflow(by: max(0, size))
        guard !overflow, product <= Int.max - Self.baseline else { return Int.max }
        return product + Self.baseline
    }
}

/// An output expanded shared references past its ``ExpansionLimit``.
public struct ExpansionLimitError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being expanded, for example `dump lines` or `property list values`.
    public var what: String
    /// The limit that was passed, in entries.
    public var limit: Int
    /// The factor the limit was computed with.
    public var factor: Int

    /// Creates an error.
    public init(what: String, limit: Int, factor: Int) {
        self.what = what
        self.limit = limit
        self.factor = factor
    }

    /// For example `the output expands shared references past the expansion limit: more than
    /// 131072 dump lines (2 per input byte + 65536); raise it with --max-expansion`.
    public var description: String {
        "the output expands shared references past the expansion limit (expansion-limit): more than \(limit) "
            + "\(what) (\(factor) per input byte + \(ExpansionLimit.baseline)); raise it with --max-expansion "
            + "(ExpansionLimit.factor)"
    }
}

/// Counts the entries an output expands against an ``ExpansionLimit``.
package struct ExpansionBudget: Sendable {
    package let limit: ExpansionLimit
    package let maximum: Int
    package let what: String
    package private(set) var used = 0

    /// A budget for an output of `what` made from `inputSize` bytes.
    package init(_ limit: ExpansionLimit, inputSize: Int, what: String) {
        self.limit = limit
        self.maximum = limit.entries(forInputSize: inputSize)
        self.what = what
    }

    /// Spends `count` entries, throwing once the total passes the limit.
    package mutating func spend(_ count: Int = 1) throws(ExpansionLimitError) {
        let (sum, overflow) = used.addingReportingOverflow(max(0, count))
        guard !overflow, sum <= maximum else {
            throw ExpansionLimitError(what: what, limit: maximum, factor: limit.factor)
        }
        used = sum
    }

    /// Spends one entry for a string or data of `byteCount` bytes (one more per 8 bytes).
    package mutating func spend(bytes byteCount: Int) throws(ExpansionLimitError) {
        try spend(1 + max(0, byteCount) / 8)
    }
}
