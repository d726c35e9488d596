import NibArchive

/// `UIImageNibPlaceholder`: a reference to an image resource by name.
public final class NibImageReference: NibObject {
    /// `UIImageNibPlaceholder`.
    override public class var defaultClassName: String { "UIImageNibPlaceholder" }
    /// The resource name.
    public var resourceName: String? {
        string(forKey: "UIResourceName") ?? string(forKey: "UISystemSymbolResourceName")
    }
    /// The design-time size.
    public var size: (width: Double, height: Double)? {
        guard let width = double(forKey: "UIImageWidth"), let height = double(forKey: "UIImageHeight") else {
            return nil
        }
        return (width, height)
    }
}
