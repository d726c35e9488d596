/// Everything one load of a nib produced.
public struct NibInstantiation {
    /// The top-level objects in order, without File's Owner, First Responder and external objects.
    public var topLevelObjects: [AnyObject]
    /// The owner the load used (a fresh ``NibObject`` when the caller passed none).
    public var owner: AnyObject
    /// Every object IB tracks (`UINibObjectsKey`; AppKit: `NSObjectsKeys`) without the
    /// placeholders: the receivers of `awakeFromNib`, in the order they received it.
    public var objects: [AnyObject]
    /// The outlets that were set, in connection order.
    public var outlets: [NibOutlet]
    /// The control-event connections (AppKit: target/action connections), in connection order.
    public var actions: [NibAction]
    /// The Cocoa bindings of a macOS nib (`NSNibBindingConnector`), recorded in connection
    /// order for the caller to establish (there is no key-value observing to bind them to).
    public var bindings: [NibBinding]
    /// Windows marked visible at launch (`UINibVisibleWindowsKey`; AppKit: `NSVisibleWindows`),
    /// for the caller to show.
    public var visibleWindows: [AnyObject]
    /// `UIRuntimeAccessibilityConfiguration` records.
    public var accessibilityConfigurations: [AnyObject]
    /// `_UITraitStorageList` records, kept as data (how UIKit applies them is not known).
    public var traitStorageLists: [AnyObject]
    /// Things the load could not do, one sentence each (an outlet the source does not have, a
    /// runtime attribute nobody accepted…).
    public var diagnostics: [String]
}
