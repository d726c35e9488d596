// swift-tools-version: 6.2
// Drop-in use of NibKit's BinaryCodable (issue 18): the module is aliased to the reference
// library's name, so existing `import BinaryCodable` code compiles unchanged.
import PackageDescription

let package = Package(
    name: "DropIn",
    dependencies: [.package(name: "NibKit", path: "../../..")],
    targets: [
        .executableTarget(
            name: "DropIn",
            dependencies: [
                .product(
                    name: "BinaryCodable", package: "NibKit",
                    moduleAliases: ["NibKitBinaryCodable": "BinaryCodable"])
            ]
        )
    ]
)
