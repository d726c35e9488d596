// swift-tools-version: 6.2
// libFuzzer targets. Not part of the main package, so `swift build` / `swift test` never pay for
// them. Build and run one with: Scripts/fuzz.sh TARGET SECONDS (from the repository root).
import PackageDescription

let fuzzTarget: (String, [Target.Dependency]) -> Target = { name, dependencies in
    .executableTarget(
        name: name, dependencies: dependencies + ["FuzzSupport"],
        swiftSettings: [.unsafeFlags(["-parse-as-library", "-sanitize=fuzzer,address"])],
        linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address", "-use-ld=lld"])])
}

let package = Package(
    name: "NibKitFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "NibKit", path: "..")],
    targets: [
        .target(name: "FuzzSupport", swiftSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])]),
        fuzzTarget("FuzzNibArchiveParse", [.product(name: "NibArchive", package: "NibKit")]),
        fuzzTarget("FuzzConvertJSON", [.product(name: "NibArchive", package: "NibKit")]),
        fuzzTarget(
            "FuzzKeyedArchive",
            [.product(name: "KeyedArchive", package: "NibKit"), .product(name: "NibArchive", package: "NibKit")]),
        fuzzTarget(
            "FuzzNibLoad",
            [.product(name: "NibCoding", package: "NibKit"), .product(name: "NibArchive", package: "NibKit")]),
        fuzzTarget(
            "FuzzCompile",
            [
                .product(name: "NibCompiler", package: "NibKit"), .product(name: "NibCoding", package: "NibKit"),
                .product(name: "NibArchive", package: "NibKit"), .product(name: "KeyedArchive", package: "NibKit"),
            ]),
        fuzzTarget("FuzzTree", [.product(name: "NibToolCLI", package: "NibKit")]),
        fuzzTarget("FuzzDiff", [.product(name: "NibToolCLI", package: "NibKit")]),
        fuzzTarget("FuzzScan", [.product(name: "NibToolCLI", package: "NibKit")]),
        fuzzTarget(
            "FuzzRender",
            [
                .product(name: "NibToolCLI", package: "NibKit"), .product(name: "NibCoding", package: "NibKit"),
                .product(name: "NibArchive", package: "NibKit"),
            ]),
        .target(
            name: "FuzzBinaryTypes", dependencies: [.product(name: "BinaryCodable", package: "NibKit")],
            swiftSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])]),
        fuzzTarget("FuzzBinaryDecoder", [.product(name: "BinaryCodable", package: "NibKit"), "FuzzBinaryTypes"]),
        fuzzTarget("FuzzBinaryStreamDecoder", [.product(name: "BinaryCodable", package: "NibKit"), "FuzzBinaryTypes"]),
    ]
)
