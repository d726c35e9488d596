public import Foundation
import NibArchive

/// `UITextField` (also used for `UITextView` and `UISearchBar`): text and placeholder.
public final class NibTextField: NibView {
    /// `UITextField`.
    override public class var defaultClassName: String { "UITextField" }

    /// Creates a rounded-rect text field with a placeholder, the way IB writes one.
    public convenience init(frame: CGRect, placeholder: String, isSecure: Bool = false) {
        self.init(frame: frame)
        setInteger(3, forKey: "UIBorderStyle")
        setString(placeholder, forKey: "UIPlaceholder")
        setObject(NibFont(name: ".SFUI-Regular", pointSize: 14, isSystemFont: true), forKey: "UIFont")
        setFlag(isSecure, forKey: "UISecureTextEntry")
    }

    /// `UIText`.
    public var text: String? { string(forKey: "UIText") }
    /// `UIPlaceholder`.
    public var placeholder: String? { string(forKey: "UIPlaceholder") }
    /// `UISecureTextEntry`.
    public var isSecureTextEntry: Bool { bool(forKey: "UISecureTextEntry") }
    /// `UIFont`.
    public var font: NibFont? { object(forKey: "UIFont") as? NibFont }

    /// The text, else the placeholder.
    override public var displayText: String? {
        if let text, !text.isEmpty { return text }
        return placeholder
    }
}
