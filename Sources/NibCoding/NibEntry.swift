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
        if case .object(let object) = self { return object }
        return nil
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
        case .object: ValueType.objectReference.description
        }
    }
}
