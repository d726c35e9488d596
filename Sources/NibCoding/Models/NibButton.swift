public import Foundation
import NibArchive

/// `UIButton`: the title for the normal state on top of ``NibView``.
public final class NibButton: NibView {
    /// `UIButton`.
    override public class var defaultClassName: String { "UIButton" }

    /// Creates a system button with `title` for the normal state, the way IB writes one.
    public convenience init(frame: CGRect, title: String) {
        self.init(frame: frame)
        setInteger(1, forKey: "UIButtonType")
        setInteger(1, forKey: "UIContentHorizontalAlignment")
        setInteger(1, forKey: "UIContentVerticalAlignment")
        let content = NibObject(className: "UIButtonContent")
        content.setString(title, forKey: "UITitle")
        let normalState = NibNumber(.integer(0))
        setObject(
            NibDictionary(pairs: [(normalState, content)], className: "NSMutableDictionary"),
            forKey: "UIButtonStatefulContent")
    }

    /// The title for the normal state: `UIButtonStatefulContent[0].UITitle`, else a
    /// `UIButtonConfiguration`'s title.
    public var title: String? {
        if let content = object(forKey: "UIButtonStatefulContent") as? NibDictionary {
            for (state, value) in content.pairs {
                guard let state = state as? NibNumber, state.value == .integer(0), let value = value as? NibObject
                else {
                    continue
                }
                if let title = value.string(forKey: "UITitle") { return title }
            }
        }
        return (object(forKey: "UIButtonConfiguration") as? NibObject)?.string(forKey: "UIButtonConfigurationTitle")
    }

    /// The button's title.
    override public var displayText: String? { title }
}
