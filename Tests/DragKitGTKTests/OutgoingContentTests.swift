import Foundation
import ItemProviders
import Testing
import UniformTypes
@testable import DragKitGTK

@Suite("What a DragKit drag offers other processes")
@MainActor
struct OutgoingContentTests {
    @Test("A provider made from a file is a file, so file managers get text/uri-list")
    func fileProvider() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dragkit-gtk-tests-\(getpid()).png")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let provider = try #require(ItemProvider(contentsOf: url))
        #expect(OutgoingContent.isFile(provider))
    }

    @Test("Text is not offered as a file")
    func textProvider() {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .utf8PlainText) { Data("hi".utf8) }
        #expect(!OutgoingContent.isFile(provider))
    }

    @Test("Only representations other processes may see are offered, in fidelity order")
    func offeredFormats() {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .html) { Data() }
        provider.registerDataRepresentation(for: .utf8PlainText) { Data() }
        provider.registerDataRepresentation(for: .png, visibility: .ownProcess) { Data() }
        let content = OutgoingContent.make(for: [provider], restricted: false) { _ in }
        #expect(content.formats.mimeTypes == ["text/html", "text/plain;charset=utf-8", "text/plain"])
    }

    @Test("A drag restricted to its app offers nothing outside it")
    func restricted() {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .utf8PlainText) { Data() }
        let content = OutgoingContent.make(for: [provider], restricted: true) { _ in }
        #expect(content.formats.mimeTypes.isEmpty)
    }
}
