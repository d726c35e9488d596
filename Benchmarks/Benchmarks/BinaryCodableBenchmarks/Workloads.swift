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

/// The four workloads of issue 3, built once per process.
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
