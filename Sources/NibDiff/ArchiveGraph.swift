import NibArchive

/// An archive read as a graph: each object's class name and its values in stored order, with
/// every index range-checked once so the comparison never traps on a malformed file.
struct ArchiveGraph {
    /// One object: its class name and its values.
    struct Node {
        var className: String
        var values: [(key: String, payload: NibArchive.Payload)]

        /// Whether the object is an inlined collection (`NSInlinedValue` first).
        var isInlinedCollection: Bool { values.first?.key == "NSInlinedValue" }

        /// The first value stored under `key`.
        func value(forKey key: String) -> NibArchive.Payload? {
            values.first { $0.key == key }?.payload
        }
    }

    var nodes: [Node]

    init(_ archive: NibArchive) {
        let classNames = archive.classes.map(\.name)
        let keyNames = archive.keys.map(\.name)
        let values = archive.values
        nodes = archive.objects.map { object in
            let className =
                classNames.indices.contains(object.classIndex)
                ? classNames[object.classIndex] : "<class \(object.classIndex)>"
            var stored: [(key: String, payload: NibArchive.Payload)] = []
            let range = object.valueIndices.clamped(to: values.startIndex..<values.endIndex)
            for index in range {
                let value = values[index]
                let key =
                    keyNames.indices.contains(value.keyIndex) ? keyNames[value.keyIndex] : "<key \(value.keyIndex)>"
                stored.append((key, value.payload))
            }
            return Node(className: className, values: stored)
        }
    }

    /// The node at `index`, or `nil` when the reference is out of range.
    func node(_ index: UInt32) -> Node? {
        nodes.indices.contains(Int(index)) ? nodes[Int(index)] : nil
    }
}
