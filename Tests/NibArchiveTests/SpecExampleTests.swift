import Foundation
import NibArchive
import Testing

@Suite("Worked examples of the specification")
struct SpecExampleTests {
    @Test(
        "Each worked example parses and writes back byte for byte",
        arguments: [example13_1, example13_2, example13_3])
    func roundTrip(bytes: [UInt8]) throws {
        let archive = try NibArchive(parsing: bytes)
        #expect(archive.serialized() == bytes)
        #expect(archive.serialized(layout: .canonical) == bytes, "the examples are canonical")
    }

    @Test("13.1: the builder writes a root pointing at a string as Apple does")
    func builderWritesExample13_1() throws {
        var builder = NibArchive.Builder()
        let root = builder.addObject(className: "NSObject")
        let string = builder.addObject(className: "NSString")
        builder.append(.objectReference(string), forKey: "object", to: root)
        builder.append(.string("Hi"), forKey: "NS.bytes", to: string)
        #expect(try builder.build().serialized() == example13_1)
    }

    @Test("13.2: the builder writes one value of every type as Apple does")
    func builderWritesExample13_2() throws {
        var builder = NibArchive.Builder()
        let root = builder.addObject(className: "NSObject")
        builder.append(.integer(100), forKey: "i8", to: root)
        builder.append(.integer(300), forKey: "i16", to: root)
        builder.append(.integer(100_000), forKey: "i32", to: root)
        builder.append(.integer(-1), forKey: "i64", to: root)
        builder.append(.bool(false), forKey: "no", to: root)
        builder.append(.bool(true), forKey: "yes", to: root)
        builder.append(.float32(1.5), forKey: "f32", to: root)
        builder.append(.float64(0.5), forKey: "f64", to: root)
        builder.append(
            .bytes(
                [0x07] + withUnsafeBytes(of: 2.0.bitPattern.littleEndian, Array.init)
                    + withUnsafeBytes(of: 3.0.bitPattern.littleEndian, Array.init)), forKey: "pt", to: root)
        builder.append(.nil, forKey: "none", to: root)
        builder.append(.objectReference(root), forKey: "self", to: root)
        #expect(try builder.build().serialized() == example13_2)
    }

    @Test("13.3: the builder puts the fallback-only class last, as Apple's coder-10 writer does")
    func builderWritesExample13_3() throws {
        var builder = NibArchive.Builder()
        builder.setFallbacks(["NSColor"], for: "UIColor")
        let root = builder.addObject(className: "NSObject")
        let color = builder.addObject(className: "UIColor")
        builder.append(.objectReference(color), forKey: "object", to: root)
        builder.append(.integer(2), forKey: "UIColorComponentCount", to: color)
        builder.append(.float32(1), forKey: "UIWhite", to: color)
        builder.append(.float32(1), forKey: "UIAlpha", to: color)
        builder.append(.string("1"), forKey: "NSWhite", to: color)
        builder.append(.integer(4), forKey: "NSColorSpace", to: color)
        #expect(try builder.build().serialized() == example13_3)
    }

    @Test("13.3 dumps exactly as the nibdump spec shows")
    func dumpOfExample13_3() throws {
        #expect(try NibArchive(parsing: example13_3).nibdump() == example13_3Dump)
    }

    @Test("13.2's value lines show every payload form as the nibdump spec shows")
    func dumpOfExample13_2() throws {
        let lines = try NibArchive(parsing: example13_2).nibdump().split(separator: "\n")
            .filter { $0.hasPrefix("value") }
        #expect(lines.joined(separator: "\n") == example13_2ValueLines)
    }

    @Test("13.2: the model reads each type with 4 = false and 5 = true")
    func typedValuesOfExample13_2() throws {
        let archive = try NibArchive(parsing: example13_2)
        let payloads = archive.values.map(\.payload)
        #expect(
            payloads == [
                .int8(100), .int16(300), .int32(100_000), .int64(-1), .bool(false), .bool(true),
                .float32(1.5), .float64(0.5),
                .bytes([0x07, 0, 0, 0, 0, 0, 0, 0, 0x40, 0, 0, 0, 0, 0, 0, 0x08, 0x40]), .nil,
                .objectReference(0),
            ])
        #expect(archive.values[4].type == .false)
        #expect(archive.values[5].type == .true)
        #expect(
            archive.keys.map(\.name) == ["i8", "i16", "i32", "i64", "no", "yes", "f32", "f64", "pt", "none", "self"])
    }

    @Test("13.3: class fallbacks and the layout are read from the bytes")
    func structureOfExample13_3() throws {
        let archive = try NibArchive(parsing: example13_3)
        #expect(archive.classes.map(\.name) == ["NSObject", "UIColor", "NSColor"])
        #expect(archive.classes[1].fallbacks == [2])
        #expect(archive.layout?.objectTable == 50..<56)
        #expect(archive.layout?.keyTable == 56..<122)
        #expect(archive.layout?.valueTable == 122..<150)
        #expect(archive.layout?.classTable == 150..<185)
        #expect(archive.layout?.isCanonical == true)
        #expect(archive.trailingBytes.isEmpty)
    }
}

@Suite("Parsing entry points")
struct EntryPointTests {
    @Test("[UInt8], ArraySlice, Data and RawSpan inputs give equal archives")
    func entryPoints() throws {
        let fromArray = try NibArchive(parsing: example13_3)
        let padded = [0xAA] + example13_3 + [0xBB]
        let fromSlice = try NibArchive(parsing: padded[1..<(padded.count - 1)])
        let fromData = try NibArchive(parsing: Data(example13_3))
        let fromSpan = try example13_3.withUnsafeBytes { raw in
            try NibArchive(parsing: RawSpan(_unsafeBytes: raw))
        }
        #expect(fromSlice == fromArray)
        #expect(fromData == fromArray)
        #expect(fromSpan == fromArray)
        #expect(fromData.serialized() == example13_3)
    }

    @Test("A nested archive in a data value is recognised and parsed on request")
    func nestedArchive() throws {
        var builder = NibArchive.Builder()
        let root = builder.addObject(className: "NSObject")
        let data = builder.addObject(className: "NSData")
        builder.append(.objectReference(data), forKey: "archiveData", to: root)
        builder.append(.bytes(example13_1), forKey: "NS.bytes", to: data)
        builder.append(.bytes(Array(example13_1.prefix(60))), forKey: "broken", to: data)
        let archive = try builder.build()
        let values = Array(archive.values(of: archive.objects[1]))
        #expect(archive.nestedArchive(in: values[0]) == (try NibArchive(parsing: example13_1)))
        #expect(archive.nestedArchive(in: values[1]) == nil)
        let report = NibArchive.validate(archive.serialized())
        #expect(report.findings.map(\.id) == [.nestedUnparsable])
    }
}
