import Foundation
import Testing
@testable import UniformTypes

/// A registry answers MIME and identifier lookups from the mapped
/// `mime.cache` and `types` until something needs the full table. These
/// tests hold those answers to the full table's, for every tag and
/// identifier of the desktop's database, and check that damage met late is
/// reported once and answered from the text files.
@Suite("Answers from the mapped database")
struct MappedTypeTableTests {
    static let supertypes = ["public.data", "public.item", "public.image", "public.text", "public.plain-text",
                             "public.audio", "public.folder", "public.source-code", "public.archive"]

    static func desktopRegistry(mapsDatabase: Bool) -> TypeRegistry {
        TypeRegistry(location: .fromEnvironment(), reporter: { _, _ in }, languages: [], mapsDatabase: mapsDatabase)
    }

    /// The databases every answer is checked on: the desktop's, and a
    /// user database ahead of it (two merged).
    enum Databases: String, CaseIterable, CustomTestStringConvertible {
        case desktop
        case userAndDesktop = "user and desktop"
        /// The other order: the user database's repeats of desktop types
        /// are then lines of the second, small database.
        case desktopAndUser = "desktop and user"

        var testDescription: String { rawValue }

        func location() throws -> MIMEDatabaseLocation {
            if self == .desktop { return .fromEnvironment() }
            let user = try #require(UserMIMEDatabase.shared, "update-mime-database writes a user database")
            let directories = user.location.directories
            return MIMEDatabaseLocation(directories: self == .userAndDesktop ? directories : directories.reversed(), isExplicit: false)
        }

        func registry(mapsDatabase: Bool) throws -> TypeRegistry {
            TypeRegistry(location: try location(), reporter: { _, _ in }, languages: [], mapsDatabase: mapsDatabase)
        }
    }

    /// What a user sees of a type.
    static func summary(_ record: TypeRecord?, in registry: TypeRegistry) -> String {
        guard let record else { return "nil" }
        return "\(record.identifier) \(record.origin) < \(record.parents.map(\.identifier)) "
            + "\(record.tags.sorted { $0.key.rawValue < $1.key.rawValue }) \(record.freedesktopMIMEType ?? "-") "
            + "\(registry.description(of: record) ?? "-")"
    }

    @Test func theDesktopDatabaseIsMappedAndAFirstQueryReadsNothingMore() throws {
        #expect(MappedMIMEDatabase.open(.fromEnvironment()) != nil, "Debian's shared-mime-info ships a current mime.cache")
        let registry = Self.desktopRegistry(mapsDatabase: true)
        let pairs = [("text/x-csrc", "text/plain"), ("image/png", "image/*"), ("application/zip", "application/octet-stream"),
                     ("AUDIO/AMR-WB", "audio/x-unknown"), ("text/x-c", "public.c-source")]
        for (child, parent) in pairs {
            #expect(registry.record(tag: child, tagClass: .mimeType, conformingTo: registry.data) != nil)
            _ = registry.record(tag: parent, tagClass: .mimeType, conformingTo: registry.data)
        }
        #expect(registry.knownRecord(forIdentifier: "org.freedesktop.mime.text.x-csrc")?.freedesktopMIMEType == "text/x-csrc")
        #expect(registry.knownRecord(forIdentifier: "org.freedesktop.mime.image.png")?.origin == nil, "image/png is public.png")
        #expect(!registry.hasBuiltFullTable, "MIME types and identifiers are answered from the mapped files")
        let csource = try #require(registry.record(tag: "text/x-csrc", tagClass: .mimeType, conformingTo: registry.data))
        #expect(csource.conforms(to: registry.plainText))
        #expect(csource.conforms(to: try #require(registry.knownRecord(forIdentifier: "public.c-source"))))
    }

    /// A database type's identifier of its own is found in any case, with
    /// the dots of its name told from the one that was its slash, and
    /// nothing else of that form names it; all from the mapped files.
    @Test func freedesktopIdentifiersAreFoundInAnyCaseFromTheMappedFiles() throws {
        let registry = Self.desktopRegistry(mapsDatabase: true)
        let found: [(String, String)] = [
            ("ORG.FreeDesktop.MIME.text.X-CSRC", "text/x-csrc"),
            ("org.freedesktop.mime.application.vnd.oasis.opendocument.text", "application/vnd.oasis.opendocument.text"),
            ("org.freedesktop.mime.text.x-python3", "text/x-python3"),
        ]
        for (identifier, mimeType) in found {
            let record = try #require(registry.knownRecord(forIdentifier: identifier), "\(identifier)")
            #expect(record.freedesktopMIMEType == mimeType)
            #expect(record === registry.record(tag: mimeType, tagClass: .mimeType, conformingTo: registry.data))
        }
        for missing in ["org.freedesktop.mime.text", "org.freedesktop.mime.textx-csrc", "org.freedesktop.mime.text.x-csrc.h",
                        "org.freedesktop.mimetext.x-csrc", "org.freedesktop.mime.text/x-csrc", "org.freedesktop.mime."] {
            #expect(registry.knownRecord(forIdentifier: missing) == nil, "\(missing)")
        }
        #expect(!registry.hasBuiltFullTable, "identifiers are answered from the mapped files")
    }

    /// Every MIME tag, type name and alias of the desktop database, in two
    /// spellings and for several supertypes, and every identifier.
    @Test(arguments: Databases.allCases)
    func everyTagAndIdentifierGetsTheFullTablesAnswer(_ databases: Databases) throws {
        let full = try databases.registry(mapsDatabase: false)
        let mapped = try databases.registry(mapsDatabase: true)
        try #require(mapped.mapped != nil)
        #expect(mapped.databaseRoots == full.databaseRoots)
        var tags = Set(full.base.database.types + Array(full.base.database.aliases.keys)
            + ["image/*", "text/x-unknown", "application/x-unknown-format", "text/plain;charset=utf-8", "TEXT/HTML; charset=UTF-8"])
        for record in full.base.allRecords { tags.formUnion(record.tags[.mimeType] ?? []) }
        var made: [String: TypeRecord] = [:]
        for tag in tags.sorted() {
            for spelling in [tag, tag.uppercased()] {
                for supertype in Self.supertypes {
                    let fullAnswer = full.record(tag: spelling, tagClass: .mimeType, conformingTo: full.knownRecord(forIdentifier: supertype)!)
                    let mappedAnswer = mapped.record(tag: spelling, tagClass: .mimeType,
                                                     conformingTo: mapped.knownRecord(forIdentifier: supertype)!)
                    #expect(mappedAnswer?.identifier == fullAnswer?.identifier, "\(spelling) conforming to \(supertype)")
                    if let mappedAnswer { made[mappedAnswer.identifier] = mappedAnswer }
                }
            }
            if let key = TagSyntax.indexKey(tag, tagClass: .mimeType) {
                #expect(mapped.baseRecords(for: key, tagClass: .mimeType).map(\.identifier)
                        == full.baseRecords(for: key, tagClass: .mimeType).map(\.identifier), "records carrying \(key)")
            }
            for spelling in [tag, tag.uppercased()] {
                let general = mapped.knownRecords(tag: spelling, tagClass: .mimeType, conformingTo: nil).map(\.identifier)
                #expect(mapped.quickKnownRecords(tag: spelling, tagClass: .mimeType, conformingTo: nil).map { $0.map(\.identifier) }
                        ?? general == general, "every type carrying \(spelling)")
                #expect(mapped.quickKnownRecords(tag: spelling, tagClass: .mimeType, conformingTo: mapped.plainText)
                        .map { $0.map(\.identifier) } ?? general.filter { full.knownRecord(forIdentifier: $0)!.conforms(to: full.plainText) }
                        == mapped.knownRecords(tag: spelling, tagClass: .mimeType, conformingTo: mapped.plainText).map(\.identifier))
            }
        }
        for record in full.base.allRecords {
            let found = mapped.knownRecord(forIdentifier: record.identifier.uppercased())
            #expect(found?.identifier == record.identifier)
            if let found { made[found.identifier] = found }
            // Asked again, the remembered answer is the same record.
            #expect(mapped.knownRecord(forIdentifier: record.identifier) === found, "\(record.identifier) remembered")
        }
        for unknown in ["org.freedesktop.mime.text.x-unknown-thing", "public.nothing-here", "com.example.Ünïcode"] {
            #expect(mapped.baseRecord(forIdentifier: unknown) == nil && mapped.baseRecord(forIdentifier: unknown) == nil)
        }
        #expect(!mapped.hasBuiltFullTable, "lookups alone never needed the full table")
        #expect(made.count > 500)

        // Now the full details, which read the globs through the full table:
        // the records made from the mapped files are the full table's own.
        for (identifier, record) in made where record.origin != .dynamic {
            #expect(Self.summary(record, in: mapped) == Self.summary(full.knownRecord(forIdentifier: identifier), in: full))
            #expect(mapped.base.record(forIdentifier: identifier) === record, "\(identifier) keeps one record")
        }
        #expect(mapped.diagnostics.isEmpty && full.diagnostics.isEmpty)
    }

    /// Every filename extension the full table knows (its types' tags, in
    /// two spellings) and a few it does not, for several supertypes: the
    /// mapped cache's glob tree gives the same types in the same order,
    /// without the full table.
    @Test(arguments: Databases.allCases)
    func everyExtensionGetsTheFullTablesAnswer(_ databases: Databases) throws {
        let full = try databases.registry(mapsDatabase: false)
        let mapped = try databases.registry(mapsDatabase: true)
        try #require(mapped.mapped != nil)
        var extensions: Set<String> = ["xyz-unknown", "tar.gz", "C", "H", "Z", "PNG", "jpeg", "mp4", "m4v", "txt",
                                       "dkboard", "dknote", "dkcode", "csource", "dkpng", "dkwave", "wav"]
        for record in full.base.allRecords { extensions.formUnion(record.tags[.filenameExtension] ?? []) }
        #expect(extensions.count > 500)
        for tag in extensions.sorted() {
            for spelling in [tag, tag.uppercased()] {
                for supertype in Self.supertypes {
                    let fullAnswer = full.record(tag: spelling, tagClass: .filenameExtension,
                                                 conformingTo: full.knownRecord(forIdentifier: supertype)!)
                    let mappedAnswer = mapped.record(tag: spelling, tagClass: .filenameExtension,
                                                     conformingTo: mapped.knownRecord(forIdentifier: supertype)!)
                    #expect(mappedAnswer?.identifier == fullAnswer?.identifier, "*.\(spelling) conforming to \(supertype)")
                }
            }
            if let key = TagSyntax.indexKey(tag, tagClass: .filenameExtension) {
                #expect(mapped.baseRecords(for: key, tagClass: .filenameExtension).map(\.identifier)
                        == full.baseRecords(for: key, tagClass: .filenameExtension).map(\.identifier), "records carrying .\(key)")
            }
        }
        #expect(!mapped.hasBuiltFullTable, "extensions are answered from the cache's glob tree")
    }

    /// File names made from every glob of the database (a literal as it
    /// is, a `*suffix` after a name, the wildcard patterns filled in), each
    /// in three spellings, and a few names no glob matches: the registry
    /// answers them from the mapped database and the `globs2` files alone,
    /// as the full table does, type and reason alike.
    @Test(arguments: Databases.allCases)
    func everyFileNameGetsTheFullTablesAnswer(_ databases: Databases) throws {
        let full = try databases.registry(mapsDatabase: false)
        let mapped = try databases.registry(mapsDatabase: true)
        try #require(mapped.mapped != nil)
        var names: Set<String> = ["Makefile", "makefile", "README", "readme.md", "backup.tar.gz", "BACKUP.TAR.GZ", "main.c", "MAIN.C",
                                  "main.C", "a.Gs", "core", "CORE", "libz.so.1", "page.1", "sconscript.py", "001.vdr", "x.anim3",
                                  "noextension", ".hidden", "thing.qqqy", "trailing.", "über.txt", "ÜBER.TXT", "box.dkboard"]
        for glob in full.base.tagSource.globs.globs {
            let pattern = glob.pattern
            if pattern.hasPrefix("*") && !pattern.dropFirst().contains(where: { "*?[".contains($0) }) {
                names.insert("file" + pattern.dropFirst())
            } else if !pattern.contains(where: { "*?[".contains($0) }) {
                names.insert(pattern)
            } else {
                // A wildcard pattern filled in: `*` as "x", `?` and a set as a digit.
                var name = ""
                var inSet = false
                for character in pattern {
                    if inSet { if character == "]" { inSet = false; name += "1" }; continue }
                    switch character {
                    case "*": name += "x"
                    case "?": name += "1"
                    case "[": inSet = true
                    default: name.append(character)
                    }
                }
                names.insert(name)
            }
        }
        #expect(names.count > 1000)
        for name in names.sorted() {
            for spelling in [name, name.uppercased(), name.lowercased()] {
                let fullAnswer = full.recordForFileName(spelling)
                let mappedAnswer = mapped.recordForFileName(spelling)
                #expect(mappedAnswer?.record.identifier == fullAnswer?.record.identifier, "\(spelling)")
                #expect(mappedAnswer?.reason == fullAnswer?.reason, "why \(spelling)")
            }
        }
        #expect(!mapped.hasBuiltFullTable, "file names are answered from the mapped files and globs2")
        #expect(mapped.diagnostics.isEmpty && full.diagnostics.isEmpty)
    }

    /// `UTType.types(tag:tagClass:)` keeps the list it made for a plain tag
    /// and gives it again; with or without it, the list is the general
    /// path's. Asked first, before anything else asks for the tag, the
    /// list is made while the key is answered for the first time.
    @Test func theTypesOfATagAreTheSameWhenAskedAgain() {
        let registry = TypeRegistry.shared
        for (tag, tagClass) in [("text/x-csrc", UTTagClass.mimeType), ("IMAGE/PNG", .mimeType), ("application/x-zip-compressed", .mimeType),
                                ("text/x-unknown-thing", .mimeType), ("c", .filenameExtension), ("M4V", .filenameExtension),
                                ("tar.gz", .filenameExtension), ("text/plain;charset=utf-8", .mimeType),
                                ("Application/Vnd.Oasis.Opendocument.Spreadsheet", .mimeType), ("text/x-makefile", .mimeType),
                                ("Audio/X-Unknown-Listed-Once", .mimeType), ("ODS", .filenameExtension), ("flac", .filenameExtension)] {
            let first = UTType.types(tag: tag, tagClass: tagClass).map(\.identifier)
            let general = registry.knownRecords(tag: tag, tagClass: tagClass, conformingTo: nil).map(\.identifier)
            #expect(first == general, "\(tag), asked first")
            for _ in 0..<3 {
                #expect(UTType.types(tag: tag, tagClass: tagClass).map(\.identifier) == general, "\(tag)")
            }
            let images = registry.knownRecords(tag: tag, tagClass: tagClass, conformingTo: UTType.image.record).map(\.identifier)
            #expect(UTType.types(tag: tag, tagClass: tagClass, conformingTo: .image).map(\.identifier) == images, "\(tag) as an image")
        }
    }

    /// Lists of types and identifiers asked for from many threads at once,
    /// the first time and after: every thread gets the same answers.
    @Test func listsAndIdentifiersFromManyThreadsAgree() async {
        let tags = ["video/mp4", "application/x-shellscript", "text/x-python3", "image/svg+xml", "AUDIO/AMR-WB"]
        let identifiers = ["public.mpeg-4", "org.freedesktop.mime.application.x-shellscript", "public.svg-image", "PUBLIC.PNG",
                           "org.freedesktop.mime.audio.amr-wb", "com.example.nobody"]
        let answers = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var seen: [String] = []
                    for _ in 0..<3 {
                        for tag in tags { seen.append(UTType.types(tag: tag, tagClass: .mimeType).map(\.identifier).joined(separator: ",")) }
                        for identifier in identifiers { seen.append(UTType(identifier).map { "\($0.identifier) \($0.isDeclared)" } ?? "nil") }
                    }
                    return seen
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(answers).count == 1, "every thread saw the same answers")
        let general = tags.map { tag in
            TypeRegistry.shared.knownRecords(tag: tag, tagClass: .mimeType, conformingTo: nil).map(\.identifier).joined(separator: ",")
        }
        #expect(Array(answers.first?.prefix(tags.count) ?? []) == general)
    }

    /// A MIME type a drag source makes up is its dynamic type: the same
    /// record each time and in any case, kept with the key the mapped
    /// database remembers as carried by nothing, so asking again is a hash
    /// probe with no lock. Another supertype gets a dynamic type of its
    /// own, and a declaration carrying the tag takes it over.
    @Test func aMadeUpMIMETypeIsTheSameDynamicTypeEachTime() throws {
        let registry = Self.desktopRegistry(mapsDatabase: true)
        let tag = "chromium/x-renderer-taint"
        let first = try #require(registry.record(tag: tag, tagClass: .mimeType, conformingTo: registry.data))
        #expect(first.isDynamicRecord && first.conforms(to: registry.data))
        var folded = tag
        let memo = try #require(registry.mapped).memo
        let remembered = folded.withUTF8 { bytes in
            memo.lookup(bytes, hash: FoldedWords.hash(foldingASCII: bytes)!)?.takeUnretainedValue().dynamicRecordOfData()
        }
        #expect(remembered === first, "kept with the remembered key")
        for asked in [tag, "Chromium/X-Renderer-Taint", tag] {
            #expect(registry.record(tag: asked, tagClass: .mimeType, conformingTo: registry.data) === first, "\(asked)")
        }
        let image = try #require(registry.knownRecord(forIdentifier: "public.image"))
        let asImage = try #require(registry.record(tag: tag, tagClass: .mimeType, conformingTo: image))
        #expect(asImage !== first && asImage.conforms(to: image) && asImage.isDynamicRecord)
        #expect(registry.record(tag: tag, tagClass: .mimeType, conformingTo: registry.data) === first)
        let madeUp = try #require(registry.record(tag: "dragkit-made-up", tagClass: .filenameExtension, conformingTo: registry.data))
        #expect(madeUp.isDynamicRecord)
        #expect(registry.record(tag: "DRAGKIT-MADE-UP", tagClass: .filenameExtension, conformingTo: registry.data) === madeUp)
        let domain = uniqueDomain()
        _ = try registry.declare([UTTypeDeclaration(identifier: "\(domain).taint", conformsTo: ["public.data"],
                                                    tags: [.mimeType: [tag]], kind: .exported)])
        #expect(registry.record(tag: tag, tagClass: .mimeType, conformingTo: registry.data)?.identifier == "\(domain).taint",
                "a declaration carrying the tag takes it over")
    }

    /// A record made from the mapped files gets its tags from the full
    /// table; kept after its registry is gone, it still gets them.
    @Test func aRecordKeptAfterItsRegistryStillHasItsTags() throws {
        var registry: TypeRegistry? = Self.desktopRegistry(mapsDatabase: true)
        weak let weakRegistry = registry
        let csource = try #require(registry?.record(tag: "text/x-csrc", tagClass: .mimeType, conformingTo: registry!.data))
        let png = try #require(registry?.knownRecord(forIdentifier: "public.png"))
        #expect(registry?.hasBuiltFullTable == false)
        registry = nil
        #expect(weakRegistry == nil, "records do not keep their registry alive")
        let full = Self.desktopRegistry(mapsDatabase: false)
        #expect(csource.tags == full.record(tag: "text/x-csrc", tagClass: .mimeType, conformingTo: full.data)?.tags)
        #expect(csource.tags[.filenameExtension]?.contains("c") == true)
        #expect(png.tags == full.knownRecord(forIdentifier: "public.png")?.tags)
    }

    @Test func firstQueriesFromManyThreadsGetOneRecordPerType() async throws {
        let registry = Self.desktopRegistry(mapsDatabase: true)
        let tags = ["text/x-csrc", "text/x-c", "application/x-shellscript", "image/svg+xml", "audio/AMR-WB", "inode/directory",
                    "application/vnd.ms-excel.sheet.macroenabled.12", "text/x-python3", "application/zip"]
        let answers = await withTaskGroup(of: [ObjectIdentifier].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    tags.map { ObjectIdentifier(registry.record(tag: $0, tagClass: .mimeType, conformingTo: registry.data)!) }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(answers.map { $0.map(\.hashValue) }).count == 1, "every thread got the same records")
    }

    /// A big-endian field of a `mime.cache`.
    static func uint32(_ cache: [UInt8], _ offset: Int) -> Int {
        cache[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }

    /// The damaged cache was reported once, with its file, and every answer
    /// (`alias` and a few others, and every type) is the text files'.
    static func expectReportedOnceAndAnsweredFromTheTextFiles(_ registry: TypeRegistry, _ damaged: MIMEFixture,
                                                             _ textOnly: TypeRegistry, alias: String) {
        let reports = damaged.reports.withLock { $0 }
        #expect(reports.count == 1)
        #expect(reports.first?.problems.contains { $0.file == damaged.path("mime.cache") && $0.message.contains("damaged") } == true)
        for tag in [alias, "text/x-csrc", "text/x-c", "application/zip", "image/x-png"] {
            #expect(registry.record(tag: tag, tagClass: .mimeType, conformingTo: registry.data)?.identifier
                    == textOnly.record(tag: tag, tagClass: .mimeType, conformingTo: textOnly.data)?.identifier, "\(tag)")
        }
        #expect(MIMECacheTests.answers(registry) == MIMECacheTests.answers(textOnly))
        #expect(damaged.reports.withLock { $0.count } == 1, "reported once")
    }

    /// An alias whose canonical type lies outside the file is found when a
    /// lookup reads it (opening reads no list entry): reported once with
    /// the file, and the text files answer.
    @Test func anEntryOutsideTheFileIsFoundWhenReadAndReportedOnce() throws {
        let directory = try #require(MIMECacheTests.desktopDirectory())
        var cache = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/mime.cache")))
        func uint32(_ offset: Int) -> Int { Self.uint32(cache, offset) }
        // The canonical type of alias entry 3 is moved past the end.
        let entry = uint32(4) + 4 + 8 * 3
        let alias = String(decoding: cache[uint32(entry)...].prefix { $0 != 0 }, as: UTF8.self)
        for index in 0..<4 { cache[entry + 4 + index] = 0xFF }
        let damaged = try MIMECacheTests.fixture(cache: cache, from: directory)
        let textOnly = try MIMECacheTests.fixture(cache: nil, from: directory).registry()
        let registry = damaged.registry()
        #expect(registry.mapped != nil, "opening reads the header only")
        #expect(!registry.hasBuiltFullTable && damaged.reports.withLock { $0.isEmpty })
        _ = registry.record(tag: alias, tagClass: .mimeType, conformingTo: registry.data)
        #expect(registry.hasBuiltFullTable, "the offset outside the file sent the query to the full load")
        Self.expectReportedOnceAndAnsweredFromTheTextFiles(registry, damaged, textOnly, alias: alias)
    }

    /// A name a lookup returns is checked when it is read: an alias whose
    /// canonical type is not a MIME type is found when asked for, and then
    /// the full load reports the cache once and the text files answer, for
    /// that alias and every other tag.
    @Test func damageMetLateIsReportedOnceAndTheTextFilesAnswer() throws {
        let directory = try #require(MIMECacheTests.desktopDirectory())
        var cache = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/mime.cache")))
        func uint32(_ offset: Int) -> Int { Self.uint32(cache, offset) }
        func name(at offset: Int) -> String { String(decoding: cache[offset...].prefix { $0 != 0 }, as: UTF8.self) }
        let aliasList = uint32(4)
        // An alias no system type is tagged with, its canonical type made
        // to start after its slash ("x-foo", no longer a MIME type).
        let index = try #require((0..<uint32(aliasList)).first { index in
            SystemTypeIndex.shared.firstOwner(ofMIMEType: name(at: uint32(aliasList + 4 + 8 * index)).lowercased()) == nil
        })
        let entry = aliasList + 4 + 8 * index
        let alias = name(at: uint32(entry))
        let canonical = uint32(entry + 4)
        let slash = try #require(cache[canonical...].firstIndex(of: UInt8(ascii: "/")))
        for (offset, byte) in withUnsafeBytes(of: UInt32(slash + 1).bigEndian, Array.init).enumerated() {
            cache[entry + 4 + offset] = byte
        }
        let damaged = try MIMECacheTests.fixture(cache: cache, from: directory)
        let textOnly = try MIMECacheTests.fixture(cache: nil, from: directory).registry()
        let registry = damaged.registry()
        #expect(registry.mapped != nil, "the structure is sound")
        #expect(registry.record(tag: "image/png", tagClass: .mimeType, conformingTo: registry.data)?.identifier == "public.png")
        #expect(!registry.hasBuiltFullTable && damaged.reports.withLock { $0.isEmpty })

        let answer = registry.record(tag: alias, tagClass: .mimeType, conformingTo: registry.data)
        #expect(answer?.identifier == textOnly.record(tag: alias, tagClass: .mimeType, conformingTo: textOnly.data)?.identifier)
        #expect(registry.hasBuiltFullTable, "the damaged entry sent the query to the full load")
        Self.expectReportedOnceAndAnsweredFromTheTextFiles(registry, damaged, textOnly, alias: alias)
    }

    /// A MIME type a built-in type carries, which no alias renames, is
    /// answered from the caches alone: `types` is mapped only when a
    /// database type is first needed.
    @Test func typesIsMappedOnlyWhenADatabaseTypeIsNeeded() throws {
        let registry = Self.desktopRegistry(mapsDatabase: true)
        let database = try #require(registry.mapped?.database)
        #expect(!database.hasMappedTypes, "opening reads the caches' headers and a stat of types")
        for tag in ["image/png", "text/plain", "application/zip", "text/html", "video/mp4"] {
            #expect(registry.record(tag: tag, tagClass: .mimeType, conformingTo: registry.data)?.origin == .system, "\(tag)")
        }
        #expect(!database.hasMappedTypes && !registry.hasBuiltFullTable)
        let csource = try #require(registry.record(tag: "text/x-csrc", tagClass: .mimeType, conformingTo: registry.data))
        #expect(csource.origin == .freedesktop && database.hasMappedTypes, "a database type numbers by types")
        #expect(registry.record(tag: "application/x-pdf", tagClass: .mimeType, conformingTo: registry.data)?.identifier
                == "com.adobe.pdf", "an alias of a type a built-in type carries")
        #expect(!registry.hasBuiltFullTable)
    }

    /// `types` replaced after the database was opened (a new
    /// `update-mime-database` run) is not the file the caches were checked
    /// against: the full load reads the directory afresh and answers.
    @Test func aTypesFileReplacedAfterOpeningIsReadAfresh() throws {
        let directory = try #require(MIMECacheTests.desktopDirectory())
        let cache = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/mime.cache")))
        let fixture = try MIMECacheTests.fixture(cache: cache, from: directory)
        let textOnly = try MIMECacheTests.fixture(cache: nil, from: directory).registry()
        let registry = fixture.registry()
        #expect(registry.record(tag: "image/png", tagClass: .mimeType, conformingTo: registry.data)?.identifier == "public.png")
        let types = try Data(contentsOf: URL(fileURLWithPath: fixture.path("types")))
        try (types + Data("zz-dragkit/replaced\n".utf8)).write(to: URL(fileURLWithPath: fixture.path("types")))
        for tag in ["text/x-csrc", "text/x-c", "application/x-shellscript"] {
            #expect(registry.record(tag: tag, tagClass: .mimeType, conformingTo: registry.data)?.identifier
                    == textOnly.record(tag: tag, tagClass: .mimeType, conformingTo: textOnly.data)?.identifier, "\(tag)")
        }
        #expect(registry.hasBuiltFullTable, "the changed file sent the query to the full load")
        #expect(registry.knownRecord(forIdentifier: "org.freedesktop.mime.zz-dragkit.replaced") != nil, "the new file was read")
    }

    /// The desktop's files with `types` changed by `edit`, and the
    /// desktop's cache, as a fixture.
    static func desktopFixture(editingTypes edit: ([Substring]) -> [Substring]) throws -> MIMEFixture {
        let directory = try #require(MIMECacheTests.desktopDirectory())
        let cache = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/mime.cache")))
        var files: [String: String] = [:]
        for name in MIMECacheTests.desktopFiles where name != "mime.cache" {
            files[name] = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
        }
        files["types"] = edit(files["types"]!.split(separator: "\n", omittingEmptySubsequences: false)).joined(separator: "\n")
        let fixture = try MIMEFixture(files)
        try Data(cache).write(to: fixture.directory.appendingPathComponent("mime.cache"))
        return fixture
    }

    /// A `types` file with an empty line: types are numbered by where their
    /// lines start, so the line moves no type's number; the mapped table
    /// answers, the same as the full load, which skips the line too and
    /// then shares the mapped table's records.
    @Test func aTypesFileWithAnEmptyLineNumbersEveryTypeAsTheFullLoad() throws {
        let fixture = try Self.desktopFixture { lines in lines[..<100] + [""] + lines[100...] }
        let directory = try #require(MIMECacheTests.desktopDirectory())
        let textOnly = try MIMECacheTests.fixture(cache: nil, from: directory).registry()
        let registry = fixture.registry()
        #expect(registry.mapped != nil, "opening does not read types")
        #expect(registry.record(tag: "image/png", tagClass: .mimeType, conformingTo: registry.data)?.identifier == "public.png")
        let csource = try #require(registry.record(tag: "text/x-csrc", tagClass: .mimeType, conformingTo: registry.data))
        #expect(csource.identifier == textOnly.record(tag: "text/x-csrc", tagClass: .mimeType, conformingTo: textOnly.data)?.identifier)
        #expect(!registry.hasBuiltFullTable)
        #expect(MIMECacheTests.answers(registry) == MIMECacheTests.answers(textOnly))
        #expect(registry.hasBuiltFullTable && registry.usableMapped != nil, "the full load shares the mapped records")
        #expect(registry.base.record(forIdentifier: csource.identifier) === csource, "one record for the type")
    }

    /// A name listed twice in other capitals: the full load keeps the
    /// first spelling, the mapped table finds the lower-case line by its
    /// folded name, so the two list the types differently and do not share
    /// records; from the full load on, its answers are given.
    @Test func aNameRepeatedInOtherCapitalsKeepsTheTablesApart() throws {
        let fixture = try Self.desktopFixture { lines in
            var edited = ["Text/X-DragKit-Mixed"] + lines
            let place = edited.firstIndex { $0 > "text/x-dragkit-mixed" && $0.hasPrefix("text/") } ?? edited.count - 1
            edited.insert("text/x-dragkit-mixed", at: place)
            return edited
        }
        let registry = fixture.registry()
        let mapped = try #require(registry.record(tag: "text/x-dragkit-mixed", tagClass: .mimeType, conformingTo: registry.data))
        #expect(mapped.origin == .freedesktop)
        let full = registry.base
        #expect(registry.usableMapped == nil, "the full load does not share the mapped records")
        #expect(full.record(forDatabaseMIMEType: "text/x-dragkit-mixed")?.tags[.mimeType]?.first == "Text/X-DragKit-Mixed",
                "spelled as first listed")
        #expect(registry.record(tag: "TEXT/X-DRAGKIT-MIXED", tagClass: .mimeType, conformingTo: registry.data)?.identifier
                == full.record(forDatabaseMIMEType: "text/x-dragkit-mixed")?.identifier)
    }

    /// The full table shares the mapped records only when the walk of
    /// `types` meets the full load's list in the same order and spelling:
    /// two lines of one name in other capitals next to each other (a small
    /// database of a user's own) differ in spelling alone.
    @Test func theFullLoadsListMustBeTheMappedListSpelledAlike() throws {
        let directory = try #require(MIMECacheTests.desktopDirectory())
        let cache = try Data(contentsOf: URL(fileURLWithPath: directory + "/mime.cache"))
        func numbers(_ types: String, _ list: [String]) throws -> [Int32]? {
            let fixture = try MIMEFixture(["types": types])
            try cache.write(to: fixture.directory.appendingPathComponent("mime.cache"))
            let database = try #require(MappedMIMEDatabase.open(.directory(fixture.directory.path)))
            return database.typeNumbers(of: list)
        }
        #expect(try numbers("a/b\nc/d\n", ["a/b", "c/d"]) == [0, 1])
        #expect(try numbers("a/b\n\nc/d\n", ["a/b", "c/d"]) == [0, 1], "an empty line moves no number")
        #expect(try numbers("Text/X-Mixed\ntext/x-mixed\n", ["Text/X-Mixed"]) == nil)
        #expect(try numbers("a/b\nc/d\n", ["a/b", "C/D"]) == nil)
        #expect(try numbers("a/b\nc/d\n", ["c/d", "a/b"]) == nil)
        #expect(try numbers("a/b\nc/d\n", ["a/b"]) == nil)
    }

    /// Empty lines where a search of `types` looks first (its middle byte):
    /// the file is not the sorted list the search relies on, so the first
    /// query of a database type is left to the full load.
    @Test func emptyLinesWhereTheSearchLooksAreLeftToTheFullLoad() throws {
        let directory = try #require(MIMECacheTests.desktopDirectory())
        let original = try String(contentsOfFile: directory + "/types", encoding: .utf8)
        let fixture = try Self.desktopFixture { lines in
            // The line that holds the middle byte once the empty lines are in.
            var offset = 0
            var index = 0
            while index < lines.count, offset + lines[index].utf8.count + 1 <= (original.utf8.count + 40) / 2 {
                offset += lines[index].utf8.count + 1
                index += 1
            }
            return lines[..<index] + Array(repeating: "", count: 40) + lines[index...]
        }
        let textOnly = try MIMECacheTests.fixture(cache: nil, from: directory).registry()
        let registry = fixture.registry()
        #expect(registry.record(tag: "image/png", tagClass: .mimeType, conformingTo: registry.data)?.identifier == "public.png")
        #expect(!registry.hasBuiltFullTable)
        #expect(registry.record(tag: "text/x-csrc", tagClass: .mimeType, conformingTo: registry.data)?.identifier
                == textOnly.record(tag: "text/x-csrc", tagClass: .mimeType, conformingTo: textOnly.data)?.identifier)
        #expect(registry.hasBuiltFullTable, "the search met an empty line")
        #expect(MIMECacheTests.answers(registry) == MIMECacheTests.answers(textOnly))
    }

    @Test func aCacheOlderThanTheTextFilesIsNotMapped() throws {
        let directory = try #require(MIMECacheTests.desktopDirectory())
        let cache = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/mime.cache")))
        let fixture = try MIMECacheTests.fixture(cache: cache, from: directory)
        #expect(MappedMIMEDatabase.open(.directory(fixture.directory.path)) != nil)
        let second = try MIMECacheTests.fixture(cache: cache, from: directory)
        let both = MIMEDatabaseLocation(directories: [fixture.directory.path, second.directory.path], isExplicit: false)
        #expect(MappedMIMEDatabase.open(both)?.directories == [fixture.directory.path, second.directory.path])
        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: second.path("mime.cache"))
        #expect(MappedMIMEDatabase.open(both) == nil, "every directory's cache must be current")
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: fixture.path("mime.cache"))
        #expect(MappedMIMEDatabase.open(.directory(fixture.directory.path)) == nil)
        let registry = fixture.registry()
        #expect(registry.mapped == nil && registry.hasBuiltFullTable)
    }

    @Test func anEmptyTypesFileIsLeftToTheFullLoad() throws {
        let directory = try #require(MIMECacheTests.desktopDirectory())
        let cache = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/mime.cache")))
        let fixture = try MIMECacheTests.fixture(cache: cache, from: directory)
        let empty = try MIMEFixture(["types": "", "aliases": "", "subclasses": ""])
        let location = MIMEDatabaseLocation(directories: [empty.directory.path, fixture.directory.path], isExplicit: false)
        #expect(MappedMIMEDatabase.open(location) == nil)
    }

    /// A user database ahead of the desktop's, merged as the full load
    /// merges them: its own types numbered first, the desktop's after but
    /// for those it repeats; its alias meaning wins; parents from both.
    @Test func aUserDatabaseIsMergedAheadOfTheDesktops() throws {
        for databases in [Databases.userAndDesktop, .desktopAndUser] {
            let location = try databases.location()
            let database = try #require(MappedMIMEDatabase.open(location))
            #expect(database.layerCount == 2)
            let full = MIMEDatabase.load(location)
            #expect(full.diagnostics.isEmpty)
            let numbers = try #require(database.typeNumbers(of: full.types), "\(databases): numbered as the full load lists them")
            #expect(numbers.count == full.types.count, "\(databases): types counted once")
            for (index, number) in numbers.enumerated() {
                #expect(database.typeNameString(Int(number)) == full.types[index], "\(databases): type \(index)")
                var name = full.types[index]
                #expect(try name.withUTF8 { try database.typeIndex(UnsafeRawBufferPointer($0)) } == Int(number))
            }
        }
        let registry = try Databases.userAndDesktop.registry(mapsDatabase: true)
        let code = try #require(registry.record(tag: "text/x-c", tagClass: .mimeType, conformingTo: registry.data))
        #expect(code.identifier == "org.freedesktop.mime.text.x-dragkit-code", "the user's alias wins")
        let csource = try #require(registry.record(tag: "text/x-csrc", tagClass: .mimeType, conformingTo: registry.data))
        #expect(csource.conforms(to: code), "a parent from the user database")
        #expect(csource.conforms(to: registry.plainText))
        let note = try #require(registry.record(tag: "TEXT/X-DRAGKIT-NOTE", tagClass: .mimeType, conformingTo: registry.data))
        #expect(note.freedesktopMIMEType == "text/x-dragkit-note")
        let board = try #require(registry.record(tag: "application/x-dk-board", tagClass: .mimeType, conformingTo: registry.data))
        #expect(board.conforms(to: try #require(registry.knownRecord(forIdentifier: "public.json"))))
        let png = try #require(registry.record(tag: "image/x-dragkit-png", tagClass: .mimeType, conformingTo: registry.data))
        #expect(png.identifier == "public.png")
        // audio/wav now names the user's type, which becomes the system type
        // it is Apple's tag of; the desktop's audio/x-wav is left on its own.
        let wave = try #require(registry.record(tag: "audio/x-dragkit-wave", tagClass: .mimeType, conformingTo: registry.data))
        #expect(wave.identifier == "com.microsoft.waveform-audio")
        let desktopWave = try #require(registry.record(tag: "audio/x-wav", tagClass: .mimeType, conformingTo: registry.data))
        #expect(desktopWave.identifier == "org.freedesktop.mime.audio.x-wav")
        let dkcode = try #require(registry.record(tag: "dkcode", tagClass: .filenameExtension, conformingTo: registry.data))
        #expect(dkcode === code)
        #expect(!registry.hasBuiltFullTable, "both databases answered from their mapped files")
    }
}
