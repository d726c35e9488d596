import NibArchive

/// `UIProxyObject`: a placeholder for an object outside the nib (File's Owner, First
/// Responder, storyboard placeholders, app-defined external objects).
///
/// During ``Nib/instantiate(owner:externalObjects:options:)`` proxies are replaced by the
/// objects they stand for and never appear in the result; they survive only in a bare graph
/// (``Nib/decodeGraph(registry:limits:)``) or, with ``NibLoadingOptions/keepsMissingExternalObjects``,
/// for identifiers nobody supplied.
public final class NibProxy: NibObject {
    /// The identifier for File's Owner.
    public static let filesOwner = "IBFilesOwner"
    /// The identifier for First Responder.
    public static let firstResponder = "IBFirstResponder"

    /// `UIProxyObject`.
    override public class var defaultClassName: String { "UIProxyObject" }

    /// Creates a proxy for `identifier`.
    public convenience init(identifier: String) {
        self.init()
        setString(identifier, forKey: "UIProxiedObjectIdentifier")
    }

    /// `UIProxiedObjectIdentifier`.
    public var identifier: String? { string(forKey: "UIProxiedObjectIdentifier") }

    /// `File's Owner`, `First Responder` or the identifier.
    public var displayName: String {
        switch identifier {
        case Self.filesOwner?: "File's Owner"
        case Self.firstResponder?: "First Responder"
        case let other?: other
        case nil: "(proxy without identifier)"
        }
    }

    /// `UIProxyObject IBFilesOwner`.
    override public var description: String { "UIProxyObject \(identifier ?? "?")" }
}

/// The object `IBFirstResponder` proxies resolve to while loading. An event connection to it
/// gets a nil target (dispatch along the responder chain).
public final class NibFirstResponder {
    /// Creates the sentinel.
    public init() {}
}
