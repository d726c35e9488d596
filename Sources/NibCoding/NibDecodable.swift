/// A Swift class that can be created from an archived object.
///
/// Decoding is two steps, mirroring UIKit's allocate-then-`initWithCoder:`: the decoder calls
/// ``init()``, memoizes the instance under its object index, then calls ``decode(from:)``.
/// A cycle back to the object (a subview's superview) therefore gets this same instance,
/// possibly before ``decode(from:)`` has finished — exactly what UIKit hands out.
///
/// ```swift
/// final class Badge: NibDecodable {
///     var text = ""
///     required init() {}
///     func decode(from coder: NibCoder) throws {
///         text = try coder.decodeString(forKey: "UIText") ?? ""
///     }
/// }
/// var registry = NibClassRegistry.standard
/// registry.register(Badge.self, as: "MyApp.Badge")
/// ```
public protocol NibDecodable: AnyObject, SendableMetatype {
    /// Creates an empty instance; ``decode(from:)`` fills it in.
    init()
    /// Reads the object's values.
    func decode(from coder: NibCoder) throws
}

/// A Swift class that can be written into an archive by ``NibEncoder``.
public protocol NibEncodable: AnyObject {
    /// The class name to archive the object under, for example `UILabel`.
    var nibClassName: String { get }
    /// Writes the object's values, in the order they should be stored.
    func encode(to coder: NibEncodingCoder) throws
}

/// An object whose outlets a nib can connect (the stand-in for key-value coding's
/// `setValue:forKey:` that UIKit uses).
public protocol NibOutletSettable: AnyObject {
    /// Sets outlet `name` to `destination`; returns `false` when there is no such outlet, which
    /// the load records as a diagnostic.
    func setOutlet(_ name: String, to destination: AnyObject) -> Bool
    /// Sets, or appends to, outlet collection `name`; returns `false` when there is no such outlet.
    func setOutletCollection(_ name: String, to destinations: [AnyObject], appending: Bool) -> Bool
}

extension NibOutletSettable {
    /// By default an object has no outlet collections.
    public func setOutletCollection(_ name: String, to destinations: [AnyObject], appending: Bool) -> Bool { false }
}

/// An object that can be the source of a control-event connection (a `UIControl`).
public protocol NibActionSource: AnyObject {
    /// Registers `action` (target, selector name and event mask), as `addTarget:action:forControlEvents:`.
    func addAction(_ action: NibAction)
}

/// An object that accepts user-defined runtime attributes (the stand-in for
/// `setValue:forKeyPath:`).
public protocol NibKeyValueSettable: AnyObject {
    /// Sets `value` at `keyPath`; returns `false` when the key path is unknown, which the load
    /// records as a diagnostic.
    func setNibValue(_ value: AnyObject?, forKeyPath keyPath: String) -> Bool
}

/// An object told when loading is complete, in UIKit's `awakeFromNib` order.
public protocol NibAwakable: AnyObject {
    /// Called once every object of the nib is decoded and connected.
    func awakeFromNib()
}
