import CorpusSupport
import Foundation
import KeyedArchive
import NibArchive
import Testing

/// Any bytes give a value or a ``KeyedArchiveError`` that says where; nothing traps or hangs.
@Suite("Hostile property lists and keyed archives")
struct HostileInputTests {
    static let magic: [UInt8] = Array("bplist00".utf8)

    /// A trailer with 8-byte fields given as numbers.
    static func trailer(offsetSize: UInt8 = 1, referenceSize: UInt8 = 1, count: UInt64, top: UInt64 = 0, table: UInt64)
        -> [UInt8]
    {
        func bigEndian(_ value: UInt64) -> [UInt8] {
            (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
        }
        return [0, 0, 0, 0, 0, 0, offsetSize, referenceSize] + bigEndian(count) + bigEndian(top) + bigEndian(table)
    }

    /// Reads `bytes` all the way to a NIBArchive; checks that a failure names an offset inside
    /// the input or a place in the archive.
    static func check(_ bytes: [UInt8], _ context: String) {
        do {
            let archive = try NibArchive(keyedArchiveBytes: bytes)
            // What converts writes back and re-reads.
            let reread = try? NibArchive(parsing: archive.serialized())
            #expect(reread == archive, "\(context): the converted archive does not re-read equal")
        } catch {
            if let offset = error.offset {
                #expect(offset >= 0 && offset <= bytes.count, "\(context): offset \(offset) outside the input")
            } else {
                #expect(error.path != nil, "\(context): \(error) says neither offset nor place")
            }
        }
    }

    /// A small keyed archive: the README's LoginScreen example converted, in one format.
    static func sample(_ format: PropertyList.Format) throws -> [UInt8] {
        let url = Corpus.packageRoot.appendingPathComponent("Examples/LoginScreen/LoginScreen.nib")
        let archive = try NibArchive(parsing: [UInt8](try Data(contentsOf: url)))
        return try archive.keyedArchive().propertyList.serialized(as: format)
    }

    @Test("Every truncation of a binary keyed archive fails with an offset inside the input")
    func truncatedBinary() throws {
        let bytes = try Self.sample(.binary)
        for length in 0..<bytes.count {
            let prefix = Array(bytes[..<length])
            #expect(throws: KeyedArchiveError.self) { try PropertyList(parsing: prefix) }
            Self.check(prefix, "binary prefix \(length)")
        }
    }

    @Test("Every truncation of an XML keyed archive fails with an offset inside the input")
    func truncatedXML() throws {
        let bytes = try Self.sample(.xml)
        // Every 7th length keeps the quadratic work small; all the tag and entity boundaries
        // still fall under some cut.
        for length in stride(from: 0, to: bytes.count, by: 7) {
            Self.check(Array(bytes[..<length]), "XML prefix \(length)")
        }
    }

    @Test("Every truncation of a real keyed nib fails cleanly", .corpus)
    func truncatedCorpusNib() throws {
        let files = try Corpus.files(in: "nib-keyed", withExtension: "nib")
        let smallest = try #require(
            files.min {
                (try? $0.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0) ?? 0
                    < (try? $1.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0) ?? 0
            })
        let bytes = [UInt8](try Data(contentsOf: smallest))
        for length in 0..<bytes.count {
            let prefix = Array(bytes[..<length])
            #expect(throws: KeyedArchiveError.self) { try PropertyList(parsing: prefix) }
        }
    }

    @Test("Seeded byte flips give a value or a located error", arguments: [PropertyList.Format.binary, .xml])
    func flips(format: PropertyList.Format) throws {
        let original = try Self.sample(format)
        let seed: UInt64 = 0x6B65_7965_6421
        var random = SeededRandom(seed: seed)
        for round in 0..<400 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                bytes[index] = UInt8.random(in: 0...255, using: &random)
            }
            Self.check(bytes, "seed \(seed) round \(round)")
        }
    }

    @Test("An object count larger than the offset table is refused before allocating")
    func hugeObjectCount() {
        let bytes = Self.magic + [0x09, 0x08] + Self.trailer(count: 1 << 60, table: 9)
        #expect {
            try PropertyList(parsing: bytes)
        } throws: { error in
            let error = error as? KeyedArchiveError
            return error?.code == .badOffset && error?.offset == bytes.count - 24
        }
    }

    @Test("An offset table past the trailer is refused")
    func tableOffsetPastEnd() {
        let bytes = Self.magic + [0x09, 0x08] + Self.trailer(count: 1, table: 0xFFFF_FFFF_FFFF)
        #expect {
            try PropertyList(parsing: bytes)
        } throws: { error in
            (error as? KeyedArchiveError)?.code == .badOffset
                && (error as? KeyedArchiveError)?.offset == bytes.count - 8
        }
    }

    @Test("A container count larger than the file is refused")
    func hugeElementCount() {
        // Object 0: an array whose count is the 8-byte integer 2^62.
        let object: [UInt8] = [0xAF, 0x13, 0x40, 0, 0, 0, 0, 0, 0, 0]
        let bytes = Self.magic + object + [0x08] + Self.trailer(count: 1, table: UInt64(8 + object.count))
        #expect {
            try PropertyList(parsing: bytes)
        } throws: { error in
            (error as? KeyedArchiveError)?.code == .truncated && (error as? KeyedArchiveError)?.offset == 9
        }
    }

    @Test("An array that contains itself is a cycle, not a hang")
    func cycle() {
        let bytes = Self.magic + [0xA1, 0x00] + [0x08] + Self.trailer(count: 1, table: 10)
        #expect {
            try PropertyList(parsing: bytes)
        } throws: { error in
            (error as? KeyedArchiveError)?.code == .cycle && (error as? KeyedArchiveError)?.offset == 9
        }
    }

    @Test("Nesting deeper than the limit is refused, in both formats")
    func deepNesting() {
        // 300 arrays, each holding the next; 2-byte references and offsets.
        let depth = 300
        var objects: [UInt8] = []
        var offsets: [Int] = []
        for index in 0..<depth {
            offsets.append(8 + objects.count)
            objects += [0xA1, UInt8((index + 1) >> 8), UInt8((index + 1) & 0xFF)]
        }
        offsets.append(8 + objects.count)
        objects.append(0x09)
        let table = 8 + objects.count
        let bytes =
            Self.magic + objects + offsets.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            + Self.trailer(offsetSize: 2, referenceSize: 2, count: UInt64(depth + 1), table: UInt64(table))
        #expect { try PropertyList(parsing: bytes) } throws: { ($0 as? KeyedArchiveError)?.code == .limitExceeded }
        #expect(throws: Never.self) { try PropertyList(parsing: bytes, limits: .init(maximumDepth: 1000)) }

        let xml = Array((String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)).utf8)
        #expect { try PropertyList(parsing: xml) } throws: { ($0 as? KeyedArchiveError)?.code == .limitExceeded }
    }

    @Test("Shared objects that stand for 2^64 values are refused quickly")
    func exponentialSharing() {
        // Object i is an array holding object i + 1 twice; the last is `true`.
        let levels = 64
        var objects: [UInt8] = []
        for index in 0..<levels { objects += [0xA2, UInt8(index + 1), UInt8(index + 1)] }
        objects.append(0x09)
        let offsets = (0...levels).map { UInt8(8 + 3 * $0) }
        let bytes =
            Self.magic + objects + offsets + Self.trailer(count: UInt64(levels + 1), table: UInt64(8 + objects.count))
        #expect { try PropertyList(parsing: bytes) } throws: { ($0 as? KeyedArchiveError)?.code == .limitExceeded }
    }

    @Test("A keyed archive whose UIDs point past $objects is refused with the place")
    func uidOutOfRange() {
        let plist = PropertyList.dictionary([
            PropertyList.Entry("$archiver", .string("NSKeyedArchiver")),
            PropertyList.Entry("$top", .dictionary([PropertyList.Entry("root", .uid(99))])),
            PropertyList.Entry("$objects", .array([.string("$null")])),
        ])
        #expect {
            try NibArchive(keyedArchive: plist)
        } throws: { error in
            let error = error as? KeyedArchiveError
            return error?.code == .notKeyedArchive && error?.path == "$top[\"root\"]"
        }
    }

    @Test("Objects that refer to each other in a cycle convert (cycles are legal in object graphs)")
    func objectCycle() throws {
        let plist = PropertyList.dictionary([
            PropertyList.Entry("$top", .dictionary([PropertyList.Entry("root", .uid(1))])),
            PropertyList.Entry(
                "$objects",
                .array([
                    .string("$null"),
                    .dictionary([PropertyList.Entry("$class", .uid(2)), PropertyList.Entry("me", .uid(1))]),
                    .dictionary([PropertyList.Entry("$classname", .string("Loop"))]),
                ])),
        ])
        let archive = try NibArchive(keyedArchive: plist)
        #expect(archive.objects.count == 2)
        #expect(archive.values(of: archive.objects[1]).first?.payload == .objectReference(1))
    }

    /// 1 + `objects` objects; the others each hold `values` int8 values under key `k`, one
    /// run shared by all of them or a run each.
    static func runs(objects: Int, values: Int, shared: Bool) throws -> NibArchive {
        let count = shared ? values : objects * values
        return try NibArchive(
            objects: [NibArchive.Object(classIndex: 0, firstValueIndex: 0, valueCount: 0)]
                + (0..<objects).map {
                    NibArchive.Object(classIndex: 0, firstValueIndex: shared ? 0 : $0 * values, valueCount: values)
                },
            keys: [NibArchive.Key("k")],
            values: (0..<count).map { NibArchive.Value(keyIndex: 0, payload: .int8(Int8($0 % 100))) },
            classes: [NibArchive.ClassName("NSObject")])
    }

    @Test("nib → keyed archive counts the values of shared runs at every object against the expansion limit")
    func sharedRunsCountAgainstTheLimit() throws {
        // 1,000 objects share one run of 100 values: 100,000 dictionary entries from a
        // 3 KB archive (limit 2 per byte + 65,536 ≈ 72,000), built in code and parsed.
        let built = try Self.runs(objects: 1000, values: 100, shared: true)
        let parsed = try NibArchive(parsing: built.serialized())
        #expect(parsed.serialized().count < 4000)
        for archive in [built, parsed] {
            let error = #expect(throws: ExpansionLimitError.self) { try archive.keyedArchive() }
            #expect(error?.what == "keyed archive values")
            #expect(error?.factor == 2)
            #expect((error?.limit ?? .max) < 100_000)
            #expect(error?.description.contains("--max-expansion") == true)
            // A raised factor lets it through, and every object gets its 100 values.
            let conversion = try archive.keyedArchive(expansionLimit: ExpansionLimit(factor: 40))
            let back = try NibArchive(keyedArchive: conversion.propertyList)
            #expect(back.objects.count == 1001)
            #expect(back.objects.dropFirst().allSatisfy { back.values(of: $0).count == 100 })
        }
        // The same 100,000 values in runs of their own are no expansion: the default passes.
        let own = try Self.runs(objects: 1000, values: 100, shared: false)
        #expect(try own.keyedArchive().propertyList["$objects"] != nil)
        #expect(try NibArchive(parsing: own.serialized()).keyedArchive().propertyList["$objects"] != nil)
    }
}
