public import Foundation
import NibArchive

/// `UIView` and the common view classes: geometry, hierarchy, color and flags.
///
/// No frame is stored in a nib: a view has `UIBounds` (origin 0, 0) and `UICenter` in its
/// superview's coordinates. ``frame`` converts both ways.
open class NibView: NibObject {
    /// `UIView`.
    override open class var defaultClassName: String { "UIView" }

    /// The view whose `UISubviews` holds this one, set while decoding or by ``addSubview(_:)``;
    /// held weakly (`nil` once the superview is gone).
    public internal(set) var superview: NibView? {
        get { superviewBox?.object as? NibView }
        set { superviewBox = newValue?.referenceBox }
    }
    /// The superview's box: the superview clears it when it goes. (A `weak` variable gave every
    /// superview a side table; its subviews' back references have made its box already.)
    @exclusivity(unchecked) private var superviewBox: ResolvedReferences.BackReferenceBox?

    /// Creates a view with `frame` and the values Interface Builder writes for a plain view.
    public convenience init(frame: CGRect) {
        self.init()
        self.frame = frame
        setFlag(true, forKey: "UIAutoresizeSubviews")
        setInteger(36, forKey: "UIAutoresizingMask")
        setInteger(0, forKey: "UIViewSemanticContentAttribute")
        setFlag(true, forKey: "UIDeepDrawRect")
    }

    /// Finds superviews once the `UISubviews` array is known.
    override open func decode(from coder: NibCoder) throws {
        try super.decode(from: coder)
        let subviews: AnyObject?
        if case .archived(let archived) = storage, let key = archived.context.knownKeys.subviews {
            subviews = archived.object(forKeyIndex: key)
        } else {
            subviews = object(forKey: "UISubviews")
        }
        (subviews as? NibCollection)?.forEachElement { element in
            if let subview = element as? NibView { subview.superview = self }
        }
    }

    /// `UIBounds`.
    public var bounds: CGRect {
        get { rect(forKey: "UIBounds") ?? .zero }
        set { setRect(newValue, forKey: "UIBounds") }
    }

    /// `UICenter`.
    public var center: CGPoint {
        get { point(forKey: "UICenter") ?? .zero }
        set { setPoint(newValue, forKey: "UICenter") }
    }

    /// The frame in the superview: origin = center − size / 2. Setting it stores bounds (0, 0, w, h)
    /// and the center.
    public var frame: CGRect {
        get {
            let size = bounds.size
            return CGRect(
                x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
        }
        set {
            bounds = CGRect(origin: .zero, size: newValue.size)
            center = CGPoint(
                x: newValue.origin.x + newValue.size.width / 2, y: newValue.origin.y + newValue.size.height / 2)
        }
    }

    /// The subviews (`UISubviews`), back to front.
    public var subviews: [AnyObject] { array(forKey: "UISubviews") ?? [] }

    /// Appends `view` to `UISubviews` (an `NSMutableArray`, as IB writes it).
    public func addSubview(_ view: NibView) {
        if let array = object(forKey: "UISubviews") as? NibCollection {
            array.setElements(array.elements + [view])
        } else {
            setObject(NibArray(elements: [view], className: "NSMutableArray"), forKey: "UISubviews")
        }
        view.superview = self
    }

    /// `UIBackgroundColor`.
    public var backgroundColor: NibColor? {
        get { object(forKey: "UIBackgroundColor") as? NibColor }
        set { setObject(newValue, forKey: "UIBackgroundColor") }
    }

    /// `UITintColor`.
    public var tintColor: NibColor? { object(forKey: "UITintColor") as? NibColor }

    /// `UIHidden`.
    public var isHidden: Bool {
        get { bool(forKey: "UIHidden") }
        set { setFlag(newValue, forKey: "UIHidden") }
    }

    /// `UITag` (0 when absent).
    public var tag: Int {
        get { integer(forKey: "UITag") ?? 0 }
        set { newValue == 0 ? setValue(nil, forKey: "UITag") : setInteger(newValue, forKey: "UITag") }
    }

    /// `UIAlpha` (1 when absent).
    public var alpha: Double { double(forKey: "UIAlpha") ?? 1 }

    /// `UIAutoresizingMask`.
    public var autoresizingMask: Int { integer(forKey: "UIAutoresizingMask") ?? 0 }

    /// `UIContentMode`.
    public var contentMode: Int { integer(forKey: "UIContentMode") ?? 0 }

    /// The Auto Layout constraints the view owns (`UIViewAutolayoutConstraints`).
    public var constraints: [AnyObject] { array(forKey: "UIViewAutolayoutConstraints") ?? [] }

    /// The text the view shows, for outlines: a label's text, a button's title, a field's
    /// text or placeholder. `nil` for plain views.
    open var displayText: String? { nil }
}
