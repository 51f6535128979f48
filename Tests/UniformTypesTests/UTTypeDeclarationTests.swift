import Foundation
import Testing
@testable import UniformTypes

@Suite("Declared types and every refusal")
struct UTTypeDeclarationTests {
    @Test func exportedTypeInCode() throws {
        let domain = uniqueDomain()
        let recipe = UTType(exportedAs: "\(domain).recipe", conformingTo: .json)
        #expect(recipe.isDeclared)
        #expect(recipe.isExported)
        #expect(recipe.origin == .declared)
        #expect(recipe.conforms(to: .json))
        #expect(recipe.conforms(to: .text))
        #expect(UTType("\(domain).RECIPE") == recipe)
        #expect(UTType("\(domain).recipe")?.conforms(to: .json) == true, "looked up by identifier later")
        #expect(UTType(exportedAs: "\(domain).recipe", conformingTo: .json) == recipe, "declaring again changes nothing")
        #expect(UTType(exportedAs: "\(domain).recipe") == recipe)
    }

    @Test func declarationsCarryTheirTags() throws {
        let domain = uniqueDomain()
        let card = try UTType.declare(UTTypeDeclaration(
            identifier: "\(domain).card",
            conformsTo: ["public.vcard"],
            tags: [.mimeType: ["Application/X-Test-Card-\(domain.suffix(8))"], .filenameExtension: ["TCard\(domain.suffix(8))"]],
            description: "Test card"))
        #expect(card.preferredMIMEType == "application/x-test-card-\(domain.suffix(8))")
        #expect(card.preferredFilenameExtension == "tcard\(domain.suffix(8))")
        #expect(card.localizedDescription == "Test card")
        #expect(UTType(mimeType: "application/x-test-card-\(domain.suffix(8))") == card)
        #expect(UTType(filenameExtension: "tcard\(domain.suffix(8))") == card)
        #expect(UTType(fileName: "me.tcard\(domain.suffix(8))") == card)
        #expect(card.conforms(to: .contact))
    }

    @Test func declarationFileWithParentsInAnyOrder() throws {
        let domain = uniqueDomain()
        let json = """
            [
              {"identifier": "\(domain).child", "conformsTo": ["\(domain).base", "public.image"],
               "tags": {"public.filename-extension": ["kid\(domain.suffix(8))"]}, "description": "Child"},
              {"identifier": "\(domain).base", "conformsTo": "public.data", "kind": "exported"},
              {"identifier": "\(domain).other", "kind": "imported"}
            ]
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(domain).json")
        try Data(json.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let types = try UTType.declare(contentsOf: url)
        #expect(types.map(\.identifier) == ["\(domain).child", "\(domain).base", "\(domain).other"])
        #expect(types[0].conforms(to: types[1]))
        #expect(types[0].conforms(to: .image))
        #expect(types[0].directSupertypes == [types[1], .image])
        #expect(types[2].conforms(to: .data), "conformsTo defaults to public.data")
        #expect(!types[2].isExported)
        #expect(types[2].isDeclared)
    }

    @Test func exportedWinsOverImported() throws {
        let domain = uniqueDomain()
        let imported = UTType(importedAs: "\(domain).doc", conformingTo: .text)
        #expect(imported.conforms(to: .text))
        #expect(!imported.isExported)
        let child = UTType(exportedAs: "\(domain).child", conformingTo: imported)

        let exported = UTType(exportedAs: "\(domain).doc", conformingTo: .image)
        #expect(exported.isExported)
        #expect(exported.conforms(to: .image))
        #expect(!exported.conforms(to: .text))
        #expect(exported == imported, "the same identifier")
        #expect(UTType("\(domain).child")?.conforms(to: .image) == true, "dependants follow the exported declaration")
        #expect(child.conforms(to: exported))

        let importedAgain = UTType(importedAs: "\(domain).doc", conformingTo: .text)
        #expect(importedAgain.isExported, "an import after the export changes nothing")
        #expect(!importedAgain.conforms(to: .text))
        #expect(try UTType.declare(UTTypeDeclaration(identifier: "\(domain).doc", conformsTo: ["public.text"], kind: .imported)) == exported)
    }

    @Test func unknownParentIsRefused() throws {
        let domain = uniqueDomain()
        let error = try #require(throws: UTTypeError.self) {
            try UTType.declare(UTTypeDeclaration(identifier: "\(domain).doc", conformsTo: ["\(domain).missing"]))
        }
        #expect(error.code == .unknownParent)
        #expect(error.description.contains("\(domain).doc conforms to \(domain).missing"))
        #expect(UTType("\(domain).doc")?.isDeclared == false, "nothing was declared")
    }

    @Test func cycleIsRefusedWithItsPath() throws {
        let domain = uniqueDomain()
        let error = try #require(throws: UTTypeError.self) {
            try UTType.declare([
                UTTypeDeclaration(identifier: "\(domain).a", conformsTo: ["\(domain).b"]),
                UTTypeDeclaration(identifier: "\(domain).b", conformsTo: ["\(domain).c"]),
                UTTypeDeclaration(identifier: "\(domain).c", conformsTo: ["\(domain).a", "public.data"]),
            ])
        }
        #expect(error.code == .conformanceCycle)
        #expect(error.description.contains("\(domain).a -> \(domain).b -> \(domain).c -> \(domain).a"))
        #expect(UTType("\(domain).a")?.isDeclared == false, "all or nothing")
        #expect(UTType("\(domain).b")?.isDeclared == false)
    }

    @Test func selfConformanceIsACycle() throws {
        let domain = uniqueDomain()
        let error = try #require(throws: UTTypeError.self) {
            try UTType.declare(UTTypeDeclaration(identifier: "\(domain).loop", conformsTo: ["\(domain).LOOP"]))
        }
        #expect(error.code == .conformanceCycle)
    }

    @Test func cycleThroughAReplacementIsRefused() throws {
        let domain = uniqueDomain()
        try UTType.declare(UTTypeDeclaration(identifier: "\(domain).a", kind: .imported))
        try UTType.declare(UTTypeDeclaration(identifier: "\(domain).b", conformsTo: ["\(domain).a"]))
        let error = try #require(throws: UTTypeError.self) {
            try UTType.declare(UTTypeDeclaration(identifier: "\(domain).a", conformsTo: ["\(domain).b"], kind: .exported))
        }
        #expect(error.code == .conformanceCycle)
        #expect(UTType("\(domain).a")?.isExported == false, "the imported declaration stays")
    }

    @Test func conflictingRedeclarationIsRefused() throws {
        let domain = uniqueDomain()
        let first = try UTType.declare(UTTypeDeclaration(identifier: "\(domain).doc", conformsTo: ["public.json"]))
        let error = try #require(throws: UTTypeError.self) {
            try UTType.declare(UTTypeDeclaration(identifier: "\(domain).doc", conformsTo: ["public.xml"]))
        }
        #expect(error.code == .conflictingDeclaration)
        #expect(error.description.contains("\(domain).doc is already declared (exported) conforming to public.json"))
        #expect(error.description.contains("public.xml"))
        #expect(UTType("\(domain).doc")?.conforms(to: .json) == true, "the first declaration stays")
        #expect(try UTType.declare(UTTypeDeclaration(identifier: "\(domain).DOC", conformsTo: ["PUBLIC.JSON"])) == first,
                "an identical declaration is accepted")
    }

    @Test func conflictInsideOneBatchIsRefused() throws {
        let domain = uniqueDomain()
        let error = try #require(throws: UTTypeError.self) {
            try UTType.declare([
                UTTypeDeclaration(identifier: "\(domain).doc", tags: [.filenameExtension: ["one"]]),
                UTTypeDeclaration(identifier: "\(domain).doc", tags: [.filenameExtension: ["two"]]),
            ])
        }
        #expect(error.code == .conflictingDeclaration)
        #expect(error.description.contains("earlier in the same batch"))
    }

    @Test func systemTypesCannotBeExported() throws {
        let error = try #require(throws: UTTypeError.self) {
            try UTType.declare(UTTypeDeclaration(identifier: "public.png", conformsTo: ["public.data"]))
        }
        #expect(error.code == .conflictingDeclaration)
        #expect(error.description.contains("public.png is a system type"))
        #expect(UTType.png.directSupertypes == [.image])
        #expect(try UTType.declare(UTTypeDeclaration(identifier: "public.png", kind: .imported)) == .png,
                "importing a system type is harmless")
        let databaseType = try #require(UTType(mimeType: "text/x-csrc"))
        #expect(throws: UTTypeError.self) {
            try UTType.declare(UTTypeDeclaration(identifier: databaseType.identifier))
        }
    }

    @Test func refusedCodeDeclarationIsReportedNotFatal() {
        let before = UTType.diagnostics.count
        let png = UTType(exportedAs: "public.png", conformingTo: .audio)
        #expect(png == .png)
        #expect(!png.conforms(to: .audio))
        let after = UTType.diagnostics
        #expect(after.count > before)
        #expect(after.last?.message.contains("public.png is a system type") == true)
    }

    @Test(arguments: [
        ("", UTTypeError.Code.invalidIdentifier),
        ("has space", .invalidIdentifier),
        ("dyn.reserved", .invalidIdentifier),
    ])
    func invalidIdentifiersAreRefused(identifier: String, code: UTTypeError.Code) throws {
        let error = try #require(throws: UTTypeError.self) {
            try UTType.declare(UTTypeDeclaration(identifier: identifier))
        }
        #expect(error.code == code)
    }

    @Test func invalidParentAndTagsAreRefused() throws {
        let domain = uniqueDomain()
        let parent = try #require(throws: UTTypeError.self) {
            try UTType.declare(UTTypeDeclaration(identifier: "\(domain).a", conformsTo: ["public..data"]))
        }
        #expect(parent.code == .invalidIdentifier)
        #expect(parent.description.contains("\(domain).a conforms to an invalid identifier"))
        let mime = try #require(throws: UTTypeError.self) {
            try UTType.declare(UTTypeDeclaration(identifier: "\(domain).b", tags: [.mimeType: ["not-a-mime-type"]]))
        }
        #expect(mime.code == .invalidTag)
        #expect(mime.description.contains("'not-a-mime-type' is not a valid MIME type"))
        let ext = try #require(throws: UTTypeError.self) {
            try UTType.declare(UTTypeDeclaration(identifier: "\(domain).c", tags: [.filenameExtension: [".dot"]]))
        }
        #expect(ext.code == .invalidTag)
        #expect(ext.description.contains("without the leading dot"))
    }

    @Test(arguments: [
        ("{}", "expected a JSON array of type declarations"),
        ("[1]", "entry 1 should be an object"),
        ("[{\"conformsTo\": [\"public.data\"]}]", "entry 1 has no \"identifier\""),
        ("[{\"identifier\": \"com.x.y\", \"kind\": \"export\"}]", "expected \"exported\" or \"imported\", found \"export\""),
        ("[{\"identifier\": \"com.x.y\", \"conformTo\": \"public.text\"}]", "unknown key \"conformTo\""),
        ("[{\"identifier\": \"com.x.y\", \"tags\": {\"public.mime-type\": 3}}]", "expected a tag or an array of tags"),
        ("[{\"identifier\": 7}]", "entry 1.identifier should be a string"),
        ("[{\"identifier\": \"com.x.y\",]", "not valid JSON"),
    ])
    func malformedDeclarationFilesSayWhatIsWrong(json: String, message: String) throws {
        let error = try #require(throws: UTTypeError.self) {
            try UTTypeDeclaration.decode(Data(json.utf8), source: "types.json")
        }
        #expect(error.code == .malformedDeclarationFile)
        #expect(error.description.hasPrefix("types.json: "))
        #expect(error.description.contains(message), "\(error.description)")
    }

    @Test func missingDeclarationFileIsReported() throws {
        let error = try #require(throws: UTTypeError.self) {
            try UTType.declare(contentsOf: URL(fileURLWithPath: "/nonexistent/types.json"))
        }
        #expect(error.code == .malformedDeclarationFile)
        #expect(error.description.contains("/nonexistent/types.json: no such file"), "\(error.description)")
    }

    @Test func declarationFilesAreReadOnlyFromThisMachine() throws {
        let error = try #require(throws: UTTypeError.self) {
            try UTType.declare(contentsOf: try #require(URL(string: "https://example.com/types.json")))
        }
        #expect(error.code == .malformedDeclarationFile)
        #expect(error.description.contains("https://example.com/types.json: only local files are read"), "\(error.description)")
    }

    @Test func refusalFromAFileNamesTheFile() throws {
        let domain = uniqueDomain()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(domain).json")
        try Data(#"[{"identifier": "\#(domain).x", "conformsTo": ["\#(domain).nope"]}]"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let error = try #require(throws: UTTypeError.self) { try UTType.declare(contentsOf: url) }
        #expect(error.code == .unknownParent)
        #expect(error.description.hasPrefix(url.path + ": "))
    }

    @Test func declarationCodableRoundTrip() throws {
        let declaration = UTTypeDeclaration(identifier: "com.example.round", conformsTo: ["public.json"],
                                            tags: [.mimeType: ["application/x-round"]], description: "Round", kind: .imported)
        let data = try JSONEncoder().encode([declaration])
        #expect(try UTTypeDeclaration.decode(data) == [declaration])
    }
}
