// swift-tools-version: 6.2
// NibKit's nib modules and its BinaryCodable product beside another package's `BinaryCodable`
// target (issue 18): resolves only while NibKit declares no target of that name.
import PackageDescription

let package = Package(
    name: "Coexist",
    dependencies: [
        .package(name: "NibKit", path: "../../.."),
        .package(path: "../StandInBinaryCodable"),
    ],
    targets: [
        .executableTarget(
            name: "Coexist",
            dependencies: [
                .product(name: "NibCoding", package: "NibKit"),
                // Two products named `BinaryCodable`, from two packages, in one target.
                .product(name: "BinaryCodable", package: "NibKit"),
                .product(name: "BinaryCodable", package: "StandInBinaryCodable"),
            ]
        )
    ]
)
