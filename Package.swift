// swift-tools-version:6.1
import PackageDescription

/// Settings every DragKit target shares on top of the Swift 6 language mode
/// (strict concurrency): existentials are spelled `any P`, so a reader sees
/// where dynamic dispatch and boxing happen.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "DragKit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "UniformTypes", targets: ["UniformTypes"]),
        .executable(name: "dragkit", targets: ["DragKitCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // MARK: - Libraries, lightest first
        .target(name: "UniformTypes", swiftSettings: strictSettings),

        // MARK: - Tools
        .executableTarget(
            name: "DragKitCLI",
            dependencies: [
                "UniformTypes",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),

        // MARK: - Tests
        .testTarget(name: "UniformTypesTests", dependencies: ["UniformTypes"], swiftSettings: strictSettings),
        .testTarget(name: "DragKitCLITests", dependencies: ["DragKitCLI"], swiftSettings: strictSettings),
    ],
    swiftLanguageModes: [.v6]
)
