import CorpusSupport
import Foundation
import NibArchive
import Testing

/// Expects parsing `bytes` to fail with `code` at `offset`.
private func expectError(
    _ bytes: [UInt8], _ code: Finding.ID, at offset: Int, entry: TableEntry? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        _ = try NibArchive(parsing: bytes)
        Issue.record("parsed, but expected \(code) at \(offset)", sourceLocation: sourceLocation)
    } catch {
        #expect(error.code == code, sourceLocation: sourceLocation)
        #expect(error.offset == offset, sourceLocation: sourceLocation)
        if let entry { #expect(error.entry == entry, sourceLocation: sourceLocation) }
        // The validator names the same problem at the same place.
        let findings = NibArchive.validate(bytes).findings
        #expect(
            findings.contains { $0.id == code && $0.offset == offset && $0.severity == .error },
            "validator findings: \(findings)", sourceLocation: sourceLocation)
    }
}

/// Example 13.1 with one table replaced.
private func example13_1(with table: ArchiveAssembler.Table, _ bytes: [UInt8], count: Int? = nil) -> [UInt8] {
    var assembler = example13_1Assembler()
    assembler.tables[table] = bytes
    if let count { assembler.counts[table] = count }
    return assembler.bytes()
}

@Suite("Hostile input: every byte sequence is an archive or an error with an offset")
struct HostileInputTests {
    @Test("A file shorter than the header is short-file at 0")
    func shortFile() {
        expectError(Array(example13_1.prefix(49)), .shortFile, at: 0)
        expectError([], .shortFile, at: 0)
    }

    @Test("Wrong magic is bad-magic at 0")
    func badMagic() {
        var bytes = example13_1
        bytes[9] = 0x45  // "NIBArchivE"
        expectError(bytes, .badMagic, at: 0)
    }

    @Test("A header claiming 4 billion objects in a 60-byte file is count-too-large, not an allocation")
    func hugeCount() {
        var bytes = Array(example13_1.prefix(50)) + [UInt8](repeating: 0x80, count: 10)
        bytes.replaceSubrange(18..<22, with: le32(4_000_000_000))
        for field in [26, 34, 42] { bytes.replaceSubrange(field..<(field + 4), with: le32(0)) }
        for field in [22, 30, 38, 46] { bytes.replaceSubrange(field..<(field + 4), with: le32(50)) }
        expectError(bytes, .countTooLarge, at: 18, entry: TableEntry(.header, 0))
    }

    @Test("Each table offset past the end is table-offset at its header field", arguments: [22, 30, 38, 46])
    func tableOffsetPastEnd(field: Int) {
        var bytes = example13_1
        bytes.replaceSubrange(field..<(field + 4), with: le32(UInt32(bytes.count + 1)))
        expectError(bytes, .tableOffset, at: field)
    }

    @Test("A table offset exactly at the end is legal for an empty table")
    func emptyTableAtEnd() throws {
        var bytes = example13_1
        bytes.replaceSubrange(26..<30, with: le32(0))  // no keys …
        bytes.replaceSubrange(30..<34, with: le32(UInt32(bytes.count)))  // … at the very end
        // The values now name keys that do not exist: the problem is the key index, not the offset.
        expectError(bytes, .valueKeyRange, at: 72, entry: TableEntry(.value, 0))
    }

    @Test("A varint cut off by the end of the file is varint-eof at its first byte")
    func varintEOF() {
        // One key whose length varint never terminates before the end of the file.
        var assembler = ArchiveAssembler()
        assembler.counts = [.keys: 1]
        assembler.tables = [.keys: [0x05, 0x05]]
        assembler.order = [.objects, .values, .classes, .keys]
        expectError(assembler.bytes(), .varintEOF, at: 50, entry: TableEntry(.key, 0))
    }

    @Test("Five varint bytes without a terminator are varint-unterminated")
    func varintUnterminated() {
        let bytes = example13_1(
            with: .keys, [0x01, 0x01, 0x01, 0x01, 0x01, 0x01] + Array("objectNS.bytes".utf8), count: 2)
        expectError(bytes, .varintUnterminated, at: 56, entry: TableEntry(.key, 0))
    }

    @Test("A five-byte varint above 2^32−1 is varint-overflow")
    func varintOverflow() {
        // 2^32 − 1 is 7F 7F 7F 7F 8F; a fifth byte of 90 makes it 2^32 + …
        let bytes = example13_1(with: .values, [0x7F, 0x7F, 0x7F, 0x7F, 0x90, 0x09], count: 1)
        expectError(bytes, .varintOverflow, at: 72, entry: TableEntry(.value, 0))
    }

    @Test("The largest legal varint, 7F 7F 7F 7F 8F, reads as 2^32−1")
    func largestVarint() {
        // As a key index it is out of range, which is reported with the value it read.
        let bytes = example13_1(with: .values, [0x7F, 0x7F, 0x7F, 0x7F, 0x8F, 0x09, 0x81, 0x09], count: 2)
        do {
            _ = try NibArchive(parsing: bytes)
            Issue.record("expected value-key-range")
        } catch {
            #expect(error.code == .valueKeyRange)
            #expect(error.message.contains("4294967295"))
        }
    }

    @Test("A class name of length 0 is class-empty-name at its length varint")
    func classEmptyName() {
        let bytes = example13_1(with: .classes, [0x80, 0x80, 0x89, 0x80] + Array("NSString".utf8) + [0], count: 2)
        expectError(bytes, .classEmptyName, at: 83, entry: TableEntry(.class, 0))
    }

    @Test("Fallbacks or a name past the end are class-eof at the start of the entry")
    func classEOF() {
        expectError(example13_1(with: .classes, [0x89, 0x85, 0x01], count: 1), .classEOF, at: 83)
        expectError(example13_1(with: .classes, [0x8F, 0x80] + Array("NSObj".utf8), count: 1), .classEOF, at: 83)
    }

    @Test("A type byte above 10 is value-type at the type byte", arguments: [UInt8(11), 0x80, 0xFF])
    func valueType(type: UInt8) {
        let bytes = example13_1(with: .values, [0x80, 0x0A, 0x01, 0x00, 0x00, 0x00, 0x81, type, 0x82, 0x48, 0x69])
        expectError(bytes, .valueType, at: 79, entry: TableEntry(.value, 1))
    }

    @Test("Data longer than the file is value-eof at the start of the value")
    func dataPastEnd() {
        let bytes = example13_1(
            with: .values, [0x80, 0x0A, 0x01, 0x00, 0x00, 0x00, 0x81, 0x08, 0x7F, 0xFF, 0x48, 0x69])
        var assembler = example13_1Assembler()
        assembler.tables[.values] = Array(bytes[72...])
        assembler.order = [.objects, .keys, .classes, .values]
        expectError(assembler.bytes(), .valueEOF, at: 50 + 6 + 16 + 22 + 6, entry: TableEntry(.value, 1))
    }

    @Test("A key longer than the file is key-eof at its length varint")
    func keyPastEnd() {
        var assembler = example13_1Assembler()
        assembler.tables[.keys] = [0x86] + Array("object".utf8) + [0x7F, 0xFF] + Array("NS".utf8)
        assembler.order = [.objects, .values, .classes, .keys]
        expectError(assembler.bytes(), .keyEOF, at: 50 + 6 + 11 + 22 + 7, entry: TableEntry(.key, 1))
    }

    @Test("Out-of-range indices in objects and values are errors naming the entry")
    func rangeErrors() {
        // Object 1's class index 2 (only 2 classes), object 1's values 1..<3 (only 2 values).
        expectError(
            example13_1(with: .objects, [0x80, 0x80, 0x81, 0x82, 0x81, 0x81]), .objectClassRange, at: 53,
            entry: TableEntry(.object, 1))
        expectError(
            example13_1(with: .objects, [0x80, 0x80, 0x81, 0x81, 0x81, 0x82]), .objectValueRange, at: 54,
            entry: TableEntry(.object, 1))
        expectError(
            example13_1(with: .values, [0x82, 0x0A, 0x01, 0x00, 0x00, 0x00, 0x81, 0x08, 0x82, 0x48, 0x69]),
            .valueKeyRange, at: 72, entry: TableEntry(.value, 0))
    }

    @Test("Out-of-range object references and fallbacks parse, and the validator reports them")
    func validatorOnlyRanges() throws {
        let bytes = example13_1(with: .values, [0x80, 0x0A, 0x07, 0x00, 0x00, 0x00, 0x81, 0x08, 0x82, 0x48, 0x69])
        let archive = try NibArchive(parsing: bytes)
        #expect(archive.serialized() == bytes)
        let finding = NibArchive.validate(bytes).findings.first { $0.id == .refRange }
        #expect(finding?.offset == 74)
        #expect(finding?.entry == TableEntry(.value, 0))

        let fallback = example13_1(
            with: .classes,
            [0x89, 0x80] + Array("NSObject".utf8) + [0, 0x89, 0x81, 0xFF, 0xFF, 0xFF, 0xFF] + Array("NSString".utf8) + [
                0
            ])
        #expect(try NibArchive(parsing: fallback).classes[1].fallbacks == [0xFFFF_FFFF])
        let fallbackFinding = NibArchive.validate(fallback).findings.first { $0.id == .fallbackRange }
        #expect(fallbackFinding?.offset == 96)
        #expect(fallbackFinding?.severity == .error)
    }

    @Test("Invalid UTF-8 and a missing NUL are kept by the model and reported by the validator")
    func utf8AndNUL() throws {
        let bytes = example13_1(
            with: .classes,
            [0x89, 0x80] + Array("NSObject".utf8) + [0, 0x89, 0x80, 0xC0, 0xAF] + Array("String".utf8) + [0x21])
        let archive = try NibArchive(parsing: bytes)
        #expect(archive.serialized() == bytes)
        #expect(try archive.nibdump().contains("class\t1\t\\xc0\\xafString\t-"))
        let ids = Set(NibArchive.validate(bytes).findings.map(\.id))
        #expect(ids.isSuperset(of: [.classUTF8, .classNoNUL]))
    }

    @Test("Names with control bytes, backslashes and invalid UTF-8 are escaped as the nibdump spec shows")
    func dumpEscaping() throws {
        var assembler = ArchiveAssembler()
        let keys: [[UInt8]] = [
            Array("tab\there".utf8), Array("back\\slash".utf8), [0x62, 0x61, 0x64, 0xFF, 0xFE],
            [0x6F, 0x76, 0x65, 0x72, 0xC0, 0xAF], Array("nl\nx".utf8), [0x45, 0xE2, 0x82],
        ]
        assembler.counts = [.objects: 1, .keys: keys.count, .values: 1, .classes: 1]
        assembler.tables = [
            .objects: [0x80, 0x80, 0x81],
            .keys: keys.flatMap { varint(UInt32($0.count)) + $0 },
            .values: [0x84, 0x09],
            .classes: [0x87, 0x80] + Array("Cläss".utf8) + [0],
        ]
        let dump = try NibArchive(parsing: assembler.bytes()).nibdump()
        #expect(dump.contains("key\t0\ttab\\there\n"))
        #expect(dump.contains("key\t1\tback\\\\slash\n"))
        #expect(dump.contains("key\t2\tbad\\xff\\xfe\n"))
        #expect(dump.contains("key\t3\tover\\xc0\\xaf\n"))
        #expect(dump.contains("key\t5\tE\\xe2\\x82\n"))
        #expect(dump.contains("value\t0\tCläss\tnl\\nx\t9\t-\n"))
    }

    @Test("Negative narrow integers read as signed, with a validator warning")
    func negativeNarrowIntegers() throws {
        let bytes = example13_1(with: .values, [0x80, 0x00, 0xFB, 0x81, 0x01, 0x00, 0x80])
        let archive = try NibArchive(parsing: bytes)
        #expect(archive.values.map(\.payload) == [.int8(-5), .int16(-32768)])
        #expect(try archive.nibdump().contains("value\t0\tNSObject\tobject\t0\t-5\n"))
        #expect(NibArchive.validate(bytes).findings.filter { $0.id == .negativeNarrowInt }.count == 2)
    }

    @Test(
        "Truncating the spec examples at every offset never crashes and every error is inside the input",
        arguments: [example13_1, example13_2, example13_3])
    func truncatedExamples(bytes: [UInt8]) {
        checkTruncations(bytes)
    }

    @Test(
        "Truncating real files at every offset never crashes", .corpus,
        arguments: Array(Corpus.nibFileNames.prefix(6)))
    func truncatedCorpusFiles(name: String) throws {
        checkTruncations(try Corpus.nibBytes(named: name))
    }

    @Test(
        "Random byte changes in real files give an archive that writes back the same bytes, or an error",
        .corpus)
    func mutatedCorpusFiles() throws {
        let seed: UInt64 = 0x5EED_0001
        var random = SeededRandom(seed: seed)
        let names = Corpus.nibFileNames
        for round in 0..<600 {
            guard let name = names.randomElement(using: &random) else { break }
            var bytes = try Corpus.nibBytes(named: name)
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                bytes[index] = UInt8.random(in: 0...255, using: &random)
            }
            checkOne(bytes, context: "seed \(seed), round \(round), \(name)")
        }
    }

    @Test("Random byte strings that start like an archive never crash")
    func randomBytes() {
        let seed: UInt64 = 0x5EED_0002
        var random = SeededRandom(seed: seed)
        for round in 0..<2000 {
            var bytes = Array(example13_1.prefix(Int.random(in: 0...60, using: &random)))
            for _ in 0..<Int.random(in: 0...200, using: &random) {
                bytes.append(UInt8.random(in: 0...255, using: &random))
            }
            // Small counts and in-range offsets, so parsing gets past the header often.
            if bytes.count >= 50 {
                for field in stride(from: 18, to: 50, by: 8) {
                    bytes.replaceSubrange(field..<(field + 4), with: le32(UInt32.random(in: 0...8, using: &random)))
                    bytes.replaceSubrange(
                        (field + 4)..<(field + 8),
                        with: le32(UInt32.random(in: 0...UInt32(bytes.count), using: &random)))
                }
            }
            checkOne(bytes, context: "seed \(seed), round \(round)")
        }
    }
}

/// Parse, and on success check the invariants the fuzz target checks: lossless write, canonical
/// write re-parsing to an equal archive, dump, JSON round trip; validation must never trap either.
func checkOne(_ bytes: [UInt8], context: String) {
    do {
        let archive = try NibArchive(parsing: bytes)
        #expect(archive.serialized() == bytes, "lossless write failed: \(context)")
        #expect((try? NibArchive(parsing: archive.serialized(layout: .canonical))) == archive, "canonical: \(context)")
        _ = try? archive.nibdump()
        for value in archive.values { _ = archive.nestedArchive(in: value) }
        #expect((try? NibArchive(json: Data(archive.jsonString().utf8)))?.serialized() == bytes, "JSON: \(context)")
    } catch {
        #expect((error.offset ?? 0) <= bytes.count, "offset outside the input: \(context)")
    }
    _ = NibArchive.validate(bytes, level: .canonical)
}

private func checkTruncations(_ bytes: [UInt8]) {
    for length in 0..<bytes.count {
        let prefix = Array(bytes.prefix(length))
        do {
            let archive = try NibArchive(parsing: prefix)
            // Only trailing bytes can be cut off without breaking a table.
            #expect(archive.serialized() == prefix)
        } catch {
            #expect((error.offset ?? 0) <= length)
        }
        _ = NibArchive.validate(prefix, level: .canonical)
    }
}
