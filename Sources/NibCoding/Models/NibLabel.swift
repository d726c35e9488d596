public import Foundation
import NibArchive

/// `UILabel`: text, font, color and alignment on top of ``NibView``.
public final class NibLabel: NibView {
    /// `UILabel`.
    override public class var defaultClassName: String { "UILabel" }

    /// Creates a label the way IB writes one.
    public convenience init(
        frame: CGRect, text: String, font: NibFont = NibFont(name: ".SFUI-Regular", pointSize: 17, isSystemFont: true)
    ) {
        self.init(frame: frame)
        setFlag(true, forKey: "UIUserInteractionDisabled")
        self.text = text
        setObject(font, forKey: "UIFont")
        setObject(NibColor(white: 0), forKey: "UITextColor")
        setInteger(4, forKey: "UITextAlignment")
    }

    /// `UIText`.
    public var text: String? {
        get { string(forKey: "UIText") }
        set { setString(newValue, forKey: "UIText") }
    }
    /// `UIFont`.
    public var font: NibFont? { object(forKey: "UIFont") as? NibFont }
    /// `UITextColor`.
    public var textColor: NibColor? { object(forKey: "UITextColor") as? NibColor }
    /// `UITextAlignment` (natural 4, left 0, center 1, right 2).
    public var textAlignment: Int { integer(forKey: "UITextAlignment") ?? 0 }
    /// `UINumberOfLines` (1 when absent).
    public var numberOfLines: Int { integer(forKey: "UINumberOfLines") ?? 1 }

    /// The label's text.
    override public var displayText: String? { text }
}
