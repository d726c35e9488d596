import HeapUsage
import NibArchive
import Testing

private func heapInUse() -> Int { Int(nibkit_heap_in_use()) }

/// Memory for parsing is bounded by a small multiple of the input: every table entry needs at
/// least one input byte and is stored in at most 24 bytes, and nothing else grows with the input.
@Suite("Resource bounds", .serialized)
struct ResourceBoundTests {
    /// The densest possible tables: 1-byte keys (all empty), 2-byte values, 3-byte objects.
    static let worstCases: [(name: String, bytes: [UInt8])] = {
        // 4 MB inputs: the 16× bound then leaves ≥ 16 MB of margin for other tests running in parallel.
        let size = 1 << 22
        func archive(keys: Int = 0, values: Int = 0, objects: Int = 0, body: [UInt8]) -> [UInt8] {
            var assembler = ArchiveAssembler()
            assembler.counts = [.keys: keys, .values: values, .objects: objects, .classes: 1]
            assembler.tables = [.classes: [0x81, 0x80, 0x00]]
            if keys > 0 { assembler.tables[.keys] = body }
            if values > 0 {
                assembler.counts[.keys] = 1
                assembler.tables[.keys] = [0x80]
                assembler.tables[.values] = body
            }
            if objects > 0 { assembler.tables[.objects] = body }
            return assembler.bytes()
        }
        return [
            ("four million empty keys", archive(keys: size, body: [UInt8](repeating: 0x80, count: size))),
            (
                "two million nil values",
                archive(values: size / 2, body: Array([[UInt8]](repeating: [0x80, 0x09], count: size / 2).joined()))
            ),
            (
                "1.4 million empty objects",
                archive(objects: size / 3, body: [UInt8](repeating: 0x80, count: size / 3 * 3))
            ),
        ]
    }()

    @Test("Parsing the densest tables keeps the heap within 16× the input", arguments: 0..<3)
    func densestTables(index: Int) throws {
        let (name, bytes) = Self.worstCases[index]
        // The heap counter is process-wide and other tests run in parallel: take the smallest
        // growth of three parses (each held while measuring).
        var grown = Int.max
        var archive: NibArchive?
        for _ in 0..<3 {
            archive = nil
            let before = heapInUse()
            archive = try NibArchive(parsing: bytes)
            grown = min(grown, heapInUse() - before)
        }
        #expect(grown <= 16 * bytes.count, "\(name): \(grown) bytes for a \(bytes.count)-byte input")
        #expect(archive?.serialized() == bytes)
    }

    @Test("Huge counts in a tiny file allocate nothing large before failing")
    func hugeCountsFailEarly() {
        var bytes = ArchiveAssembler().bytes() + [UInt8](repeating: 0x80, count: 14)
        for field in [18, 26, 34, 42] { bytes.replaceSubrange(field..<(field + 4), with: le32(0xFFFF_FFF0)) }
        // The heap counter is process-wide and other suites allocate meanwhile: a single
        // window could see their growth (this test failed so now and then under load). Counts
        // of 2^32 entries would allocate gigabytes in every window, so the smallest of up to
        // ten windows must stay small.
        var smallest = Int.max
        for _ in 0..<10 where smallest >= 1 << 16 {
            let before = heapInUse()
            #expect(throws: NibArchiveError.self) { try NibArchive(parsing: bytes) }
            _ = NibArchive.validate(bytes)
            smallest = min(smallest, heapInUse() - before)
        }
        #expect(smallest < 1 << 16, "the heap grew by at least \(smallest) bytes in every window")
    }
}
