import NibArchive
import NibCoding
import Testing

/// Strings, numbers and the other shipped leaf models referenced once are made on first read:
/// nothing about them may differ from decoding them while loading (identity, values, errors,
/// lifetime).
@Suite("Leaves made on first read")
struct LazyLeafTests {
    /// Root → `Thing` 1 (`text` → string 3, `count` → number 4) and `Thing` 2 (`text` → string 3).
    func sharedArchive() throws -> NibArchive {
        try Fixtures.archive([
            ("NSObject", [("first", .objectReference(1)), ("second", .objectReference(2))]),
            ("Thing", [("text", .objectReference(3)), ("count", .objectReference(4))]),
            ("Thing", [("text", .objectReference(3)), ("again", .objectReference(3))]),
            ("NSString", [("NS.bytes", .string("shared"))]),
            ("NSNumber", [("NS.intval", .int16(7))]),
        ])
    }

    @Test("A leaf referenced once gives the same instance on every read, with its class, index and values")
    func onceReferenced() throws {
        let root = try Nib(archive: try sharedArchive()).decodeGraph()
        let first = try #require(root.object(forKey: "first") as? NibObject)
        let number = try #require(first.object(forKey: "count") as? NibNumber)
        #expect(first.object(forKey: "count") === number)
        #expect(number.className == "NSNumber")
        #expect(number.archiveIndex == 4)
        #expect(number.value == .integer(7))
        // The entries hold the same instance.
        #expect(first.entries.first { $0.key == "count" }?.value.object === number)
        #expect(first.object(forKey: "count") === number)
    }

    @Test("Referrers of one leaf share it, whichever reads it first")
    func shared() throws {
        for secondFirst in [false, true] {
            let root = try Nib(archive: try sharedArchive()).decodeGraph()
            let first = try #require(root.object(forKey: "first") as? NibObject)
            let second = try #require(root.object(forKey: "second") as? NibObject)
            let fromSecond = secondFirst ? second.object(forKey: "text") : nil
            let fromFirst = try #require(first.object(forKey: "text") as? NibString)
            #expect(fromFirst.string == "shared")
            #expect(second.object(forKey: "text") === fromFirst)
            #expect(second.object(forKey: "again") === fromFirst)
            if secondFirst { #expect(fromSecond === fromFirst) }
        }
    }

    @Test("A shared leaf stays shared while alive, after one referrer lets its values go")
    func sharedAfterEdit() throws {
        let root = try Nib(archive: try sharedArchive()).decodeGraph()
        let first = try #require(root.object(forKey: "first") as? NibObject)
        let second = try #require(root.object(forKey: "second") as? NibObject)
        let text = try #require(first.object(forKey: "text"))
        first.entries = []
        #expect(second.object(forKey: "again") === text)
        #expect(second.object(forKey: "text") === text)
    }

    /// A custom class that reads a string through its coder, during decoding and afterwards.
    final class Reader: NibDecodable {
        var during: AnyObject?
        var coder: NibCoder?
        init() {}
        func decode(from coder: NibCoder) throws {
            during = try coder.decodeObject(forKey: "during")
            self.coder = coder
        }
    }

    @Test("A custom class's coder gets the instance the model referrers get, during and after the load")
    func throughTheCoder() throws {
        let archive = try Fixtures.archive([
            ("NSObject", [("thing", .objectReference(1)), ("reader", .objectReference(2))]),
            ("Thing", [("a", .objectReference(3)), ("b", .objectReference(4))]),
            ("Reader", [("during", .objectReference(3)), ("after", .objectReference(4))]),
            ("NSString", [("NS.bytes", .string("read during decoding"))]),
            ("NSString", [("NS.bytes", .string("read afterwards"))]),
        ])
        var registry = NibClassRegistry.standard
        registry.register(Reader.self, as: "Reader")
        let root = try Nib(archive: archive).decodeGraph(registry: registry)
        let thing = try #require(root.object(forKey: "thing") as? NibObject)
        let reader = try #require(root.object(forKey: "reader") as? Reader)
        #expect(reader.during === thing.object(forKey: "a"))
        let after = try reader.coder?.decodeObject(forKey: "after")
        #expect((after as? NibString)?.string == "read afterwards")
        #expect(after === thing.object(forKey: "b"))
    }

    @Test("A leaf's values count toward the work limit at load, read or not")
    func workLimit() throws {
        let values: [(String, NibArchive.Payload)] = (0..<100).map { ("v\($0)", .int8(1)) }
        let archive = try Fixtures.archive([
            ("NSObject", [("thing", .objectReference(1))]),
            ("Thing", [("data", .objectReference(2))]),
            ("NSData", values),
        ])
        #expect(throws: NibCodingError.self) {
            try Nib(archive: archive).decodeGraph(limits: NibDecodingLimits(maximumWork: 50))
        }
        _ = try Nib(archive: archive).decodeGraph(limits: NibDecodingLimits(maximumWork: 200))
    }

    @Test("A strict registry without the leaf's class fails the load")
    func strictRegistry() throws {
        var registry = NibClassRegistry()
        registry.isStrict = true
        registry.register(NibObject.self, as: "NSObject")
        registry.register(NibObject.self, as: "Thing")
        #expect(throws: NibCodingError.self) {
            try Nib(archive: try sharedArchive()).decodeGraph(registry: registry)
        }
    }

    @Test("A leaf read once lives as long as its referrer")
    func lifetime() throws {
        var root: NibObject? = try Nib(archive: try sharedArchive()).decodeGraph()
        weak let number = (root?.object(forKey: "first") as? NibObject)?.object(forKey: "count")
        weak let text = (root?.object(forKey: "second") as? NibObject)?.object(forKey: "text")
        #expect(number != nil && text != nil)
        root = nil
        #expect(number == nil && text == nil)
    }
}
