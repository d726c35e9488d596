import Foundation
import NibKitBinaryCodable

// The types of spec §4, written exactly as there.

enum Level: Int, Codable, Equatable {
    case low = 1
    case high = 300
}

struct Person: Codable, Equatable {
    var name: String
    var age: UInt8
}

struct DocMessage: Codable, Equatable {
    let isComplete: Bool
    let owner: String?
    let references: [Int]
    enum CodingKeys: Int, CodingKey {
        case isComplete = 1
        case owner = 2
        case references = 3
    }
}

struct Flag: Codable, Equatable {
    var flag: Bool
    enum CodingKeys: Int, CodingKey { case flag = 100 }
}

struct Note: Codable, Equatable {
    var id: Int
    var note: String?
    enum CodingKeys: Int, CodingKey {
        case id = 1
        case note = 2
    }
}

struct Opt: Codable, Equatable {
    var v: Int???
    var w: Int??
    enum CodingKeys: Int, CodingKey {
        case v = 1
        case w = 2
    }
}

struct Empty: Codable, Equatable {}

struct Holder: Codable, Equatable {
    var e: Empty
    var list: [Int]
    enum CodingKeys: Int, CodingKey {
        case e = 1
        case list = 3
    }
}

struct Wrapped: Codable, Equatable {
    @FixedSizeEncoded var a: Int32
    @ZigZagEncoded var b: Int16
    @VariableLengthEncoded var c: UInt16
    enum CodingKeys: Int, CodingKey {
        case a = 1
        case b = 2
        case c = 3
    }
}

struct NilDemo: Encodable {
    enum K: Int, CodingKey {
        case a = 1
        case b = 5
    }
    func encode(to e: any Encoder) throws {
        var c = e.container(keyedBy: K.self)
        try c.encodeNil(forKey: .a)
        try c.encode(Int?.none, forKey: .b)
    }
}

enum Light: Codable, Equatable { case red, green }

enum Shape: Codable, Equatable { case pair(Int, label: String) }

class Base: Codable {
    var value: Int
    init(value: Int) { self.value = value }
    enum CodingKeys: Int, CodingKey { case value = 1 }
}

/// §4's `Child`, with a real `init(from:)` mirroring its `encode(to:)` so it can round-trip.
final class Child: Base, Equatable {
    var other: Bool
    enum Keys: Int, CodingKey { case other = 2 }
    init(other: Bool, value: Int) {
        self.other = other
        super.init(value: value)
    }
    required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        other = try c.decode(Bool.self, forKey: .other)
        try super.init(from: c.superDecoder())
    }
    override func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(other, forKey: .other)
        try super.encode(to: c.superEncoder())
    }
    static func == (lhs: Child, rhs: Child) -> Bool { lhs.other == rhs.other && lhs.value == rhs.value }
}
