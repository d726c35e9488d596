// swift-tools-version: 6.2
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "NibKit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "NibArchive", targets: ["NibArchive"]),
        .library(name: "NibCoding", targets: ["NibCoding"]),
        // The product keeps the reference library's name; the module is `NibKitBinaryCodable` so that
        // it never collides with the reference's `BinaryCodable` target in one package graph.
        // Drop-in use (`import BinaryCodable`): `-module-alias BinaryCodable=NibKitBinaryCodable`.
        .library(name: "BinaryCodable", targets: ["NibKitBinaryCodable"]),
        .library(name: "KeyedArchive", targets: ["KeyedArchive"]),
        .library(name: "NibDiff", targets: ["NibDiff"]),
        .library(name: "NibCompiler", targets: ["NibCompiler"]),
        // The nibtool commands, for the fuzz targets and benchmarks that run them (Fuzz/, Benchmarks/).
        .library(name: "NibToolCLI", targets: ["NibToolCLI"]),
        .executable(name: "nibtool", targets: ["nibtool"]),
        .executable(name: "ibtool", targets: ["ibtool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.19"),
    ],
    targets: [
        // Shared byte reading and writing helpers; `package` visibility only.
        .target(name: "ByteIO", swiftSettings: swiftSettings),
        // Bytes ⇄ tables: the NIBArchive wire format, lossless.
        .target(name: "NibArchive", dependencies: ["ByteIO"], swiftSettings: swiftSettings),
        // Tables ⇄ object graph, typed values, loading.
        .target(name: "NibCoding", dependencies: ["NibArchive", "KeyedArchive"], swiftSettings: swiftSettings),
        // Property lists (binary and XML) and NSKeyedArchiver nibs ⇄ NIBArchive.
        .target(name: "KeyedArchive", dependencies: ["NibArchive"], swiftSettings: swiftSettings),
        // BinaryCodable format v3, independent of the nib modules.
        .target(name: "NibKitBinaryCodable", swiftSettings: swiftSettings),
        // The nibtool commands, as a library so tests can run them in-process.
        .target(
            name: "NibToolCLI",
            dependencies: [
                "NibArchive", "NibCoding", "NibDiff", "NibCompiler", "KeyedArchive",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: swiftSettings
        ),
        // Structural comparison of two archives as object graphs (nibtool diff, compile scoring);
        // NibCoding for demangled Swift class names in paths.
        .target(
            name: "NibDiff", dependencies: ["NibArchive", "KeyedArchive", "NibCoding"], swiftSettings: swiftSettings),
        // Interface Builder .xib / .storyboard sources to nibs, modelled on Apple's ibtool.
        .target(name: "NibCompiler", dependencies: ["NibArchive", "KeyedArchive"], swiftSettings: swiftSettings),
        .executableTarget(name: "nibtool", dependencies: ["NibToolCLI"], swiftSettings: swiftSettings),
        // Apple's ibtool command line over the same compiler, as a library so tests run it in-process.
        .target(
            name: "IBToolCLI", dependencies: ["NibCompiler", "KeyedArchive", "NibToolCLI"], swiftSettings: swiftSettings
        ),
        .executableTarget(name: "ibtool", dependencies: ["IBToolCLI"], swiftSettings: swiftSettings),
        // Builds Examples/LoginScreen/LoginScreen.nib with NibEncoder (README example).
        .executableTarget(
            name: "LoginScreenExample", dependencies: ["NibCoding", "NibArchive"], path: "Examples/LoginScreen",
            exclude: ["LoginScreen.nib"], swiftSettings: swiftSettings),
        // Locates ../shared/corpus for tests; not part of any product.
        .target(name: "CorpusSupport", path: "Tests/CorpusSupport", swiftSettings: swiftSettings),
        // Reports heap bytes in use, for tests that bound memory; not part of any product.
        .target(name: "HeapUsage", path: "Tests/HeapUsage"),
        .testTarget(
            name: "NibArchiveTests", dependencies: ["NibArchive", "CorpusSupport", "HeapUsage"],
            exclude: ["Fuzz Regressions"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "KeyedArchiveTests", dependencies: ["KeyedArchive", "NibArchive", "NibDiff", "CorpusSupport"],
            exclude: ["Fuzz Regressions"], swiftSettings: swiftSettings),
        .testTarget(
            name: "BinaryCodableTests", dependencies: ["NibKitBinaryCodable", "HeapUsage"], swiftSettings: swiftSettings
        ),
        // Compile-only: uses every public name of the reference library's API.
        .testTarget(name: "BinaryCodableAPITests", dependencies: ["NibKitBinaryCodable"], swiftSettings: swiftSettings),
        .testTarget(
            name: "NibDiffTests", dependencies: ["NibDiff", "NibArchive", "KeyedArchive"], swiftSettings: swiftSettings),
        .testTarget(
            name: "NibCompilerTests",
            dependencies: ["NibCompiler", "NibDiff", "NibArchive", "NibCoding", "KeyedArchive", "CorpusSupport"],
            exclude: ["Fuzz Regressions"], swiftSettings: swiftSettings),
        .testTarget(
            name: "NibCodingTests", dependencies: ["NibCoding", "NibArchive", "CorpusSupport", "HeapUsage"],
            exclude: ["Fuzz Regressions"], swiftSettings: swiftSettings),
        .testTarget(
            name: "NibToolTests",
            dependencies: [
                "NibToolCLI", "NibArchive", "NibCoding", "NibCompiler", "KeyedArchive", "CorpusSupport", "nibtool",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            exclude: ["Fuzz Regressions"], swiftSettings: swiftSettings),
        .testTarget(
            name: "IBToolTests",
            dependencies: [
                "IBToolCLI", "NibToolCLI", "NibCompiler", "KeyedArchive", "NibArchive", "CorpusSupport", "ibtool",
            ],
            exclude: ["Evidence"], swiftSettings: swiftSettings),
    ]
)
