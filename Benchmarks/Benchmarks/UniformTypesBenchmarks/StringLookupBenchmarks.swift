import Benchmark
import CGIO
import Foundation
import UniformTypes

// MIME strings in, answers out: UTType(mimeType:) for both strings of a pair
// plus conforms(to:), against GIO's g_content_type_is_a on the same pairs in
// the same run (the desktop's own answer, from the mime.cache it maps). Both
// cycle through the same twenty pairs; times are per pair.
//
// The answers are not always the same: UniformTypes follows Apple's
// conformance (HTML is text, not plain text; image/* is not a pattern, it is
// a MIME type nothing declares), GIO the database's subclass lines. What is
// compared is the cost of asking.

/// The pairs, as (type, supertype) MIME strings.
let mimePairs: [(String, String)] = [
    ("image/png", "image/*"),
    ("text/x-csrc", "text/plain"),
    ("application/zip", "application/octet-stream"),
    ("image/jpeg", "image/png"),
    ("text/html", "text/plain"),
    ("application/x-compressed-tar", "application/gzip"),
    ("image/svg+xml", "application/xml"),
    ("text/x-python3", "text/x-python"),
    ("application/pdf", "application/octet-stream"),
    ("audio/mpeg", "audio/*"),
    ("video/mp4", "application/octet-stream"),
    ("application/x-shellscript", "text/plain"),
    ("text/markdown", "text/plain"),
    ("application/json", "text/plain"),
    ("inode/directory", "application/octet-stream"),
    ("application/vnd.oasis.opendocument.text", "application/zip"),
    ("text/x-c", "text/x-csrc"),
    ("application/x-unknown-format", "application/octet-stream"),
    ("text/csv", "text/plain"),
    ("image/x-portable-pixmap", "image/x-portable-anymap"),
]

/// The pairs of `mimePairs` whose type no built-in type carries (a
/// database type, or a tag nothing declares), where UniformTypes reads the
/// database's `types` as well as its cache: FloorFirstQuery's work is the
/// least its answer rule needs for them.
let databasePairs: [(String, String)] = [
    ("text/x-csrc", "text/plain"),
    ("application/x-compressed-tar", "application/gzip"),
    ("text/x-python3", "text/x-python"),
    ("application/x-shellscript", "text/plain"),
    ("text/markdown", "text/plain"),
    ("inode/directory", "application/octet-stream"),
    ("application/vnd.oasis.opendocument.text", "application/zip"),
    ("text/x-c", "text/x-csrc"),
    ("application/x-unknown-format", "application/octet-stream"),
    ("image/x-portable-pixmap", "image/x-portable-anymap"),
]

/// MIME types drag sources make up, which no type declares (browsers' and
/// desktop toolkits' private formats, offered next to the real ones on
/// every drag), each against application/octet-stream: a hover resolves
/// them all.
let madeUpPairs: [(String, String)] = [
    ("chromium/x-renderer-taint", "application/octet-stream"),
    ("chromium/x-web-custom-data", "application/octet-stream"),
    ("application/x-moz-nativehtml", "application/octet-stream"),
    ("application/x-moz-file-promise-url", "application/octet-stream"),
    ("application/x-kde-suggestedfilename", "application/octet-stream"),
    ("application/x-dragkit-made-up", "application/octet-stream"),
]

/// Extension pairs, as (extension, supertype's extension): what a file
/// drop asks of a file's name.
let extensionPairs: [(String, String)] = [
    ("png", "jpeg"), ("c", "txt"), ("zip", "gz"), ("html", "txt"), ("svg", "xml"),
    ("py", "txt"), ("pdf", "zip"), ("mp3", "ogg"), ("tar.gz", "gz"), ("JPG", "png"),
]

/// File name pairs, as (name, supertype's name): what a file drop or a
/// file chooser asks of a name. Literal names (Makefile), multi-part
/// suffixes (*.tar.gz), case-sensitive globs (*.C) and names no glob
/// matches.
let fileNamePairs: [(String, String)] = [
    ("backup.tar.gz", "archive.gz"), ("Makefile", "notes.txt"), ("photo.JPG", "picture.png"), ("main.c", "notes.txt"),
    ("README", "notes.txt"), ("song.mp3", "sound.ogg"), ("index.html", "notes.txt"), ("Main.C", "main.c"),
    ("libz.so.1", "data.bin"), ("thing.qqqy", "data.bin"),
]

/// Identifier pairs: the types of `mimePairs` where a system or database
/// type has the MIME type, asked for by identifier.
let identifierPairs: [(String, String)] = [
    ("public.png", "public.image"), ("public.c-source", "public.plain-text"), ("public.zip-archive", "public.data"),
    ("public.jpeg", "public.png"), ("public.html", "public.plain-text"), ("org.freedesktop.mime.application.x-compressed-tar",
    "org.gnu.gnu-zip-archive"), ("public.svg-image", "public.xml"), ("org.freedesktop.mime.text.x-python3", "public.python-script"),
    ("com.adobe.pdf", "public.data"), ("public.mp3", "public.audio"),
]

/// The question answered the way an app using UniformTypes asks it.
@inline(never)
func uniformTypesIsA(_ type: String, _ supertype: String) -> Bool {
    guard let child = UTType(mimeType: type), let parent = UTType(mimeType: supertype) else { return false }
    return child.conforms(to: parent)
}

/// The same by identifier.
@inline(never)
func uniformTypesIdentifierIsA(_ type: String, _ supertype: String) -> Bool {
    guard let child = UTType(type), let parent = UTType(supertype) else { return false }
    return child.conforms(to: parent)
}

/// The same through the list of types carrying each MIME type.
@inline(never)
func uniformTypesListIsA(_ type: String, _ supertype: String) -> Bool {
    guard let child = UTType.types(tag: type, tagClass: .mimeType).first,
          let parent = UTType.types(tag: supertype, tagClass: .mimeType).first else { return false }
    return child.conforms(to: parent)
}

/// The same for filename extensions.
@inline(never)
func uniformTypesExtensionIsA(_ type: String, _ supertype: String) -> Bool {
    guard let child = UTType(filenameExtension: type), let parent = UTType(filenameExtension: supertype) else { return false }
    return child.conforms(to: parent)
}

/// The same for file names.
@inline(never)
func uniformTypesFileNameIsA(_ type: String, _ supertype: String) -> Bool {
    UTType(fileName: type).conforms(to: UTType(fileName: supertype))
}

/// GIO's way: guess each file name's type from its globs, then compare.
func gioExtensionIsA(_ name: UnsafeMutablePointer<CChar>, _ supername: UnsafeMutablePointer<CChar>) -> Bool {
    let child = g_content_type_guess(name, nil, 0, nil)
    let parent = g_content_type_guess(supername, nil, 0, nil)
    defer {
        g_free(child)
        g_free(parent)
    }
    return g_content_type_is_a(child, parent) != 0
}

/// The pairs as C strings made once, so GIO is timed without any string
/// conversion: the best case for the baseline.
final class CStringPairs: @unchecked Sendable {
    let pairs: [(UnsafeMutablePointer<CChar>, UnsafeMutablePointer<CChar>)]
    init(_ pairs: [(String, String)]) { self.pairs = pairs.map { (strdup($0.0)!, strdup($0.1)!) } }
}

/// A benchmark asking `isA` of each pair in turn, one pair an iteration.
func pairBenchmark<Name>(_ name: String, _ pairs: [(Name, Name)], _ configuration: Benchmark.Configuration,
                         _ isA: @escaping (Name, Name) -> Bool) {
    Benchmark(name, configuration: configuration) { benchmark in
        var index = 0
        for _ in benchmark.scaledIterations {
            let (type, supertype) = pairs[index]
            blackHole(isA(type, supertype))
            index = index + 1 == pairs.count ? 0 : index + 1
        }
    }
}

/// A count of the fresh-process measurements made so far.
final class Turns: @unchecked Sendable {
    // @unchecked: the harness runs one measurement at a time.
    private var count = 0

    func next() -> Int {
        defer { count += 1 }
        return count
    }
}

/// What a row times of a FirstQuery program: the nanoseconds it prints for
/// its first query, or for its second (types the first did not meet), or
/// its whole run, from launch to exit, as this benchmark sees it (what a
/// small tool asking one question makes its user wait: loading its
/// libraries, starting up, the query, exiting).
enum PrintedQuery {
    case first, second, wholeRun

    /// The name of the row's metric for this time.
    var metric: String {
        switch self {
        case .first: "first query (ns)"
        case .second: "second query (ns)"
        case .wholeRun: "whole run (ns)"
        }
    }

    /// Which field of the program's output holds the time; `nil` for the
    /// whole run, which the benchmark times itself.
    var field: Int? {
        switch self {
        case .first: 0
        case .second: 1
        case .wholeRun: nil
        }
    }
}

/// A program built next to this benchmark (`program` may be a relative
/// path from its directory).
func firstQueryProgramURL(_ program: String) -> URL {
    URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent(program)
}

/// Runs a FirstQuery program next to this benchmark and returns the
/// nanoseconds it printed for its first query (or its second), or its
/// whole run.
func firstQueryNanoseconds(_ program: String, _ arguments: [String] = [], environment: [String: String] = [:],
                           query: PrintedQuery = .first) -> Int {
    let process = Process()
    process.executableURL = firstQueryProgramURL(program)
    process.arguments = arguments
    if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
    let output = Pipe()
    process.standardOutput = output
    let launched = ContinuousClock.now
    do {
        try process.run()
    } catch {
        fatalError("cannot run \(process.executableURL!.path) (\(error)); build the Benchmarks package's \(program) product")
    }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let wholeRun = ContinuousClock.now - launched
    let fields = text.split(separator: " ")
    guard process.terminationStatus == 0, fields.count >= 2 else { fatalError("\(program) failed: \(text)") }
    guard let field = query.field else {
        return Int(wholeRun.components.seconds) * 1_000_000_000 + Int(wholeRun.components.attoseconds / 1_000_000_000)
    }
    guard let nanoseconds = Int(fields[field]) else { fatalError("\(program) printed no time: \(text)") }
    return nanoseconds
}

/// A user database, as `~/.local/share/mime` often is (an app installed a
/// type for its documents): written by `update-mime-database` into a
/// temporary data home, so the desktop's database comes second. Returns
/// the environment naming it, or `nil` without `update-mime-database`.
func userDatabaseEnvironment() -> [String: String]? {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("dragkit-benchmark-data-home")
    let packages = home.appendingPathComponent("mime/packages")
    let package = """
        <?xml version="1.0" encoding="UTF-8"?>
        <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
          <mime-type type="application/x-dragkit-board">
            <comment>DragKit board</comment>
            <sub-class-of type="application/json"/>
            <glob pattern="*.dkboard"/>
          </mime-type>
        </mime-info>

        """
    do {
        try FileManager.default.createDirectory(at: packages, withIntermediateDirectories: true)
        try Data(package.utf8).write(to: packages.appendingPathComponent("dragkit-benchmark.xml"))
        let update = Process()
        update.executableURL = URL(fileURLWithPath: "/usr/bin/update-mime-database")
        update.arguments = [home.appendingPathComponent("mime").path]
        update.standardOutput = FileHandle.nullDevice
        update.standardError = FileHandle.nullDevice
        try update.run()
        update.waitUntilExit()
        return update.terminationStatus == 0 ? ["XDG_DATA_HOME": home.path] : nil
    } catch {
        return nil
    }
}

func stringLookupBenchmarks() {
    let count = mimePairs.count
    let gioPairs = CStringPairs(mimePairs)
    var agreeing = 0
    for (index, (type, supertype)) in mimePairs.enumerated() {
        let gio = g_content_type_is_a(gioPairs.pairs[index].0, gioPairs.pairs[index].1) != 0
        if gio == uniformTypesIsA(type, supertype) { agreeing += 1 }
    }
    print("UniformTypes and GIO agree on \(agreeing) of \(count) pairs")
    for (type, supertype) in identifierPairs where UTType(type)?.isDeclared != true || UTType(supertype)?.isDeclared != true {
        fatalError("identifier pair \(type), \(supertype) names a type nobody declares")
    }
    let perQuery = Benchmark.Configuration(metrics: [.wallClock, .throughput, .mallocCountTotal],
                                           scalingFactor: .kilo, maxDuration: .seconds(3))

    pairBenchmark("MIME pair: UTType(mimeType:) x2 + conforms(to:)", mimePairs, perQuery, uniformTypesIsA)
    pairBenchmark("MIME pair: UTType.types(tag:tagClass:) x2 + conforms(to:)", mimePairs, perQuery, uniformTypesListIsA)
    pairBenchmark("identifier pair: UTType(_:) x2 + conforms(to:)", identifierPairs, perQuery, uniformTypesIdentifierIsA)
    pairBenchmark("MIME pair baseline: GIO g_content_type_is_a", gioPairs.pairs, perQuery) { g_content_type_is_a($0, $1) != 0 }
    // The formats drag sources make up: a dynamic type each, kept with the
    // key the mapped database remembers as carried by nothing.
    let gioMadeUp = CStringPairs(madeUpPairs)
    pairBenchmark("made-up MIME pair: UTType(mimeType:) x2 + conforms(to:)", madeUpPairs, perQuery, uniformTypesIsA)
    pairBenchmark("made-up MIME pair baseline: GIO g_content_type_is_a", gioMadeUp.pairs, perQuery) { g_content_type_is_a($0, $1) != 0 }

    // Each iteration starts a process; what is recorded is the time the
    // process itself measured around its first query (database load
    // included), not the cost of starting it.
    //
    // The programs were linked moments ago: until the new file is written
    // back, a first query takes more page faults on its code (about 10 µs
    // more here), which GIO's long-installed libraries never pay. Writing
    // everything back first measures both as installed programs.
    sync()
    // Ours and GIO's, run in turn (which goes first alternates), so both
    // see the same moments of the machine: forty of one program after
    // forty of the other can differ by a third on a busy machine. The
    // third metric is each pair's ratio, ours over GIO's, in percent.
    func paired(_ query: PrintedQuery) -> Benchmark.Configuration {
        Benchmark.Configuration(metrics: [.custom(query.metric), .custom("GIO " + query.metric), .custom("ours / GIO (%)")],
                                maxDuration: .seconds(60), maxIterations: 120)
    }
    // The harness calls a row's closure once a measurement, so each row
    // counts its turns: which program goes first alternates from one
    // measurement to the next, and with `pairs` each pair is asked twice
    // in a row, once in each order.
    // GIO asks `gioPairs` where given, pair for pair (it has no identifiers:
    // it is asked the same types' MIME types).
    func alternating(_ rowName: String, program: String = "UniformTypesFirstQuery", ours ourArguments: [String] = [],
                     gio gioArguments: [String] = [], environment: [String: String] = [:], pairs: [(String, String)] = [],
                     gioPairs: [(String, String)]? = nil, query: PrintedQuery = .first) {
        let configuration = paired(query)
        let name = query.metric
        let turns = Turns()
        func measureTurn(_ benchmark: Benchmark) {
            let iteration = turns.next()
            func asked(_ pairs: [(String, String)]) -> [String] {
                pairs.isEmpty ? [] : [pairs[(iteration / 2) % pairs.count].0, pairs[(iteration / 2) % pairs.count].1]
            }
            func runOurs() -> Int {
                firstQueryNanoseconds(program, ourArguments + asked(pairs), environment: environment, query: query)
            }
            func runGIO() -> Int {
                firstQueryNanoseconds("GIOFirstQuery", gioArguments + asked(gioPairs ?? pairs), environment: environment, query: query)
            }
            let ours: Int, gio: Int
            if iteration % 2 == 0 {
                ours = runOurs()
                gio = runGIO()
            } else {
                gio = runGIO()
                ours = runOurs()
            }
            benchmark.measurement(.custom(name), ours)
            benchmark.measurement(.custom("GIO " + name), gio)
            benchmark.measurement(.custom("ours / GIO (%)"), ours * 100 / max(gio, 1))
        }
        Benchmark(rowName, configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations { measureTurn(benchmark) }
        }
    }
    alternating("first MIME pair in a fresh process, alternating with GIO")

    // The same processes' second query: image/png against
    // application/octet-stream, types the first did not meet. What each
    // new type a hover brings costs once the database is open.
    alternating("second MIME pair (new types) in a fresh process, alternating with GIO", query: .second)

    // The whole run of the same programs, launch to exit: a tool that asks
    // one question waits for its libraries to load and start as well as
    // for the query. UniformTypes needs FoundationEssentials only, so such
    // a program loads neither Foundation nor ICU.
    alternating("whole run of a program asking its first MIME pair, alternating with GIO", query: .wholeRun)

    // Each of the twenty pairs in turn, in both orders (the plain row asks one:
    // text/x-csrc, a database type, against text/plain). The first query
    // differs by pair: a type a built-in type carries reads only the
    // caches, a database type also maps `types`, and a tag no type carries
    // (image/*, a made-up type) makes a dynamic type.
    alternating("first MIME pair in a fresh process, each of the twenty pairs in turn, alternating with GIO", pairs: mimePairs)
    alternating("first MIME pair in a fresh process, each of the twenty pairs in turn, standard library used, alternating with GIO",
                ours: ["--runtime-used"], pairs: mimePairs)

    // The pairs whose type no built-in type carries, where UniformTypes
    // reads `types` too; then the least file work its answer rule needs for
    // them, in plain C (FloorFirstQuery): how far below GIO an implementation
    // of the rule can get, and so how much of the first row's time is the
    // implementation's own.
    alternating("first MIME pair in a fresh process, each of the ten database pairs in turn, alternating with GIO",
                pairs: databasePairs)
    alternating("first MIME pair in a fresh process, the least file work of the rule in C, each of the ten database pairs in turn, alternating with GIO",
                program: "FloorFirstQuery", pairs: databasePairs)

    // The same program built with the functions its first queries run
    // placed together (`python3 Benchmarks/scripts/first_query_pairs.py
    // --ordered` builds it in .build/ordered; SwiftPM cannot be asked for
    // that layout from a manifest): what those rows cost once the code no
    // longer lies over several 64 KB windows, each paged in by a fault.
    // Left out while that program is not built.
    let orderedProgram = "../../ordered/release/UniformTypesFirstQuery"
    if FileManager.default.isExecutableFile(atPath: firstQueryProgramURL(orderedProgram).path) {
        alternating("first MIME pair in a fresh process, each of the twenty pairs in turn, code placed in order, alternating with GIO",
                    program: orderedProgram, pairs: mimePairs)
        alternating("first MIME pair in a fresh process, each of the ten database pairs in turn, code placed in order, alternating with GIO",
                    program: orderedProgram, pairs: databasePairs)
    }

    // The other string paths' first query, on the same pairs: the list of
    // types carrying each MIME type, and identifiers (UTType(_:)) of the
    // first ten pairs' types, against GIO on those pairs' MIME types.
    alternating("first types(tag:tagClass:) pair in a fresh process, each of the twenty pairs in turn, alternating with GIO",
                ours: ["--types"], pairs: mimePairs)
    alternating("first identifier pair in a fresh process, each of ten pairs in turn, alternating with GIO on their MIME types",
                ours: ["--identifier"], pairs: identifierPairs, gioPairs: Array(mimePairs.prefix(identifierPairs.count)))

    // The same first query in a process that has used the standard library
    // as an app has by its first drag (see UniformTypesFirstQuery).
    alternating("first MIME pair in a fresh process, standard library used, alternating with GIO", ours: ["--runtime-used"])

    // The same first query with the program's own code paged in first:
    // the difference from the plain row is what its code's page faults
    // cost (see UniformTypesFirstQuery).
    alternating("first MIME pair in a fresh process, code paged in, alternating with GIO", ours: ["--code-paged-in"])

    // The same with only the page tables of its code filled first, nothing
    // of it read: what is left of the plain row's gap is its code's cold
    // cache lines, the rest was the faults.
    alternating("first MIME pair in a fresh process, code mapped, alternating with GIO", ours: ["--code-mapped"])

    // The control for the two rows above: /proc/self/maps read the same
    // way, nothing paged in. The read alone speeds the query up a little,
    // so the faults on the program's code cost this row less the row above.
    alternating("first MIME pair in a fresh process, maps read, alternating with GIO", ours: ["--maps-read"])

    // With a user database ahead of the desktop's, both are read: GIO maps
    // both caches, UniformTypes maps both and merges them.
    if let userDatabase = userDatabaseEnvironment() {
        alternating("first MIME pair in a fresh process, user database too, alternating with GIO", environment: userDatabase)
    }

    // Filename extensions: UTType(filenameExtension:) on both, against
    // g_content_type_guess on "file.EXT" for both and g_content_type_is_a.
    let gioNames = CStringPairs(extensionPairs.map { ("file." + $0.0, "file." + $0.1) })
    pairBenchmark("extension pair: UTType(filenameExtension:) x2 + conforms(to:)", extensionPairs, perQuery,
                  uniformTypesExtensionIsA)
    pairBenchmark("extension pair baseline: GIO g_content_type_guess x2 + is_a", gioNames.pairs, perQuery, gioExtensionIsA)
    alternating("first extension pair in a fresh process, alternating with GIO", ours: ["--extension"], gio: ["--extension"])

    // File names: UTType(fileName:) on both, against g_content_type_guess on
    // the names and g_content_type_is_a, per pair and in a fresh process
    // (ours then reads the database's globs2, which GIO's cache holds).
    let gioFileNames = CStringPairs(fileNamePairs)
    pairBenchmark("file name pair: UTType(fileName:) x2 + conforms(to:)", fileNamePairs, perQuery, uniformTypesFileNameIsA)
    pairBenchmark("file name pair baseline: GIO g_content_type_guess x2 + is_a", gioFileNames.pairs, perQuery, gioExtensionIsA)
    alternating("first file name pair in a fresh process, each of ten pairs in turn, alternating with GIO",
                ours: ["--file-name"], gio: ["--file-name"], pairs: fileNamePairs)
}
