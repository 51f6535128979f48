// swift-tools-version:6.1
import PackageDescription

// Benchmarks live in their own package so the library never depends on the
// benchmark harness. Run them with scripts/bench.
let package = Package(
    name: "DragKitBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "DragKit", path: "../"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "UniformTypesBenchmarks",
            dependencies: [
                .product(name: "UniformTypes", package: "DragKit"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/UniformTypesBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ItemProvidersBenchmarks",
            dependencies: [
                .product(name: "ItemProviders", package: "DragKit"),
                .product(name: "UniformTypes", package: "DragKit"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ItemProvidersBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "DragAndDropBenchmarks",
            dependencies: [
                .product(name: "DragAndDrop", package: "DragKit"),
                .product(name: "ItemProviders", package: "DragKit"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/DragAndDropBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ListsBenchmarks",
            dependencies: [
                .product(name: "DragAndDrop", package: "DragKit"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ListsBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
