// swift-tools-version:6.1
import PackageDescription

// Benchmarks live in their own package so the library never depends on the
// benchmark harness. Run them with scripts/bench.

/// One benchmark executable per DragKit module, in Benchmarks/<name>/,
/// depending on the DragKit products it measures.
func benchmarks(_ name: String, measuring products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: products.map { .product(name: $0, package: "DragKit") }
            + [.product(name: "Benchmark", package: "benchmark")],
        path: "Benchmarks/\(name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}

let package = Package(
    name: "DragKitBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "DragKit", path: "../"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        benchmarks("UniformTypesBenchmarks", measuring: ["UniformTypes"]),
        benchmarks("ItemProvidersBenchmarks", measuring: ["ItemProviders", "UniformTypes"]),
        benchmarks("DragAndDropBenchmarks", measuring: ["DragAndDrop", "ItemProviders"]),
        benchmarks("ListsBenchmarks", measuring: ["DragAndDrop"]),
        benchmarks("VCardBenchmarks", measuring: ["VCard"]),
    ]
)
