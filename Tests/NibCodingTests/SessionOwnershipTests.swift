import NibArchive
import NibCoding
import Testing

/// While a load decodes, the first strong reference to an object takes over the decoder's own
/// reference to it, and the decoder keeps pointing at the object for later references. These
/// tests release that first reference in the middle of the load (a custom class that empties a
/// decoded object's values, and one that catches an error after a child was abandoned) and
/// then refer to the object again: it must still be the same live object, and everything
/// must be freed once the caller lets the graph go.
@Suite("Objects referenced while a load decodes")
struct SessionOwnershipTests {
    /// Empties the values of the object under `target` while it decodes itself.
    final class Editor: NibDecodable {
        var target: NibObject?
        init() {}
        func decode(from coder: NibCoder) throws {
            target = try coder.decodeObject(forKey: "target") as? NibObject
            _ = target?.entries
            target?.entries = []
        }
    }

    /// Decodes `bad`, whose decoding throws, catches the error, then decodes `good`.
    final class Catcher: NibDecodable {
        var caught: NibCodingError?
        var good: AnyObject?
        init() {}
        func decode(from coder: NibCoder) throws {
            do {
                _ = try coder.decodeObject(forKey: "bad")
            } catch {
                caught = error as? NibCodingError
            }
            good = try coder.decodeObject(forKey: "good")
        }
    }

    var registry: NibClassRegistry {
        var registry = NibClassRegistry.standard
        registry.register(Editor.self, as: "Editor")
        registry.register(Catcher.self, as: "Catcher")
        return registry
    }

    @Test("An object whose first referrer lets its values go during the load is the object later references get")
    func referrerEditedDuringLoad() throws {
        // Root → holder 1 (→ child 2), editor 3 (empties holder's values), later → child 2.
        let archive = try Fixtures.archive([
            (
                "NSObject",
                [("holder", .objectReference(1)), ("editor", .objectReference(3)), ("later", .objectReference(2))]
            ),
            ("Holder", [("child", .objectReference(2))]),
            ("Child", [("name", .string("kept")), ("count", .int8(3))]),
            ("Editor", [("target", .objectReference(1))]),
        ])
        weak var weakChild: AnyObject?
        weak var weakHolder: AnyObject?
        do {
            let root = try Nib(archive: archive).decodeGraph(registry: registry)
            let holder = try #require(root.object(forKey: "holder") as? NibObject)
            let editor = try #require(root.object(forKey: "editor") as? Editor)
            let child = try #require(root.object(forKey: "later") as? NibObject)
            #expect(editor.target === holder)
            #expect(holder.entries.isEmpty)
            #expect(child.className == "Child")
            #expect(child.archiveIndex == 2)
            #expect(child.entries.map(\.key) == ["name", "count"])
            weakChild = child
            weakHolder = holder
        }
        #expect(weakChild == nil, "the child outlived the graph")
        #expect(weakHolder == nil, "the holder outlived the graph")
    }

    @Test("An object held by a child abandoned on an error a custom class caught is the object later references get")
    func referrerAbandonedOnError() throws {
        // Root → catcher 1 (bad → 2, which refers to 3 and then to a missing object; good → 3),
        // later → 3.
        let archive = try Fixtures.archive([
            ("NSObject", [("catcher", .objectReference(1)), ("later", .objectReference(3))]),
            ("Catcher", [("bad", .objectReference(2)), ("good", .objectReference(3))]),
            ("Broken", [("first", .objectReference(3)), ("missing", .objectReference(99))]),
            ("Child", [("name", .string("kept"))]),
        ])
        weak var weakChild: AnyObject?
        do {
            let root = try Nib(archive: archive).decodeGraph(registry: registry)
            let catcher = try #require(root.object(forKey: "catcher") as? Catcher)
            #expect(catcher.caught?.code == .missingObject)
            let child = try #require(root.object(forKey: "later") as? NibObject)
            #expect(catcher.good === child)
            #expect(child.className == "Child")
            #expect(child.entries.map(\.key) == ["name"])
            weakChild = child
        }
        #expect(weakChild == nil, "the child outlived the graph")
    }

    /// Keeps its coder, to read through it after the load.
    final class Keeper: NibDecodable {
        var coder: NibCoder?
        init() {}
        func decode(from coder: NibCoder) throws { self.coder = coder }
    }

    @Test("A coder kept after the load reads live objects after the caller let them go, and frees them when it goes")
    func keptCoder() throws {
        // Root → thing 1 (→ child 2), keeper 3 (after → thing 1).
        let archive = try Fixtures.archive([
            ("NSObject", [("thing", .objectReference(1)), ("keeper", .objectReference(3))]),
            ("Thing", [("child", .objectReference(2))]),
            ("Child", [("name", .string("kept"))]),
            ("Keeper", [("after", .objectReference(1))]),
        ])
        var registry = NibClassRegistry.standard
        registry.register(Keeper.self, as: "Keeper")
        var keeper: Keeper?
        weak var weakRoot: NibObject?
        weak var weakThing: NibObject?
        do {
            let root = try Nib(archive: archive).decodeGraph(registry: registry)
            keeper = root.object(forKey: "keeper") as? Keeper
            weakRoot = root
            weakThing = root.object(forKey: "thing") as? NibObject
            // The root was the thing's only referrer.
            root.entries = []
        }
        // The keeper's coder keeps the load alive: the root, and the thing the root let go.
        #expect(weakRoot != nil)
        #expect(weakThing != nil)
        weak var weakChild: AnyObject?
        do {
            // The decoder holds what it handed out: the thing is alive, and it is the same one.
            let thing = try #require(try keeper?.coder?.decodeObject(forKey: "after") as? NibObject)
            #expect(thing === weakThing)
            #expect((thing.object(forKey: "child") as? NibObject)?.className == "Child")
            weakChild = thing.object(forKey: "child")
        }
        #expect(weakChild != nil)
        keeper?.coder = nil
        keeper = nil
        #expect(weakRoot == nil, "the root outlived the coder")
        #expect(weakThing == nil, "the thing outlived the coder")
        #expect(weakChild == nil, "the child outlived the coder")
    }

    @Test("Objects shared by many referrers are one instance each and are freed with the graph")
    func sharedReferences() throws {
        // Root → 1...20, each → shared 21 and its own child.
        var objects: [(String, [(String, NibArchive.Payload)])] = [
            ("NSObject", (1...20).map { ("item\($0)", .objectReference(UInt32($0))) })
        ]
        for index in 1...20 {
            objects.append(("Item", [("shared", .objectReference(21)), ("own", .objectReference(UInt32(21 + index)))]))
        }
        objects.append(("Shared", [("name", .string("shared"))]))
        for index in 1...20 { objects.append(("Own", [("index", .int8(Int8(index)))])) }
        var made: [NibWeakReference] = []
        do {
            let root = try Nib(archive: try Fixtures.archive(objects)).decodeGraph()
            let items = (1...20).compactMap { root.object(forKey: "item\($0)") as? NibObject }
            #expect(items.count == 20)
            let shared = try #require(items.first?.object(forKey: "shared"))
            #expect(items.allSatisfy { $0.object(forKey: "shared") === shared })
            let owns = items.compactMap { $0.object(forKey: "own") as? NibObject }
            #expect(Set(owns.compactMap(\.archiveIndex)) == Set(22...41))
            made = ([root, shared] + items + owns).map { NibWeakReference($0) }
        }
        #expect(made.count == 42)
        #expect(made.allSatisfy { $0.object == nil }, "objects outlived the graph")
    }
}
