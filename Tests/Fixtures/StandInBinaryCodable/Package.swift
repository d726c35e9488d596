// swift-tools-version: 6.2
// A stand-in for the reference BinaryCodable library: the same target and product name.
import PackageDescription

let package = Package(
    name: "StandInBinaryCodable",
    products: [.library(name: "BinaryCodable", targets: ["BinaryCodable"])],
    targets: [.target(name: "BinaryCodable")]
)
