public import Foundation

/// A compiled storyboard (`.storyboardc`): an `Info.plist` and one nib per scene and per
/// controller view.
///
/// ```swift
/// let storyboard = try NibStoryboard(contentsOf: url)
/// let scene = try storyboard.initialNib()           // the entry point's scene nib
/// let login = try storyboard.nib(forIdentifier: "Login")
/// ```
public struct NibStoryboard: Sendable {
    /// The `.storyboardc` directory.
    public let url: URL
    /// `UIViewControllerIdentifiersToNibNames` (macOS: `NSViewControllerIdentifiersToNibNames`):
    /// controller identifier → scene nib name.
    public let nibNamesByIdentifier: [String: String]
    /// `UIStoryboardDesignatedEntryPointIdentifier` (macOS: `NSStoryboardDesignatedEntryPointIdentifier`),
    /// when the storyboard has an entry point.
    public let entryPointIdentifier: String?

    /// Reads the storyboard's `Info.plist`.
    ///
    /// - Throws: ``NibCodingError`` with ``NibCodingError/Code/unreadableFile`` when the plist is
    ///   missing or unreadable.
    public init(contentsOf url: URL) throws(NibCodingError) {
        let plistURL = url.appendingPathComponent("Info.plist")
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: try Data(contentsOf: plistURL), format: nil)
        } catch {
            throw NibCodingError(
                code: .unreadableFile, message: "cannot read \(plistURL.path): \(error.localizedDescription)")
        }
        guard let dictionary = plist as? [String: Any] else {
            throw NibCodingError(code: .unreadableFile, message: "\(plistURL.path) is not a dictionary")
        }
        self.url = url
        // iOS storyboards use the UI keys, macOS ones the NS keys.
        nibNamesByIdentifier =
            dictionary["UIViewControllerIdentifiersToNibNames"] as? [String: String]
            ?? dictionary["NSViewControllerIdentifiersToNibNames"] as? [String: String] ?? [:]
        entryPointIdentifier =
            dictionary["UIStoryboardDesignatedEntryPointIdentifier"] as? String
            ?? dictionary["NSStoryboardDesignatedEntryPointIdentifier"] as? String
    }

    /// The names of every nib in the storyboard (scene and view nibs), sorted.
    public var nibNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".nib") }.map { String($0.dropLast(4)) }.sorted()
    }

    /// The nib called `name` (`<name>.nib`, a file or a directory nib).
    ///
    /// Nib names come from the storyboard's `Info.plist`, so they are untrusted: a name that is
    /// not a single file name inside the storyboard (empty, `.`, `..`, or holding `/` or NUL) is
    /// refused instead of being read from outside it.
    ///
    /// - Throws: ``NibCodingError`` with ``NibCodingError/Code/unreadableFile`` for such a name or
    ///   a nib that cannot be read.
    public func nib(named name: String) throws(NibCodingError) -> Nib {
        let file = name + ".nib"
        guard !name.isEmpty, !file.utf8.contains(UInt8(ascii: "/")), !file.utf8.contains(0) else {
            throw NibCodingError(
                code: .unreadableFile,
                message:
                    "storyboard \(url.lastPathComponent) names the nib \(name.debugDescription), which is not a file inside it"
            )
        }
        return try Nib(contentsOf: url.appendingPathComponent(file))
    }

    /// The scene nib of the controller with storyboard identifier `identifier`.
    public func nib(forIdentifier identifier: String) throws(NibCodingError) -> Nib {
        guard let name = nibNamesByIdentifier[identifier] else {
            throw NibCodingError(
                code: .unreadableFile,
                message: "storyboard \(url.lastPathComponent) has no controller \"\(identifier)\"")
        }
        return try nib(named: name)
    }

    /// The entry point's scene nib.
    public func initialNib() throws(NibCodingError) -> Nib {
        guard let entryPointIdentifier else {
            throw NibCodingError(
                code: .unreadableFile, message: "storyboard \(url.lastPathComponent) has no entry point")
        }
        return try nib(forIdentifier: entryPointIdentifier)
    }
}
