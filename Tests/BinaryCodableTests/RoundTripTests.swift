import Foundation
import NibKitBinaryCodable
import Testing

@Suite("Round-trip properties")
struct RoundTripTests {
    @Test("random nested values decode to equal values, sorted or not")
    func randomValuesRoundTrip() throws {
        let seed = testSeed()
        var generator = SeededGenerator(seed: seed)
        for iteration in 0..<300 {
            let value = generator.record()
            for encoder in [BinaryEncoder(), sortedEncoder()] {
                let data = try encoder.encode(value)
                let decoded = try BinaryDecoder().decode(Record.self, from: data)
                #expect(decoded == value, "seed \(seed) (replay with BC_SEED=\(seed)), iteration \(iteration)")
                if decoded != value { return }
            }
        }
    }

    @Test("sorted output does not depend on the order keys were written")
    func sortedOutputIsCanonical() throws {
        let seed = testSeed()
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<50 {
            let pairs = (0..<generator.int(0...12)).map { index in
                ("\(generator.string())\(index)", generator.int(-9...9))
            }
            let forward = Dictionary(uniqueKeysWithValues: pairs)
            var backward: [String: Int] = [:]
            for (key, value) in pairs.reversed() { backward[key] = value }
            #expect(try sortedEncoder().encode(forward) == sortedEncoder().encode(backward), "seed \(seed)")
        }
    }

    @Test("double and triple optionals are lossless at the root and as elements")
    func nestedOptionals() throws {
        let values: [Int???] = [.none, .some(.none), .some(.some(.none)), .some(.some(.some(-5)))]
        for value in values {
            #expect(try BinaryDecoder.decode(Int???.self, from: BinaryEncoder.encode(value)) == value)
        }
        #expect(try BinaryDecoder.decode([Int???].self, from: BinaryEncoder.encode(values)) == values)
    }

    @Test("NaN payloads and negative zero keep their bits")
    func floatingPointBits() throws {
        let values = [Double(bitPattern: 0x7FF8_0000_0000_1234), -0.0, .signalingNaN]
        let decoded = try BinaryDecoder.decode([Double].self, from: BinaryEncoder.encode(values))
        #expect(decoded.map(\.bitPattern) == values.map(\.bitPattern))
    }

    @Test("stream decoding gives the same elements for any chunking")
    func streamChunking() throws {
        let seed = testSeed()
        var generator = SeededGenerator(seed: seed)
        let records = (0..<40).map { _ in generator.record() }
        let stream = try BinaryStreamEncoder<Record>().encode(contentsOf: records)

        let whole = BinaryStreamDecoder<Record>()
        whole.add(stream)
        #expect(try whole.decodeElements() == records, "seed \(seed)")

        let trickle = BinaryStreamDecoder<Record>()
        var oneByOne: [Record] = []
        for byte in stream {
            trickle.add(Data([byte]))
            if let element = try trickle.decodeElement() { oneByOne.append(element) }
        }
        #expect(oneByOne == records, "seed \(seed)")

        let chunked = BinaryStreamDecoder<Record>()
        var inChunks: [Record] = []
        var position = 0
        while position < stream.count {
            let end = min(stream.count, position + generator.int(1...300))
            chunked.add(stream.subdata(in: position..<end))
            inChunks += try chunked.decodeElements()
            position = end
        }
        #expect(inChunks == records, "seed \(seed)")
    }

    @Test("files written in two sessions read back as one stream")
    func fileRoundTrip() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bc-file-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: url) }
        var generator = SeededGenerator(seed: 42)
        let records = (0..<30).map { _ in generator.record() }
        let first = try BinaryFileEncoder<Record>(fileAt: url)
        try first.write(contentsOf: records[..<10])
        try first.close()
        let second = try BinaryFileEncoder<Record>(fileAt: url)
        for record in records[10...] { try second.write(record) }
        try second.close()

        #expect(try Data(contentsOf: url) == BinaryStreamEncoder<Record>().encode(contentsOf: records))
        #expect(try BinaryFileDecoder<Record>(fileAt: url).readAll() == records)
        var handled: [Record] = []
        let reader = try BinaryFileDecoder<Record>(fileAt: url)
        try reader.read { handled.append($0) }
        try reader.close()
        #expect(handled == records)
    }

    @Test("a keyed dictionary and a struct with the same key names decode as each other")
    func dictionaryAndStructInterchange() throws {
        struct Triple: Codable, Equatable {
            var a: Int
            var b: Int
            var c: Int
        }
        let dictionary = ["a": 123, "b": 0, "c": -123_456]
        let fromDictionary = try BinaryDecoder.decode(Triple.self, from: BinaryEncoder.encode(dictionary))
        #expect(fromDictionary == Triple(a: 123, b: 0, c: -123_456))
        let back = try BinaryDecoder.decode([String: Int].self, from: BinaryEncoder.encode(fromDictionary))
        #expect(back == dictionary)
    }
}
