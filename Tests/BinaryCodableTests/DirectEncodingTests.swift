import Foundation
import Testing

@testable import NibKitBinaryCodable

/// The one-pass encoder must write exactly what the tree encoder writes, finish by itself on
/// ordinary values, and hand everything it cannot express to the tree encoder.
@Suite("One-pass encoding")
struct DirectEncodingTests {
    static var treeEncoder: BinaryEncoder {
        var encoder = BinaryEncoder()
        encoder.usesDirectEncoding = false
        return encoder
    }

    /// Encodes `value` with the one-pass path alone; `nil` when it handed the value over.
    static func direct<T: Encodable>(_ value: T, framed: Bool = false) -> Data? {
        let out = ByteWriter()
        guard DirectEncodingState.encode(value, framed: framed, into: out, userInfo: [:]) else {
            #expect(out.count == 0, "a hand-over leaves the output as it was")
            return nil
        }
        return out.takeData()
    }

    struct Mixed: Codable, Equatable {
        var id: Int
        var score: Double
        var name: String
        var active: Bool
        var note: String?
        var ratio: Float
        var inner: [String: [Int8]]
        var payload: Payload
        var maybe: Int??
    }

    struct Wide: Encodable {
        let count: Int
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for index in 0..<count { try container.encode(index, forKey: Key(stringValue: "field\(index)")) }
        }
    }

    @Test("ordinary values are written in one pass, byte for byte as the tree writes them")
    func ordinaryValuesMatchTheTree() throws {
        let seed = testSeed()
        var generator = SeededGenerator(seed: seed)
        for iteration in 0..<200 {
            let value = Mixed(
                id: generator.int(.min / 2 ... .max / 2), score: generator.double(), name: generator.string(),
                active: generator.chance(50), note: generator.optional { $0.string() },
                ratio: Float(generator.int(-100...100)) / 8,
                // Keys such as "1" + "0" and "10" + "" coincide: the first one stays.
                inner: Dictionary(
                    (0..<generator.int(0...20)).map { index in
                        (
                            "\(index)\(generator.string())",
                            (0..<generator.int(0...70)).map { _ in Int8(generator.int(-9...9)) }
                        )
                    },
                    uniquingKeysWith: { first, _ in first }),
                payload: generator.payload(),
                maybe: generator.chance(33) ? .none : (generator.chance(50) ? .some(nil) : .some(generator.int(-9...9)))
            )
            let values = [value, value]
            let direct = try #require(Self.direct(values), "seed \(seed), iteration \(iteration)")
            #expect(direct == (try Self.treeEncoder.encode(values)), "seed \(seed), iteration \(iteration)")
            let frame = try #require(Self.direct(value, framed: true))
            #expect(frame == (try BinaryStreamEncoder<Mixed>(encoder: Self.treeEncoder).encode(value)))
            #expect(try BinaryDecoder().decode([Mixed].self, from: direct) == values)
        }
    }

    @Test("long frames, many keys and root-level shapes match the tree")
    func shapes() throws {
        // Lengths of 64 and more need a wider prefix than the one-byte placeholder.
        let long = [
            String(repeating: "x", count: 63), String(repeating: "y", count: 64), String(repeating: "z", count: 20_000),
        ]
        #expect(Self.direct([long, long]) == (try Self.treeEncoder.encode([long, long])))
        // Past the linear key search, keys are looked up by hash.
        let wide = Wide(count: 300)
        #expect(Self.direct(wide) == (try Self.treeEncoder.encode(wide)))
        let dictionary = Dictionary(uniqueKeysWithValues: (0..<500).map { ("k\($0)", $0) })
        #expect(Self.direct(dictionary) == (try Self.treeEncoder.encode(dictionary)))
        let optionals: [Int???] = [.none, .some(.none), .some(.some(.none)), .some(.some(.some(-5)))]
        for value in optionals {
            #expect(Self.direct(value) == (try Self.treeEncoder.encode(value)))
            #expect(
                Self.direct(value, framed: true)
                    == (try BinaryStreamEncoder<Int???>(encoder: Self.treeEncoder).encode(value)))
        }
        #expect(Self.direct(optionals) == (try Self.treeEncoder.encode(optionals)))
        #expect(Self.direct(Empty()) == (try Self.treeEncoder.encode(Empty())))
        #expect(Self.direct([Light.red, .green]) == (try Self.treeEncoder.encode([Light.red, .green])))
        #expect(Self.direct(Shape.pair(3, label: "a")) == (try Self.treeEncoder.encode(Shape.pair(3, label: "a"))))
    }

    /// Writes into a nested container after its parent has moved on.
    struct OutOfOrder: Encodable {
        enum Key: String, CodingKey { case a, b }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            var nested = container.nestedUnkeyedContainer(forKey: .a)
            try container.encode(1, forKey: .b)
            try nested.encode(2)
        }
    }

    /// Writes one key twice: the later value replaces the earlier.
    struct Repeated: Encodable {
        enum Key: String, CodingKey { case a, b }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(1, forKey: .a)
            try container.encode("x", forKey: .b)
            try container.encode(3, forKey: .a)
        }
    }

    /// Swallows the errors of its container: the hand-over must still happen.
    struct Swallowing: Encodable {
        enum Key: String, CodingKey { case a }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try? container.encode(1, forKey: .a)
            try? container.encode(2, forKey: .a)
        }
    }

    @Test("what one pass cannot express goes to the tree, with the tree's bytes")
    func handOvers() throws {
        let dog = Dog(name: "Rex", legs: 4, breed: "lab")
        #expect(Self.direct(dog) == nil, "superEncoder()")
        #expect(Self.direct(OutOfOrder()) == nil)
        #expect(Self.direct(Repeated()) == nil)
        #expect(Self.direct(Swallowing()) == nil)
        #expect(try BinaryEncoder().encode(dog) == Self.treeEncoder.encode(dog))
        #expect(try BinaryEncoder().encode(OutOfOrder()) == Self.treeEncoder.encode(OutOfOrder()))
        #expect(try BinaryEncoder().encode(Repeated()) == Self.treeEncoder.encode(Repeated()))
        #expect(try BinaryEncoder().encode([Swallowing()]) == Self.treeEncoder.encode([Swallowing()]))
        // The tree's replace semantics, checked independently: `a` keeps its first place.
        #expect(try BinaryEncoder().encode(Repeated()) == bytes("03 61 02 06 03 62 02 78"))
        // Errors come from the tree, with its message and path.
        expectInvalidValue { _ = try BinaryEncoder().encode([Int128(1)]) }
    }

    /// Every level widens its prefix, moving everything below it: past a few times the
    /// output, the tree encoder takes over instead.
    @Test("a deep chain of large frames stays linear and matches the tree")
    func deepChain() throws {
        final class Link: Encodable {
            let text = String(repeating: "t", count: 300)
            var next: Link?
        }
        let head = Link()
        var tail = head
        for _ in 0..<300 {
            let link = Link()
            tail.next = link
            tail = link
        }
        #expect(try BinaryEncoder().encode(head) == Self.treeEncoder.encode(head))
    }
}
