import Foundation
import NibArchive
import NibCoding
import Testing

/// Broken graphs give clear errors, never crashes.
@Suite("Malformed graphs fail clearly")
struct MalformedGraphTests {
    @Test("A reference to a missing object names the object, key and offset")
    func missingObject() throws {
        let archive = try Fixtures.archive([("NSObject", [("object", .objectReference(99))])])
        let nib = try Nib(bytes: archive.serialized())
        let error = try #require(throws: NibCodingError.self) { try nib.decodeGraph() }
        #expect(error.code == .missingObject)
        #expect(error.objectIndex == 0)
        #expect(error.key == "object")
        // Header 50 bytes, object table 3 bytes, key table 1 + 6 bytes: the value starts at 60.
        #expect(error.offset == 60)
        #expect(error.description.contains("object 99"))
    }

    @Test("A collection that contains itself is a collection-cycle error")
    func collectionCycle() throws {
        let archive = try Fixtures.archive([
            ("NSObject", [("object", .objectReference(1))]),
            ("NSArray", [("NSInlinedValue", .bool(true)), ("UINibEncoderEmptyKey", .objectReference(1))]),
        ])
        let error = try #require(throws: NibCodingError.self) { try Nib(archive: archive).decodeGraph() }
        #expect(error.code == .collectionCycle)
    }

    @Test("A collection with a nil element decodes as nil, as in UIKit")
    func nilElement() throws {
        let archive = try Fixtures.archive([
            ("NSObject", [("object", .objectReference(1))]),
            ("NSArray", [("NSInlinedValue", .bool(true)), ("UINibEncoderEmptyKey", .nil)]),
        ])
        let root = try Nib(archive: archive).decodeGraph()
        #expect(root.containsValue(forKey: "object"))
        #expect(root.object(forKey: "object") == nil)
    }

    @Test("A proxy with no identifier is an error while loading")
    func proxyWithoutIdentifier() throws {
        let archive = try Fixtures.archive([
            ("NSObject", [("UINibTopLevelObjectsKey", .objectReference(1))]),
            ("NSArray", [("NSInlinedValue", .bool(true)), ("UINibEncoderEmptyKey", .objectReference(2))]),
            ("UIProxyObject", []),
        ])
        let error = try #require(throws: NibCodingError.self) { try Nib(archive: archive).instantiate() }
        #expect(error.code == .proxyWithoutIdentifier)
        #expect(error.objectIndex == 2)
        #expect(error.className == "UIProxyObject")
    }

    @Test("Wrong value types name the key, class, expected and found types")
    func wrongTypes() throws {
        let archive = try Fixtures.archive([
            ("NSObject", [("object", .objectReference(1))]),
            ("Badge", [("UIText", .int8(5))]),
        ])
        var registry = NibClassRegistry()
        registry.register(Badge.self, as: "Badge")
        let error = try #require(throws: NibCodingError.self) {
            try Nib(bytes: archive.serialized()).decodeGraph(registry: registry)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.key == "UIText")
        #expect(error.className == "Badge")
        #expect(error.objectIndex == 1)
        #expect(error.expected == "an object reference")
        #expect(error.found == "int8")
        #expect(error.offset != nil)
    }

    @Test("Integers are not read as floats; bad geometry blobs are errors")
    func getterRules() throws {
        for (key, payload, code) in [
            ("ratio", NibArchive.Payload.int8(1), NibCodingError.Code.typeMismatch),
            ("UIBounds", .bytes([7, 0, 0]), .invalidGeometry),
        ] {
            let archive = try Fixtures.archive([
                ("NSObject", [("object", .objectReference(1))]), ("Badge", [(key, payload)]),
            ])
            var registry = NibClassRegistry()
            registry.register(Badge.self, as: "Badge")
            let error = try #require(throws: NibCodingError.self) {
                try Nib(archive: archive).decodeGraph(registry: registry)
            }
            #expect(error.code == code)
            #expect(error.key == key)
        }
    }

    /// A custom class that decodes its child while it decodes itself, so each level nests.
    final class Nest: NibDecodable {
        var child: AnyObject?
        required init() {}
        func decode(from coder: NibCoder) throws { child = try coder.decodeObject(forKey: "next") }
    }

    @Test("Nesting beyond the depth limit is an error, not a stack overflow; work is bounded")
    func depthLimit() throws {
        let depth = 5_000
        func chain(_ className: String) throws -> NibArchive {
            var objects: [(String, [(String, NibArchive.Payload)])] = [("NSObject", [("object", .objectReference(1))])]
            for index in 1...depth {
                let next: NibArchive.Payload = index < depth ? .objectReference(UInt32(index + 1)) : .int8(0)
                objects.append((className, [("NSInlinedValue", .bool(true)), ("next", next)]))
            }
            return try Fixtures.archive(objects)
        }
        var registry = NibClassRegistry.standard
        registry.register(Nest.self, as: "Nest")
        let error = try #require(throws: NibCodingError.self) {
            try Nib(archive: try chain("Nest")).decodeGraph(registry: registry)
        }
        #expect(error.code == .depthLimit)
        // Nested collections and generic objects decode with an explicit stack: no depth limit.
        _ = try Nib(archive: try chain("NSArray")).decodeGraph()
        let small = try #require(throws: NibCodingError.self) {
            try Nib(archive: try chain("NSArray")).decodeGraph(limits: NibDecodingLimits(maximumWork: 100))
        }
        #expect(small.code == .workLimit)
    }

    @Test("A long chain of generic objects decodes without recursion")
    func longChain() throws {
        let depth = 20_000
        var objects: [(String, [(String, NibArchive.Payload)])] = [("NSObject", [("object", .objectReference(1))])]
        for index in 1...depth {
            objects.append(("Link", [("next", index < depth ? .objectReference(UInt32(index + 1)) : .nil)]))
        }
        let root = try Nib(archive: try Fixtures.archive(objects)).decodeGraph()
        var node = root.object(forKey: "object") as? NibObject
        var count = 0
        while let current = node {
            count += 1
            node = current.object(forKey: "next") as? NibObject
        }
        #expect(count == depth)
    }

    @Test("Freeing a chain of 300 000 objects does not overflow the stack")
    func longChainIsFreed() throws {
        let depth = 300_000
        var objects = [NibArchive.Object(classIndex: 0, firstValueIndex: 0, valueCount: 1)]
        var values = [NibArchive.Value(keyIndex: 0, payload: .objectReference(1))]
        for index in 1...depth {
            objects.append(NibArchive.Object(classIndex: 1, firstValueIndex: index, valueCount: 1))
            values.append(
                NibArchive.Value(keyIndex: 0, payload: index < depth ? .objectReference(UInt32(index + 1)) : .nil))
        }
        let archive = try NibArchive(
            objects: objects, keys: [NibArchive.Key("next")], values: values,
            classes: [NibArchive.ClassName("NSObject"), NibArchive.ClassName("Link")])
        var root: NibObject? = try Nib(archive: archive).decodeGraph()
        let tail = NibWeakReference(root?.object(forKey: "next"))
        #expect(tail.object != nil)
        root = nil
        #expect(tail.object == nil)
    }

    @Test("Strict mode rejects unregistered classes; keyed nibs and garbage are clear errors")
    func strictAndUnreadable() throws {
        let archive = try Fixtures.archive([("NSObject", [("object", .objectReference(1))]), ("Mystery", [])])
        var strict = NibClassRegistry.standard
        strict.isStrict = true
        let error = try #require(throws: NibCodingError.self) {
            try Nib(archive: archive).decodeGraph(registry: strict)
        }
        #expect(error.code == .unregisteredClass)
        #expect(error.description.contains("Mystery"))
        let keyed = try #require(throws: NibCodingError.self) { try Nib(bytes: Array("bplist00xxxxxx".utf8)) }
        #expect(keyed.code == .unreadableFile)
        #expect(keyed.description.contains("keyed archive"))
        let garbage = try #require(throws: NibCodingError.self) { try Nib(bytes: Array("NIBArchive".utf8)) }
        #expect(garbage.code == .archive)
        #expect(garbage.underlying != nil)
    }
}

@Suite("Cycles through collections")
struct CollectionCycleOrderTests {
    /// Object 1 (a plain object) and object 2 (an array) refer to each other; the root reaches
    /// the cycle either through the object or through the array.
    private func archive(enterThroughArray: Bool) throws -> NibArchive {
        try Fixtures.archive([
            ("NSObject", [("object", .objectReference(enterThroughArray ? 2 : 1))]),
            ("UIView", [("UISubviews", .objectReference(2))]),
            ("NSArray", [("NSInlinedValue", .bool(true)), ("UINibEncoderEmptyKey", .objectReference(1))]),
        ])
    }

    @Test(
        "A cycle through a collection decodes the same whichever object is reached first",
        arguments: [false, true])
    func orderIndependent(enterThroughArray: Bool) throws {
        let graph = try Nib(archive: archive(enterThroughArray: enterThroughArray)).decodeGraph()
        // The graph re-encodes to a nib that decodes again (the fuzzer's invariant).
        let encoded = try NibEncoder().encode(root: graph)
        #expect(throws: Never.self) { try Nib(archive: encoded).decodeGraph() }
    }
}
