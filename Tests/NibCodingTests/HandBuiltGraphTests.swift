import Foundation
import NibArchive
import NibCoding
import Testing

/// Graphs built in code: each collection form, each geometry form, cycles and sharing.
@Suite("Hand-built graphs round-trip")
struct HandBuiltGraphTests {
    func roundTrip(_ root: NibObject) throws -> NibObject {
        let archive = try NibEncoder().encode(root: root)
        let decoded = try Nib(bytes: archive.serialized()).decodeGraph()
        #expect(GraphComparison.difference(root, decoded) == nil)
        return decoded
    }

    @Test("A cycle (a view whose subview points back at it) decodes to the same instances")
    func cycle() throws {
        let view = NibView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = NibView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        view.addSubview(child)
        child.setObject(view, forKey: "UISuperview")
        let root = NibObject(className: "NSObject")
        root.setObject(view, forKey: "object")
        let decoded = try roundTrip(root)
        let decodedView = try #require(decoded.object(forKey: "object") as? NibView)
        let decodedChild = try #require(decodedView.subviews.first as? NibView)
        #expect(decodedChild.object(forKey: "UISuperview") === decodedView)
        #expect(decodedChild.superview === decodedView)
        #expect(decodedChild.frame == CGRect(x: 10, y: 10, width: 20, height: 20))
    }

    @Test("A decoded object can be edited and written back")
    func editDecodedGraph() throws {
        let root = try Nib(archive: try Fixtures.loginScreen()).decodeGraph()
        let view = try #require(root.array(forKey: "UINibTopLevelObjectsKey")?.last as? NibView)
        let title = try #require(view.subviews.first as? NibLabel)
        title.text = "Welcome back"
        title.frame = CGRect(x: 10, y: 10, width: 300, height: 30)
        view.addSubview(NibLabel(frame: CGRect(x: 0, y: 0, width: 10, height: 10), text: "New"))
        let again = try Nib(archive: try NibEncoder().encode(root: root)).decodeGraph()
        let view2 = try #require(again.array(forKey: "UINibTopLevelObjectsKey")?.last as? NibView)
        #expect(view2.subviews.count == 6)
        let title2 = try #require(view2.subviews.first as? NibLabel)
        #expect(title2.text == "Welcome back")
        #expect(title2.frame == CGRect(x: 10, y: 10, width: 300, height: 30))
        #expect((view2.subviews.last as? NibLabel)?.text == "New")
        #expect(GraphComparison.difference(root, again) == nil)
    }

    @Test("A shared object decodes to one instance")
    func sharing() throws {
        let font = NibFont(name: "Helvetica", pointSize: 12)
        let a = NibLabel(frame: .zero, text: "a", font: font)
        let b = NibLabel(frame: .zero, text: "b", font: font)
        let root = NibObject(className: "NSObject")
        root.setObject(NibArray(elements: [a, b]), forKey: "object")
        let decoded = try roundTrip(root)
        let labels = try #require(decoded.array(forKey: "object") as? [NibLabel])
        #expect(labels.count == 2)
        #expect(labels[0].font === labels[1].font)
        #expect(labels[0].font?.pointSize == 12)
        #expect(labels.map(\.text) == ["a", "b"])
    }

    @Test(
        "Each collection form keeps its form, class and order",
        arguments: ["NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSOrderedSet", "NSDictionary"])
    func collectionForms(className: String) throws {
        let items: [AnyObject] = [
            NibString("x"), NibNumber(.integer(300)), NibNumber(.double(0.5)), NibNumber(.bool(true)),
        ]
        let collection: NibCollection =
            switch className {
            case "NSDictionary": NibDictionary(pairs: [(items[0], items[1]), (items[2], items[3])])
            case "NSArray", "NSMutableArray": NibArray(elements: items, className: className)
            default: NibSet(elements: items, className: className)
            }
        let root = NibObject(className: "NSObject")
        root.setObject(collection, forKey: "object")
        let decoded = try #require(try roundTrip(root).object(forKey: "object") as? NibCollection)
        #expect(decoded.className == className)
        #expect(decoded.isInlined == (className != "NSSet" && className != "NSOrderedSet"))
        #expect(decoded.elements.count == 4)
        #expect((decoded.elements[1] as? NibNumber)?.value == .integer(300))
        #expect((decoded.elements[2] as? NibNumber)?.value == .double(0.5))
        #expect((decoded.elements[3] as? NibNumber)?.value == .bool(true))
    }

    @Test("An empty keyed set has no values and decodes empty")
    func emptyKeyedSet() throws {
        let archive = try Fixtures.archive([
            ("NSObject", [("object", .objectReference(1))]),
            ("NSSet", []),
        ])
        let set = try #require(try Nib(archive: archive).decodeGraph().object(forKey: "object") as? NibSet)
        #expect(set.elements.isEmpty)
    }

    @Test("Each geometry form round-trips through its 07 blob")
    func geometry() throws {
        let root = NibObject(className: "NSObject")
        let object = NibObject(className: "Geometry")
        object.setPoint(CGPoint(x: 1.5, y: -2), forKey: "point")
        object.setSize(CGSize(width: 3, height: 4), forKey: "size")
        object.setRect(CGRect(x: 1, y: 2, width: 3, height: 4), forKey: "rect")
        object.setEdgeInsets(NibEdgeInsets(top: 1, left: 2, bottom: 3, right: 4), forKey: "insets")
        root.setObject(object, forKey: "object")
        let decoded = try #require(try roundTrip(root).object(forKey: "object") as? NibObject)
        #expect(decoded.point(forKey: "point") == CGPoint(x: 1.5, y: -2))
        #expect(decoded.size(forKey: "size") == CGSize(width: 3, height: 4))
        #expect(decoded.rect(forKey: "rect") == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(decoded.edgeInsets(forKey: "insets") == NibEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(decoded.data(forKey: "rect")?.first == 7)
    }

    @Test("float32 (06) blobs, transforms and NSValue strings decode")
    func olderGeometryForms() throws {
        var float32Rect: [UInt8] = [6]  // marker 06: four float32 components
        for value: Float in [1, 2, 30, 40] {
            withUnsafeBytes(of: value.bitPattern.littleEndian) { float32Rect += $0 }
        }
        var transform: [UInt8] = [7]  // marker 07: six float64 components a b c d tx ty
        for value: Double in [2, 0, 0, 2, 5, 6] {
            withUnsafeBytes(of: value.bitPattern.littleEndian) { transform += $0 }
        }
        let archive = try Fixtures.archive([
            ("NSObject", [("object", .objectReference(1)), ("size", .objectReference(2))]),
            ("Badge", [("UIBounds", .bytes(float32Rect)), ("transform", .bytes(transform))]),
            ("NSValue", [("NS.special", .int8(2)), ("NS.sizeval", .objectReference(3))]),
            ("NSString", [("NS.bytes", .string("{1.7976931348623157e+308, 4}"))]),
        ])
        let root = try Nib(archive: archive).decodeGraph()
        let object = try #require(root.object(forKey: "object") as? NibObject)
        #expect(object.rect(forKey: "UIBounds") == CGRect(x: 1, y: 2, width: 30, height: 40))
        #expect(object.affineTransform(forKey: "transform") == NibAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 5, ty: 6))
        let value = try #require(root.object(forKey: "size") as? NibStructValue)
        #expect(value.value == .size(CGSize(width: Double.greatestFiniteMagnitude, height: 4)))
        let written = NibStructValue(.size(CGSize(width: 18, height: 4)))
        #expect(written.string(forKey: "NS.sizeval") == "{18, 4}")
    }

    /// Lookups by a class name's bytes must agree with `String` equality, which treats canonically
    /// equivalent spellings as equal (U+212A KELVIN SIGN decomposes to `K`).
    @Test(
        "Registered class names match as strings do, whether the archive or the registry spells them in ASCII",
        arguments: [("Kiosk", "\u{212A}iosk"), ("\u{212A}iosk", "Kiosk"), ("Kiosk", "Kiosk")])
    func registeredNamesMatchAsStrings(registered: String, archived: String) throws {
        let archive = try Fixtures.archive([
            ("NSObject", [("first", .objectReference(1)), ("second", .objectReference(2))]),
            (archived, [("UITag", .int8(1))]),
            ("Kiosks", [("UITag", .int8(2))]),
        ])
        var registry = NibClassRegistry.standard
        registry.register(NibView.self, as: registered)
        let root = try Nib(archive: archive).decodeGraph(registry: registry)
        #expect(root.object(forKey: "first") is NibView)
        #expect(!(root.object(forKey: "second") is NibView))
        #expect((root.object(forKey: "first") as? NibObject)?.className == archived)
        #expect((root.object(forKey: "second") as? NibObject)?.className == "Kiosks")
    }

    /// A model reading an unfinished ancestor during its own decoding (a back reference) sees
    /// the ancestor's archived class name, although the ancestor's values are not in place yet.
    @Test("A back-referenced ancestor has its archived class name while its children decode")
    func ancestorClassNameDuringDecoding() throws {
        final class Child: NibObject {
            var parentClassName: String?
            override func decode(from coder: NibCoder) throws {
                try super.decode(from: coder)
                parentClassName = (object(forKey: "parent") as? NibObject)?.className
            }
        }
        let archive = try Fixtures.archive([
            ("NSObject", [("object", .objectReference(1))]),
            ("MyContainer", [("child", .objectReference(2))]),
            ("MyChild", [("parent", .objectReference(1))]),
        ])
        var registry = NibClassRegistry.standard
        registry.register(Child.self, as: "MyChild")
        let root = try Nib(archive: archive).decodeGraph(registry: registry)
        let container = try #require(root.object(forKey: "object") as? NibObject)
        let child = try #require(container.object(forKey: "child") as? Child)
        #expect(child.parentClassName == "MyContainer")
        #expect(container.className == "MyContainer")
        #expect(child.className == "MyChild")
    }

    @Test("A registered custom class reads typed values through NibCoder")
    func customClass() throws {
        let archive = try Fixtures.archive([
            ("NSObject", [("object", .objectReference(1))]),
            (
                "_TtC4Demo5Badge",
                [
                    ("UIText", .objectReference(2)), ("UIBounds", .bytes([7] + [UInt8](repeating: 0, count: 32))),
                    ("count", .int16(300)), ("ratio", .float32(0.5)), ("children", .objectReference(3)),
                ]
            ),
            ("NSString", [("NS.bytes", .string("Hello"))]),
            ("NSArray", [("NSInlinedValue", .bool(true)), ("UINibEncoderEmptyKey", .objectReference(2))]),
        ])
        var registry = NibClassRegistry.standard
        registry.register(Badge.self, as: "Demo.Badge")
        let root = try Nib(archive: archive).decodeGraph(registry: registry)
        let badge = try #require(root.object(forKey: "object") as? Badge)
        #expect(badge.text == "Hello")
        #expect(badge.count == 300)
        #expect(badge.ratio == 0.5)
        #expect((badge.children.first as? NibString)?.string == "Hello")
        #expect(SwiftClassName(mangled: "_TtC4Demo5Badge")?.description == "Demo.Badge")
        #expect(SwiftClassName(mangled: "_TtCC4Demo5Outer5Inner")?.description == "Demo.Outer.Inner")
        #expect(SwiftClassName(mangled: "UILabel") == nil)
    }

    /// Lengths in mangled names count UTF-8 bytes (the Swift ABI's mangling rules); anything
    /// that does not spell exactly a module and one name per `C` is not a Swift class name.
    @Test(
        "Mangled Swift class names parse by byte lengths; malformed ones are nil",
        arguments: [
            ("_TtCs9Something", "Swift.Something"),
            ("_TtC17Atmosphere_Trivia9TextField", "Atmosphere_Trivia.TextField"),
            ("_TtC5Dem\u{E9}5Badge", "Dem\u{E9}.Badge"), ("_TtC4Demo", nil), ("_TtC4Demo5Badgex", nil),
            ("_TtC4Demo9Badge", nil), ("_TtC123456Demo5Badge", nil), ("_TtC0Demo5Badge", nil), ("_Tt4Demo5Badge", nil),
            ("_TtC", nil), ("_T", nil),
        ] as [(String, String?)])
    func mangledNames(mangled: String, readable: String?) {
        #expect(SwiftClassName(mangled: mangled)?.description == readable)
    }

    @Test("Fallback classes are used when the primary class is not registered")
    func fallbacks() throws {
        let archive = try NibArchive(
            objects: [
                NibArchive.Object(classIndex: 0, firstValueIndex: 0, valueCount: 1),
                NibArchive.Object(classIndex: 1, firstValueIndex: 1, valueCount: 1),
            ],
            keys: [NibArchive.Key("object"), NibArchive.Key("UIWhite")],
            values: [
                NibArchive.Value(keyIndex: 0, payload: .objectReference(1)),
                NibArchive.Value(keyIndex: 1, payload: .float32(0.5)),
            ],
            classes: [
                NibArchive.ClassName("NSObject"), NibArchive.ClassName("MyColor", fallbacks: [2]),
                NibArchive.ClassName("UIColor"),
            ])
        let color = try #require(try Nib(archive: archive).decodeGraph().object(forKey: "object") as? NibColor)
        #expect(color.className == "MyColor")
        #expect(color.components == .gray(white: 0.5, alpha: 1))
    }

    @Test("Weak references (back references, superviews, outlets, actions) read nil once their target is gone")
    func weakReferencesEnd() throws {
        // A decoded graph: the child's superview and its `UISuperview` back reference.
        let original = NibView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let originalChild = NibView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        original.addSubview(originalChild)
        originalChild.setObject(original, forKey: "UISuperview")
        let originalRoot = NibObject(className: "NSObject")
        originalRoot.setObject(original, forKey: "object")
        let archive = try NibEncoder().encode(root: originalRoot)
        var root: NibObject? = try Nib(bytes: archive.serialized()).decodeGraph()
        let view = try #require(root?.object(forKey: "object") as? NibView)
        let child = try #require(view.subviews.first as? NibView)
        #expect(child.superview === view)
        let entry = try #require(child.entries.first { $0.key == "UISuperview" })
        guard case .backReference(let superviewReference) = entry.value else {
            Issue.record("UISuperview is not a back reference")
            return
        }
        #expect(superviewReference.object === view)
        weak let weakView = view
        root = nil
        _ = consume view
        #expect(weakView == nil)
        #expect(child.superview == nil)
        #expect(child.object(forKey: "UISuperview") == nil)
        #expect(superviewReference.object == nil)

        // Weak references made in code, to a model and to another object.
        final class Other {}
        var model: NibObject? = NibObject(className: "A")
        var other: Other? = Other()
        var references = [NibWeakReference(model), NibWeakReference(other)]
        #expect(references[0].object === model && references[1].object === other)
        references[0].object = other
        #expect(references[0].object === other)
        references[0].object = model
        model = nil
        other = nil
        #expect(references.allSatisfy { $0.object == nil })

        // Outlets and actions of a load, once the load's objects and the owner are gone.
        var owner: NibObject? = NibObject(className: "Owner")
        var result: NibInstantiation? = try Nib(archive: try Fixtures.loginScreen()).instantiation(owner: owner)
        let outlets = result?.outlets ?? []
        let actions = result?.actions ?? []
        #expect(outlets.count == 4 && actions.count == 2)
        #expect(outlets.allSatisfy { $0.source === owner && $0.destination != nil })
        #expect(actions.allSatisfy { $0.source != nil } && actions.first?.target === owner)
        result = nil
        owner = nil
        #expect(outlets.allSatisfy { $0.source == nil && $0.destination == nil })
        #expect(actions.allSatisfy { $0.source == nil && $0.target == nil })
    }

    @Test("A keyed collection's elements are the first value under NS.object.0, 1, … up to the first missing index")
    func keyedElementsHostile() throws {
        // Keys out of order, a repeated key, a non-canonical and a huge index, and a gap after 2.
        let elements: [(String, Int)] = [
            ("NS.object.1", 3), ("NS.object.0", 2), ("NS.object.0", 4), ("NS.object.01", 4),
            ("NS.object.99999999999999999999999", 4), ("NS.object.2", 4), ("NS.object.4", 2), ("NS.object.", 2),
            ("NS.object.-3", 2),
        ]
        let setValues: [(String, NibArchive.Payload)] = elements.map { ($0.0, .objectReference(UInt32($0.1))) }
        var objects: [(String, [(String, NibArchive.Payload)])] = [
            ("NSObject", [("object", .objectReference(1))]), ("NSOrderedSet", setValues),
        ]
        for text in ["a", "b", "c"] {
            objects.append(("NSString", [("NS.bytes", .data(ArraySlice(text.utf8)))]))
        }
        let archive = try Fixtures.archive(objects)
        let set = try #require(try Nib(archive: archive).decodeGraph().object(forKey: "object") as? NibSet)
        // The definition, read key by key through the public API.
        var expected: [String] = []
        while let element = set.object(forKey: "NS.object.\(expected.count)") as? NibString {
            expected.append(element.string)
        }
        #expect(expected == ["a", "b", "c"])
        #expect(set.elements.compactMap { ($0 as? NibString)?.string } == expected)
        // The same once the values have left the archive.
        set.entries = set.entries
        #expect(set.elements.compactMap { ($0 as? NibString)?.string } == expected)
    }

    @Test("Objects whose values overlap (a hostile archive) decode, share nothing, and are freed")
    func overlappingValues() throws {
        // Objects 1 and 2 both claim the two values at 1 and 2.
        let archive = try NibArchive(
            objects: [
                NibArchive.Object(classIndex: 0, firstValueIndex: 0, valueCount: 3),
                NibArchive.Object(classIndex: 1, firstValueIndex: 1, valueCount: 2),
                NibArchive.Object(classIndex: 1, firstValueIndex: 1, valueCount: 2),
                NibArchive.Object(classIndex: 2, firstValueIndex: 3, valueCount: 1),
            ],
            keys: [NibArchive.Key("first"), NibArchive.Key("a"), NibArchive.Key("second"), NibArchive.Key("NS.bytes")],
            values: [
                NibArchive.Value(keyIndex: 0, payload: .objectReference(1)),
                NibArchive.Value(keyIndex: 1, payload: .objectReference(3)),
                NibArchive.Value(keyIndex: 2, payload: .objectReference(2)),
                NibArchive.Value(keyIndex: 3, payload: .data(ArraySlice("x".utf8))),
            ],
            classes: [
                NibArchive.ClassName("NSObject"), NibArchive.ClassName("Thing"), NibArchive.ClassName("NSString"),
            ])
        var root: NibObject? = try Nib(archive: archive).decodeGraph()
        let first = try #require(root?.object(forKey: "first") as? NibObject)
        let second = try #require(first.object(forKey: "second") as? NibObject)
        #expect((first.object(forKey: "a") as? NibString)?.string == "x")
        #expect((second.object(forKey: "a") as? NibString)?.string == "x")
        // Object 2 refers to itself through the shared value: a back reference, never a strong cycle.
        #expect(second.object(forKey: "second") === second)
        weak let weakFirst = first
        weak let weakSecond = second
        root = nil
        _ = consume first
        _ = consume second
        #expect(weakFirst == nil && weakSecond == nil)
    }
}
