import Foundation
import NibKitBinaryCodable
import Testing

// Code written against the reference library's 4.0 API, unchanged: it must compile, and the one
// round trip at the end must run.

private struct Profile: Codable, Equatable {
    @FixedSizeEncoded var id: Int64
    @FixedSize var legacyID: UInt32
    @VariableLengthEncoded var small: Int32
    @ZigZagEncoded var delta: Int16
    @Packed var samples: [UInt16]
    var name: String

    static func == (lhs: Profile, rhs: Profile) -> Bool {
        lhs.id == rhs.id && lhs.legacyID == rhs.legacyID && lhs.small == rhs.small && lhs.delta == rhs.delta
            && lhs.samples == rhs.samples && lhs.name == rhs.name
    }
}

private func encoders() throws {
    var encoder = BinaryEncoder()
    encoder.sortKeysDuringEncoding = true
    encoder.userInfo[BinaryEncoder.userInfoSortKey] = true
    let key: CodingUserInfoKey = BinaryEncoder.userInfoSortKey
    _ = key
    let data: Data = try encoder.encode(5)
    let viaStatic: Data = try BinaryEncoder.encode(5)
    let existential: any Encodable = "text"
    _ = try BinaryEncoder.encode(existential)
    _ = (data, viaStatic)
}

private func decoders(_ data: Data) throws {
    var decoder = BinaryDecoder()
    decoder.userInfo = [:]
    decoder.maximumNestingDepth = 64
    let a: Int = try decoder.decode(Int.self, from: data)
    let b: Int = try decoder.decode(from: data)
    let c = try BinaryDecoder.decode(Int.self, from: data)
    let d: Int = try BinaryDecoder.decode(from: data)
    _ = (a, b, c, d)
}

private func streams() throws {
    let encoder = BinaryStreamEncoder<String>(encoder: BinaryEncoder())
    _ = BinaryStreamEncoder<String>()
    let one: Data = try encoder.encode("a")
    let many: Data = try encoder.encode(contentsOf: ["b", "c"])
    let decoder = BinaryStreamDecoder<String>(decoder: BinaryDecoder())
    _ = BinaryStreamDecoder<String>()
    decoder.add(one)
    decoder.add(many)
    let next: String? = try decoder.decodeElement()
    let all: [String] = try decoder.decodeElements()
    let (elements, error): ([String], (any Error)?) = decoder.decodeElementsUntilError()
    let dropped: Int = decoder.discardBytes(1)
    decoder.discardBytes(1)
    _ = (next, all, elements, error, dropped)
}

private func files(_ url: URL) throws {
    let writer = try BinaryFileEncoder<Int>(fileAt: url, encoder: BinaryEncoder())
    _ = try BinaryFileEncoder<Int>(fileAt: url)
    try writer.write(1)
    try writer.write(contentsOf: [2, 3])
    try writer.close()
    let reader = try BinaryFileDecoder<Int>(fileAt: url, decoder: BinaryDecoder())
    _ = try BinaryFileDecoder<Int>(fileAt: url)
    let first: Int? = try reader.readElement()
    try reader.read { (_: Int) in }
    let rest: [Int] = try reader.readAll()
    let good: [Int] = reader.readAllUntilError()
    try reader.close()
    _ = (first, rest, good)
}

private func protocolsAndErrors() throws {
    let fixed: Data = Int32(1).fixedSizeEncoded
    let fromFixed = try Int32(fromFixedSize: fixed)
    let varint: Data = UInt32(1).variableLengthEncoding
    let fromVarint = try UInt32(fromVarint: 1)
    let unsigned = UInt64(fromVarint: 1)
    let signed = Int64(fromVarint: 1)
    let zigZag: Data = Int16(1).zigZagEncoded
    let fromZigZag = try Int16(fromZigZag: 2)
    let int64 = Int64(fromZigZag: 2)
    func generic<T: FixedSizeCodable & VariableLengthCodable>(_ value: T) {}
    func zig<T: ZigZagCodable>(_ value: T) {}
    func parts<E: FixedSizeEncodable, D: FixedSizeDecodable, V: VariableLengthEncodable, W: VariableLengthDecodable>(
        _ e: E, _ d: D, _ v: V, _ w: W
    ) {}
    func zigParts<E: ZigZagEncodable, D: ZigZagDecodable>(_ e: E, _ d: D) {}
    generic(Int64(1))
    zig(Int32(1))
    parts(Int8(1), Int8(1), Int(1), Int(1))
    zigParts(Int(1), Int(1))
    do {
        _ = try Int16(fromVarint: 1 << 20)
    } catch let error as CorruptedDataError {
        _ = error.description
    }
    let wrappers: (FixedSizeEncoded<Int>, VariableLengthEncoded<Int16>, ZigZagEncoded<Int32>, Packed<[Int]>) = (
        FixedSizeEncoded(wrappedValue: 1), VariableLengthEncoded(wrappedValue: 1), 3, Packed(wrappedValue: [1])
    )
    let sum = wrappers.0 + 2
    let comparison = wrappers.1 < 5
    _ = (fromFixed, varint, fromVarint, unsigned, signed, zigZag, fromZigZag, int64, sum, comparison)
}

@Test("code written against the reference API compiles and round-trips")
func referenceAPIRoundTrip() throws {
    let profile = Profile(id: -1, legacyID: 7, small: -2, delta: -5, samples: [1, 2], name: "p")
    var encoder = BinaryEncoder()
    encoder.sortKeysDuringEncoding = true
    let data = try encoder.encode(profile)
    #expect(try BinaryDecoder().decode(Profile.self, from: data) == profile)

    try encoders()
    try decoders(BinaryEncoder.encode(7))
    try streams()
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bc-api-\(UUID().uuidString).bin")
    defer { try? FileManager.default.removeItem(at: url) }
    try files(url)
    try protocolsAndErrors()
}
