// Scaling of the reading commands' work on issue 20's hostile structures: each benchmark runs
// at n, 2n, 4n and 8n, so time per iteration that grows by about 2 from one size to the next
// is linear (4 would be quadratic). The inputs are generated (HostileInputs.swift is the test
// suite's generator, linked here). Run:
//   cd Benchmarks && swift package --allow-writing-to-package-directory benchmark --target ReadingScalingBenchmarks
import Benchmark
import Foundation
import NibArchive
import NibCoding
import NibDiff

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .milliseconds,
        maxDuration: .seconds(3),
        maxIterations: 200)

    // tree: one view listed n times at the top level with n outlets from it.
    for n in [1_000, 2_000, 4_000, 8_000] {
        let bytes = HostileInputs.repeatedViewWithConnections(n)
        Benchmark("tree: view listed \(n) times with \(n) connections", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                let nib = try Nib(bytes: bytes)
                blackHole(try NibTree(nib: nib).text())
            }
        }
    }

    // diff: sets of n strings in two orders, one element changed.
    for n in [2_500, 5_000, 10_000, 20_000] {
        let left = try? NibArchive(parsing: HostileInputs.stringSet(n))
        let right = try? NibArchive(parsing: HostileInputs.stringSet(n, rotation: n / 3, changed: n - 1))
        Benchmark("diff: sets of \(n) strings", configuration: configuration) { benchmark in
            guard let left, let right else { return }
            for _ in benchmark.scaledIterations {
                blackHole(StructuralComparison().differences(between: left, and: right))
            }
        }
    }

    // diff: sets nested d levels, two per level (n = 2^d leaves), one leaf changed.
    for depth in [9, 10, 11, 12] {
        let left = try? NibArchive(parsing: HostileInputs.nestedSets(depth: depth, fanout: 2))
        let right = try? NibArchive(
            parsing: HostileInputs.nestedSets(depth: depth, fanout: 2, changed: 1 << (depth - 1), reversed: true))
        Benchmark("diff: sets nested \(depth) levels (\(1 << depth) leaves)", configuration: configuration) {
            benchmark in
            guard let left, let right else { return }
            for _ in benchmark.scaledIterations {
                blackHole(StructuralComparison().differences(between: left, and: right))
            }
        }
    }

    // dump: n objects sharing one run of 8 values (8n lines), with the limit raised to allow it.
    for n in [10_000, 20_000, 40_000, 80_000] {
        let archive = try? NibArchive(parsing: HostileInputs.sharedRun(objects: n, values: 8))
        Benchmark("dump: \(n) objects sharing one run of 8 values", configuration: configuration) { benchmark in
            guard let archive else { return }
            for _ in benchmark.scaledIterations {
                blackHole(try archive.nibdumpBytes(expansionLimit: ExpansionLimit(factor: 64)))
            }
        }
    }

    // dump: refusing n objects sharing one run of 1,000 values costs time in proportion to the limit.
    for n in [10_000, 20_000, 40_000, 80_000] {
        let archive = try? NibArchive(parsing: HostileInputs.sharedRun(objects: n, values: 1_000))
        Benchmark("dump refused: \(n) objects sharing one run of 1000 values", configuration: configuration) {
            benchmark in
            guard let archive else { return }
            for _ in benchmark.scaledIterations {
                blackHole(try? archive.nibdumpBytes())
            }
        }
    }
}
