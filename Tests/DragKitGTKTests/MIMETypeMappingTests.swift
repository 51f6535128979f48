import Foundation
import Testing
import UniformTypes
@testable import DragKitGTK

@Suite("How DragKit types travel through GTK")
struct MIMETypeMappingTests {
    @Test("UTF-8 text is offered under the names GTK apps read, best first")
    func utf8Text() {
        #expect(MIMETypeMapping.mimeTypes(for: .utf8PlainText) == ["text/plain;charset=utf-8", "text/plain"])
    }

    @Test("Types travel under their preferred MIME type")
    func preferredMIMEType() {
        #expect(MIMETypeMapping.mimeTypes(for: .html) == ["text/html"])
        #expect(MIMETypeMapping.mimeTypes(for: .png) == ["image/png"])
    }

    @Test("File URLs travel as text/uri-list, and come back as file URLs")
    func fileURLs() {
        #expect(MIMETypeMapping.mimeTypes(for: .fileURL) == ["text/uri-list"])
        #expect(MIMETypeMapping.type(forMIMEType: "text/uri-list") == .fileURL)
    }

    @Test("A declared type without a MIME type travels under a private MIME type and comes back exactly")
    func declaredTypeRoundTrip() throws {
        let type = UTType(exportedAs: "org.dragkit.tests.recipe", conformingTo: .data)
        let mimes = MIMETypeMapping.mimeTypes(for: type)
        #expect(mimes == ["application/x-dragkit-type.org.dragkit.tests.recipe"])
        #expect(MIMETypeMapping.type(forMIMEType: try #require(mimes.first)) == type)
    }

    @Test("Offered MIME types are in lower case, and a mixed-case identifier still comes back exactly")
    func lowerCase() throws {
        let type = UTType(exportedAs: "org.dragkit.tests.MixedCaseRecipe", conformingTo: .data)
        let mimes = MIMETypeMapping.mimeTypes(for: type)
        #expect(mimes == ["application/x-dragkit-type.org.dragkit.tests.mixedcaserecipe"])
        #expect(MIMETypeMapping.type(forMIMEType: try #require(mimes.first)) == type)
        let upper = try UTType.declare(UTTypeDeclaration(
            identifier: "org.dragkit.tests.upper-mime", tags: [.mimeType: ["application/X-DragKit-Upper"]]))
        #expect(MIMETypeMapping.mimeTypes(for: upper) == ["application/x-dragkit-upper"])
    }

    @Test("A private MIME type of a type this process does not know still gives a type")
    func unknownPrivateType() {
        let type = MIMETypeMapping.type(forMIMEType: "application/x-dragkit-type.org.elsewhere.unknown")
        #expect(type != nil)
        #expect(type?.conforms(to: .data) == true)
    }

    @Test("X11 text targets are text; the X11 protocol's own targets are skipped")
    func legacyTargets() {
        #expect(MIMETypeMapping.type(forMIMEType: "UTF8_STRING") == .utf8PlainText)
        #expect(MIMETypeMapping.type(forMIMEType: "TARGETS") == nil)
    }

    @Test("Offered MIME types map back to their types")
    func incoming() {
        #expect(MIMETypeMapping.type(forMIMEType: "text/plain;charset=utf-8") == .utf8PlainText)
        #expect(MIMETypeMapping.type(forMIMEType: "text/html") == .html)
    }
}
