import NibArchive

/// An archive read as a graph: each object's class name and its values in stored order, with
/// every index range-checked once so the comparison never traps on a malformed file.
///
/// The values are read once into one array; each node holds a slice of it, so objects that
/// share a run of values share its storage instead of copying it (20 000 objects sharing one
/// run once made the comparison allocate gigabytes).
struct ArchiveGraph {
    typealias Entry = (key: String, payload: NibArchive.Payload)

    /// One object: its class name and its values.
    struct Node {
        var className: String
        var values: ArraySlice<Entry>

        /// Whether the object is an inlined collection (`NSInlinedValue` first).
        var isInlinedCollection: Bool { values.first?.key == "NSInlinedValue" }

        /// The first value stored under `key`.
        func value(forKey key: String) -> NibArchive.Payload? {
            values.first { $0.key == key }?.payload
        }
    }

    var nodes: [Node]
    /// The size of the archive's bytes, what the comparison's expansion budget is proportional to.
    var byteCount: Int

    init(_ archive: NibArchive) {
        let classNames = archive.classes.map(\.name)
        let keyNames = archive.keys.map(\.name)
        var all: [Entry] = []
        all.reserveCapacity(archive.values.count)
        for value in archive.values {
            let key = keyNames.indices.contains(value.keyIndex) ? keyNames[value.keyIndex] : "<key \(value.keyIndex)>"
            all.append((key, value.payload))
        }
        nodes = archive.objects.map { object in
            let className =
                classNames.indices.contains(object.classIndex)
                ? classNames[object.classIndex] : "<class \(object.classIndex)>"
            let range = object.valueIndices.clamped(to: all.startIndex..<all.endIndex)
            return Node(className: className, values: all[range])
        }
        byteCount = archive.storageSize
    }

    /// The node at `index`, or `nil` when the reference is out of range.
    func node(_ index: UInt32) -> Node? {
        nodes.indices.contains(Int(index)) ? nodes[Int(index)] : nil
    }
}
