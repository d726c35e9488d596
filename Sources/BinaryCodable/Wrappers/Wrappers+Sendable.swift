// Conformances beyond the reference library's (spec §1.2 asks for review of additions; approved):
// in Swift 6 a struct holding a wrapper can only be `Sendable` if the wrapper is, and a struct
// holding `@Packed` can only synthesize `Equatable`/`Hashable` if `Packed` has them.

/// Sendable whenever the wrapped integer is.
extension FixedSizeEncoded: Sendable where WrappedValue: Sendable {}

/// Sendable whenever the wrapped integer is.
extension VariableLengthEncoded: Sendable where WrappedValue: Sendable {}

/// Sendable whenever the wrapped integer is.
extension ZigZagEncoded: Sendable where WrappedValue: Sendable {}

/// Sendable whenever the wrapped collection is.
extension Packed: Sendable where WrappedValue: Sendable {}

/// Equal when the wrapped collections are equal.
extension Packed: Equatable where WrappedValue: Equatable {}

/// Hashes the wrapped collection.
extension Packed: Hashable where WrappedValue: Hashable {}
