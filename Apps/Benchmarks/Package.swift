// swift-tools-version:6.2
import PackageDescription

// Benchmarks of the app cores, in their own package so that building and
// testing the apps never builds the benchmark harness. Run them with
// scripts/bench-apps.

let package = Package(
    name: "DragKitAppsBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "DragKitApps", path: "../"),
        .package(name: "DragKit", path: "../../"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "GeocachesBenchmarks",
            dependencies: [
                .product(name: "GeocachesCore", package: "DragKitApps"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/GeocachesBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "DoItBenchmarks",
            dependencies: [
                .product(name: "DoItCore", package: "DragKitApps"),
                .product(name: "DragDropTesting", package: "DragKit"),
                .product(name: "DragAndDrop", package: "DragKit"),
                .product(name: "ItemProviders", package: "DragKit"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/DoItBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ContactsBenchmarks",
            dependencies: [
                .product(name: "ContactsCore", package: "DragKitApps"),
                .product(name: "DragDropTesting", package: "DragKit"),
                .product(name: "DragAndDrop", package: "DragKit"),
                .product(name: "ItemProviders", package: "DragKit"),
                .product(name: "VCard", package: "DragKit"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ContactsBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
