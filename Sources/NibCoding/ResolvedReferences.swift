/// A decoded object's references, resolved, in stored order: strong references, and the back
/// references that close cycles, held weakly.
///
/// (Measured: one array of entry values is cheaper to fill and free than a plain object array
/// with the back references beside it, whose extra array and moves cost more than they saved.)
struct ResolvedReferences {
    /// The references in stored order.
    private(set) var values: [NibEntry.Value] = []

    /// No references.
    init() {}

    /// Room for `count` references without reallocating.
    mutating func reserveCapacity(_ count: Int) { values.reserveCapacity(count) }

    /// The number of references.
    var count: Int { values.count }

    /// Whether there are none.
    var isEmpty: Bool { values.isEmpty }

    /// Appends a strong reference (`nil` when the reference decoded to nothing).
    mutating func append(_ object: AnyObject?) { values.append(.object(object)) }

    /// Appends a back reference, held weakly.
    mutating func appendBackReference(to object: AnyObject?) {
        values.append(.backReference(NibWeakReference(object)))
    }

    /// The reference at `position` as an entry value.
    subscript(position: Int) -> NibEntry.Value { values[position] }
}
