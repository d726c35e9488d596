// NibArchive throughput over the real corpus, from memory.
//
// One iteration processes every file of ../shared/corpus/nib once (298 files, 1 684 501 bytes),
// so MB/s = iterations per second × 1.6845. Run:
//   cd Benchmarks && swift package --allow-writing-to-package-directory benchmark --target NibArchiveBenchmarks
import Benchmark
import Foundation
import NibArchive

/// The corpus, read once into memory.
let corpus: [[UInt8]] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let folder =
        ProcessInfo.processInfo.environment["NIBKIT_CORPUS"].map { URL(fileURLWithPath: $0) }
        ?? root.appendingPathComponent("shared/corpus")
    let nibs = folder.appendingPathComponent("nib")
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: nibs.path)) ?? []).filter {
        $0.hasSuffix(".nib")
    }.sorted()
    return names.compactMap { try? [UInt8](Data(contentsOf: nibs.appendingPathComponent($0))) }
}()

let corpusBytes = corpus.reduce(0) { $0 + $1.count }

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .instructions],
        timeUnits: .microseconds,
        maxDuration: .seconds(5),
        maxIterations: 2_000)

    Benchmark("Parse corpus (\(corpus.count) files, \(corpusBytes) bytes)", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            for bytes in corpus {
                blackHole(try? NibArchive(parsing: bytes))
            }
        }
    }

    Benchmark(
        "Parse + lossless write corpus (\(corpus.count) files, \(corpusBytes) bytes)", configuration: configuration
    ) {
        benchmark in
        for _ in benchmark.scaledIterations {
            for bytes in corpus {
                if let archive = try? NibArchive(parsing: bytes) {
                    blackHole(archive.serialized())
                }
            }
        }
    }

    Benchmark("nibdump text of corpus (\(corpus.count) files, \(corpusBytes) bytes)", configuration: configuration) {
        benchmark in
        for _ in benchmark.scaledIterations {
            for bytes in corpus {
                if let archive = try? NibArchive(parsing: bytes) {
                    blackHole(try? archive.nibdumpBytes())
                }
            }
        }
    }

    Benchmark("Byte-sum baseline over corpus (\(corpusBytes) bytes)", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            var sum: UInt64 = 0
            for bytes in corpus {
                bytes.withUnsafeBufferPointer { buffer in
                    for byte in buffer { sum &+= UInt64(byte) }
                }
            }
            blackHole(sum)
        }
    }
}
