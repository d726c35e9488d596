public import NibArchive

/// Writes objects that adopt ``NibEncodable`` as a NIBArchive, with the canonical writer
/// (`NibArchive.Builder`) and the same encodings decoding reads.
///
/// Two entry points: ``encode(root:)`` writes any graph (for example one from
/// ``Nib/decodeGraph(registry:limits:)``, so decode → encode → decode keeps every class, key,
/// value and reference); ``encodeNib(topLevelObjects:connections:objects:keyValuePairs:)``
/// writes a UIKit nib with its root lists.
///
/// ```swift
/// let owner = NibProxy(identifier: NibProxy.filesOwner)
/// let view = NibView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
/// let archive = try NibEncoder().encodeNib(
///     topLevelObjects: [owner, NibProxy(identifier: NibProxy.firstResponder), view],
///     connections: [NibOutletConnection(label: "view", source: owner, destination: view)])
/// try archive.serializedData().write(to: url)
/// ```
public struct NibEncoder: Sendable {
    /// The header's coder version: 10 as current tools write, 9 for older output.
    public var coderVersion: UInt32

    /// Creates an encoder.
    public init(coderVersion: UInt32 = 10) {
        self.coderVersion = coderVersion
    }

    /// Writes `root` as object 0 and everything it references.
    ///
    /// - Throws: ``NibCodingError`` (``NibCodingError/Code/unencodable``) for a referenced object
    ///   that does not adopt ``NibEncodable``, or whatever an object's `encode(to:)` throws.
    public func encode(root: AnyObject) throws -> NibArchive {
        try EncodingSession(coderVersion: coderVersion).run(root: root)
    }

    /// Writes a UIKit nib: a root `NSObject` whose lists are the top-level objects, every
    /// object (by default the top-level objects followed by their subviews, depth first), the
    /// connections, and the runtime attributes; empty lists share one empty `NSArray`.
    public func encodeNib(
        topLevelObjects: [AnyObject], connections: [NibConnection] = [], objects: [AnyObject]? = nil,
        keyValuePairs: [NibKeyValuePair] = []
    ) throws -> NibArchive {
        let root = NibObject(className: "NSObject")
        let empty = NibArray(elements: [])
        func list(_ elements: [AnyObject]) -> NibArray { elements.isEmpty ? empty : NibArray(elements: elements) }
        root.setObject(list(topLevelObjects), forKey: "UINibTopLevelObjectsKey")
        root.setObject(list(objects ?? Self.allObjects(topLevelObjects)), forKey: "UINibObjectsKey")
        root.setObject(list(connections), forKey: "UINibConnectionsKey")
        root.setObject(empty, forKey: "UINibVisibleWindowsKey")
        root.setObject(empty, forKey: "UINibAccessibilityConfigurationsKey")
        root.setObject(list(keyValuePairs), forKey: "UINibKeyValuePairsKey")
        root.setObject(empty, forKey: "UINibTraitStorageListsKey")
        return try encode(root: root)
    }

    /// The top-level objects, then every subview below them, depth first (bounded by the
    /// number of distinct views, so a cyclic hierarchy cannot loop).
    static func allObjects(_ topLevel: [AnyObject]) -> [AnyObject] {
        var result = topLevel
        var seen = Set(topLevel.map(ObjectIdentifier.init))
        var stack = topLevel.reversed().compactMap { $0 as? NibView }
        while let view = stack.popLast() {
            for case let subview as NibView in view.subviews.reversed()
            where seen.insert(ObjectIdentifier(subview)).inserted {
                result.append(subview)
                stack.append(subview)
            }
        }
        return result
    }
}
