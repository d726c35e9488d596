import NibArchive

/// The runtime connection records (`UIRuntimeOutletConnection`,
/// `UIRuntimeOutletCollectionConnection`, `UIRuntimeEventConnection`): a label, a source and a
/// destination.
open class NibConnection: NibObject {
    /// Creates a connection of `className` from `source` to `destination`.
    public convenience init(label: String, source: AnyObject, destination: AnyObject) {
        self.init()
        setString(label, forKey: "UILabel")
        setObject(source, forKey: "UISource")
        setObject(destination, forKey: "UIDestination")
    }

    /// The outlet name or action selector (`UILabel`).
    public var label: String? { string(forKey: "UILabel") }
    /// The object whose outlet is set, or the control (`UISource`).
    public var source: AnyObject? { object(forKey: "UISource") }
    /// The outlet value, or the action's target (`UIDestination`).
    public var destination: AnyObject? { object(forKey: "UIDestination") }

    /// `UIRuntimeOutletConnection view`.
    override open var description: String { "\(className) \(label ?? "?")" }
}

/// `UIRuntimeOutletConnection`: sets property `label` of the source to the destination.
public final class NibOutletConnection: NibConnection {
    /// `UIRuntimeOutletConnection`.
    override public class var defaultClassName: String { "UIRuntimeOutletConnection" }
}

/// `UIRuntimeOutletCollectionConnection`: sets (or appends to) an array-valued outlet.
public final class NibOutletCollectionConnection: NibConnection {
    /// `UIRuntimeOutletCollectionConnection`.
    override public class var defaultClassName: String { "UIRuntimeOutletCollectionConnection" }
    /// `runtimeCollectionClassName`, normally `NSArray`.
    public var collectionClassName: String { string(forKey: "runtimeCollectionClassName") ?? "NSArray" }
    /// `addsContentToExistingCollection`.
    public var appendsToExistingCollection: Bool { bool(forKey: "addsContentToExistingCollection") }
}

/// `UIRuntimeEventConnection`: the source sends action `label` to the destination.
public final class NibEventConnection: NibConnection {
    /// `UIRuntimeEventConnection`.
    override public class var defaultClassName: String { "UIRuntimeEventConnection" }

    /// Creates an event connection (the mask is omitted when empty, as IB does).
    public convenience init(action: String, source: AnyObject, target: AnyObject, events: NibControlEvents) {
        self.init(label: action, source: source, destination: target)
        if events.rawValue != 0 { setInteger(Int(events.rawValue), forKey: "UIEventMask") }
    }

    /// `UIEventMask` (0 when omitted).
    public var events: NibControlEvents {
        NibControlEvents(rawValue: UInt64(truncatingIfNeeded: integer(forKey: "UIEventMask") ?? 0))
    }
}
