import KeyedArchive
import NibArchive
import NibDiff
import Testing

/// Archives built to hold everything the keyed form cannot say by itself; each must come back
/// equal through the keyed form, in both plist formats.
@Suite("What the $nibkit annotation keeps")
struct AnnotationTests {
    typealias Value = NibArchive.Value

    /// Converts through the keyed form in `format` and back.
    static func roundTrip(_ archive: NibArchive, _ format: PropertyList.Format) throws -> NibArchive {
        try NibArchive(keyedArchiveBytes: try archive.keyedArchive().propertyList.serialized(as: format))
    }

    static let keys = ["NSInlinedValue", "UINibEncoderEmptyKey", "$class", "width", "ratio", "other"].map {
        NibArchive.Key($0)
    }

    @Test(
        "Widths, float32, NaN bits, $-keys, interleaved repeats, stray references and the header",
        arguments: PropertyList.Format.allCases)
    func oddValues(format: PropertyList.Format) throws {
        let values = [
            Value(keyIndex: 0, payload: .bool(true)),  // 0: object 1 …
            Value(keyIndex: 1, payload: .objectReference(2)),
            Value(keyIndex: 5, payload: .nil),  // a key between two repeats of another
            Value(keyIndex: 1, payload: .objectReference(0)),
            Value(keyIndex: 2, payload: .data([1, 2])),  // 4: object 2: a key named "$class"
            Value(keyIndex: 3, payload: .int32(5)),  // wider than Apple's width rule
            Value(keyIndex: 4, payload: .float32(0.1)),
            Value(keyIndex: 4, payload: .float64(Double(bitPattern: 0x7FF8_0000_0000_1234))),  // NaN payload
            Value(keyIndex: 5, payload: .objectReference(77)),  // past the object table
            Value(keyIndex: 3, payload: .int8(-3)),  // negative narrow integer
        ]
        let objects = [
            NibArchive.Object(classIndex: 0, firstValueIndex: 0, valueCount: 0),
            NibArchive.Object(classIndex: 1, firstValueIndex: 0, valueCount: 4),
            NibArchive.Object(classIndex: 2, firstValueIndex: 4, valueCount: 6),
        ]
        let classes = [
            NibArchive.ClassName("NSObject"), NibArchive.ClassName("NSArray"),
            NibArchive.ClassName("UIColor", fallbacks: [3]), NibArchive.ClassName("NSColor"),
        ]
        let archive = try NibArchive(
            formatVersion: 1, coderVersion: 9, objects: objects, keys: Self.keys, values: values, classes: classes,
            trailingBytes: NibArchive.lneTrailer)
        let conversion = try archive.keyedArchive()
        #expect(conversion.notes.contains { $0.contains("coder version 9") })
        #expect(conversion.notes.contains { $0.contains("trailer") })
        #expect(conversion.notes.contains { $0.contains("1 float32 value") })
        let back = try Self.roundTrip(archive, format)
        #expect(back == archive)
        #expect(back.serialized() == archive.serialized())
    }

    @Test(
        "Shared runs, ownerless values, repeated class names and duplicate keys",
        arguments: PropertyList.Format.allCases)
    func oddTables(format: PropertyList.Format) throws {
        // A duplicate key, and one that is not UTF-8.
        let keys = [NibArchive.Key("a"), NibArchive.Key("a"), NibArchive.Key(bytes: [0xFF, 0x61])]
        let values = [
            Value(keyIndex: 1, payload: .int8(1)),  // owned by objects 0 and 1 (shared run)
            Value(keyIndex: 0, payload: .int8(2)),  // owned by nobody
            Value(keyIndex: 2, payload: .bool(false)),
        ]
        let objects = [
            NibArchive.Object(classIndex: 1, firstValueIndex: 0, valueCount: 1),
            NibArchive.Object(classIndex: 0, firstValueIndex: 0, valueCount: 1),
            NibArchive.Object(classIndex: 0, firstValueIndex: 2, valueCount: 1),
            NibArchive.Object(classIndex: 0, firstValueIndex: 3, valueCount: 0),  // empty, non-zero start
        ]
        let classes = [NibArchive.ClassName("Same"), NibArchive.ClassName("Same")]
        let archive = try NibArchive(objects: objects, keys: keys, values: values, classes: classes)
        let conversion = try archive.keyedArchive()
        #expect(conversion.notes.contains { $0.contains("1 value no object owns") })
        let back = try Self.roundTrip(archive, format)
        #expect(back == archive)
        #expect(back.objects.map(\.firstValueIndex) == [0, 0, 2, 3])
        #expect(back.serialized() == archive.serialized())
    }

    @Test("The keyed form has the documented shape")
    func shape() throws {
        var builder = NibArchive.Builder()
        let root = builder.addObject(className: "NSObject")
        let list = builder.addObject(className: "NSArray")
        let text = builder.addObject(className: "NSString")
        builder.append(.objectReference(list), forKey: "UINibObjectsKey", to: root)
        builder.append(.bool(true), forKey: "NSInlinedValue", to: list)
        builder.append(.objectReference(text), forKey: "UINibEncoderEmptyKey", to: list)
        builder.append(.nil, forKey: "UINibEncoderEmptyKey", to: list)
        builder.append(.string("Hi"), forKey: "NS.bytes", to: text)
        let plist = try builder.build().keyedArchive().propertyList
        guard case .array(let objects)? = plist["$objects"] else {
            Issue.record("no $objects")
            return
        }
        #expect(objects.first == .string("$null"))
        #expect(objects[1]["UINibObjectsKey"] == .uid(2))
        #expect(objects[2]["NSInlinedValue"] == .bool(true))
        #expect(objects[2]["UINibEncoderEmptyKey"] == .array([.uid(3), .uid(0)]))
        #expect(objects[3]["NS.bytes"] == .data(Array("Hi".utf8)))
        // Classes follow the objects, in class-table order.
        #expect(objects[3]["$class"] == .uid(6))
        #expect(objects[6]["$classname"] == .string("NSString"))
        #expect(objects[6]["$classes"] == .array([.string("NSString"), .string("NSObject")]))
    }

    @Test("An annotation that no longer matches its dictionaries is an error with the place")
    func staleAnnotation() throws {
        let archive = try NibArchive(
            objects: [NibArchive.Object(classIndex: 0, firstValueIndex: 0, valueCount: 1)], keys: [NibArchive.Key("f")],
            values: [Value(keyIndex: 0, payload: .float32(1))], classes: [NibArchive.ClassName("NSObject")])
        guard case .dictionary(var entries) = try archive.keyedArchive().propertyList,
            let index = entries.firstIndex(where: { $0.key == "$objects" })
        else {
            Issue.record("not a dictionary")
            return
        }
        // Replace the real with text, as a careless edit might.
        entries[index].value = .array([
            .string("$null"),
            .dictionary([PropertyList.Entry("$class", .uid(2)), PropertyList.Entry("f", .string("one"))]),
            .dictionary([PropertyList.Entry("$classname", .string("NSObject"))]),
        ])
        #expect {
            try NibArchive(keyedArchive: .dictionary(entries))
        } throws: { error in
            (error as? KeyedArchiveError)?.code == .notKeyedArchive
                && (error as? KeyedArchiveError)?.path == "$objects[1][\"f\"]"
        }
    }
}
