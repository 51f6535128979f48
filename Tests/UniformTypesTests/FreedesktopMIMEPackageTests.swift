import Foundation
import Testing
import UniformTypes

@Suite("Declarations as a freedesktop shared-mime-info package")
struct FreedesktopMIMEPackageTests {
    static let recipe = UTTypeDeclaration(
        identifier: "com.example.recipe", conformsTo: ["public.json"],
        tags: [.mimeType: ["application/x-recipe+json", "application/vnd.example.recipe"], .filenameExtension: ["recipe", "rcp"]],
        description: "Recipe & notes")

    @Test func aDeclarationBecomesAMIMETypeWithItsParentGlobsAndAliases() throws {
        let package = try FreedesktopMIMEPackage(declarations: [Self.recipe])
        #expect(package.mimeTypes == [.init(
            type: "application/x-recipe+json", comment: "Recipe & notes", parents: ["application/json"],
            globs: ["*.recipe", "*.rcp"], aliases: ["application/vnd.example.recipe"])])
        #expect(package.xml == """
            <?xml version="1.0" encoding="UTF-8"?>
            <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
              <mime-type type="application/x-recipe+json">
                <comment>Recipe &amp; notes</comment>
                <sub-class-of type="application/json"/>
                <glob pattern="*.recipe"/>
                <glob pattern="*.rcp"/>
                <alias type="application/vnd.example.recipe"/>
              </mime-type>
            </mime-info>

            """)
    }

    @Test func declarationsNameEachOtherAsParentsAndPublicDataIsLeftOut() throws {
        let book = UTTypeDeclaration(
            identifier: "com.example.cookbook", conformsTo: ["com.example.recipe", "public.data"],
            tags: [.mimeType: ["application/x-cookbook+json"]])
        let package = try FreedesktopMIMEPackage(declarations: [book, Self.recipe])
        #expect(package.mimeTypes[0].parents == ["application/x-recipe+json"],
                "a sibling parent by its MIME type; public.data is what every type extends anyway")
        #expect(package.mimeTypes[0].comment == "com.example.cookbook", "without a description, the identifier")
        #expect(package.mimeTypes[0].globs.isEmpty)
    }

    @Test func aParentWithoutAMIMETypeIsLeftOut() throws {
        let picture = UTTypeDeclaration(identifier: "com.example.picture", conformsTo: ["public.image"],
                                        tags: [.mimeType: ["image/x-example-picture"]])
        #expect(try FreedesktopMIMEPackage(declarations: [picture]).mimeTypes[0].parents == [])
    }

    // MARK: - Refusals

    @Test func aDeclarationWithoutAMIMETypeIsRefusedWithAdvice() {
        let bare = UTTypeDeclaration(identifier: "com.example.todo.item", conformsTo: ["public.json"],
                                     tags: [.filenameExtension: ["todo"]])
        #expect {
            try FreedesktopMIMEPackage(declarations: [bare])
        } throws: { error in
            let error = error as! UTTypeError
            return error.code == .missingMIMEType
                && error.description.contains("com.example.todo.item has no MIME type")
                && error.description.contains("application/x-todo-item")
        }
    }

    @Test func aMIMETypeWithParametersIsRefused() {
        let text = UTTypeDeclaration(identifier: "com.example.note", conformsTo: ["public.plain-text"],
                                     tags: [.mimeType: ["text/x-note;charset=utf-8"]])
        #expect {
            try FreedesktopMIMEPackage(declarations: [text])
        } throws: { error in
            let error = error as! UTTypeError
            return error.code == .invalidTag && error.description.contains("(text/x-note)")
        }
    }

    @Test func aMalformedTagIsRefused() {
        let broken = UTTypeDeclaration(identifier: "com.example.broken", tags: [.mimeType: ["not a mime type"]])
        #expect(throws: UTTypeError.self) { try FreedesktopMIMEPackage(declarations: [broken]) }
        let dotted = UTTypeDeclaration(identifier: "com.example.dotted", tags: [.mimeType: ["application/x-dotted"],
                                                                               .filenameExtension: [".dot"]])
        #expect {
            try FreedesktopMIMEPackage(declarations: [dotted])
        } throws: { error in
            (error as! UTTypeError).code == .invalidTag && "\(error)".contains("without the leading dot")
        }
    }

    @Test func anUnknownParentIsRefused() {
        let orphan = UTTypeDeclaration(identifier: "com.example.orphan", conformsTo: ["com.example.nowhere"],
                                       tags: [.mimeType: ["application/x-orphan"]])
        #expect {
            try FreedesktopMIMEPackage(declarations: [orphan])
        } throws: { error in
            let error = error as! UTTypeError
            return error.code == .unknownParent && error.description.contains("com.example.nowhere")
        }
    }

    @Test func twoDeclarationsClaimingOneMIMETypeAreRefused() {
        let other = UTTypeDeclaration(identifier: "com.example.other-recipe", conformsTo: ["public.json"],
                                      tags: [.mimeType: ["Application/X-Recipe+JSON"]])
        #expect {
            try FreedesktopMIMEPackage(declarations: [Self.recipe, other])
        } throws: { error in
            let error = error as! UTTypeError
            return error.code == .conflictingDeclaration
                && error.description.contains("com.example.other-recipe and com.example.recipe")
        }
    }

    // MARK: - Through the desktop's tool

    /// The package is what update-mime-database reads: it builds a database
    /// in which the type has its glob, parent and comment.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/update-mime-database"),
                   "needs update-mime-database (Debian package shared-mime-info)"))
    func updateMIMEDatabaseReadsThePackage() throws {
        let dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("mime-package-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: dataHome) }
        let folder = dataHome.appendingPathComponent("mime")
        let packages = folder.appendingPathComponent("packages")
        try FileManager.default.createDirectory(at: packages, withIntermediateDirectories: true)
        try FreedesktopMIMEPackage(declarations: [Self.recipe]).xml
            .write(to: packages.appendingPathComponent("com.example.Recipes.xml"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/update-mime-database")
        process.arguments = [folder.path]
        // In the data folders' search path, as an installer's is (else it
        // notes that programs may not find the database).
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": dataHome.path]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(errorText.isEmpty, "update-mime-database accepts the XML without a complaint: \(errorText)")
        let globs = try String(contentsOf: folder.appendingPathComponent("globs2"), encoding: .utf8)
        #expect(globs.contains("application/x-recipe+json:*.recipe"))
        let subclasses = try String(contentsOf: folder.appendingPathComponent("subclasses"), encoding: .utf8)
        #expect(subclasses.contains("application/x-recipe+json application/json"))
        let aliases = try String(contentsOf: folder.appendingPathComponent("aliases"), encoding: .utf8)
        #expect(aliases.contains("application/vnd.example.recipe application/x-recipe+json"))
    }
}
