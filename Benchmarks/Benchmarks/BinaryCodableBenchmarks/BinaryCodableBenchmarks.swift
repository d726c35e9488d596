import Benchmark
import Foundation
import NibKitBinaryCodable

/// Encode and decode benchmarks for BinaryCodable next to Foundation's JSON and binary
/// property-list coders, on the same values in the same run.
///
/// Each iteration encodes or decodes one whole workload value. MB/s figures in
/// `docs/BinaryCodable-README.md` divide each coder's own encoded size by the median wall-clock time.
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 2,
        maxDuration: .seconds(3),
        maxIterations: 30)

    register("(a) 100k mixed structs", Workloads.mixed, configuration)
    register("(b) 1M Double", Workloads.doubles, configuration)
    register("(c) 100k short strings", Workloads.strings, configuration)
    register("(d) 10k nested structs", Workloads.nested, configuration)
    registerMessages("(e) 100k small messages", Workloads.smallMessages, configuration)
    register("(f) 10k items with [Int] and [String: Int]", Workloads.items, configuration)
}

/// The three coders under comparison.
private struct Coder: Sendable {
    let name: String
    let encode: @Sendable (any Encodable) throws -> Data
    let decode: @Sendable (any Decodable.Type, Data) throws -> Any

    static let binary = Coder(
        name: "BinaryCodable",
        encode: { try BinaryEncoder().encode($0) },
        decode: { type, data in try BinaryDecoder().decode(type, from: data) })

    static let json = Coder(
        name: "JSON",
        encode: { try JSONEncoder().encode($0) },
        decode: { type, data in try JSONDecoder().decode(type, from: data) })

    static let propertyList = Coder(
        name: "PropertyList",
        encode: { value in
            let encoder = PropertyListEncoder()
            encoder.outputFormat = .binary
            return try encoder.encode(value)
        },
        decode: { type, data in try PropertyListDecoder().decode(type, from: data) })
}

private func register<T: Codable & Sendable>(
    _ workload: String, _ value: T, _ configuration: Benchmark.Configuration
) {
    for coder in [Coder.binary, .json, .propertyList] {
        Benchmark("\(workload) encode \(coder.name)", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try coder.encode(value))
            }
        }
        Benchmark(
            "\(workload) decode \(coder.name)", configuration: configuration,
            closure: { benchmark, data in
                for _ in benchmark.scaledIterations {
                    // Decoding was checked once in `setup`; here only the time matters.
                    blackHole(try? coder.decode(T.self, data))
                }
            },
            setup: {
                let data = try coder.encode(value)
                _ = try coder.decode(T.self, data)
                FileHandle.standardError.write(Data("\(workload) \(coder.name): \(data.count) bytes\n".utf8))
                return data
            })
    }
}

/// Each element encoded or decoded by a separate top-level call (a coder made per call, as for
/// network messages or records in a store), so per-call costs count.
private func registerMessages<T: Codable & Sendable>(
    _ workload: String, _ values: [T], _ configuration: Benchmark.Configuration
) {
    for coder in [Coder.binary, .json, .propertyList] {
        Benchmark("\(workload) encode \(coder.name)", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                for value in values { blackHole(try coder.encode(value)) }
            }
        }
        Benchmark(
            "\(workload) decode \(coder.name)", configuration: configuration,
            closure: { (benchmark: Benchmark, messages: [Data]) in
                for _ in benchmark.scaledIterations {
                    for data in messages { blackHole(try? coder.decode(T.self, data)) }
                }
            },
            setup: { () throws -> [Data] in
                let messages: [Data] = try values.map { try coder.encode($0) }
                _ = try messages.map { try coder.decode(T.self, $0) }
                let total = messages.reduce(0) { $0 + $1.count }
                FileHandle.standardError.write(Data("\(workload) \(coder.name): \(total) bytes\n".utf8))
                return messages
            })
    }
}
