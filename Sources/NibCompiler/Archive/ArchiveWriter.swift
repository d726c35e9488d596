import NibArchive

/// Numbers an ``ArchivedObject`` graph depth-first from its root and writes it with
/// `NibArchive.Builder`, sharing equal strings and numbers as Apple's coder does.
struct ArchiveWriter {
    /// Class fallbacks UIKit declares for the keyed archiver.
    static let uiKitFallbacks: [String: [String]] = ["UIColor": ["NSColor"], "UIFont": ["NSFont"]]

    var fallbacks: [String: [String]] = [:]
    /// Whether an integer and a double `NSNumber` of equal value are one object, as the
    /// NIBArchive coder shares them (`-[NSNumber isEqual:]`). `NSKeyedArchiver` keeps them
    /// apart: GroupingController's `keyedobjects.nib` lists the object id 11 as an integer
    /// where its `keyedobjects-101300.nib` shares the 11.0 of a font size.
    var sharesNumbersAcrossTypes = true

    /// The archive of the graph below `root`, with the header's `coderVersion`: 9 for older
    /// iOS nibs, 10 otherwise. Coder 10 writes an `NSSet` in its keyed form (`NS.object.N`; the
    /// corpus: 46 of 46 coder-10 sets, 0 of 5 coder-9 ones; mutable sets stay inlined in both,
    /// AppKit's 79 `NSMutableSet`s).
    func archive(root: ArchivedObject, coderVersion: UInt32 = 10) throws(NibArchiveError) -> NibArchive {
        let numbered = number(root)
        if coderVersion >= 10 {
            for object in numbered.objects where object.className == "NSSet" { object.useKeyedCollectionForm() }
        }
        var usedFallbacks: [String: [String]] = [:]
        for object in numbered.objects {
            if usedFallbacks[object.className] == nil, let list = fallbacks[object.className] {
                usedFallbacks[object.className] = list
            }
        }
        // The graph is handed to the table constructor as it is: a builder's copy of every
        // value (key, payload and array growth) was the compile's largest allocation.
        return try NibArchive.Builder.build(numbered, coderVersion: coderVersion, fallbacks: usedFallbacks)
    }

    /// The objects of a graph in numbering order, each with its values as payloads.
    struct NumberedGraph: NibArchive.Builder.Source {
        /// The objects that are written, in numbering order (an object sharing another's
        /// ``ArchivedObject/sharingKey`` is not among them; references to it are to the other).
        var objects: [ArchivedObject] = []
        /// Every object's number, shared ones included.
        var ids: [ObjectIdentifier: NibArchive.Builder.ObjectID] = [:]

        var objectCount: Int { objects.count }

        func className(ofObject index: Int) -> String { objects[index].className }

        func values(ofObject index: Int)
            -> LazyMapSequence<[(key: String, value: ArchivedObject.Value)], (key: String, payload: NibArchive.Payload)>
        {
            objects[index].values.lazy.map { (key, value) in
                let payload: NibArchive.Payload
                switch value {
                case .integer(let number): payload = .integer(number)
                case .bool(let flag): payload = .bool(flag)
                case .float32(let number): payload = .float32(number)
                case .float64(let number): payload = .float64(number)
                case .data(let bytes): payload = .data(bytes[...])
                case .null: payload = .nil
                case .object(let target):
                    // Every referenced object was numbered; a missing one is refused by the build.
                    payload = .objectReference(ids[ObjectIdentifier(target)] ?? .max)
                }
                return (key, payload)
            }
        }
    }

    /// Numbers the graph below `root` depth-first in value order, as Apple's coder does: an
    /// object takes the next number when it is first reached, before the objects its values
    /// refer to. The walk keeps its own stack (a long chain of references, such as a key-view
    /// loop, does not recurse).
    func number(_ root: ArchivedObject) -> NumberedGraph {
        var graph = NumberedGraph()
        var shared: [String: NibArchive.Builder.ObjectID] = [:]

        func sharingKey(_ object: ArchivedObject) -> String? {
            guard let key = object.sharingKey else { return nil }
            guard !sharesNumbersAcrossTypes, object.className == "NSNumber" else { return key }
            return key + "|" + (object.values.first?.key ?? "")
        }

        /// Numbers `object`; whether it is new (its values are still to be walked).
        func visit(_ object: ArchivedObject) -> Bool {
            let identifier = ObjectIdentifier(object)
            if graph.ids[identifier] != nil { return false }
            let key = sharingKey(object)
            if let key, let known = shared[key] {
                graph.ids[identifier] = known
                return false
            }
            let newID = NibArchive.Builder.ObjectID(truncatingIfNeeded: graph.objects.count)
            graph.objects.append(object)
            graph.ids[identifier] = newID
            if let key { shared[key] = newID }
            return true
        }

        // Each entry: an object whose values are being walked, and the next value to look at.
        var stack: [(object: ArchivedObject, next: Int)] = []
        if visit(root) { stack.append((root, 0)) }
        while let (object, next) = stack.last {
            let values = object.values
            var position = next
            var target: ArchivedObject?
            while position < values.count, target == nil {
                if case .object(let referenced) = values[position].value { target = referenced }
                position += 1
            }
            guard let target else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next = position
            if visit(target) { stack.append((target, 0)) }
        }
        return graph
    }
}
