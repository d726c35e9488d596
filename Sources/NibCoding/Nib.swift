public import Foundation
import KeyedArchive
public import NibArchive

/// A compiled nib, ready to instantiate as many times as needed — `UINib` for Linux.
///
/// ```swift
/// let nib = try Nib(contentsOf: URL(fileURLWithPath: "Login.nib"))
/// let objects = try nib.instantiate(owner: controller, externalObjects: ["Theme": theme])
/// ```
///
/// Loading follows `-[UINib instantiateWithOwner:options:]` step by step; see the
/// "Loading model" article.
public struct Nib: Sendable {
    /// The archive.
    public let archive: NibArchive
    /// Where the nib was read from, when it came from a file.
    public let url: URL?

    /// Creates a nib from a parsed archive.
    public init(archive: NibArchive, url: URL? = nil) {
        self.archive = archive
        self.url = url
    }

    /// Parses a nib from its bytes (`UINib(data:bundle:)`).
    ///
    /// As in UIKit, bytes that are not a NIBArchive but an `NSKeyedArchiver` property list (the
    /// older keyed-archive nibs, binary or XML) are read as one and converted to the same
    /// tables (see the `KeyedArchive` module).
    ///
    /// - Throws: ``NibCodingError`` with code ``NibCodingError/Code/archive`` and the wire error,
    ///   or ``NibCodingError/Code/unreadableFile`` for a keyed archive that does not convert.
    public init(data: Data) throws(NibCodingError) {
        try self.init(bytes: [UInt8](data))
    }

    /// Parses a nib from its bytes: a NIBArchive, or else a keyed archive.
    public init(bytes: [UInt8], url: URL? = nil) throws(NibCodingError) {
        if !NibArchive.hasMagic(bytes), NibArchive.isKeyedArchive(bytes) {
            do {
                archive = try NibArchive(keyedArchiveBytes: bytes)
            } catch {
                throw NibCodingError(
                    code: .unreadableFile,
                    message:
                        "\(url?.lastPathComponent ?? "the data") is a keyed archive that does not convert: \(error.message) (\(error.code))",
                    offset: error.offset)
            }
            self.url = url
            return
        }
        do {
            archive = try NibArchive(parsing: bytes)
        } catch {
            throw NibCodingError(error)
        }
        self.url = url
    }

    /// The identifiers of the nib's proxies other than File's Owner and First Responder (macOS:
    /// of its `NSNibExternalObjectPlaceholder`s): the external objects
    /// ``instantiate(owner:externalObjects:options:)`` needs.
    public var externalObjectIdentifiers: [String] {
        let session = DecodingSession(archive: archive, registry: NibClassRegistry(), limits: NibDecodingLimits())
        var result: [String] = []
        // AppKit's placeholders name theirs under another key.
        let appKitKey = archive.keys.firstIndex { $0.name == "NSExternalObjectPlaceholderIdentifier" }
        for object in archive.objects {
            let index: Int?
            switch session.classNames[object.classIndex] {
            case "UIProxyObject": index = session.valueIndex(forKeyIndex: session.proxyIdentifierKey, in: object)
            case "NSNibExternalObjectPlaceholder":
                index = session.valueIndex(forKeyIndex: appKitKey, in: object)
            default: continue
            }
            if let identifier = session.rawString(referencedBy: index), identifier != NibProxy.filesOwner,
                identifier != NibProxy.firstResponder, !result.contains(identifier)
            {
                result.append(identifier)
            }
        }
        return result
    }

    /// Decodes the whole object graph without loading it: proxies stay ``NibProxy`` objects and
    /// nothing is connected. The result is the root object (object 0), whose values are the
    /// nib's lists (`UINibTopLevelObjectsKey`, `UINibConnectionsKey`, …).
    ///
    /// Use it to inspect or rewrite a nib; ``NibEncoder`` writes it back.
    public func decodeGraph(
        registry: NibClassRegistry = .standard, limits: NibDecodingLimits = NibDecodingLimits()
    ) throws -> NibObject {
        let session = DecodingSession(archive: archive, registry: registry, limits: limits)
        return try session.decodeRoot()
    }
}

extension DecodingSession {
    /// Object 0, always as a generic ``NibObject``, fully decoded.
    func decodeRoot() throws -> NibObject {
        guard !objects.isEmpty else {
            throw NibCodingError(code: .invalidRoot, message: "the archive has no objects, so no root object")
        }
        let root = NibObject(className: classNames[objects[0].classIndex])
        root.archiveIndex = 0
        try adoptRoot(root)
        return root
    }
}
