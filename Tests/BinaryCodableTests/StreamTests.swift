import Foundation
import NibKitBinaryCodable
import Testing

@Suite("Stream decoding (spec §2.17)")
struct StreamTests {
    @Test("a bad frame is consumed and thrown; the next call continues after it")
    func badFrameIsConsumed() throws {
        let stream = BinaryStreamDecoder<Int>()
        stream.add(bytes("02 0a", "04 0a00", "02 0c"))  // 5, a frame with a leftover byte, 6
        #expect(try stream.decodeElement() == 5)
        expectDecodingError(.dataCorrupted, offset: 4) { _ = try stream.decodeElement() }  // the leftover 00
        #expect(try stream.decodeElement() == 6)
        #expect(try stream.decodeElement() == nil)
    }

    @Test("decodeElementsUntilError returns the good prefix and the error")
    func untilError() {
        let stream = BinaryStreamDecoder<Int>()
        stream.add(bytes("02 0a", "03", "02 0c"))
        let (elements, error) = stream.decodeElementsUntilError()
        #expect(elements == [5])
        #expect(error is DecodingError)
    }

    @Test("offsets count every byte ever added, including dropped ones")
    func offsetsAcrossAdds() {
        let stream = BinaryStreamDecoder<Bool>()
        stream.add(bytes("02 01"))
        stream.add(bytes("02 01"))
        _ = try? stream.decodeElements()
        stream.add(bytes("ff"))
        #expect(stream.discardBytes(0) == 0)
        stream.add(bytes("02 07"))
        #expect(stream.discardBytes(1) == 1)
        expectDecodingError(.dataCorrupted, offset: 6) { _ = try stream.decodeElement() }
    }

    @Test("a nil frame decodes as the nil element")
    func nilFrames() throws {
        let stream = BinaryStreamDecoder<Int?>()
        stream.add(bytes("01", "02 0e"))
        #expect(try stream.decodeElements() == [nil, 7])
        let strict = BinaryStreamDecoder<Int>()
        strict.add(bytes("01"))
        expectDecodingError(.valueNotFound, offset: 0) { _ = try strict.decodeElement() }
    }

    @Test("stream encoders capture the encoder's options")
    func capturedOptions() throws {
        var encoder = sortedEncoder()
        let stream = BinaryStreamEncoder<Person>(encoder: encoder)
        encoder.sortKeysDuringEncoding = false
        #expect(try stream.encode(Person(name: "Al", age: 30)) == bytes("1c", "07 616765 02 1e", "09 6e616d65 04 416c"))
    }
}
