import Foundation
import Testing
@testable import UniformTypes

/// The binary `mime.cache` is read instead of the `aliases` and `subclasses`
/// text files. Nothing in it is trusted: a damaged cache is reported once,
/// with the file, and the text files give the answers.
@Suite("The shared MIME database's binary cache")
struct MIMECacheTests {
    /// The desktop database's files, copied so tests can damage the cache.
    static let desktopFiles = ["types", "aliases", "subclasses", "globs2", "mime.cache"]

    static func desktopDirectory() -> String? {
        MIMEDatabaseLocation.fromEnvironment().directories.first {
            FileManager.default.fileExists(atPath: $0 + "/mime.cache") && FileManager.default.fileExists(atPath: $0 + "/types")
        }
    }

    /// A copy of the desktop database with `cache` as its mime.cache.
    static func fixture(cache: [UInt8]?, from directory: String) throws -> MIMEFixture {
        var files: [String: String] = [:]
        for name in desktopFiles where name != "mime.cache" {
            files[name] = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
        }
        let fixture = try MIMEFixture(files)
        if let cache {
            // Written last, so it is not older than the text files.
            try Data(cache).write(to: fixture.directory.appendingPathComponent("mime.cache"))
        }
        return fixture
    }

    /// Every type's identifier, parents and tags, and the database's relations.
    static func answers(_ registry: TypeRegistry) -> [String] {
        registry.base.allRecords.map { record in
            "\(record.identifier) < \(record.parents.map(\.identifier)) \(record.tags.sorted { $0.key.rawValue < $1.key.rawValue })"
        } + registry.base.databaseParents.sorted { $0.key < $1.key }.map { "\($0.key) -> \($0.value)" }
    }

    @Test func theDesktopCacheGivesTheTextFilesAnswers() throws {
        let directory = try #require(Self.desktopDirectory(), "Debian's shared-mime-info ships mime.cache")
        let cache = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/mime.cache")))
        let parsed = try MIMECache(cache)
        #expect(parsed.aliases.count > 100)
        #expect(parsed.parents.count > 100)

        let withCache = try Self.fixture(cache: cache, from: directory)
        let textOnly = try Self.fixture(cache: nil, from: directory)
        let cached = withCache.registry()
        #expect(cached.base.database.subclasses.allSatisfy { $0.file.hasSuffix("mime.cache") }, "the cache was read")
        #expect(cached.base.database.deferredGlobFiles == [withCache.path("globs2")], "globs2 is read when needed")
        #expect(cached.base.database.globs.isEmpty)
        #expect(cached.diagnostics.isEmpty)
        #expect(Self.answers(cached) == Self.answers(textOnly.registry()))
    }

    /// The desktop's database with its current cache, and a first line of
    /// `globs2` whose weight is no number.
    static func desktopFixtureWithABadGlobLine() throws -> MIMEFixture {
        let directory = try #require(desktopDirectory())
        let cache = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/mime.cache")))
        let fixture = try fixture(cache: cache, from: directory)
        let globs = try String(contentsOfFile: fixture.path("globs2"), encoding: .utf8)
        try Data(("heavy:text/plain:*.heavy\n" + globs).utf8).write(to: fixture.directory.appendingPathComponent("globs2"))
        return fixture
    }

    @Test func problemsInALateReadGlobsFileAreReportedOnceWhenItIsRead() throws {
        let fixture = try Self.desktopFixtureWithABadGlobLine()
        let registry = fixture.registry()
        let csource = try #require(registry.record(tag: "text/x-csrc", tagClass: .mimeType, conformingTo: registry.data))
        #expect(registry.diagnostics.isEmpty, "the first MIME query does not read globs2")
        #expect(csource.tags[.filenameExtension]?.contains("c") == true, "a type's tags read it")
        #expect(registry.record(tag: "md", tagClass: .filenameExtension, conformingTo: registry.data)?.origin == .freedesktop)
        let reports = fixture.reports.withLock { $0 }
        #expect(reports.count == 1, "reported once")
        #expect(registry.diagnostics.map(\.line) == [1])
        #expect(registry.diagnostics.first?.file == fixture.path("globs2"))
        #expect(registry.diagnostics.first?.message.contains("WEIGHT:MIME-TYPE:PATTERN") == true)
    }

    /// A file name reads `globs2` before anything builds the full table;
    /// the full table then takes the globs already read, so the bad line
    /// is reported once, by the file name.
    @Test func problemsInTheGlobsAreReportedOnceWhenAFileNameReadsThemFirst() throws {
        let fixture = try Self.desktopFixtureWithABadGlobLine()
        let registry = fixture.registry()
        try #require(registry.usableMapped != nil)
        #expect(registry.recordForFileName("backup.tar.gz")?.record.identifier == "org.freedesktop.mime.application.x-compressed-tar")
        #expect(registry.recordForFileName("notes.heavy") == nil, "the bad line is left out")
        #expect(!registry.hasBuiltFullTable, "a file name needs only globs2")
        #expect(fixture.reports.withLock { $0 }.count == 1, "reported when the file name read it")
        let csource = try #require(registry.record(tag: "text/x-csrc", tagClass: .mimeType, conformingTo: registry.data))
        #expect(csource.tags[.filenameExtension]?.contains("c") == true, "a type's tags read the same globs")
        #expect(registry.hasBuiltFullTable)
        #expect(registry.recordForFileName("main.c")?.record.identifier == "public.c-source")
        #expect(fixture.reports.withLock { $0 }.count == 1, "not reported again by the full table")
        #expect(registry.diagnostics.map(\.line) == [1])
        #expect(registry.diagnostics.first?.file == fixture.path("globs2"))
    }

    @Test func anOlderCacheIsPassedOver() throws {
        let directory = try #require(Self.desktopDirectory())
        let cache = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/mime.cache")))
        let fixture = try Self.fixture(cache: cache, from: directory)
        let old = Date(timeIntervalSinceNow: -3600)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: fixture.path("mime.cache"))
        let registry = fixture.registry()
        #expect(registry.base.database.subclasses.allSatisfy { $0.file.hasSuffix("subclasses") })
        #expect(registry.diagnostics.isEmpty, "a stale cache is not an error")
    }

    /// `update-mime-database` writes `aliases` and `subclasses`, then
    /// `types`, then the cache: a cache as new as `types` stands for all
    /// three, as GIO takes it, and a relation file edited by hand afterwards
    /// (which the specification rules out) changes no answer of either load.
    @Test func aCacheAsNewAsItsTypesStandsForTheRelationFiles() throws {
        let directory = try #require(Self.desktopDirectory())
        let cache = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/mime.cache")))
        let fixture = try Self.fixture(cache: cache, from: directory)
        let subclasses = try String(contentsOfFile: fixture.path("subclasses"), encoding: .utf8)
        try Data((subclasses + "text/x-csrc image/png\n").utf8).write(to: fixture.directory.appendingPathComponent("subclasses"))
        let later = Date(timeIntervalSinceNow: 3600)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: fixture.path("subclasses"))
        let registry = fixture.registry()
        #expect(registry.mapped != nil, "the cache is mapped")
        #expect(registry.base.database.subclasses.allSatisfy { $0.file.hasSuffix("mime.cache") }, "and the full load reads it too")
        #expect(registry.base.databaseParents["text/x-csrc"]?.contains("image/png") != true)
        // A types file newer than the cache: an update that did not finish.
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: fixture.path("types"))
        let unfinished = fixture.registry()
        #expect(unfinished.mapped == nil)
        #expect(unfinished.base.database.subclasses.allSatisfy { $0.file.hasSuffix("subclasses") })
        #expect(unfinished.base.databaseParents["text/x-csrc"]?.contains("image/png") == true)
    }

    /// Files that are no cache at all.
    static let garbage: [String: [UInt8]] = [
        "empty": [],
        "short": [UInt8](repeating: 0, count: 39),
        "version 2.0": [0, 2, 0, 0] + [UInt8](repeating: 0, count: 60),
        "noise": (0..<4096).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 7) },
    ]

    @Test(arguments: ["empty", "short", "version 2.0", "noise"])
    func garbageIsReportedOnceAndTheTextFilesAnswer(name: String) throws {
        let cache = try #require(Self.garbage[name])
        let directory = try #require(Self.desktopDirectory())
        let fixture = try Self.fixture(cache: cache, from: directory)
        let registry = fixture.registry()
        let reports = fixture.reports.withLock { $0 }
        #expect(reports.count == 1, "\(name): reported once")
        let problem = try #require(registry.diagnostics.first)
        #expect(registry.diagnostics.count == 1)
        #expect(problem.file == fixture.path("mime.cache"))
        #expect(problem.message.contains("damaged"), "\(problem)")
        #expect(problem.message.contains("aliases and subclasses files are read instead"))
        let textOnly = try Self.fixture(cache: nil, from: directory)
        #expect(Self.answers(registry) == Self.answers(textOnly.registry()), "\(name)")
    }

    @Test func truncatedAndOutOfRangeCachesAreRefused() throws {
        let directory = try #require(Self.desktopDirectory())
        let cache = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/mime.cache")))
        func offset(_ field: Int) -> Int {
            (4 + 4 * field..<8 + 4 * field).reduce(0) { $0 << 8 | Int(cache[$1]) }
        }
        func patched(_ position: Int, _ value: UInt32) -> [UInt8] {
            var bytes = cache
            for index in 0..<4 { bytes[position + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(index))) }
            return bytes
        }
        let aliasList = offset(0)
        let parentList = offset(1)
        var damaged: [(String, [UInt8])] = [
            ("cut in the header", Array(cache.prefix(20))),
            ("cut in the alias list", Array(cache.prefix(aliasList + 20))),
            ("cut before the last list", Array(cache.prefix(offset(8)))),
            ("alias list offset past the end", patched(4, UInt32(cache.count))),
            ("parent list offset huge", patched(8, .max)),
            ("alias count huge", patched(aliasList, .max)),
            ("alias count one too many", patched(aliasList, UInt32((cache.count - aliasList - 4) / 8 + 1))),
            ("alias string past the end", patched(aliasList + 4, UInt32(cache.count + 10))),
            ("alias string in the header", patched(aliasList + 8, 3)),
            ("parents offset past the end", patched(parentList + 8, UInt32(cache.count - 2))),
            ("parent count huge", patched(offset(1) + 8, 0xFFFF_FFF0)),
        ]
        // The last string of the file loses its terminating NUL.
        var unterminated = cache
        if let last = unterminated.lastIndex(of: 0) { unterminated[last] = UInt8(ascii: "x") }
        damaged.append(("unterminated", unterminated))

        let expected = Self.answers(try Self.fixture(cache: nil, from: directory).registry())
        for (name, bytes) in damaged {
            let fixture = try Self.fixture(cache: bytes, from: directory)
            let registry = fixture.registry()
            #expect(Self.answers(registry) == expected, "\(name): the text files answer")
            // Damage is found when opening (the header) or when a lookup
            // reads it; either way the full load reads and reports it by the
            // time every type has been asked for.
            if name != "unterminated" || registry.diagnostics.first?.file == fixture.path("mime.cache") {
                #expect(registry.diagnostics.first?.file == fixture.path("mime.cache"), "\(name) is reported")
            }
        }
    }

    /// Random damage: whatever is changed, reading never crashes; a cache
    /// that is refused is reported with its file, and a refused cache leaves
    /// the text files' answers. (A change that keeps the file well formed,
    /// such as one letter of a type name, cannot be told from a real cache;
    /// the checks catch every change to the structure.)
    @Test func randomDamageNeverCrashes() throws {
        let directory = try #require(Self.desktopDirectory())
        let cache = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/mime.cache")))
        let expected = Self.answers(try Self.fixture(cache: nil, from: directory).registry())
        var generator = SplitMix64(seed: 0x5EED_CAFE)
        var refused = 0
        let rounds = 300
        for round in 0..<rounds {
            var bytes = cache
            switch round % 4 {
            case 0:
                bytes = Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count))))
            case 1:
                // A 32-bit field somewhere in the lists gets a random value.
                let position = Int(generator.next() % UInt64(bytes.count / 4 - 1)) * 4
                let value = generator.next()
                for index in 0..<4 { bytes[position + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))) }
            case 2:
                for _ in 0..<8 {
                    bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
                }
            default:
                bytes = (0..<Int(generator.next() % 512)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            }
            // Reading the cache alone, then a whole registry over it.
            let parsed = try? MIMECache(bytes)
            let fixture = try Self.fixture(cache: bytes, from: directory)
            let registry = fixture.registry()
            #expect(registry.base.byIdentifier["public.png"] != nil)
            if parsed == nil {
                refused += 1
                #expect(registry.diagnostics.contains { $0.file == fixture.path("mime.cache") }, "round \(round)")
                #expect(Self.answers(registry) == expected, "round \(round): a refused cache leaves the text files' answers")
            }
        }
        #expect(refused > rounds / 2, "most random damage is caught")
    }
}

extension MIMECacheTests {
    /// Random damage met by the lookups answered straight from the mapped
    /// cache (MIME types, extensions with their glob tree, identifiers),
    /// before anything builds the full table: no lookup crashes or reads
    /// outside the file, and whatever is reported names the cache.
    @Test func randomDamageNeverCrashesTheMappedLookups() throws {
        let directory = try #require(Self.desktopDirectory())
        let cache = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/mime.cache")))
        let tags = ["text/x-csrc", "text/plain", "image/png", "AUDIO/AMR-WB", "application/x-zip-compressed", "text/x-c", "inode/directory"]
        let extensions = ["c", "png", "tar.gz", "C", "JPG", "txt", "xyz"]
        var generator = SplitMix64(seed: 0xD1A6_CA5E)
        var mapped = 0
        for round in 0..<200 {
            var bytes = cache
            if round % 2 == 0 {
                // A 32-bit field somewhere gets a random value.
                let position = Int(generator.next() % UInt64(bytes.count / 4 - 1)) * 4
                let value = generator.next()
                for index in 0..<4 { bytes[position + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))) }
            } else {
                for _ in 0..<8 { bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next()) }
            }
            let fixture = try Self.fixture(cache: bytes, from: directory)
            let registry = fixture.registry()
            if registry.mapped != nil { mapped += 1 }
            for tag in tags {
                _ = registry.record(tag: tag, tagClass: .mimeType, conformingTo: registry.data)
            }
            for tag in extensions {
                _ = registry.record(tag: tag, tagClass: .filenameExtension, conformingTo: registry.data)
            }
            _ = registry.knownRecord(forIdentifier: "org.freedesktop.mime.text.x-csrc")
            #expect(registry.knownRecord(forIdentifier: "public.png") != nil, "round \(round)")
            for problem in registry.diagnostics where problem.file?.hasSuffix("mime.cache") == true {
                #expect(problem.file == fixture.path("mime.cache"), "round \(round)")
            }
        }
        #expect(mapped > 0, "some damage leaves the cache's structure sound, so the mapped lookups meet it")
    }
}

/// A small, seedable random number generator, so a failing round can be
/// run again.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
