import Benchmark
import Foundation
import ItemProviders
import UniformTypes

// Two questions, each against a baseline measured in the same run:
//
// 1. What does the provider add to a small load? "Register + load" makes a
//    provider, registers a 1 KiB data representation and loads it; the
//    baseline calls the same handler directly. Aim: under 5 µs a load and
//    under 20× the direct call. Measured twice: with a handler returning
//    bytes it holds, and with one making its bytes on each call.
// 2. How fast is a 1 GiB file representation delivered as a file? The
//    provider's copy (reflink, else copy_file_range extent by extent) against
//    `cp` of the same file, taking turns in each iteration. Aim: at least
//    80% of cp's throughput, with peak resident memory under 64 MiB.

let payload = Data((0..<1024).map { UInt8(truncatingIfNeeded: $0) })
let payloadBytes = [UInt8](payload)
/// Hands out bytes it already has: the cheapest handler there is, so the
/// ratio against it is the provider's whole fixed cost.
let handler: @Sendable () async throws -> Data = { payload }
/// Makes its 1 KiB each time, as a handler encoding a model would.
let makingHandler: @Sendable () async throws -> Data = { Data(payloadBytes) }
let text = UTType.utf8PlainText

/// A 1 GiB file of real (non-sparse) data, so both copies move every byte.
enum LargeFile {
    static let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("ItemProvidersBenchmarks", isDirectory: true)
    static let source = folder.appendingPathComponent("gigabyte.bin")
    static let size = 1 << 30

    static func create() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if let existing = try? FileManager.default.attributesOfItem(atPath: source.path)[.size] as? Int, existing == size {
            return
        }
        guard FileManager.default.createFile(atPath: source.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: source.path])
        }
        let handle = try FileHandle(forWritingTo: source)
        defer { try? handle.close() }
        var chunk = Data(count: 16 << 20)
        for index in 0..<(size / chunk.count) {
            chunk.withUnsafeMutableBytes { bytes in
                for offset in stride(from: 0, to: bytes.count, by: 4096) { bytes[offset] = UInt8(truncatingIfNeeded: index &+ offset) }
            }
            try handle.write(contentsOf: chunk)
        }
        try handle.synchronize()
    }

    static func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// `cp` of the file, timed; the copy is removed untimed.
    static func copyWithCp() throws -> Duration {
        let copy = folder.appendingPathComponent("cp-copy.bin")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/cp")
        process.arguments = [source.path, copy.path]
        let start = ContinuousClock.now
        try process.run()
        process.waitUntilExit()
        let elapsed = ContinuousClock.now - start
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cp exited with \(process.terminationStatus)"])
        }
        try FileManager.default.removeItem(at: copy)
        return elapsed
    }

    /// The file registered as a file representation and loaded as a file,
    /// timed until the body gets the copy; the provider then removes it.
    static func loadAsFile() async throws -> Duration {
        let provider = ItemProvider()
        provider.registerFileRepresentation(for: .data) { source }
        let start = ContinuousClock.now
        return try await provider.withFileRepresentation(for: .data) { _ in ContinuousClock.now - start }
    }
}

let cpMetric = BenchmarkMetric.custom("cp of 1 GiB (ms)")
let providerMetric = BenchmarkMetric.custom("provider copy of 1 GiB (ms)")
let ratioMetric = BenchmarkMetric.custom("provider throughput, % of cp", polarity: .prefersLarger)

extension Duration {
    var milliseconds: Int {
        Int(components.seconds * 1_000 + components.attoseconds / 1_000_000_000_000_000)
    }
}

let benchmarks: @Sendable () -> Void = {
    let smallLoads = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: 10,
        scalingFactor: .kilo,
        maxDuration: .seconds(3),
        maxIterations: 1_000
    )

    let largeFiles = Benchmark.Configuration(
        metrics: [.peakMemoryResident, cpMetric, providerMetric, ratioMetric],
        warmupIterations: 1,
        maxDuration: .seconds(30),
        maxIterations: 8,
        setup: { try LargeFile.create() },
        teardown: { LargeFile.remove() }
    )

    Benchmark("Baseline: call a 1 KiB data handler directly", configuration: smallLoads) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try await handler())
        }
    }

    Benchmark("Register + load a 1 KiB data representation", configuration: smallLoads) { benchmark in
        for _ in benchmark.scaledIterations {
            let provider = ItemProvider()
            provider.registerDataRepresentation(for: text, loadHandler: handler)
            blackHole(try await provider.loadDataRepresentation(for: text))
        }
    }

    Benchmark("Baseline: call a handler that makes 1 KiB directly", configuration: smallLoads) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try await makingHandler())
        }
    }

    Benchmark("Register + load 1 KiB from a handler that makes it", configuration: smallLoads) { benchmark in
        for _ in benchmark.scaledIterations {
            let provider = ItemProvider()
            provider.registerDataRepresentation(for: text, loadHandler: makingHandler)
            blackHole(try await provider.loadDataRepresentation(for: text))
        }
    }

    Benchmark("Load a 1 KiB data representation (registered once)", configuration: smallLoads) { benchmark in
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: text, loadHandler: handler)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try await provider.loadDataRepresentation(for: text))
        }
    }

    // cp and the provider take turns within each iteration (the order
    // alternating), so a busy machine slows both alike; the ratio metric
    // compares the two copies of the same iteration.
    Benchmark("1 GiB file representation loaded as a file vs cp", configuration: largeFiles) { benchmark in
        for iteration in benchmark.scaledIterations {
            let cpFirst = iteration.isMultiple(of: 2)
            var cp = Duration.zero
            var provider = Duration.zero
            if cpFirst { cp = try LargeFile.copyWithCp() }
            provider = try await LargeFile.loadAsFile()
            if !cpFirst { cp = try LargeFile.copyWithCp() }
            benchmark.measurement(cpMetric, cp.milliseconds)
            benchmark.measurement(providerMetric, provider.milliseconds)
            benchmark.measurement(ratioMetric, Int((cp / provider) * 100))
        }
    }
}
