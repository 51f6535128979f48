import Foundation
import Testing

@Suite("dragkit types: output and exit codes")
struct TypesCommandTests {
    static let jsonKeys: Set<String> = [
        "identifier", "conformsTo", "supertypes", "preferredMIMEType", "mimeTypes",
        "preferredFilenameExtension", "filenameExtensions", "dynamic", "origin",
    ]

    private func object(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    // MARK: - describe

    @Test func describeForAPerson() throws {
        let result = try DragkitProcess.run(["types", "describe", "public.png"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "public.png")
        #expect(lines.contains("  conforms to:  public.image"))
        #expect(lines.contains("  supertypes:   public.image, public.data, public.content, public.item"))
        #expect(lines.contains("  MIME types:   image/png (preferred)"))
        #expect(lines.contains("  extensions:   png (preferred)"))
        #expect(lines.contains("  origin:       system"))
    }

    @Test func describeAsJSON() throws {
        let result = try DragkitProcess.run(["types", "describe", "public.jpeg", "--json"])
        #expect(result.status == 0)
        let json = try object(result.stdout)
        #expect(Set(json.keys) == Self.jsonKeys)
        #expect(json["identifier"] as? String == "public.jpeg")
        #expect(json["conformsTo"] as? [String] == ["public.image"])
        #expect(json["supertypes"] as? [String] == ["public.image", "public.data", "public.content", "public.item"])
        #expect(json["preferredMIMEType"] as? String == "image/jpeg")
        #expect((json["mimeTypes"] as? [String])?.first == "image/jpeg")
        #expect(json["preferredFilenameExtension"] as? String == "jpeg")
        #expect((json["filenameExtensions"] as? [String])?.prefix(3) == ["jpeg", "jpg", "jpe"])
        #expect(json["dynamic"] as? Bool == false)
        #expect(json["origin"] as? String == "system")
        #expect(result.stdout.hasPrefix("{\n  \"identifier\": \"public.jpeg\""), "keys in the documented order")
    }

    @Test func describeByMIMETypeWithParameters() throws {
        let result = try DragkitProcess.run(["types", "describe", "--mime", "text/plain;charset=utf-8", "--json"])
        #expect(result.status == 0)
        let json = try object(result.stdout)
        #expect(json["identifier"] as? String == "public.utf8-plain-text")
        #expect(json["preferredFilenameExtension"] is NSNull, "absent values are null, not missing")
    }

    @Test func describeFreedesktopType() throws {
        let result = try DragkitProcess.run(["types", "describe", "--mime", "text/x-csrc", "--json"])
        #expect(result.status == 0)
        let json = try object(result.stdout)
        #expect(json["origin"] as? String == "freedesktop")
        #expect(json["conformsTo"] as? [String] == ["public.plain-text", "public.c-source"],
                "the database's text/plain, then Apple's name for C source")
        #expect((json["supertypes"] as? [String])?.contains("public.source-code") == true)
        #expect((json["mimeTypes"] as? [String])?.contains("text/x-c") == true)
    }

    @Test(arguments: [
        ("inode/directory", "public.folder", ["public.directory"]),
        ("image/heic", "public.heic", ["public.heif-standard"]),
        ("image/svg+xml", "public.svg-image", ["public.image"]),
        ("application/x-gzip", "org.gnu.gnu-zip-archive", ["public.data", "public.archive"]),
    ])
    func describeByMIMETypeFindsApplesType(mime: String, identifier: String, parents: [String]) throws {
        let result = try DragkitProcess.run(["types", "describe", "--mime", mime, "--json"])
        #expect(result.status == 0)
        let json = try object(result.stdout)
        #expect(json["identifier"] as? String == identifier)
        #expect(json["conformsTo"] as? [String] == parents)
        #expect(json["origin"] as? String == "system")
        #expect(json["dynamic"] as? Bool == false)
    }

    @Test func describeUnknownExtensionIsDynamic() throws {
        let result = try DragkitProcess.run(["types", "describe", "--ext", "qqqw", "--json"])
        #expect(result.status == 0)
        let json = try object(result.stdout)
        #expect(json["dynamic"] as? Bool == true)
        #expect(json["origin"] as? String == "dynamic")
        #expect(json["conformsTo"] as? [String] == ["public.data"])
        let identifier = try #require(json["identifier"] as? String)
        let again = try DragkitProcess.run(["types", "describe", identifier, "--json"])
        #expect(try object(again.stdout)["filenameExtensions"] as? [String] == ["qqqw"], "the identifier round-trips")
    }

    @Test(arguments: [
        (["types", "describe", "com.example.nobody-declared-this"], "Unknown type identifier 'com.example.nobody-declared-this'"),
        (["types", "describe", "public..png"], "is not a valid type identifier"),
        (["types", "describe", "--mime", "nonsense"], "'nonsense' is not a valid MIME type"),
        (["types", "describe", "--ext", ".png"], "'.png' is not a valid filename extension"),
        (["types", "describe", "--ext", ""], "'' is not a valid filename extension: it is empty"),
        (["types", "describe", "--ext", "p ng"], "without slashes, spaces or control characters"),
    ])
    func describeBadInputExitsTwo(arguments: [String], message: String) throws {
        let result = try DragkitProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test(arguments: [
        ["types", "describe"],
        ["types", "describe", "public.png", "--mime", "image/png"],
    ])
    func describeNeedsExactlyOneSubject(arguments: [String]) throws {
        let result = try DragkitProcess.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains("Give exactly one of an identifier, --mime or --ext."))
    }

    // MARK: - conforms

    @Test(arguments: [
        ("public.png", "public.image", "true", Int32(0)),
        ("PUBLIC.PNG", "public.data", "true", 0),
        ("public.png", "public.png", "true", 0),
        ("org.freedesktop.mime.text.x-csrc", "public.plain-text", "true", 0),
        ("public.image", "public.png", "false", 1),
        ("public.folder", "public.data", "false", 1),
    ])
    func conformsPrintsAndExits(type: String, supertype: String, output: String, status: Int32) throws {
        let result = try DragkitProcess.run(["types", "conforms", type, supertype])
        #expect(result.stdout == output + "\n")
        #expect(result.status == status)
        #expect(result.stderr.isEmpty)
    }

    @Test(arguments: [
        (["public.png", "not valid"], "'not valid' is not a valid type identifier: it contains whitespace."),
        (["", "public.data"], "A type identifier cannot be empty."),
        (["com.example.unknown-type", "public.data"], "Unknown type identifier 'com.example.unknown-type'"),
    ])
    func conformsRefusesBadIdentifiers(arguments: [String], message: String) throws {
        let result = try DragkitProcess.run(["types", "conforms"] + arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    // MARK: - for-file

    @Test func forFileByNameAndByContents() throws {
        let directory = try TemporaryDirectory()
        let picture = try directory.write("picture", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]))
        let byContents = try DragkitProcess.run(["types", "for-file", picture])
        #expect(byContents.status == 0)
        #expect(byContents.stdout.hasPrefix("\(picture): public.png\n"))
        #expect(byContents.stdout.contains("decided by:   contents (magic rule for image/png"))

        let notes = try directory.write("notes.csv", "a,b\n1,2\n")
        let byName = try DragkitProcess.run(["types", "for-file", notes, "--json"])
        #expect(byName.status == 0)
        let json = try object(byName.stdout)
        #expect(json["identifier"] as? String == "public.comma-separated-values-text")
        #expect(json["decidedBy"] as? String == "name")
        #expect(Self.jsonKeys.isSubset(of: Set(json.keys)))

        let nameOnly = try DragkitProcess.run(["types", "for-file", "--name-only", "/nowhere/backup.tar.gz"])
        #expect(nameOnly.status == 0)
        #expect(nameOnly.stdout.contains("application/x-compressed-tar"))
        #expect(nameOnly.stdout.contains("glob *.tar.gz"))
    }

    @Test func forFileOfAMissingFileExitsTwo() throws {
        let result = try DragkitProcess.run(["types", "for-file", "/nowhere/at/all.png"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nowhere/at/all.png: no such file"))
    }

    // MARK: - declarations

    @Test func declarationsFromAFile() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("types.json", """
            [{"identifier": "com.example.cli.recipe", "conformsTo": ["public.json"],
              "tags": {"public.filename-extension": ["recipe"], "public.mime-type": ["application/x-recipe+json"]},
              "description": "Recipe"}]
            """)
        let conforms = try DragkitProcess.run(["types", "conforms", "com.example.cli.recipe", "public.text", "--declarations", file])
        #expect(conforms.stdout == "true\n")
        #expect(conforms.status == 0)
        let described = try DragkitProcess.run(["types", "describe", "--ext", "recipe", "--json", "--declarations", file])
        let json = try object(described.stdout)
        #expect(json["identifier"] as? String == "com.example.cli.recipe")
        #expect(json["origin"] as? String == "declared")
        #expect(json["preferredMIMEType"] as? String == "application/x-recipe+json")
    }

    @Test func refusedDeclarationFileExitsTwoAndNamesTheProblem() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("types.json", #"[{"identifier": "com.example.cli.a", "conformsTo": ["com.example.cli.missing"]}]"#)
        let result = try DragkitProcess.run(["types", "conforms", "com.example.cli.a", "public.data", "--declarations", file])
        #expect(result.status == 2)
        #expect(result.stderr.contains(file))
        #expect(result.stderr.contains("com.example.cli.a conforms to com.example.cli.missing, which is not a known type"))
    }

    // MARK: - the MIME database

    @Test func corruptDatabaseIsReportedWithFileAndLineAndTheToolGoesOn() throws {
        let directory = try TemporaryDirectory()
        try directory.write("types", "text/plain\ntext/x-recipe\nthis is not a type\n")
        try directory.write("subclasses", "")
        try directory.write("aliases", "")
        try directory.write("globs2", "50:text/x-recipe:*.recipe\n")
        let result = try DragkitProcess.run(["types", "describe", "--ext", "recipe"],
                                            environment: ["DRAGKIT_MIME_DIR": directory.url.path])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("org.freedesktop.mime.text.x-recipe\n"))
        #expect(result.stderr.contains("\(directory.url.path)/types:3: expected a MIME type"))
        #expect(result.stderr.components(separatedBy: "types:3").count == 2, "said once")
    }

    @Test func missingDatabaseIsReportedAndBuiltInTypesWork() throws {
        let result = try DragkitProcess.run(["types", "conforms", "public.png", "public.image"],
                                            environment: ["DRAGKIT_MIME_DIR": "/nonexistent/mime"])
        #expect(result.status == 0)
        #expect(result.stdout == "true\n")
        #expect(result.stderr.contains("/nonexistent/mime/types: cannot read the shared MIME database"))
    }

    @Test func helpListsTheTypesCommands() throws {
        let root = try DragkitProcess.run(["--help"])
        #expect(root.status == 0)
        #expect(root.stdout.contains("types"))
        let types = try DragkitProcess.run(["types", "--help"])
        for command in ["describe", "conforms", "for-file"] {
            #expect(types.stdout.contains(command))
        }
    }
}
