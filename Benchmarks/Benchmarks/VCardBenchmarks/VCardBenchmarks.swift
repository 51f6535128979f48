import Benchmark
import Foundation
import VCard

// VCard: parse a 10,000-card address book with some inline photos (about
// 9 MB, generated deterministically by VCardCorpus), and write it back. The
// same file is written to $VCARD_BENCHMARK_FILE (default
// /tmp/dragkit-vcard-benchmark.vcf) so that Benchmarks/scripts/vobject_parse.py
// can time Python's vobject on exactly these bytes in the same run
// (scripts/measure-vcard does both and prints the ratio).

let corpus: Data = {
    let data = VCardCorpus.make()
    let path = ProcessInfo.processInfo.environment["VCARD_BENCHMARK_FILE"] ?? "/tmp/dragkit-vcard-benchmark.vcf"
    try? data.write(to: URL(fileURLWithPath: path))
    return data
}()
let corpusBytes = [UInt8](corpus)
let parsedCards = VCardParser().parse(corpus).cards

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .throughput, .mallocCountTotal, .peakMemoryResident],
        maxDuration: .seconds(5), maxIterations: 50)

    Benchmark("parse 10,000 cards (bytes)") { benchmark in
        for _ in benchmark.scaledIterations {
            let result = VCardParser().parse(corpusBytes)
            precondition(result.cards.count == 10_000 && result.errors.isEmpty)
            blackHole(result)
        }
    }

    Benchmark("parse 10,000 cards (Data)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(VCardParser().parse(corpus))
        }
    }

    Benchmark("read fields of 10,000 parsed cards (summaries)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(parsedCards.map(VCardSummary.init))
        }
    }

    Benchmark("write 10,000 cards") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(VCardWriter().bytes(for: parsedCards))
        }
    }
}
