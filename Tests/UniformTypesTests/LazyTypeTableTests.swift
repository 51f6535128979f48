import Foundation
import Testing
@testable import UniformTypes

/// The base table makes records on first use and answers string lookups
/// from interned tags. These tests hold it to the answers of the eager
/// build it replaced (``EagerTypeTable``), for the desktop's database and
/// for small and damaged ones written by the tests.
@Suite("Records made on first use give the same answers")
struct LazyTypeTableTests {
    /// The lazy table and the eager build over the same database, for the
    /// desktop's database and databases that exercise every rule, including
    /// cycles and lines that must be reported.
    static func tables() throws -> [(name: String, eager: EagerTypeTable, lazy: BaseTypeTable)] {
        var cycles = MIMEFixture.wellFormed
        cycles["subclasses"] = """
            application/x-widget application/x-widget-pack
            application/x-widget-pack application/x-widget
            text/x-recipe text/x-nowhere
            text/x-c application/x-widget
            image/x-png image/x-sketch

            """
        var damaged = MIMEFixture.wellFormed
        damaged["types"] = "text/plain\nnot a mime type\ntext/x-recipe\n\u{FF}\nimage/x-sketch\nText/X-Mixed\n"
        damaged["globs2"] = "50:text/x-recipe:*.recipe\nheavy:text/x-recipe:*.rcp\n50:text/x-mixed:*.MIX:cs\n50:text/plain:*.txt\n"
        var locations: [(String, MIMEDatabaseLocation)] = [("desktop", .fromEnvironment())]
        var fixtures: [MIMEFixture] = []
        for (name, files) in [("well formed", MIMEFixture.wellFormed), ("cycles", cycles), ("damaged", damaged)] {
            let fixture = try MIMEFixture(files)
            fixtures.append(fixture)
            locations.append((name, .directory(fixture.directory.path)))
        }
        // Read now: the fixtures' files go when the fixtures do.
        return withExtendedLifetime(fixtures) {
            locations.map { name, location in
                let database = MIMEDatabase.load(location)
                // The eager build read every file at once.
                var complete = database
                complete.readDeferredGlobs()
                return (name, EagerTypeTable(system: SystemTypeTable.entries, database: complete),
                        BaseTypeTable(database: database))
            }
        }
    }

    @Test func everyRecordIsTheEagerBuildsRecord() throws {
        for (name, eager, lazy) in try Self.tables() {
            #expect(lazy.database.diagnostics == eager.database.diagnostics, "\(name): the same problems, in order")
            #expect(lazy.databaseParents == eager.databaseParents, "\(name)")
            let made = lazy.allRecords
            #expect(made.map(\.identifier) == eager.records.map(\.identifier), "\(name): the same types, in order")
            for expected in eager.records {
                let record = try #require(lazy.byIdentifier[expected.identifier.uppercased()], "\(name): \(expected.identifier)")
                #expect(record.identifier == expected.identifier)
                #expect(record.key == expected.key, "same identifier, same key")
                #expect(record.origin == expected.origin)
                #expect(record.tags == expected.tags, "\(name): tags of \(expected.identifier)")
                #expect(record.parents.map(\.identifier) == expected.parents.map(\.identifier), "\(name): parents of \(expected.identifier)")
                #expect(record.ancestors.map(\.identifier) == expected.ancestors.map(\.identifier))
                #expect(record.freedesktopMIMEType == expected.freedesktopMIMEType)
                #expect(record.fixedDescription == expected.fixedDescription)
            }
        }
    }

    @Test func everyTagFindsTheSameRecordsInTheSameOrder() throws {
        for (name, eager, lazy) in try Self.tables() {
            var keys: Set<[String]> = []
            for record in eager.records {
                for (tagClass, tags) in record.tags {
                    for tag in tags {
                        if let key = TagSyntax.indexKey(tag, tagClass: tagClass) { keys.insert([tagClass.rawValue, key]) }
                    }
                }
            }
            #expect(keys.count > 10)
            for pair in keys {
                let tagClass = UTTagClass(rawValue: pair[0])
                let expected = eager.tags.records(for: pair[1], tagClass: tagClass).map(\.identifier)
                #expect(lazy.records(for: pair[1], tagClass: tagClass).map(\.identifier) == expected, "\(name): \(pair)")
            }
            #expect(lazy.records(for: "x-nothing/at-all", tagClass: .mimeType).isEmpty)
            #expect(lazy.records(for: "anything", tagClass: UTTagClass(rawValue: "com.example.tag")).isEmpty)
        }
    }

    /// `UTType(mimeType:)` takes a quick path for plain tags; it must give
    /// what the full path gives, for every spelling and supertype.
    @Test func theQuickPathAgreesWithTheFullPath() throws {
        let fixture = try MIMEFixture(MIMEFixture.wellFormed)
        for registry in [TypeRegistry.shared, fixture.registry()] {
            let supertypes = ["public.data", "public.item", "public.image", "public.text", "public.plain-text",
                              "public.audio", "public.folder", "public.source-code", "public.archive"]
                .map { registry.knownRecord(forIdentifier: $0)! }
            var mimeTags: [String] = ["image/*", "audio/*", "application/x-unknown-format", "text/x-unknown"]
            var extensions: [String] = ["qqq", "tar.gz", "unknown-ext"]
            for record in registry.base.allRecords {
                mimeTags += record.tags[.mimeType] ?? []
                extensions += record.tags[.filenameExtension] ?? []
            }
            for (tagClass, tags) in [(UTTagClass.mimeType, mimeTags), (.filenameExtension, extensions)] {
                for tag in tags {
                    for spelling in [tag, tag.uppercased()] {
                        for supertype in supertypes {
                            let quick = registry.record(tag: spelling, tagClass: tagClass, conformingTo: supertype)
                            let full = registry.fullRecord(tag: spelling, tagClass: tagClass, conformingTo: supertype)
                            #expect(quick?.identifier == full?.identifier, "\(spelling) conforming to \(supertype.identifier)")
                        }
                    }
                }
            }
        }
    }

    @Test func identifiersInAnyCaseFindTheirRecords() throws {
        let registry = TypeRegistry.shared
        for record in registry.base.allRecords {
            #expect(registry.knownRecord(forIdentifier: record.identifier) === record)
            #expect(registry.knownRecord(forIdentifier: record.identifier.uppercased()) === record)
        }
        #expect(UTType("org.freedesktop.mime.text.x-csrc") == UTType(mimeType: "text/x-csrc"))
        #expect(UTType("ORG.FREEDESKTOP.MIME.TEXT.X-CSRC") == UTType(mimeType: "text/x-csrc"))
        #expect(UTType("org.freedesktop.mime.text.x-c")?.origin == .undeclared, "an alias names no record")
        #expect(UTType("org.freedesktop.mime.image.png")?.origin == .undeclared, "image/png is public.png")
        #expect(UTType("org.freedesktop.mime.")?.origin == nil)
        #expect(UTType("org.freedesktop.mime")?.origin == .undeclared)
    }

    @Test func plainlyValidIdentifiersAreExactlyTheValidOnesOnSight() {
        for identifier in ["public.png", "com.example.a-b_c+d", "x", String(repeating: "a", count: 255)] {
            #expect(TypeIdentifierSyntax.isPlainlyValid(identifier))
        }
        for identifier in ["", ".a", "a.", "a..b", "a b", "a\tb", "é.x", String(repeating: "a", count: 256), "a\u{7F}"] {
            #expect(!TypeIdentifierSyntax.isPlainlyValid(identifier), "\(identifier) goes through the full check")
        }
        #expect(UTType("é.type")?.identifier == "é.type", "a non-ASCII identifier is still valid")
    }

    @Test func firstQueriesFromManyThreadsGetOneRecordPerType() async throws {
        let fixture = try MIMEFixture(MIMEFixture.wellFormed)
        let registry = fixture.registry()
        let tags = ["text/x-csrc", "application/x-widget-pack", "image/x-sketch", "text/x-c", "application/x-gadget",
                    "image/png", "text/x-recipe", "audio/x-chirp", "inode/x-weird", "image/*"]
        let answers = await withTaskGroup(of: [ObjectIdentifier].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    tags.map { ObjectIdentifier(registry.record(tag: $0, tagClass: .mimeType, conformingTo: registry.item)!) }
                }
            }
            var all: [[ObjectIdentifier]] = []
            for await answer in group { all.append(answer) }
            return all
        }
        #expect(Set(answers).count == 1, "every thread got the very same records")
        let pack = try #require(registry.base.record(forDatabaseMIMEType: "application/x-widget-pack"))
        #expect(pack.parents.first === registry.base.record(forDatabaseMIMEType: "application/x-widget"))
    }

    @Test func declaredTagsTurnTheQuickPathOff() throws {
        let fixture = try MIMEFixture(MIMEFixture.wellFormed)
        let registry = fixture.registry()
        let before = try #require(registry.record(tag: "text/x-recipe", tagClass: .mimeType, conformingTo: registry.data))
        #expect(before.origin == .freedesktop)
        #expect(registry.record(tag: "application/x-later", tagClass: .mimeType, conformingTo: registry.data)?.isDynamicRecord == true)
        let domain = uniqueDomain()
        _ = try registry.declare([UTTypeDeclaration(identifier: "\(domain).recipe", conformsTo: ["public.plain-text"],
                                                    tags: [.mimeType: ["text/x-recipe", "application/x-later"]], kind: .exported)])
        let after = try #require(registry.record(tag: "TEXT/X-RECIPE", tagClass: .mimeType, conformingTo: registry.data))
        #expect(after.identifier == "\(domain).recipe", "an exported type ranks before the database's")
        #expect(registry.record(tag: "application/x-later", tagClass: .mimeType, conformingTo: registry.data)?.identifier
                == "\(domain).recipe", "a tag first answered with a dynamic type now has a declared one")
    }
}

extension TypeRecord {
    var isDynamicRecord: Bool { origin == .dynamic }
}
