import Benchmark
@_spi(Benchmarking) import UniformTypes

// conforms(to:) is measured against two baselines in the same run, the same
// queries answered by walking the parent graph as a registry without
// precomputed ancestors would: a typical walk over a parent table (depth
// first, with a visited set), and a lean recursive walk over the registry's
// own parent records that allocates nothing. All cycle through the same
// eight queries, deep and shallow, true and false. Times are per query.

/// Eight (type, supertype) questions, half true, half false.
struct ConformanceQueries: Sendable {
    let pairs: [(UTType, UTType)]
    /// Direct parents of every type the queries can reach.
    let parents: [UTType: [UTType]]

    static func make() -> ConformanceQueries {
        let csource = UTType(mimeType: "text/x-csrc")!
        let compressedTar = UTType(mimeType: "application/x-compressed-tar")!
        let pairs: [(UTType, UTType)] = [
            (.pythonScript, .item),
            (.png, .audio),
            (csource, .plainText),
            (.heic, .text),
            (.mpeg4Audio, .audiovisualContent),
            (.folder, .data),
            (compressedTar, .archive),
            (.utf8TabSeparatedText, .movie),
        ]
        var parents: [UTType: [UTType]] = [:]
        var pending = pairs.flatMap { [$0.0, $0.1] }
        while let type = pending.popLast() {
            if parents[type] != nil { continue }
            parents[type] = type.directSupertypes
            pending += type.directSupertypes
        }
        return ConformanceQueries(pairs: pairs, parents: parents)
    }

    /// The baseline: a walk of the parent graph for each query.
    func walkConforms(_ type: UTType, _ target: UTType) -> Bool {
        if type == target { return true }
        var stack = [type]
        var seen: Set<UTType> = [type]
        while let next = stack.popLast() {
            for parent in parents[next] ?? [] {
                if parent == target { return true }
                if seen.insert(parent).inserted { stack.append(parent) }
            }
        }
        return false
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(3))
    let queries = ConformanceQueries.make()
    for (type, target) in queries.pairs {
        precondition(type.conforms(to: target) == queries.walkConforms(type, target), "the baselines must agree")
        precondition(type.conforms(to: target) == UniformTypesBenchmarkSupport.walkConforms(type, to: target))
    }
    let perQuery = Benchmark.Configuration(metrics: [.wallClock, .throughput], scalingFactor: .mega, maxDuration: .seconds(3))
    let perQuerySlow = Benchmark.Configuration(metrics: [.wallClock, .throughput], scalingFactor: .kilo, maxDuration: .seconds(3))

    Benchmark("conforms(to:) registry", configuration: perQuery) { benchmark in
        let pairs = queries.pairs
        var index = 0
        for _ in benchmark.scaledIterations {
            let (type, target) = pairs[index]
            blackHole(type.conforms(to: target))
            index = (index + 1) & 7
        }
    }

    Benchmark("conforms(to:) baseline: lean parent walk", configuration: perQuery) { benchmark in
        let pairs = queries.pairs
        var index = 0
        for _ in benchmark.scaledIterations {
            let (type, target) = pairs[index]
            blackHole(UniformTypesBenchmarkSupport.walkConforms(type, to: target))
            index = (index + 1) & 7
        }
    }

    Benchmark("conforms(to:) baseline: parent-table walk", configuration: perQuerySlow) { benchmark in
        let pairs = queries.pairs
        var index = 0
        for _ in benchmark.scaledIterations {
            let (type, target) = pairs[index]
            blackHole(queries.walkConforms(type, target))
            index = (index + 1) & 7
        }
    }

    Benchmark("load system MIME database",
              configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5), maxIterations: 100)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(UniformTypesBenchmarkSupport.loadSystemRegistry())
        }
    }

    stringLookupBenchmarks()
}
