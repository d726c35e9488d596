import Foundation
// Rich Codable types for the BinaryCodable fuzz targets: nested optionals, enums with payloads,
// dictionaries, packed and zig-zag fields, and classes that encode `super`.
import NibKitBinaryCodable

/// An enum with associated values, one of them recursive.
public enum FuzzPayload: Codable, Sendable {
    case empty
    case number(Int)
    case text(String, count: UInt8)
    case pair(Int16?, Double)
    indirect case nested([FuzzPayload]?)
}

/// A base class.
public class FuzzAnimal: Codable, @unchecked Sendable {
    public var name: String
    public var legs: UInt8
}

/// A subclass that encodes its superclass through `superEncoder()`.
public final class FuzzDog: FuzzAnimal, @unchecked Sendable {
    public var breed: String?
    private enum Keys: Int, CodingKey { case breed = 7 }

    public required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        breed = try container.decodeIfPresent(String.self, forKey: .breed)
        try super.init(from: container.superDecoder())
    }

    public override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encodeIfPresent(breed, forKey: .breed)
        try super.encode(to: container.superEncoder())
    }
}

/// The top-level type the decoders are fuzzed into.
public struct FuzzRecord: Codable {
    public var id: Int64
    public var name: String
    public var maybe: Int??
    public var deeper: String???
    public var payloads: [FuzzPayload]
    public var table: [String: [FuzzPayload?]]
    public var numbers: [Int: Double]
    @Packed public var samples: [Int32]
    @ZigZagEncoded public var delta: Int32
    @FixedSizeEncoded public var fixed: UInt64
    public var dog: FuzzDog?
    public var blob: Data
}

/// Encodes with sorted keys, so the same value always gives the same bytes.
public func stableBytes(_ value: some Encodable) throws -> Data {
    var encoder = BinaryEncoder()
    encoder.sortKeysDuringEncoding = true
    return try encoder.encode(value)
}

/// Sample values, encoded, as a seed corpus.
public func seedInputs() -> [Data] {
    var dog = try? BinaryDecoder().decode(FuzzDog.self, from: stableBytes(["name": "Rex"] as [String: String]))
    dog?.breed = "collie"
    var record = FuzzRecord(
        id: -42, name: "record", maybe: .some(nil), deeper: .some(.some("deep")),
        payloads: [.empty, .number(-7), .text("hi", count: 2), .pair(nil, .nan), .nested([.number(1)])],
        table: ["a": [nil, .empty], "b": []], numbers: [1: 0.5, -3: -0.0], samples: [1, -2, 300],
        delta: -5, fixed: 0xDEAD_BEEF, dog: dog, blob: Data([0, 1, 2, 0xFF]))
    var seeds: [Data] = []
    if let bytes = try? stableBytes(record) { seeds.append(bytes) }
    record.dog = nil
    record.payloads = []
    if let bytes = try? stableBytes(record) { seeds.append(bytes) }
    if let bytes = try? stableBytes([FuzzPayload?.none, .some(.number(3))]) { seeds.append(bytes) }
    if let bytes = try? stableBytes(["x": Int??.some(.none), "y": 5]) { seeds.append(bytes) }
    return seeds
}

/// When `NIBKIT_FUZZ_WRITE_SEEDS` names a folder, writes the seeds there and returns true.
public func writeSeedsIfAsked(prefix: String, transform: (Data) -> Data = { $0 }) -> Bool {
    guard let folder = ProcessInfo.processInfo.environment["NIBKIT_FUZZ_WRITE_SEEDS"] else { return false }
    for (index, seed) in seedInputs().enumerated() {
        try? transform(seed).write(to: URL(fileURLWithPath: folder).appendingPathComponent("\(prefix)-seed-\(index)"))
    }
    return true
}
