public import NibArchive

/// One stored value of an object, with references resolved to objects.
///
/// ``NibObject`` keeps all of an archived object's values as entries, in stored order, so that
/// an object of a class nobody modelled still carries everything the archive said about it and
/// can be written back unchanged.
public struct NibEntry {
    /// A stored value: a wire payload, or a reference resolved to its object.
    public enum Value {
        /// Any value that is not an object reference (integers keep their wire width).
        case payload(NibArchive.Payload)
        /// A reference, resolved. `nil` when the reference decoded to nothing (a collection
        /// with a nil element, say); a stored nil is `.payload(.nil)`.
        case object(AnyObject?)
        /// A reference that closes a cycle (a constraint's `NSFirstItem`, a layout guide's
        /// owning view, an item's navigation bar…), held weakly so decoded graphs never form
        /// retain cycles. Which references these are is found by a depth-first walk from the
        /// root in stored order — the order Apple's writer encodes in — so they are the edges
        /// back to an object whose encoding was still in progress: UIKit's back pointers.
        case backReference(NibWeakReference)
    }

    /// The key the value is stored under.
    public var key: String
    /// The value.
    public var value: Value

    /// Creates an entry.
    public init(key: String, value: Value) {
        self.key = key
        self.value = value
    }
}

extension NibEntry.Value {
    /// The referenced object, for a reference.
    public var object: AnyObject? {
        switch self {
        case .object(let object): object
        case .backReference(let reference): reference.object
        case .payload: nil
        }
    }

    /// Whether the value is a reference (strong or back reference).
    public var isReference: Bool {
        if case .payload = self { return false }
        return true
    }

    /// The payload, for a value that is not a reference.
    public var payload: NibArchive.Payload? {
        if case .payload(let payload) = self { return payload }
        return nil
    }

    /// The wire type name, for messages: `int8`, `data`, `objectReference`…
    var typeName: String {
        switch self {
        case .payload(let payload): payload.type.description
        case .object, .backReference: ValueType.objectReference.description
        }
    }
}

/// A weak reference to an object, for the references of a graph that close cycles.
public struct NibWeakReference {
    /// The object, while something else keeps it alive.
    public var object: AnyObject? {
        get { box?.object }
        set { self = Self(newValue) }
    }

    /// A ``NibObject`` is referred to through its box, which it clears when it goes: a `weak`
    /// variable would give it a side table (an allocation, and the runtime's slow path for
    /// every later retain and release of it). Any other object gets a box of its own that holds
    /// it weakly. (A single strong field: copies of outlets, actions and entries retain it,
    /// where a `weak` field is copied through the runtime.)
    private var box: ResolvedReferences.BackReferenceBox?

    /// Creates a weak reference to `object`.
    public init(_ object: AnyObject?) {
        if let model = object as? NibObject {
            box = model.referenceBox
        } else if let object {
            box = ResolvedReferences.BackReferenceBox(foreign: object)
        }
    }

    /// A weak reference through `box`.
    init(box: ResolvedReferences.BackReferenceBox) { self.box = box }
}
