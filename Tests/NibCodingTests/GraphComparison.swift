import NibArchive
import NibCoding

/// Compares two decoded graphs structurally: same classes, keys, payloads, collection order, and
/// references that pair up one-to-one. A repeated non-element key inside one object counts once
/// (its first value), because the canonical writer keeps only the first, as Apple's does.
enum GraphComparison {
    static func effectiveEntries(_ object: NibObject) -> [NibEntry] {
        var seen: Set<String> = []
        return object.entries.filter { $0.key == "UINibEncoderEmptyKey" || seen.insert($0.key).inserted }
    }

    /// `nil` when equal, otherwise the first difference.
    static func difference(_ a: NibObject, _ b: NibObject) -> String? {
        var pairs: [ObjectIdentifier: ObjectIdentifier] = [ObjectIdentifier(a): ObjectIdentifier(b)]
        var work: [(NibObject, NibObject, String)] = [(a, b, "root")]
        while let (x, y, path) = work.popLast() {
            guard x.className == y.className else { return "\(path): class \(x.className) ≠ \(y.className)" }
            let ex = effectiveEntries(x)
            let ey = effectiveEntries(y)
            guard ex.count == ey.count else { return "\(path) (\(x.className)): \(ex.count) values ≠ \(ey.count)" }
            for (i, (u, v)) in zip(ex, ey).enumerated() {
                let here = "\(path).\(u.key)"
                guard u.key == v.key else { return "\(path) value \(i): key \(u.key) ≠ \(v.key)" }
                switch (u.value, v.value) {
                case (.payload(let p), .payload(let q)):
                    guard p == q else { return "\(here): \(p) ≠ \(q)" }
                case _
                where u.value.isReference && v.value.isReference && u.value.object == nil && v.value.object == nil:
                    continue
                case _ where u.value.isReference && v.value.isReference:
                    guard let o = u.value.object, let q = v.value.object else { return "\(here): nil ≠ non-nil" }
                    let (io, iq) = (ObjectIdentifier(o), ObjectIdentifier(q))
                    if let paired = pairs[io] {
                        guard paired == iq else { return "\(here): reference pairs differently" }
                        continue
                    }
                    guard let no = o as? NibObject, let nq = q as? NibObject else {
                        return "\(here): a reference to a non-NibObject"
                    }
                    pairs[io] = iq
                    work.append((no, nq, here))
                default: return "\(here): \(u.value) ≠ \(v.value)"
                }
            }
        }
        return nil
    }
}
