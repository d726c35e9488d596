/// Declares one of the reference library's type names, so that a consumer importing both this
/// module and NibKit's has two `BinaryEncoder`s and must qualify them by module.
public struct BinaryEncoder {
    /// Which module this type came from.
    public static let origin = "stand-in"

    /// Creates the stand-in encoder.
    public init() {}
}
