import Foundation
import NibArchive
import Testing

@Suite("Layouts Apple's writer never produces are read and written back unchanged")
struct LayoutPreservationTests {
    @Test("The assembler reproduces example 13.1 (so the other layouts below are built right)")
    func assemblerMatchesSpec() {
        #expect(example13_1Assembler().bytes() == example13_1)
    }

    @Test("Tables in another order (classes, keys, values, objects) parse and round-trip")
    func otherTableOrder() throws {
        var assembler = example13_1Assembler()
        assembler.order = [.classes, .keys, .values, .objects]
        let bytes = assembler.bytes()
        let archive = try NibArchive(parsing: bytes)
        #expect(archive.serialized() == bytes)
        #expect(try archive.nibdump() == (try NibArchive(parsing: example13_1)).nibdump())
        #expect(archive.layout?.isCanonical == false)
        #expect(archive.serialized(layout: .canonical) == example13_1)
    }

    @Test("Gaps between tables and trailing bytes are kept")
    func gapsAndTrailingBytes() throws {
        var assembler = example13_1Assembler()
        assembler.padding = [.keys: [0xDE, 0xAD], .classes: [0xBE, 0xEF, 0x00]]
        assembler.trailing = [0x01, 0x02, 0x03]
        let bytes = assembler.bytes()
        let archive = try NibArchive(parsing: bytes)
        #expect(archive.serialized() == bytes)
        #expect(Array(archive.trailingBytes) == [0x01, 0x02, 0x03])
        #expect(archive.layout?.gaps == [56..<58, 85..<88])
    }

    @Test("Non-minimal varints keep their width: 5 written as 05 80 and as 05 00 80")
    func nonMinimalVarints() throws {
        var assembler = example13_1Assembler()
        // Object 1's class index 1 as two bytes (01 80), the "Hi" length 2 as three (02 00 80).
        assembler.tables[.objects] = [0x80, 0x80, 0x81, 0x01, 0x80, 0x81, 0x81]
        assembler.tables[.values] = [0x80, 0x0A, 0x01, 0x00, 0x00, 0x00, 0x81, 0x08, 0x02, 0x00, 0x80, 0x48, 0x69]
        let bytes = assembler.bytes()
        let archive = try NibArchive(parsing: bytes)
        #expect(archive.objects[1].classIndex == 1)
        #expect(archive.values[1].payload == .string("Hi"))
        #expect(archive.serialized() == bytes)
        #expect(archive.serialized(layout: .canonical) == example13_1)
    }

    @Test("Shared value ranges, orphan values, unused keys and classes survive")
    func sharedAndOrphanValues() throws {
        var assembler = example13_1Assembler()
        // Three objects: 0 owns value 0, 1 and 2 both own value 1; value 2 is an orphan.
        assembler.counts = [.objects: 3, .keys: 3, .values: 3, .classes: 3]
        assembler.tables[.objects] = [0x80, 0x80, 0x81, 0x81, 0x81, 0x81, 0x81, 0x81, 0x81]
        assembler.tables[.keys, default: []] += [0x85] + Array("spare".utf8)
        assembler.tables[.values, default: []] += [0x81, 0x09]
        assembler.tables[.classes, default: []] += [0x87, 0x80] + Array("Unused".utf8) + [0x00]
        let bytes = assembler.bytes()
        let archive = try NibArchive(parsing: bytes)
        #expect(archive.serialized() == bytes)
        #expect(archive.objects[1].valueIndices == archive.objects[2].valueIndices)
        let report = NibArchive.validate(bytes, level: .canonical)
        #expect(report.findings.map(\.id).contains(.valueCoverage))
        #expect(report.findings.map(\.id).contains(.unusedKey))
        #expect(report.findings.map(\.id).contains(.unusedClass))
        #expect(NibArchive.validate(bytes, level: .loadable).passes)
        #expect(!report.passes)
    }

    @Test("Duplicate keys in the key table and repeated keys in one object are kept in order")
    func duplicateKeys() throws {
        var assembler = example13_1Assembler()
        assembler.counts = [.objects: 2, .keys: 3, .values: 3, .classes: 2]
        assembler.tables[.keys, default: []] += [0x86] + Array("object".utf8)
        assembler.tables[.objects] = [0x80, 0x80, 0x82, 0x81, 0x82, 0x81]
        assembler.tables[.values] = [
            0x80, 0x0A, 0x01, 0x00, 0x00, 0x00,  // object → 1
            0x80, 0x09,  // object = nil (the same key again, in the same object)
            0x81, 0x08, 0x82, 0x48, 0x69,  // NS.bytes "Hi"
        ]
        let bytes = assembler.bytes()
        let archive = try NibArchive(parsing: bytes)
        #expect(archive.serialized() == bytes)
        #expect(archive.values(of: archive.objects[0]).map(\.payload) == [.objectReference(1), .nil])
        let ids = NibArchive.validate(bytes).findings.map(\.id)
        #expect(ids.contains(.duplicateKeyName))
        #expect(ids.contains(.repeatedKeyInObject))
    }

    @Test("Empty tables at the end of the file are legal")
    func emptyArchive() throws {
        let bytes = ArchiveAssembler().bytes()
        let archive = try NibArchive(parsing: bytes)
        #expect(archive.objects.isEmpty)
        #expect(archive.serialized() == bytes)
        #expect(try archive.nibdump() == "nibdump\t1\nheader\t1\t10\t0\t0\t0\t0\n")
        #expect(NibArchive.validate(bytes).findings.map(\.id) == [.noRoot])
    }

    @Test("A table offset inside the header is parsed from the bytes that are there")
    func tableInsideHeader() throws {
        // An empty key table whose offset points into the header.
        var assembler = example13_1Assembler()
        assembler.counts[.keys] = 0
        assembler.tables[.keys] = []
        assembler.tables[.values] = [0x80, 0x09]  // would need key 0: out of range now
        assembler.counts[.values] = 1
        assembler.tables[.objects] = [0x80, 0x80, 0x80, 0x81, 0x80, 0x80]
        assembler.offsetOverride[.keys] = 10
        let bytes = assembler.bytes()
        #expect(throws: NibArchiveError.self) { try NibArchive(parsing: bytes) }
        let report = NibArchive.validate(bytes)
        #expect(report.findings.contains { $0.id == .valueKeyRange && $0.entry == TableEntry(.value, 0) })
    }

    @Test("Float bit patterns, −0.0 and NaN payloads are preserved through JSON")
    func floatBitPatternsThroughJSON() throws {
        var builder = NibArchive.Builder()
        let root = builder.addObject(className: "NSObject")
        builder.append(.float32(Float(bitPattern: 0x7FC0_0001)), forKey: "nan", to: root)
        builder.append(.float32(-0.0), forKey: "negativeZero", to: root)
        builder.append(.float64(Double(bitPattern: 0x7FF0_0000_0000_0000)), forKey: "infinity", to: root)
        builder.append(.float64(0.1), forKey: "tenth", to: root)
        builder.append(.float32(0.1), forKey: "tenthSingle", to: root)
        builder.append(.integer(Int64.min), forKey: "min", to: root)
        let bytes = try builder.build().serialized()
        let archive = try NibArchive(parsing: bytes)
        let back = try NibArchive(json: Data(archive.jsonString().utf8))
        #expect(back.serialized() == bytes)
        // 20-digit decimals (a regression: the dump's digit buffer once held only 16).
        #expect(try archive.nibdump().contains("\tmin\t3\t-9223372036854775808\n"))
    }

    @Test("A hand-edited JSON with a longer string writes a valid, canonical archive")
    func editedJSON() throws {
        let archive = try NibArchive(parsing: example13_1)
        let edited = archive.jsonString().replacingOccurrences(
            of: "\"string\": \"Hi\"", with: "\"string\": \"Hello, world\"")
        let bytes = try NibArchive(json: Data(edited.utf8)).serialized()
        let reparsed = try NibArchive(parsing: bytes)
        #expect(reparsed.values[1].payload == .string("Hello, world"))
        #expect(NibArchive.validate(bytes, level: .canonical).passes)
    }

    @Test("A JSON edit that adds a value writes a valid archive")
    func addedValueJSON() throws {
        let archive = try NibArchive(parsing: example13_1)
        var json = archive.jsonString()
        json = json.replacingOccurrences(
            of: "{\"key\": 1, \"string\": \"Hi\"}",
            with: "{\"key\": 1, \"string\": \"Hi\"},\n    {\"key\": 0, \"int16\": 300}")
        json = json.replacingOccurrences(
            of: "{\"class\": 1, \"first\": 1, \"count\": 1}", with: "{\"class\": 1, \"first\": 1, \"count\": 2}")
        let bytes = try NibArchive(json: Data(json.utf8)).serialized()
        let reparsed = try NibArchive(parsing: bytes)
        #expect(reparsed.values(of: reparsed.objects[1]).map(\.payload) == [.string("Hi"), .int16(300)])
        #expect(NibArchive.validate(bytes).passes)
    }
}
