/// How ``Nib/instantiate(owner:externalObjects:options:)`` decodes and connects.
public struct NibLoadingOptions: Sendable {
    /// The Swift types to decode classes into.
    public var registry: NibClassRegistry
    /// Bounds on nesting and total work.
    public var limits: NibDecodingLimits
    /// The strings table for `NSLocalizableString` (key → text), the nib's resource context.
    public var stringsTable: [String: String]?
    /// Whether a proxy whose identifier the caller did not supply stays a ``NibProxy`` with a
    /// diagnostic (the spec's lenient behaviour) instead of failing the load.
    public var keepsMissingExternalObjects: Bool

    /// Creates options; by default the standard registry, default limits, no strings table, and
    /// an error for a missing external object.
    public init(
        registry: NibClassRegistry = .standard, limits: NibDecodingLimits = NibDecodingLimits(),
        stringsTable: [String: String]? = nil, keepsMissingExternalObjects: Bool = false
    ) {
        self.registry = registry
        self.limits = limits
        self.stringsTable = stringsTable
        self.keepsMissingExternalObjects = keepsMissingExternalObjects
    }
}
