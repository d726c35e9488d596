import Foundation
import KeyedArchive
import NibArchive
import Testing

/// `nibtool convert` writes keyed archives object by object (`writeKeyedArchive(as:…)`), not
/// from the whole `PropertyList`: its bytes must be a binary property list that Foundation's
/// own reader accepts and that holds the same property list as ``NibArchive/keyedArchive(expansionLimit:)``.
@Suite("Keyed archives written as they are made")
struct StreamedWriterTests {
    /// 1 + `objects` objects in a chain; every object holds an int8, a string, a float32 (so
    /// the annotation gets per-object notes) and a reference to the next.
    static func chain(_ objects: Int) throws -> NibArchive {
        var values: [NibArchive.Value] = [NibArchive.Value(keyIndex: 0, payload: .objectReference(1))]
        var table = [NibArchive.Object(classIndex: 0, firstValueIndex: 0, valueCount: 1)]
        for index in 1...objects {
            let first = values.count
            values.append(NibArchive.Value(keyIndex: 1, payload: .int8(Int8(index % 100))))
            values.append(NibArchive.Value(keyIndex: 2, payload: .data(ArraySlice("text \(index % 7)".utf8))))
            values.append(NibArchive.Value(keyIndex: 3, payload: .float32(Float(index))))
            if index < objects {
                values.append(NibArchive.Value(keyIndex: 4, payload: .objectReference(UInt32(index + 1))))
            }
            table.append(
                NibArchive.Object(classIndex: 1 + index % 2, firstValueIndex: first, valueCount: values.count - first))
        }
        let archive = try NibArchive(
            objects: table, keys: ["root", "number", "text", "ratio", "next"].map { NibArchive.Key($0) },
            values: values,
            classes: [
                NibArchive.ClassName("NSObject"), NibArchive.ClassName("UIView"), NibArchive.ClassName("UILabel"),
            ])
        return try NibArchive(parsing: archive.serialized())
    }

    static func streamed(_ archive: NibArchive, _ format: PropertyList.Format) throws -> (
        bytes: [UInt8], notes: [String]
    ) {
        var bytes: [UInt8] = []
        let notes = try archive.writeKeyedArchive(as: format) { bytes += $0 }
        return (bytes, notes)
    }

    // 1 object: 1-byte references; 300: 2 bytes; 6,000: 4 bytes (the bound counts 14 per object).
    @Test(
        "Streamed binary keyed archives read back, by NibKit and by Foundation, as the tree writer's",
        arguments: [1, 300, 6_000])
    func binary(objects: Int) throws {
        let archive = try Self.chain(objects)
        let conversion = try archive.keyedArchive()
        let (bytes, notes) = try Self.streamed(archive, .binary)
        #expect(bytes.starts(with: Array("bplist00".utf8)))
        // The reference width is the seventh byte of the trailer.
        let expectedWidth = objects == 1 ? 1 : objects == 300 ? 2 : 4
        #expect(bytes.count > 32 && Int(bytes[bytes.count - 25]) == expectedWidth)
        #expect(try PropertyList(parsing: bytes) == conversion.propertyList)
        #expect(notes == conversion.notes)
        #expect(try NibArchive(keyedArchiveBytes: bytes) == archive)
        // Foundation's reader (CoreFoundation's bplist parser) is an independent check of the layout.
        let foundation = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
        let top = try #require(foundation as? [String: Any])
        #expect(top["$archiver"] as? String == "NSKeyedArchiver")
        // $null, the objects, then one dictionary per class.
        #expect((top["$objects"] as? [Any])?.count == 1 + archive.objects.count + archive.classes.count)
    }

    @Test("Streamed XML keyed archives are the tree writer's bytes")
    func xml() throws {
        let archive = try Self.chain(300)
        let (bytes, notes) = try Self.streamed(archive, .xml)
        let conversion = try archive.keyedArchive()
        #expect(bytes == (try conversion.propertyList.serialized(as: .xml)))
        #expect(notes == conversion.notes)
    }

    @Test("A streamed conversion stops at the expansion limit like the tree writer")
    func expansion() throws {
        let archive = try HostileInputTests.runs(objects: 1000, values: 100, shared: true)
        #expect(throws: ExpansionLimitError.self) { try archive.writeKeyedArchive(as: .binary) { _ in } }
        #expect(throws: ExpansionLimitError.self) { try archive.writeKeyedArchive(as: .xml) { _ in } }
        let raised = try archive.writeKeyedArchive(as: .binary, expansionLimit: ExpansionLimit(factor: 40)) { _ in }
        #expect(raised == (try archive.keyedArchive(expansionLimit: ExpansionLimit(factor: 40)).notes))
    }
}
