import Foundation
import Testing

@Suite("dragkit types mime-package")
struct MIMEPackageCommandTests {
    private func declarationFile(_ json: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("declarations-\(UUID().uuidString.prefix(8)).json")
        try Data(json.utf8).write(to: url)
        return url
    }

    @Test func writesTheDeclarationsAsSharedMIMEInfo() throws {
        let file = try declarationFile("""
            [{"identifier": "com.example.recipe", "conformsTo": "public.json",
              "tags": {"public.mime-type": "application/x-recipe+json", "public.filename-extension": "recipe"},
              "description": "Recipe"}]
            """)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try DragkitProcess.run(["types", "mime-package", file.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("<mime-type type=\"application/x-recipe+json\">"))
        #expect(result.stdout.contains("<sub-class-of type=\"application/json\"/>"))
        #expect(result.stdout.contains("<glob pattern=\"*.recipe\"/>"))

        let output = file.deletingPathExtension().appendingPathExtension("xml")
        defer { try? FileManager.default.removeItem(at: output) }
        let written = try DragkitProcess.run(["types", "mime-package", file.path, "--output", output.path])
        #expect(written.status == 0)
        #expect(try String(contentsOf: output, encoding: .utf8) == result.stdout)
    }

    @Test func aDeclarationWithoutAMIMETypeExitsWithTheReason() throws {
        let file = try declarationFile(#"[{"identifier": "com.example.note", "tags": {"public.filename-extension": "note"}}]"#)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try DragkitProcess.run(["types", "mime-package", file.path])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("com.example.note has no MIME type"))
    }
}
