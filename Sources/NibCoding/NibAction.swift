/// A control-event connection as loading applies it: `source` sends `action` to `target` for
/// `events` (UIKit's `addTarget:action:forControlEvents:`).
public struct NibAction {
    /// The control (held weakly: the control itself may keep its actions).
    public var source: AnyObject? {
        get { storedSource.object }
        set { storedSource = NibWeakReference(newValue) }
    }
    /// The receiver, held weakly as UIKit holds targets; `nil` for the first responder
    /// (dispatch along the responder chain).
    public var target: AnyObject? {
        get { storedTarget.object }
        set { storedTarget = NibWeakReference(newValue) }
    }
    // (Weak references that refer to models through their boxes: see `NibWeakReference`.)
    private var storedSource: NibWeakReference
    private var storedTarget: NibWeakReference
    /// The selector name, such as `save:`.
    public var action: String
    /// The `UIControlEvents` mask.
    public var events: NibControlEvents

    /// Creates an action record.
    public init(source: AnyObject, target: AnyObject?, action: String, events: NibControlEvents) {
        storedSource = NibWeakReference(source)
        storedTarget = NibWeakReference(target)
        self.action = action
        self.events = events
    }
}

/// An outlet that loading set: `source.name = destination`.
///
/// A record, not an owner: source and destinations are held weakly (the objects themselves
/// decide what they keep; a `dataSource` outlet must not keep its table view alive).
public struct NibOutlet {
    /// The object whose property was set.
    public var source: AnyObject? {
        get { storedSource.object }
        set { storedSource = NibWeakReference(newValue) }
    }
    private var storedSource: NibWeakReference
    /// The property name.
    public var name: String
    /// The value it was set to; for an outlet collection, each element.
    public var destinations: [NibWeakReference] {
        get {
            switch stored {
            case .one(let reference): [reference]
            case .many(let references): references
            }
        }
        set { stored = .many(newValue) }
    }
    /// Whether this was an outlet collection.
    public var isCollection: Bool

    /// The destinations as stored: a single outlet keeps its one reference without an array
    /// (an allocation saved per outlet a load sets).
    private enum Destinations {
        case one(NibWeakReference)
        case many([NibWeakReference])
    }
    private var stored: Destinations

    /// Creates an outlet record.
    public init(source: AnyObject, name: String, destination: AnyObject) {
        storedSource = NibWeakReference(source)
        self.name = name
        self.stored = .one(NibWeakReference(destination))
        self.isCollection = false
    }

    /// Creates an outlet-collection record.
    public init(source: AnyObject, name: String, collection: [AnyObject]) {
        storedSource = NibWeakReference(source)
        self.name = name
        self.stored = .many(collection.map { NibWeakReference($0) })
        self.isCollection = true
    }

    /// The value of a single outlet (the first element of a collection).
    public var destination: AnyObject? {
        switch stored {
        case .one(let reference): reference.object
        case .many(let references): references.first?.object
        }
    }
}

/// The `UIControlEvents` bits an event connection fires on.
public struct NibControlEvents: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The mask.
    public var rawValue: UInt64
    /// Creates a mask.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Touch down.
    public static let touchDown = Self(rawValue: 1 << 0)
    /// Repeated touch down.
    public static let touchDownRepeat = Self(rawValue: 1 << 1)
    /// Drag inside.
    public static let touchDragInside = Self(rawValue: 1 << 2)
    /// Drag outside.
    public static let touchDragOutside = Self(rawValue: 1 << 3)
    /// Drag enter.
    public static let touchDragEnter = Self(rawValue: 1 << 4)
    /// Drag exit.
    public static let touchDragExit = Self(rawValue: 1 << 5)
    /// Touch up inside (278 of 293 masks in the corpus).
    public static let touchUpInside = Self(rawValue: 1 << 6)
    /// Touch up outside.
    public static let touchUpOutside = Self(rawValue: 1 << 7)
    /// Touch cancel.
    public static let touchCancel = Self(rawValue: 1 << 8)
    /// Value changed.
    public static let valueChanged = Self(rawValue: 1 << 12)
    /// Primary action triggered.
    public static let primaryActionTriggered = Self(rawValue: 1 << 13)
    /// Editing began.
    public static let editingDidBegin = Self(rawValue: 1 << 16)
    /// Editing changed.
    public static let editingChanged = Self(rawValue: 1 << 17)
    /// Editing ended.
    public static let editingDidEnd = Self(rawValue: 1 << 18)
    /// Editing ended on exit.
    public static let editingDidEndOnExit = Self(rawValue: 1 << 19)

    private static let names: [(Self, String)] = [
        (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"), (.touchDragInside, "touchDragInside"),
        (.touchDragOutside, "touchDragOutside"), (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"),
        (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"), (.touchCancel, "touchCancel"),
        (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primaryActionTriggered"),
        (.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"),
        (.editingDidEnd, "editingDidEnd"), (.editingDidEndOnExit, "editingDidEndOnExit"),
    ]

    /// The event names joined by `|`, such as `touchUpInside`; unknown bits in hex.
    public var description: String {
        var parts: [String] = []
        var rest = rawValue
        for (event, name) in Self.names where contains(event) {
            parts.append(name)
            rest &= ~event.rawValue
        }
        if rest != 0 { parts.append("0x" + String(rest, radix: 16)) }
        return parts.isEmpty ? "none" : parts.joined(separator: "|")
    }
}

/// A Cocoa binding a macOS nib asks for (`NSNibBindingConnector`): `source`'s `binding`
/// (`value`, `contentArray`…) bound to `keyPath` of `destination`.
public struct NibBinding {
    private let storedSource: NibWeakReference
    private let storedDestination: NibWeakReference?
    /// The bound property of the source (`NSBinding`), such as `value`.
    public var binding: String
    /// The key path on the destination (`NSKeyPath`), such as `arrangedObjects.name`.
    public var keyPath: String

    /// Creates a binding record (source and destination are held weakly, as outlets are).
    public init(source: AnyObject, binding: String, destination: AnyObject?, keyPath: String) {
        storedSource = NibWeakReference(source)
        storedDestination = destination.map { NibWeakReference($0) }
        self.binding = binding
        self.keyPath = keyPath
    }

    /// The object whose property is bound (`nil` once it is gone).
    public var source: AnyObject? { storedSource.object }
    /// The object bound to (a controller, File's Owner…; `nil` once it is gone).
    public var destination: AnyObject? { storedDestination?.object }
}
