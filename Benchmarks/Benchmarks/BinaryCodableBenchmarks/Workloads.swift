import Foundation

/// (a) A struct with ten mixed fields.
struct Mixed: Codable, Equatable, Sendable {
    var id: Int
    var score: Double
    var name: String
    var active: Bool
    var count: UInt32
    var delta: Int16
    var note: String?
    var ratio: Float
    var flags: UInt8
    var timestamp: Int64
}

/// (d) A nested struct holding an array, a dictionary and another struct.
struct Nested: Codable, Equatable, Sendable {
    struct Inner: Codable, Equatable, Sendable {
        var label: String
        var weight: Double
    }

    var title: String
    var values: [Int]
    var attributes: [String: String]
    var inner: Inner
}

/// (e) One small message: ten mixed fields (issue 18).
struct SmallMessage: Codable, Equatable, Sendable {
    var id: Int
    var name: String
    var active: Bool
    var score: Double
    var count: UInt32
    var delta: Int16
    var ratio: Float
    var note: String?
    var flags: UInt8
    var timestamp: Int64
}

/// (f) An item with a small array and a small dictionary (issue 18).
struct Item: Codable, Equatable, Sendable {
    var id: Int
    var name: String
    var values: [Int]
    var counts: [String: Int]
}

/// The workloads of issues 3 and 18, built once per process.
enum Workloads {
    /// (a) 100k structs of ten mixed fields.
    static let mixed: [Mixed] = (0..<100_000).map { i in
        Mixed(
            id: i, score: Double(i) * 1.5, name: "name\(i)", active: i % 2 == 0, count: UInt32(i),
            delta: Int16(i % 1000), note: i % 3 == 0 ? nil : "note", ratio: 2.5, flags: 7, timestamp: -Int64(i))
    }

    /// (b) 1M doubles.
    static let doubles: [Double] = (0..<1_000_000).map { Double($0) * 0.25 }

    /// (c) 100k short strings.
    static let strings: [String] = (0..<100_000).map { "s\($0)" }

    /// (d) 10k nested structs.
    static let nested: [Nested] = (0..<10_000).map { i in
        Nested(
            title: "item \(i)", values: [i, i + 1, i + 2, -i],
            attributes: ["color": "red", "size": "\(i % 10)"],
            inner: .init(label: "in\(i)", weight: Double(i)))
    }
}

extension Workloads {
    /// (e) 100k small messages, each encoded or decoded by its own top-level call.
    static let smallMessages: [SmallMessage] = (0..<100_000).map(smallMessage)

    private static func smallMessage(_ i: Int) -> SmallMessage {
        let note: String? = i % 3 == 0 ? nil : "n\(i)"
        let score = Double(i) * 0.5
        let timestamp = 1_700_000_000 + Int64(i)
        return SmallMessage(
            id: i, name: "user\(i)", active: i % 2 == 0, score: score, count: UInt32(i), delta: Int16(i % 300),
            ratio: 1.25, note: note, flags: UInt8(i % 256), timestamp: timestamp)
    }

    /// (f) 10k items, each with an `[Int]` of 8 and a `[String: Int]` of 3, as one array.
    static let items: [Item] = (0..<10_000).map(item)

    private static func item(_ i: Int) -> Item {
        let values: [Int] = (0..<8).map { i &+ $0 }
        let counts: [String: Int] = ["a": i, "bb": i % 7, "ccc": -i]
        return Item(id: i, name: "item\(i)", values: values, counts: counts)
    }
}
