public import Foundation
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
    /// - Throws: ``NibCodingError`` with code ``NibCodingError/Code/archive`` and the wire error,
    ///   or ``NibCodingError/Code/unreadableFile`` for an `NSKeyedArchiver` (`bplist00`) nib.
    public init(data: Data) throws(NibCodingError) {
        try self.init(bytes: [UInt8](data))
    }

    /// Parses a nib from its bytes.
    public init(bytes: [UInt8], url: URL? = nil) throws(NibCodingError) {
        if !NibArchive.hasMagic(bytes), bytes.starts(with: Array("bplist00".utf8)) {
            throw NibCodingError(
                code: .unreadableFile,
                message:
                    "\(url?.lastPathComponent ?? "the data") is an NSKeyedArchiver nib (bplist00), not a NIBArchive")
        }
        do {
            archive = try NibArchive(parsing: bytes)
        } catch {
            throw NibCodingError(error)
        }
        self.url = url
    }

    /// The identifiers of the nib's proxies other than File's Owner and First Responder: the
    /// external objects ``instantiate(owner:externalObjects:options:)`` needs.
    public var externalObjectIdentifiers: [String] {
        let session = DecodingSession(archive: archive, registry: NibClassRegistry(), limits: NibDecodingLimits())
        var result: [String] = []
        for object in archive.objects where session.classNames[object.classIndex] == "UIProxyObject" {
            let index = session.valueIndex(forKeyIndex: session.proxyIdentifierKey, in: object)
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
