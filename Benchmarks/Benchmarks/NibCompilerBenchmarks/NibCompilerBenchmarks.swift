import Benchmark
import Foundation
import NibCompiler

/// The wild corpus's documents (`$NIBKIT_CORPUS/wild` or `../shared/corpus/wild` beside the
/// NibKit checkout: real .xib and .storyboard files from public iOS and macOS apps), read once
/// into memory with their file names (a name in `Base.lproj` makes strings localizable).
let documents: [(name: String, baseLocalized: Bool, data: Data)] = {
    let environment = ProcessInfo.processInfo.environment["NIBKIT_CORPUS"]
    let base =
        environment.map { URL(fileURLWithPath: $0) }
        ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/corpus")
    var result: [(String, Bool, Data)] = []
    for platform in ["ios", "macos"] {
        let folder = base.appendingPathComponent("wild").appendingPathComponent(platform)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            $0.hasSuffix(".xib") || $0.hasSuffix(".storyboard")
        }
        for name in names.sorted() {
            guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)) else { continue }
            result.append((name, name.contains("Base.lproj"), data))
        }
    }
    return result
}()

let documentBytes = documents.reduce(0) { $0 + $1.data.count }

let benchmarks: @Sendable () -> Void = {
    scalingBenchmarks()
    let configuration = Benchmark.Configuration(
        metrics: [.throughput, .wallClock, .mallocCountTotal], scalingFactor: .one, maxDuration: .seconds(10),
        maxIterations: 20)
    var options = NibCompiler.Options()
    // Xcode passes the target's module; the wild documents' apps are not built here.
    options.module = "App"
    let compiler = NibCompiler(options: options)

    // Every wild document compiled from memory to nib bytes (not written), warnings collected.
    // Throughput: one iteration is the whole corpus; documents/s = throughput × documents.
    Benchmark(
        "Compile the wild corpus (\(documents.count) documents, \(documentBytes) bytes of XML)",
        configuration: configuration
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            for document in documents {
                blackHole(
                    try? compiler.compile(
                        document.data, fileName: document.name, isBaseLocalized: document.baseLocalized))
            }
        }
    }
}
