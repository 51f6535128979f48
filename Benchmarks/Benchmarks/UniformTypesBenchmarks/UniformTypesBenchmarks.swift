import Benchmark
@_spi(Benchmarking) import UniformTypes

// conforms(to:) is measured against a baseline in the same run: the same
// queries answered by walking the parent graph (depth first, with a visited
// set) as a registry without precomputed ancestors would. Both cycle through
// the same eight queries, deep and shallow, true and false. Times are per
// query (scaled by a million iterations per sample).

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
        precondition(type.conforms(to: target) == queries.walkConforms(type, target), "the baseline must agree")
    }
    let perQuery = Benchmark.Configuration(metrics: [.wallClock, .throughput], scalingFactor: .mega, maxDuration: .seconds(3))

    Benchmark("conforms(to:) registry", configuration: perQuery) { benchmark in
        let pairs = queries.pairs
        var index = 0
        for _ in benchmark.scaledIterations {
            let (type, target) = pairs[index]
            blackHole(type.conforms(to: target))
            index = (index + 1) & 7
        }
    }

    Benchmark("conforms(to:) parent-graph walk (baseline)", configuration: perQuery) { benchmark in
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
}
