public import Foundation
import NibArchive

// Typed reads and writes of a NibObject's entries. Reads follow Apple's getters (spec section 1):
// a missing key or an unacceptable type reads as absent; writes replace the first entry with the key.
extension NibObject {
    /// The first entry's value for `key`.
    public func value(forKey key: String) -> NibEntry.Value? {
        switch storage {
        case .entries(let entries):
            for index in entries.indices where entries[index].key == key { return entries[index].value }
            return nil
        case .archived(let archived):
            return archived.value(forKey: key)
        case .empty:
            return nil
        }
    }

    /// Whether any entry has `key`.
    public func containsValue(forKey key: String) -> Bool {
        var found = false
        forEachEntry { entryKey, _ in
            found = entryKey == key
            return !found
        }
        return found
    }

    /// The object `key` refers to.
    public func object(forKey key: String) -> AnyObject? {
        if case .archived(let archived) = storage { return archived.object(forKey: key) }
        return value(forKey: key)?.object
    }

    /// The text of the string object `key` refers to (`NSString`, `NSLocalizableString`…).
    public func string(forKey key: String) -> String? {
        // A string not made yet is read from the archive without making it.
        if case .archived(let archived) = storage { return archived.string(forKey: key) }
        return (object(forKey: key) as? NibString)?.string
    }

    /// An integer value (any width; `false`/`true` read as 0/1), or `nil` when absent or not an integer.
    public func integer(forKey key: String) -> Int? {
        switch value(forKey: key)?.payload {
        case .int8(let v): Int(v)
        case .int16(let v): Int(v)
        case .int32(let v): Int(v)
        case .int64(let v): Int(truncatingIfNeeded: v)
        case .bool(let v): v ? 1 : 0
        default: nil
        }
    }

    /// A float32 or float64 value, or `nil` (integers are not converted, as in Apple's getter).
    public func double(forKey key: String) -> Double? {
        switch value(forKey: key)?.payload {
        case .float32(let v): Double(v)
        case .float64(let v): v
        default: nil
        }
    }

    /// A boolean: `true`/`false`, or an integer ≠ 0; `false` when absent.
    public func bool(forKey key: String) -> Bool {
        switch value(forKey: key)?.payload {
        case .bool(let v): v
        case let payload?: (payload.integerValue ?? 0) != 0
        case nil: false
        }
    }

    /// The bytes of a data value.
    public func data(forKey key: String) -> ArraySlice<UInt8>? {
        if case .archived(let archived) = storage { return archived.data(forKey: key) }
        if case .data(let bytes)? = value(forKey: key)?.payload { return bytes }
        return nil
    }

    /// The elements of the collection `key` refers to.
    public func array(forKey key: String) -> [AnyObject]? { (object(forKey: key) as? NibCollection)?.elements }

    /// A point blob.
    public func point(forKey key: String) -> CGPoint? { geometry(key, 2).map(GeometryBlob.point) }
    /// A size blob.
    public func size(forKey key: String) -> CGSize? { geometry(key, 2).map(GeometryBlob.size) }
    /// A rect blob.
    public func rect(forKey key: String) -> CGRect? { geometry(key, 4).map(GeometryBlob.rect) }
    /// An edge-insets blob.
    public func edgeInsets(forKey key: String) -> NibEdgeInsets? { geometry(key, 4).map(GeometryBlob.insets) }
    /// An affine-transform blob.
    public func affineTransform(forKey key: String) -> NibAffineTransform? {
        geometry(key, 6).map(GeometryBlob.transform)
    }

    private func geometry(_ key: String, _ count: Int) -> [Double]? {
        data(forKey: key).flatMap { GeometryBlob.components($0, count: count) }
    }

    // MARK: Writing

    /// Replaces the first entry with `key`, appends one, or (for `nil`) removes every entry with `key`.
    public func setValue(_ value: NibEntry.Value?, forKey key: String) {
        guard let value else {
            entries.removeAll { $0.key == key }
            return
        }
        if let index = entries.firstIndex(where: { $0.key == key }) {
            entries[index].value = value
        } else {
            entries.append(NibEntry(key: key, value: value))
        }
    }

    /// Stores a reference to `object` (or removes the key for `nil`).
    public func setObject(_ object: AnyObject?, forKey key: String) {
        setValue(object.map { .object($0) }, forKey: key)
    }

    /// Stores a reference to a new `NSString` holding `string` (or removes the key for `nil`).
    public func setString(_ string: String?, forKey key: String) {
        setValue(string.map { .object(NibString($0)) }, forKey: key)
    }

    /// Stores an integer in the width Apple's writer chooses.
    public func setInteger(_ value: Int, forKey key: String) {
        setValue(.payload(.integer(Int64(value))), forKey: key)
    }

    /// Stores a float64.
    public func setDouble(_ value: Double, forKey key: String) { setValue(.payload(.float64(value)), forKey: key) }

    /// Stores a float32.
    public func setFloat(_ value: Float, forKey key: String) { setValue(.payload(.float32(value)), forKey: key) }

    /// Stores `true`/`false`.
    public func setBool(_ value: Bool, forKey key: String) { setValue(.payload(.bool(value)), forKey: key) }

    /// Stores `true` when set and removes the key otherwise, as IB does for view flags such as `UIHidden`.
    public func setFlag(_ value: Bool, forKey key: String) {
        setValue(value ? .payload(.bool(true)) : nil, forKey: key)
    }

    /// Stores a point blob.
    public func setPoint(_ p: CGPoint, forKey key: String) { setBlob([p.x, p.y], key) }
    /// Stores a size blob.
    public func setSize(_ s: CGSize, forKey key: String) { setBlob([s.width, s.height], key) }
    /// Stores a rect blob.
    public func setRect(_ r: CGRect, forKey key: String) {
        setBlob([r.origin.x, r.origin.y, r.size.width, r.size.height], key)
    }
    /// Stores an edge-insets blob.
    public func setEdgeInsets(_ i: NibEdgeInsets, forKey key: String) {
        setBlob([i.top, i.left, i.bottom, i.right], key)
    }

    private func setBlob(_ components: [CGFloat], _ key: String) {
        setValue(.payload(.bytes(GeometryBlob.bytes(components.map { Double($0) }))), forKey: key)
    }
}
