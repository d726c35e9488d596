import Foundation
import NibKitBinaryCodable

/// Values of nested generic types for the round-trip properties, drawn from a seeded generator.

enum Payload: Codable, Equatable {
    case empty
    case number(Int)
    case text(String, count: UInt8)
    case pair(Int16?, Double)
    indirect case nested([Payload]?)
}

class Animal: Codable, Equatable {
    var name: String
    var legs: UInt8
    init(name: String, legs: UInt8) {
        self.name = name
        self.legs = legs
    }
    static func == (lhs: Animal, rhs: Animal) -> Bool {
        type(of: lhs) == type(of: rhs) && lhs.isEqual(to: rhs)
    }
    func isEqual(to other: Animal) -> Bool { name == other.name && legs == other.legs }
}

/// Encodes its superclass through `superEncoder()`.
final class Dog: Animal {
    var breed: String?
    enum Keys: Int, CodingKey { case breed = 7 }
    init(name: String, legs: UInt8, breed: String?) {
        self.breed = breed
        super.init(name: name, legs: legs)
    }
    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        breed = try container.decodeIfPresent(String.self, forKey: .breed)
        try super.init(from: container.superDecoder())
    }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encodeIfPresent(breed, forKey: .breed)
        try super.encode(to: container.superEncoder())
    }
    override func isEqual(to other: Animal) -> Bool {
        guard let other = other as? Dog else { return false }
        return breed == other.breed && super.isEqual(to: other)
    }
}

/// Shares its encoder with its superclass: both write into one keyed container.
final class Cat: Animal {
    var lives: Int
    enum Keys: String, CodingKey { case lives }
    init(name: String, legs: UInt8, lives: Int) {
        self.lives = lives
        super.init(name: name, legs: legs)
    }
    required init(from decoder: any Decoder) throws {
        lives = try decoder.container(keyedBy: Keys.self).decode(Int.self, forKey: .lives)
        try super.init(from: decoder)
    }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(lives, forKey: .lives)
        try super.encode(to: encoder)
    }
    override func isEqual(to other: Animal) -> Bool {
        guard let other = other as? Cat else { return false }
        return lives == other.lives && super.isEqual(to: other)
    }
}

struct Record: Codable, Equatable {
    var id: Int64
    var name: String
    var flags: [Bool]
    var maybe: Int??
    var deeper: String???
    var list: [Int?]
    var doubles: [Double]
    var small: Set<Int16>
    var blob: Data
    var when: Date
    var tags: [String: [Payload]]
    var byNumber: [Int: String]
    var byByte: [UInt8: Float]
    var grid: [[UInt32]]
    var dog: Dog
    var cat: Cat
    var level: Level?
    @FixedSizeEncoded var fixed: UInt64
    @ZigZagEncoded var zig: Int16
    @VariableLengthEncoded var varint: Int32
}

extension SeededGenerator {
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

    mutating func string() -> String {
        let alphabet: [String] = ["a", "Z", "0", " ", "é", "e\u{301}", "\u{FEFF}", "🙂", "\u{0}", "ß", "中"]
        return (0..<int(0...6)).map { _ in alphabet[int(0...(alphabet.count - 1))] }.joined()
    }

    mutating func double() -> Double {
        switch int(0...4) {
        case 0: return 0
        case 1: return -0.0
        case 2: return .infinity
        default: return Double(bitPattern: UInt64.random(in: 0...0x7FEF_FFFF_FFFF_FFFF, using: &self))
        }
    }

    mutating func optional<T>(_ make: (inout SeededGenerator) -> T) -> T? {
        chance(30) ? nil : make(&self)
    }

    mutating func payload(depth: Int = 0) -> Payload {
        switch int(0...(depth > 2 ? 3 : 4)) {
        case 0: return .empty
        case 1: return .number(Int.random(in: .min ... .max, using: &self))
        case 2: return .text(string(), count: UInt8.random(in: 0...255, using: &self))
        case 3: return .pair(optional { Int16.random(in: .min ... .max, using: &$0) }, double())
        default:
            return .nested(
                optional { generator in (0..<generator.int(0...3)).map { _ in generator.payload(depth: depth + 1) } })
        }
    }

    mutating func record() -> Record {
        let maybe: Int?? = chance(33) ? .none : (chance(50) ? .some(nil) : .some(int(-1000...1000)))
        let deeper: String??? =
            switch int(0...3) {
            case 0: .none
            case 1: .some(.none)
            case 2: .some(.some(.none))
            default: .some(.some(.some(string())))
            }
        return Record(
            id: Int64.random(in: .min ... .max, using: &self),
            name: string(),
            flags: (0..<int(0...5)).map { _ in chance(50) },
            maybe: maybe,
            deeper: deeper,
            list: (0..<int(0...5)).map { _ in optional { $0.int(.min ... .max) } },
            doubles: (0..<int(0...5)).map { _ in double() },
            small: Set((0..<int(0...5)).map { _ in Int16.random(in: .min ... .max, using: &self) }),
            blob: Data((0..<int(0...8)).map { _ in UInt8.random(in: 0...255, using: &self) }),
            when: Date(timeIntervalSinceReferenceDate: Double(int(-1_000_000...1_000_000)) / 8),
            tags: Dictionary(
                uniqueKeysWithValues: (0..<int(0...3)).map { index in
                    ("\(string())#\(index)", (0..<int(0...3)).map { _ in payload() })
                }),
            byNumber: Dictionary(
                uniqueKeysWithValues: Set((0..<int(0...4)).map { _ in int(-50...50) }).map { ($0, string()) }),
            byByte: Dictionary(
                uniqueKeysWithValues: Set((0..<int(0...4)).map { _ in UInt8.random(in: 0...255, using: &self) })
                    .map { ($0, Float(int(-100...100)) / 4) }),
            grid: (0..<int(0...3)).map { _ in
                (0..<int(0...3)).map { _ in UInt32.random(in: 0...UInt32.max, using: &self) }
            },
            dog: Dog(name: string(), legs: 4, breed: optional { $0.string() }),
            cat: Cat(name: string(), legs: 4, lives: int(0...9)),
            level: optional { $0.chance(50) ? .low : .high },
            fixed: UInt64.random(in: 0...UInt64.max, using: &self),
            zig: Int16.random(in: .min ... .max, using: &self),
            varint: Int32.random(in: .min ... .max, using: &self))
    }
}

/// A fresh seed, or `BC_SEED` from the environment to replay a failure.
func testSeed() -> UInt64 {
    if let text = ProcessInfo.processInfo.environment["BC_SEED"], let seed = UInt64(text) { return seed }
    return UInt64.random(in: 0...UInt64.max)
}
