import Benchmark
import Foundation
import NibArchive
import NibCoding

/// The corpus, read once into memory: `$NIBKIT_CORPUS/nib` or `../shared/corpus/nib` beside the
/// NibKit checkout.
let corpus: [[UInt8]] = {
    let environment = ProcessInfo.processInfo.environment["NIBKIT_CORPUS"]
    let base =
        environment.map { URL(fileURLWithPath: $0) }
        ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/corpus")
    let folder = base.appendingPathComponent("nib")
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
        $0.hasSuffix(".nib")
    }
    return names.sorted().compactMap { try? [UInt8](Data(contentsOf: folder.appendingPathComponent($0))) }
}()

let corpusBytes = corpus.reduce(0) { $0 + $1.count }

/// The external-object identifiers each nib names.
let externalIdentifiers: [[String]] = corpus.map { bytes in (try? Nib(bytes: bytes))?.externalObjectIdentifiers ?? [] }

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.throughput, .mallocCountTotal, .wallClock], scalingFactor: .one, maxDuration: .seconds(5))

    // Parse + graph + instantiate with generic objects, the whole corpus from memory.
    Benchmark("Full load of the corpus (\(corpus.count) nibs, \(corpusBytes) bytes)", configuration: configuration) {
        benchmark in
        let standIns: [[String: AnyObject]] = externalIdentifiers.map { identifiers in
            Dictionary(uniqueKeysWithValues: identifiers.map { ($0, NibObject(className: $0) as AnyObject) })
        }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            for (bytes, externals) in zip(corpus, standIns) {
                let nib = try Nib(bytes: bytes)
                blackHole(try nib.instantiation(owner: nil, externalObjects: externals))
            }
        }
    }

    // Parse + the whole graph, proxies kept, nothing connected.
    Benchmark("Graph decode of the corpus", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            for bytes in corpus { blackHole(try Nib(bytes: bytes).decodeGraph()) }
        }
    }

    // The wire layer alone, for comparison.
    Benchmark("Parse only (NibArchive) of the corpus", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            for bytes in corpus { blackHole(try NibArchive(parsing: bytes)) }
        }
    }
}
