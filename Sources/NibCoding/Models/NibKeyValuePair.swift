import NibArchive

/// `UINibKeyValuePair`: a user-defined runtime attribute, applied as a key-path set.
public final class NibKeyValuePair: NibObject {
    /// `UINibKeyValuePair`.
    override public class var defaultClassName: String { "UINibKeyValuePair" }
    /// The object to set the value on (`UIObject`).
    public var target: AnyObject? { object(forKey: "UIObject") }
    /// The key path, such as `layer.cornerRadius` (`UIKeyPath`).
    public var keyPath: String? { string(forKey: "UIKeyPath") }
    /// The value (`UIValue`): usually a ``NibNumber``, ``NibColor`` or ``NibStructValue``.
    public var value: AnyObject? { object(forKey: "UIValue") }
}
