import Foundation
import Testing
@testable import UniformTypes

@Suite("The desktop's shared MIME database")
struct MIMEDatabaseTests {
    // MARK: - The system database (Debian's shared-mime-info)

    @Test func csourceConformsToPlainText() throws {
        let csource = try #require(UTType(mimeType: "text/x-csrc"))
        #expect(csource.origin == .freedesktop)
        #expect(csource.identifier == "org.freedesktop.mime.text.x-csrc")
        #expect(csource.conforms(to: .plainText))
        #expect(csource.conforms(to: .text))
        #expect(csource.conforms(to: .data))
        #expect(csource.isDeclared)
        #expect(csource.localizedDescription?.isEmpty == false)
    }

    @Test func aliasesResolveToTheCanonicalType() throws {
        let alias = try #require(UTType(mimeType: "text/x-c"))
        #expect(alias == UTType(mimeType: "text/x-csrc"))
        #expect(alias.tags[.mimeType]?.contains("text/x-c") == true)
        #expect(UTType(mimeType: "application/x-gzip") == .gzip)
        #expect(UTType(mimeType: "text/xml") == .xml)
    }

    @Test func globsMapExtensions() throws {
        let markdown = try #require(UTType(filenameExtension: "md"))
        #expect(markdown.origin == .freedesktop)
        #expect(markdown.preferredMIMEType == "text/markdown")
        #expect(markdown.conforms(to: .plainText))
        #expect(UTType(filenameExtension: "webm")?.conforms(to: .movie) == true)
        #expect(UTType(fileName: "archive.tar.gz").preferredMIMEType == "application/x-compressed-tar")
        #expect(UTType(fileName: "archive.tar.gz").conforms(to: .gzip))
    }

    @Test func systemTypesGainTheDatabaseTagsButKeepApplesParents() {
        #expect(UTType.folder.preferredMIMEType == "inode/directory")
        #expect(UTType(mimeType: "inode/directory", conformingTo: .item) == .folder)
        #expect(UTType.rtf.tags[.mimeType]?.contains("application/rtf") == true)
        #expect(UTType.xml.tags[.filenameExtension]?.first == "xml")
        #expect(UTType.xml.directSupertypes == [.text], "not the database's text/plain")
        #expect(UTType.png.origin == .system)
    }

    @Test func everyDatabaseTypeHasAType() {
        let registry = TypeRegistry.shared
        #expect(registry.base.database.types.count > 500)
        for mime in registry.base.database.types {
            let record = registry.base.record(forDatabaseMIMEType: mime)
            #expect(record != nil, "\(mime) has no type")
            if let record, !mime.hasPrefix("inode/") {
                #expect(UTType(record: record).conforms(to: .data), "\(mime) is data")
            }
        }
        #expect(registry.base.database.diagnostics.isEmpty, "Debian's database is well formed")
    }

    // MARK: - A database written by the test

    @Test func implicitRulesGiveParents() throws {
        let fixture = try MIMEFixture(MIMEFixture.wellFormed)
        let registry = fixture.registry()
        func type(_ mime: String) throws -> UTType {
            UTType(record: try #require(registry.base.record(forDatabaseMIMEType: mime), "\(mime)"))
        }
        let recipe = try type("text/x-recipe")
        #expect(recipe.directSupertypes == [.plainText], "every text/* is text/plain")
        let widget = try type("application/x-widget")
        #expect(widget.directSupertypes == [.data], "everything but inode/* is application/octet-stream")
        let pack = try type("application/x-widget-pack")
        #expect(pack.directSupertypes == [widget], "the explicit parent already leads to public.data")
        #expect(pack.conforms(to: .data))
        let sketch = try type("image/x-sketch")
        #expect(sketch.conforms(to: .image))
        #expect(try type("audio/x-chirp").conforms(to: .audio))
        let weird = try type("inode/x-weird")
        #expect(weird.conforms(to: .item))
        #expect(!weird.conforms(to: .data), "inode/* is not data")
        #expect(try type("inode/directory") == .folder)
        #expect(try type("image/png") == .png)
        #expect(fixture.reports.withLock { $0.isEmpty })
    }

    @Test func aliasesAndGlobsBecomeTags() throws {
        let fixture = try MIMEFixture(MIMEFixture.wellFormed)
        let registry = fixture.registry()
        let widget = try #require(registry.knownRecords(tag: "application/x-gadget", tagClass: .mimeType, conformingTo: nil).first)
        #expect(widget.identifier == "org.freedesktop.mime.application.x-widget")
        #expect(widget.tags[.mimeType] == ["application/x-widget", "application/x-gadget"])
        #expect(widget.tags[.filenameExtension] == ["widget"])
        let pack = try #require(registry.knownRecords(tag: "widget.pack", tagClass: .filenameExtension, conformingTo: nil).first)
        #expect(pack.identifier == "org.freedesktop.mime.application.x-widget-pack")
        let png = try #require(registry.knownRecords(tag: "image/x-png", tagClass: .mimeType, conformingTo: nil).first)
        #expect(png.identifier == "public.png")
    }

    @Test func fileNamesFollowTheGlobRules() throws {
        let fixture = try MIMEFixture(MIMEFixture.wellFormed)
        let registry = fixture.registry()
        func name(_ file: String) -> String? { registry.recordForFileName(file)?.record.identifier }
        #expect(name("box.widget") == "org.freedesktop.mime.application.x-widget")
        #expect(name("box.widget.pack") == "org.freedesktop.mime.application.x-widget-pack", "the longer glob wins")
        #expect(name("RECIPE") == "org.freedesktop.mime.text.x-recipe", "a literal name")
        #expect(name("recipe") == nil, "that literal is case-sensitive")
        #expect(name("sketch-01.dat") == "org.freedesktop.mime.image.x-sketch", "a wildcard pattern")
        #expect(name("main.c") == "public.c-source", "a system type wins over a plain *.c glob")
        #expect(name("notes.TXT") == "public.plain-text")
        #expect(name("photo.PNG") == "public.png")
        #expect(name("nothing.here") == nil)
    }

    @Test func descriptionsComeFromThePerTypeFileInTheUsersLanguage() throws {
        var files = MIMEFixture.wellFormed
        files["text/x-recipe.xml"] = """
            <?xml version="1.0" encoding="utf-8"?>
            <mime-type xmlns="http://www.freedesktop.org/standards/shared-mime-info" type="text/x-recipe">
              <comment>recipe &amp; notes</comment>
              <comment xml:lang="de">Rezept</comment>
            </mime-type>
            """
        let fixture = try MIMEFixture(files)
        let english = fixture.registry()
        let german = fixture.registry(languages: ["de_DE", "de"])
        let record = try #require(english.base.record(forDatabaseMIMEType: "text/x-recipe"))
        #expect(english.description(of: record) == "recipe & notes")
        #expect(german.description(of: try #require(german.base.record(forDatabaseMIMEType: "text/x-recipe"))) == "Rezept")
        #expect(english.description(of: try #require(english.base.record(forDatabaseMIMEType: "text/x-csrc"))) == nil)
        #expect(MIMETypeComment.preferredLanguages(["LANG": "de_DE.UTF-8"]) == ["de_DE", "de"])
        #expect(MIMETypeComment.preferredLanguages(["LANG": "C"]).isEmpty)
    }

    // MARK: - Bad databases

    @Test func corruptLinesAreReportedOnceWithFileAndLine() throws {
        var files = MIMEFixture.wellFormed
        files["types"] = "text/plain\nnot a mime type\ntext/x-recipe\n\u{FF}\n"
        files["subclasses"] = "text/x-recipe\ntext/x-recipe text/plain\n"
        files["aliases"] = "text/x-c text/x-csrc extra\n"
        files["globs2"] = "50:text/x-recipe:*.recipe\nheavy:text/x-recipe:*.rcp\n500:text/plain:*.txt\n"
        let fixture = try MIMEFixture(files)
        let registry = fixture.registry()

        let reports = fixture.reports.withLock { $0 }
        #expect(reports.count == 1, "reported once")
        let problems = reports.first?.problems ?? []
        let places = problems.map { "\(URL(fileURLWithPath: $0.file ?? "").lastPathComponent):\($0.line ?? 0)" }
        #expect(places == ["types:2", "types:4", "aliases:1", "subclasses:1", "globs2:2", "globs2:3"])
        #expect(problems[0].file == fixture.path("types"))
        #expect(problems[0].description.hasPrefix(fixture.path("types") + ":2: "))
        #expect(problems[0].message.contains("not a mime type"))
        #expect(problems[4].message.contains("WEIGHT:MIME-TYPE:PATTERN"))
        #expect(registry.diagnostics == problems)

        // What could be read is used.
        let recipe = try #require(registry.knownRecords(tag: "recipe", tagClass: .filenameExtension, conformingTo: nil).first)
        #expect(recipe.identifier == "org.freedesktop.mime.text.x-recipe")
        #expect(UTType(record: recipe).conforms(to: .plainText))
        #expect(registry.base.byIdentifier["public.png"] != nil, "the built-in table is always there")
    }

    @Test func subclassCyclesAndUnknownParentsAreReported() throws {
        var files = MIMEFixture.wellFormed
        files["subclasses"] = """
            application/x-widget application/x-widget-pack
            application/x-widget-pack application/x-widget
            text/x-recipe text/x-nowhere

            """
        let fixture = try MIMEFixture(files)
        let registry = fixture.registry()
        let problems = registry.diagnostics
        #expect(problems.count == 2)
        #expect(problems.contains { $0.line == 3 && $0.message.contains("text/x-nowhere is not a type of the database") })
        let cycle = try #require(problems.first { $0.message.contains("cycle") })
        #expect(cycle.file == fixture.path("subclasses"))
        #expect(cycle.message.contains("application/x-widget -> application/x-widget-pack -> application/x-widget"))
        let widget = try #require(registry.base.record(forDatabaseMIMEType: "application/x-widget"))
        #expect(UTType(record: widget).conforms(to: .data), "the types still exist")
    }

    /// The plain file reader gives a file whole, or its first bytes when
    /// asked for fewer (content sniffing reads only what magic rules need).
    @Test func filesAreReadWholeOrUpToALimit() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dragkit-read-\(UUID().uuidString)")
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try MIMEDatabase.contents(of: url.path) == bytes)
        #expect(try MIMEDatabase.contents(of: url.path, upTo: 4096) == Array(bytes.prefix(4096)))
        #expect(try MIMEDatabase.contents(of: url.path, upTo: 150_000) == Array(bytes.prefix(150_000)))
        #expect(try MIMEDatabase.contents(of: url.path, upTo: 300_000) == bytes)
        #expect(try MIMEDatabase.contents(of: url.path, upTo: 0) == [])
        #expect(throws: MIMEDatabase.ReadError.self) { try MIMEDatabase.contents(of: url.path + "-missing", upTo: 10) }
    }

    /// A pipe gives its bytes as they are written, in short reads: it is
    /// read to its end, where a regular file ends at its first short read.
    @Test func aPipeIsReadToItsEnd() throws {
        let pipe = Pipe()
        let chunks = (0..<8).map { chunk in [UInt8](repeating: UInt8(chunk), count: 10_000) }
        let writer = Thread {
            for chunk in chunks {
                pipe.fileHandleForWriting.write(Data(chunk))
                usleep(2_000)
            }
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        let read = try MIMEDatabase.contents(of: "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)")
        let written = Array(chunks.joined())
        #expect(read.elementsEqual(written), "read \(read.count) of the \(written.count) bytes written")
    }

    @Test func missingDatabaseIsReportedAndBuiltInTypesRemain() throws {
        let fixture = try MIMEFixture([:])
        let registry = fixture.registry()
        let reports = fixture.reports.withLock { $0 }
        #expect(reports.count == 1)
        #expect(reports.first?.heading.contains("only the built-in types") == true)
        let problem = try #require(registry.diagnostics.first)
        #expect(problem.file == fixture.path("types"))
        #expect(problem.message.contains("no such file"))
        #expect(registry.base.byIdentifier["public.png"] != nil)
        #expect(registry.knownRecords(tag: "png", tagClass: .filenameExtension, conformingTo: nil).first?.identifier == "public.png")
        #expect(registry.knownRecords(tag: "text/x-csrc", tagClass: .mimeType, conformingTo: nil).isEmpty)
    }

    @Test func missingSecondaryFilesAreReported() throws {
        let fixture = try MIMEFixture(["types": "text/x-recipe\n"])
        let registry = fixture.registry()
        let files = registry.diagnostics.compactMap { $0.file.map { URL(fileURLWithPath: $0).lastPathComponent } }
        #expect(files == ["aliases", "subclasses", "globs2"])
        #expect(registry.base.record(forDatabaseMIMEType: "text/x-recipe") != nil)
    }

    @Test func xdgSearchOrderAndExplicitDirectory() {
        let explicit = MIMEDatabaseLocation.fromEnvironment(["DRAGKIT_MIME_DIR": "/opt/mime", "XDG_DATA_DIRS": "/x"])
        #expect(explicit.directories == ["/opt/mime"])
        #expect(explicit.isExplicit)
        let xdg = MIMEDatabaseLocation.fromEnvironment(["HOME": "/home/u", "XDG_DATA_DIRS": "/a:/b"])
        #expect(xdg.directories == ["/home/u/.local/share/mime", "/a/mime", "/b/mime"])
        let defaults = MIMEDatabaseLocation.fromEnvironment(["XDG_DATA_HOME": "/d"])
        #expect(defaults.directories == ["/d/mime", "/usr/local/share/mime", "/usr/share/mime"])
    }
}
