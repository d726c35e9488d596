/// Thrown by the `init(fromFixedSize:)`, `init(fromVarint:)` and `init(fromZigZag:)` initializers
/// when called directly; inside the coders it becomes `DecodingError.dataCorrupted`.
public struct CorruptedDataError: Error {
    /// What was wrong with the data, in words.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

extension CorruptedDataError: CustomStringConvertible {}
