import Foundation
import Testing
import UniformTypes
@testable import ItemProviders

@Suite("Registration and queries")
struct ItemProviderRegistrationTests {
    @Test("Registered types keep fidelity order across every kind of registration")
    func fidelityOrder() {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { Data() }
        provider.registerFileRepresentation(for: .jpeg) { URL(fileURLWithPath: "/nonexistent.jpg") }
        provider.registerObject(Geocache(name: "Tower", summary: ""))
        provider.register("plain")
        #expect(provider.registeredContentTypes == [.png, .jpeg, Geocache.contentType, .utf8PlainText])
    }

    @Test("An object's writable types become representations in the object's order")
    func objectOrder() {
        let provider = ItemProvider(object: Geocache(name: "Tower", summary: ""))
        #expect(provider.registeredContentTypes == [Geocache.contentType, .png, .utf8PlainText])
    }

    @Test("Conformance queries answer from the registered types")
    func conformanceQueries() {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .json) { Data("{}".utf8) }
        provider.registerDataRepresentation(for: .utf8PlainText) { Data() }
        provider.registerDataRepresentation(for: .png) { Data() }
        #expect(provider.registeredContentTypes(conformingTo: .text) == [.json, .utf8PlainText])
        #expect(provider.registeredContentTypes(conformingTo: .image) == [.png])
        #expect(provider.hasItemConforming(to: .plainText))
        #expect(!provider.hasItemConforming(to: .jpeg))
        #expect(provider.canLoadObject(ofClass: String.self))
        #expect(provider.canLoadObject(ofClass: BitmapImage.self))
        #expect(provider.canLoadObject(ofClass: URL.self))   // URLs are read from plain text too

        let imageOnly = ItemProvider()
        imageOnly.registerDataRepresentation(for: .png) { Data() }
        #expect(!imageOnly.canLoadObject(ofClass: String.self))
        #expect(!imageOnly.canLoadObject(ofClass: URL.self))
    }

    @Test("Open-in-place is a file option only file registrations can meet")
    func openInPlaceOption() {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { Data() }
        provider.registerFileRepresentation(for: .pdfLike, openInPlace: true) { URL(fileURLWithPath: "/x.pdf") }
        #expect(provider.hasRepresentationConforming(to: .png))
        #expect(!provider.hasRepresentationConforming(to: .png, fileOptions: .openInPlace))
        #expect(provider.hasRepresentationConforming(to: .pdfLike, fileOptions: .openInPlace))
    }

    @Test("A type registered twice is listed once, and the first registration serves it")
    func duplicateTypes() async throws {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .utf8PlainText) { Data("first".utf8) }
        provider.registerDataRepresentation(for: .utf8PlainText) { Data("second".utf8) }
        #expect(provider.registeredContentTypes == [.utf8PlainText])
        #expect(try await provider.loadObject(ofClass: String.self) == "first")
    }

    @Test("suggestedName and teamIdentifier can be set and are shared with views")
    func names() {
        let provider = ItemProvider()
        #expect(provider.suggestedName == nil)
        provider.suggestedName = "Tower"
        provider.teamIdentifier = "TEAM1"
        let view = provider.view(for: .otherProcess)
        #expect(view.suggestedName == "Tower")
        #expect(view.teamIdentifier == "TEAM1")
    }

    @Test("A registered name is worked out the first time it is read, through any view, then kept")
    func registeredName() {
        let provider = ItemProvider()
        let runs = Counter()
        provider.registerSuggestedName { runs.increment(); return "Ada Lovelace" }
        provider.registerObject(Geocache(name: "Tower", summary: ""))
        #expect(runs.count == 0)
        #expect(provider.view(for: .otherProcess).suggestedName == "Ada Lovelace")
        #expect(provider.suggestedName == "Ada Lovelace")
        #expect(runs.count == 1)

        // A name set replaces one registered, read or not.
        let renamed = ItemProvider()
        renamed.registerSuggestedName { runs.increment(); return "never" }
        renamed.suggestedName = "Grace Hopper"
        #expect(renamed.suggestedName == "Grace Hopper")
        #expect(runs.count == 1)
    }

    @Test("A provider made from a file takes its type from the extension and its name from the file")
    func contentsOfFile() async throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Report.json")
        try Data(#"{"a":1}"#.utf8).write(to: file)

        let provider = try #require(ItemProvider(contentsOf: file))
        #expect(provider.registeredContentTypes == [.json])
        #expect(provider.suggestedName == "Report")
        #expect(try await provider.loadDataRepresentation(for: .text) == Data(#"{"a":1}"#.utf8))

        #expect(ItemProvider(contentsOf: folder.appendingPathComponent("missing.json")) == nil)
        #expect(ItemProvider(contentsOf: folder) == nil)
        #expect(ItemProvider(contentsOf: URL(string: "https://example.com/a.json")!) == nil)
    }

    @Test("Registering through a view adds to the shared provider")
    func registerThroughView() {
        let provider = ItemProvider()
        let view = provider.view(for: .otherProcess)
        view.registerDataRepresentation(for: .png) { Data() }
        #expect(provider.registeredContentTypes == [.png])
    }
}

extension UTType {
    /// A file type for tests that need one the data types do not cover.
    static let pdfLike = UTType(exportedAs: "com.example.dragkit-tests.document", conformingTo: .data)
}
