// swift-tools-version: 6.2
// Drop-in use of NibKit's BinaryCodable (issue 18): code that says `import BinaryCodable` compiles
// unchanged when the target maps that name to NibKit's module with the compiler's module alias.
// (SwiftPM's `moduleAliases:` cannot do this: it renames the built module but sources keep
// importing the target's own name, checked with Swift 6.3.1.)
import PackageDescription

let package = Package(
    name: "DropIn",
    dependencies: [.package(name: "NibKit", path: "../../..")],
    targets: [
        .executableTarget(
            name: "DropIn",
            dependencies: [.product(name: "BinaryCodable", package: "NibKit")],
            swiftSettings: [.unsafeFlags(["-module-alias", "BinaryCodable=NibKitBinaryCodable"])]
        )
    ]
)
