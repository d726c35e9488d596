public import Foundation
public import NibArchive

/// Writes one object's values: the encoding half of `NSCoder` in Swift form.
///
/// Handed to ``NibEncodable/encode(to:)``. Values are stored in call order; objects are
/// written once however often they are referenced; integers get the width Apple's writer
/// gives them; geometry is written as `07` blobs; strings become shared `NSString` objects.
///
/// ```swift
/// func encode(to coder: NibEncodingCoder) throws {
///     try coder.encode("Hello", forKey: "UIText")
///     coder.encode(CGRect(x: 0, y: 0, width: 120, height: 21), forKey: "UIBounds")
///     coder.encode(4, forKey: "UITextAlignment")
/// }
/// ```
public struct NibEncodingCoder {
    let session: EncodingSession
    let objectID: NibArchive.Builder.ObjectID

    /// Appends a raw payload.
    public func encodePayload(_ payload: NibArchive.Payload, forKey key: String) {
        session.builder.append(payload, forKey: key, to: objectID)
    }

    /// Appends an entry (a ``NibObject``'s stored value), writing any object it refers to.
    public func encode(_ entry: NibEntry) {
        switch entry.value {
        case .payload(let payload): encodePayload(payload, forKey: entry.key)
        case .object(let object): session.deferredObject(object, forKey: entry.key, from: objectID)
        case .backReference(let reference): session.deferredObject(reference.object, forKey: entry.key, from: objectID)
        }
    }

    /// Appends a reference to `object` (written once, however often referenced), or nil.
    public func encodeObject(_ object: AnyObject?, forKey key: String) {
        session.deferredObject(object, forKey: key, from: objectID)
    }

    /// Appends a reference to an `NSString` holding `string`; equal strings share one object.
    public func encode(_ string: String, forKey key: String) {
        encodePayload(.objectReference(session.sharedString(string)), forKey: key)
    }

    /// Appends an integer in the narrowest width of Apple's rule.
    public func encode(_ value: Int, forKey key: String) { encodePayload(.integer(Int64(value)), forKey: key) }
    /// Appends a float64.
    public func encode(_ value: Double, forKey key: String) { encodePayload(.float64(value), forKey: key) }
    /// Appends a float32.
    public func encode(_ value: Float, forKey key: String) { encodePayload(.float32(value), forKey: key) }
    /// Appends `true` or `false`.
    public func encode(_ value: Bool, forKey key: String) { encodePayload(.bool(value), forKey: key) }
    /// Appends a data value.
    public func encodeBytes(_ bytes: some Sequence<UInt8>, forKey key: String) {
        encodePayload(.bytes(bytes), forKey: key)
    }
    /// Appends a point blob.
    public func encode(_ point: CGPoint, forKey key: String) { blob([point.x, point.y], key) }
    /// Appends a size blob.
    public func encode(_ size: CGSize, forKey key: String) { blob([size.width, size.height], key) }
    /// Appends a rect blob.
    public func encode(_ rect: CGRect, forKey key: String) {
        blob([rect.origin.x, rect.origin.y, rect.size.width, rect.size.height], key)
    }
    /// Appends an edge-insets blob.
    public func encode(_ insets: NibEdgeInsets, forKey key: String) {
        blob([insets.top, insets.left, insets.bottom, insets.right], key)
    }
    /// Appends an affine-transform blob.
    public func encode(_ transform: NibAffineTransform, forKey key: String) {
        blob([transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty], key)
    }

    private func blob(_ components: [CGFloat], _ key: String) {
        encodePayload(.bytes(GeometryBlob.bytes(components.map { Double($0) })), forKey: key)
    }

    /// Writes the object as an inlined collection: `NSInlinedValue`, then one
    /// `UINibEncoderEmptyKey` reference per element.
    public func encodeInlinedElements(_ elements: [AnyObject]) {
        encodePayload(.bool(true), forKey: "NSInlinedValue")
        for element in elements { encodeObject(element, forKey: "UINibEncoderEmptyKey") }
    }
}

/// One encoding pass: object identities, the builder, the work queue.
final class EncodingSession {
    var builder: NibArchive.Builder
    private var ids: [ObjectIdentifier: NibArchive.Builder.ObjectID] = [:]
    /// Keeps every written object alive so its identifier cannot be reused during the pass.
    private var written: [AnyObject] = []
    private var queue: [(object: any NibEncodable, id: NibArchive.Builder.ObjectID)] = []
    private var strings: [String: NibArchive.Builder.ObjectID] = [:]
    private(set) var failure: NibCodingError?

    init(coderVersion: UInt32) {
        builder = NibArchive.Builder(coderVersion: coderVersion)
        builder.setFallbacks(["NSColor"], for: "UIColor")
        builder.setFallbacks(["NSFont"], for: "UIFont")
    }

    /// The ID of `object`, adding it (and queueing its values) on first sight.
    func id(for object: AnyObject) throws(NibCodingError) -> NibArchive.Builder.ObjectID {
        if let id = ids[ObjectIdentifier(object)] { return id }
        guard let encodable = object as? any NibEncodable else {
            throw NibCodingError(
                code: .unencodable, message: "\(type(of: object)) does not adopt NibEncodable, so it cannot be written")
        }
        let id = builder.addObject(className: encodable.nibClassName)
        ids[ObjectIdentifier(object)] = id
        written.append(object)
        // Apple's coder-10 writer numbers objects in depth-first pre-order: encode the object
        // now, unless that would nest too deeply; then it waits in the queue.
        if depth < Self.maximumRecursion {
            depth += 1
            defer { depth -= 1 }
            do {
                try encodable.encode(to: NibEncodingCoder(session: self, objectID: id))
            } catch let error as NibCodingError {
                throw error
            } catch {
                throw NibCodingError(
                    code: .unencodable, message: "\(encodable.nibClassName) failed to encode: \(error)")
            }
        } else {
            queue.append((encodable, id))
        }
        return id
    }

    private static let maximumRecursion = 64
    private var depth = 0

    func deferredObject(_ object: AnyObject?, forKey key: String, from owner: NibArchive.Builder.ObjectID) {
        guard let object else {
            builder.append(.nil, forKey: key, to: owner)
            return
        }
        do {
            builder.append(.objectReference(try id(for: object)), forKey: key, to: owner)
        } catch {
            if failure == nil { failure = error }
        }
    }

    func sharedString(_ string: String) -> NibArchive.Builder.ObjectID {
        if let id = strings[string] { return id }
        let id = builder.addObject(className: "NSString")
        builder.append(.string(string), forKey: "NS.bytes", to: id)
        strings[string] = id
        return id
    }

    /// Writes `root` as object 0 and everything reachable from it, in depth-first pre-order.
    func run(root: AnyObject) throws -> NibArchive {
        _ = try id(for: root)
        if let failure { throw failure }
        var next = 0
        while next < queue.count {
            let (object, id) = queue[next]
            next += 1
            try object.encode(to: NibEncodingCoder(session: self, objectID: id))
            if let failure { throw failure }
        }
        do {
            return try builder.build()
        } catch {
            throw NibCodingError(error)
        }
    }
}
