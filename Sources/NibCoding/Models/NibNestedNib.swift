import NibArchive

/// `UINib` inside a nib (table-view prototype cells): `archiveData` holds a complete archive.
///
/// The inner nib is exposed as its own ``Nib``; as in UIKit it is instantiated only when the
/// caller asks, never during the outer load.
public final class NibNestedNib: NibObject {
    /// `UINib`.
    override public class var defaultClassName: String { "UINib" }

    /// The inner archive's bytes.
    public var archiveBytes: ArraySlice<UInt8>? { (object(forKey: "archiveData") as? NibData)?.bytes }

    /// The inner nib, parsed.
    ///
    /// - Throws: ``NibCodingError`` when the data is missing or not a readable archive.
    public func nib() throws(NibCodingError) -> Nib {
        guard let bytes = archiveBytes else {
            throw NibCodingError(
                code: .invalidRoot, message: "UINib object has no archiveData", objectIndex: archiveIndex,
                className: className, key: "archiveData")
        }
        return try Nib(bytes: Array(bytes))
    }
}
