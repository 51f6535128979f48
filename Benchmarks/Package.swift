// swift-tools-version:6.2
import PackageDescription

// Benchmarks live in their own package so the library never depends on the
// benchmark harness. Run them with scripts/bench.

/// One benchmark executable per DragKit module, in Benchmarks/<name>/,
/// depending on the DragKit products it measures.
func benchmarks(_ name: String, measuring products: [String], also extra: [Target.Dependency] = []) -> Target {
    .executableTarget(
        name: name,
        dependencies: products.map { .product(name: $0, package: "DragKit") }
            + [.product(name: "Benchmark", package: "benchmark")] + extra,
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
        // GIO (the desktop's content types) is the baseline for the string
        // lookups; the two FirstQuery programs are spawned to time the first
        // query of a fresh process.
        benchmarks("UniformTypesBenchmarks", measuring: ["UniformTypes"],
                   also: ["CGIO", "GIOFirstQuery", "UniformTypesFirstQuery", "FloorFirstQuery"]),
        .systemLibrary(name: "CGIO", path: "Benchmarks/CGIO", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .executableTarget(name: "GIOFirstQuery", dependencies: ["CGIO"], path: "Benchmarks/GIOFirstQuery"),
        // The least file work UniformTypes' answers need, in plain C: the
        // floor under the first query of a database type (see its main.c).
        .executableTarget(name: "FloorFirstQuery", path: "Benchmarks/FloorFirstQuery"),
        // Linked to bind its symbols when loaded, as Debian builds GIO's
        // libraries (BIND_NOW): neither side then resolves symbols lazily
        // inside the timed first query (docs/Benchmarks.md).
        .executableTarget(name: "UniformTypesFirstQuery", dependencies: [.product(name: "UniformTypes", package: "DragKit")],
                          path: "Benchmarks/UniformTypesFirstQuery",
                          linkerSettings: [.unsafeFlags(["-Xlinker", "-z", "-Xlinker", "now"])]),
        benchmarks("ItemProvidersBenchmarks", measuring: ["ItemProviders", "UniformTypes"]),
        benchmarks("DragAndDropBenchmarks", measuring: ["DragAndDrop", "ItemProviders", "UniformTypes"]),
        benchmarks("ListsBenchmarks", measuring: ["DragAndDrop"]),
        benchmarks("VCardBenchmarks", measuring: ["VCard"]),
    ]
)
