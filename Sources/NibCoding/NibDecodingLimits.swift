/// Bounds that keep decoding of hostile input finite.
public struct NibDecodingLimits: Hashable, Sendable {
    /// How deep decoding may nest: an object whose decoding needs another object decoded first
    /// (a collection's elements, a custom class reading a child) counts one level.
    public var maximumDepth: Int
    /// How many objects and values decoding may visit in total.
    public var maximumWork: Int

    /// Creates limits; the defaults are far above any real nib.
    public init(maximumDepth: Int = 200, maximumWork: Int = 50_000_000) {
        self.maximumDepth = maximumDepth
        self.maximumWork = maximumWork
    }
}
