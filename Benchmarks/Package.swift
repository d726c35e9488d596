// swift-tools-version: 6.2
// Benchmarks live in their own package so that `swift build` / `swift test` of NibKit never pay for them.
// Run with: cd Benchmarks && swift package benchmark
import PackageDescription

let package = Package(
    name: "NibKitBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "NibKit", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "NibArchiveBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "NibArchive", package: "NibKit"),
            ],
            path: "Benchmarks/NibArchiveBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "NibCodingBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "NibArchive", package: "NibKit"),
                .product(name: "NibCoding", package: "NibKit"),
            ],
            path: "Benchmarks/NibCodingBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "NibCompilerBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "NibCompiler", package: "NibKit"),
            ],
            path: "Benchmarks/NibCompilerBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ReadingScalingBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "NibArchive", package: "NibKit"),
                .product(name: "NibCoding", package: "NibKit"),
                .product(name: "NibDiff", package: "NibKit"),
            ],
            path: "Benchmarks/ReadingScalingBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "NibToolBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "NibToolCLI", package: "NibKit"),
                .product(name: "NibCoding", package: "NibKit"),
                .product(name: "NibArchive", package: "NibKit"),
            ],
            path: "Benchmarks/NibToolBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "BinaryCodableBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "BinaryCodable", package: "NibKit"),
            ],
            path: "Benchmarks/BinaryCodableBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
