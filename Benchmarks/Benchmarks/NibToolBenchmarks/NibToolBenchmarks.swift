import Benchmark
import Foundation
import NibArchive
import NibCoding
import NibToolCLI

/// A nib whose one top-level view holds `labels` labels of `words` words each (wrapped into as
/// many lines as fit).
func labelsNib(labels: Int, words: Int) -> [UInt8] {
    let root = NibView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    let text = Array(repeating: "word", count: words).joined(separator: " ")
    for index in 0..<labels {
        let label = NibLabel(frame: CGRect(x: 0, y: Double(index), width: 300, height: 400), text: text)
        label.setInteger(0, forKey: "UINumberOfLines")
        root.addSubview(label)
    }
    return (try? NibEncoder().encodeNib(topLevelObjects: [root]).serialized()) ?? []
}

/// `nibtool render` in-process, standard output discarded.
func render(_ nib: [UInt8]) -> Int32 {
    NibTool.invoke(
        ["render", "-"], io: CommandIO(readInput: { nib }, writeOutput: { blackHole($0) }, writeError: { _ in }))
}

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident], scalingFactor: .one, maxDuration: .seconds(5),
        maxIterations: 10)
    // Scaling (issue 20): n, 2n, 4n, 8n. Compare the fastest CPU times (cpuTotal) across the sizes:
    // on a shared machine the wall clock also counts the time other work holds the cores.
    for words in [25_000, 50_000, 100_000, 200_000] {
        let nib = labelsNib(labels: 1, words: words)
        Benchmark("Render scaling: one label of \(words) words", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(render(nib)) }
        }
    }
    for labels in [500, 1_000, 2_000, 4_000] {
        let nib = labelsNib(labels: labels, words: 20)
        Benchmark("Render scaling: \(labels) sibling labels", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(render(nib)) }
        }
    }
}
