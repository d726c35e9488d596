import CorpusSupport
import Foundation
import HeapUsage
import NibArchive
import NibCoding
import Testing

/// Loading never builds a strong reference cycle, whatever the nib says: decoding stores every
/// reference that closes a cycle weakly, and a runtime attribute or accessibility value that
/// reaches its own target (only hostile nibs do that) is recorded weakly too.
@Suite("Reference cycles", .serialized)
struct ReferenceCycleTests {
    /// A parent view whose child gets the parent as a runtime attribute value: applied
    /// strongly, child → parent → subviews → child would never be freed. With `secondPair`,
    /// the child also gets an ordinary number attribute, applied after the first.
    static func attributePointingAtAncestor(secondPair: Bool = false) throws -> NibArchive {
        var pairs: [(String, NibArchive.Payload)] = [
            ("NSInlinedValue", .bool(true)), ("UINibEncoderEmptyKey", .objectReference(4)),
        ]
        if secondPair { pairs.append(("UINibEncoderEmptyKey", .objectReference(8))) }
        var objects: [(String, [(String, NibArchive.Payload)])] = [
            (
                "NSObject",
                [
                    ("UINibTopLevelObjectsKey", .objectReference(1)), ("UINibObjectsKey", .objectReference(1)),
                    ("UINibKeyValuePairsKey", .objectReference(3)),
                ]
            ),
            ("NSArray", [("NSInlinedValue", .bool(true)), ("UINibEncoderEmptyKey", .objectReference(2))]),
            ("UIView", [("UISubviews", .objectReference(5))]),
            ("NSArray", pairs),
            (
                "UINibKeyValuePair",
                [
                    ("UIObject", .objectReference(6)), ("UIKeyPath", .objectReference(7)),
                    ("UIValue", .objectReference(2)),
                ]
            ),
            ("NSArray", [("NSInlinedValue", .bool(true)), ("UINibEncoderEmptyKey", .objectReference(6))]),
            ("UIView", []),
            ("NSString", [("NS.bytes", .data(ArraySlice("parentView".utf8)))]),
        ]
        if secondPair {
            objects += [
                (
                    "UINibKeyValuePair",
                    [
                        ("UIObject", .objectReference(6)), ("UIKeyPath", .objectReference(9)),
                        ("UIValue", .objectReference(10)),
                    ]
                ),
                ("NSString", [("NS.bytes", .data(ArraySlice("tag".utf8)))]),
                ("NSNumber", [("NS.intval", .int8(7))]),
            ]
        }
        return try Fixtures.archive(objects)
    }

    @Test("A runtime attribute whose value reaches its target is held weakly, and the graph is freed")
    func attributeCycleIsWeak() throws {
        let nib = Nib(archive: try Self.attributePointingAtAncestor())
        weak var parentReference: NibView?
        weak var childReference: NibObject?
        do {
            let result = try nib.instantiation()
            let parent = try #require(result.topLevelObjects.first as? NibView)
            let child = try #require(parent.subviews.first as? NibObject)
            parentReference = parent
            childReference = child
            #expect(child.runtimeAttributes.count == 1)
            #expect(child.runtimeAttributes.first?.keyPath == "parentView")
            #expect(child.runtimeAttributes.first?.value === parent, "recorded, weakly, while the parent lives")
            #expect(result.diagnostics.contains { $0.contains("parentView") && $0.contains("weakly") })
        }
        #expect(parentReference == nil)
        #expect(childReference == nil)
    }

    @Test("A weakly held attribute stays weak when another attribute is applied to the same object")
    func weakAttributeStaysWeak() throws {
        let tables = try Self.attributePointingAtAncestor(secondPair: true)
        weak var parentReference: NibView?
        do {
            let result = try Nib(archive: tables).instantiation()
            let parent = try #require(result.topLevelObjects.first as? NibView)
            parentReference = parent
            let child = try #require(parent.subviews.first as? NibObject)
            #expect(child.runtimeAttributes.map(\.keyPath) == ["parentView", "tag"])
        }
        #expect(parentReference == nil, "the second attribute must not make the first one strong")
    }

    @Test("A runtime attribute with an ordinary value is held strongly")
    func ordinaryAttributeIsStrong() throws {
        let nib = try Fixtures.archive([
            (
                "NSObject",
                [
                    ("UINibTopLevelObjectsKey", .objectReference(1)), ("UINibObjectsKey", .objectReference(1)),
                    ("UINibKeyValuePairsKey", .objectReference(3)),
                ]
            ),
            ("NSArray", [("NSInlinedValue", .bool(true)), ("UINibEncoderEmptyKey", .objectReference(2))]),
            ("UIView", []),
            ("NSArray", [("NSInlinedValue", .bool(true)), ("UINibEncoderEmptyKey", .objectReference(4))]),
            (
                "UINibKeyValuePair",
                [
                    ("UIObject", .objectReference(2)), ("UIKeyPath", .objectReference(5)),
                    ("UIValue", .objectReference(6)),
                ]
            ),
            ("NSString", [("NS.bytes", .data(ArraySlice("layer.cornerRadius".utf8)))]),
            ("NSNumber", [("NS.intval", .int8(8))]),
        ])
        let result = try Nib(archive: nib).instantiation()
        let view = try #require(result.objects.first as? NibObject)
        // The pair and the list holding it are gone once loading returns; the value stays.
        let value = try #require(view.runtimeAttributes.first?.value as? NibNumber)
        #expect(value.value == .integer(8))
        #expect(result.diagnostics.isEmpty)
    }

    /// Found by FuzzNibLoad. `load-leak-87727b02`: a mutated real nib whose accessibility
    /// identifier string holds a trait-storage list that reaches the view the identifier is set
    /// on. `load-leak-be4fe6fc`: a bar button item whose accessibility label is an action
    /// connection back to it, recorded weakly, then made strong when a second attribute was
    /// appended to the same object.
    @Test(
        "Loading the saved hostile inputs repeatedly does not grow the heap",
        arguments: ["load-leak-87727b02", "load-leak-be4fe6fc"])
    func hostileCycleDoesNotLeak(input: String) throws {
        let url = FuzzRegressions.folder(besides: #filePath).appendingPathComponent(input)
        let bytes = [UInt8](try Data(contentsOf: url))
        func loadOnce() {
            guard let nib = try? Nib(bytes: bytes) else { return }
            var externals: [String: AnyObject] = [:]
            for identifier in nib.externalObjectIdentifiers { externals[identifier] = NibObject() }
            _ = try? nib.instantiation(owner: NibObject(), externalObjects: externals)
        }
        for _ in 0..<5 { loadOnce() }
        var smallest = Int.max
        for _ in 0..<3 {
            let before = Int(nibkit_heap_in_use())
            for _ in 0..<50 { loadOnce() }
            smallest = min(smallest, Int(nibkit_heap_in_use()) - before)
        }
        // Before the fix each load leaked about 85 KB: 50 loads grew the heap by over 4 MB.
        #expect(smallest < 16 * 1024, "heap grew by \(smallest) bytes over 50 loads")
    }
}
