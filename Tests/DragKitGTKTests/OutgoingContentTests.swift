import Foundation
import ItemProviders
import Synchronization
import Testing
import UniformTypes
@testable import DragKitGTK

/// A document exported as a file, for file representations made by
/// Transferable.
private struct Report: Transferable {
    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(exportedContentType: .pdf) { _ in
            SentTransferredFile(URL(fileURLWithPath: "/nonexistent/report.pdf"))
        }
    }
}

/// Counts handler runs from any thread.
private final class RunCounter: Sendable {
    private let value = Mutex(0)
    func increment() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}

@Suite("What a DragKit drag offers other processes")
@MainActor
struct OutgoingContentTests {
    private let companion = MIMETypeMapping.byteCountMIMEType(for:)

    private func offeredMIMETypes(_ provider: ItemProvider) -> [String] {
        OutgoingContent.make(for: [provider], restricted: false) { _ in }.formats.mimeTypes
    }

    @Test("A provider made from a file is a file, so file managers get text/uri-list")
    func fileProvider() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dragkit-gtk-tests-\(getpid()).png")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let provider = try #require(ItemProvider(contentsOf: url))
        #expect(OutgoingContent.isFile(provider))
        #expect(offeredMIMETypes(provider) == ["image/png", "text/uri-list", companion("image/png")])
    }

    @Test("A Transferable's file representation is offered as text/uri-list")
    func transferableFile() {
        let provider = ItemProvider(transferable: Report())
        #expect(OutgoingContent.isFile(provider))
        #expect(offeredMIMETypes(provider).contains("text/uri-list"))
    }

    @Test("Text is not offered as a file")
    func textProvider() {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .utf8PlainText) { Data("hi".utf8) }
        #expect(!OutgoingContent.isFile(provider))
        #expect(!offeredMIMETypes(provider).contains("text/uri-list"))
    }

    @Test("Named image bytes are not a file: only file representations give text/uri-list")
    func namedBytesAreNotAFile() {
        let provider = ItemProvider()
        provider.suggestedName = "Swatch"
        provider.registerDataRepresentation(for: .png) { Data() }
        #expect(!OutgoingContent.isFile(provider))
        #expect(offeredMIMETypes(provider) == ["image/png", companion("image/png")])
    }

    @Test("A file representation kept to this process gives no text/uri-list to others")
    func ownProcessFile() {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .utf8PlainText) { Data("summary".utf8) }
        provider.registerFileRepresentation(for: .pdf, visibility: .ownProcess) { URL(fileURLWithPath: "/nonexistent.pdf") }
        #expect(OutgoingContent.isFile(provider))
        #expect(!OutgoingContent.isFile(provider.view(for: .otherProcess)))
        #expect(!offeredMIMETypes(provider).contains("text/uri-list"))
    }

    @Test("Only representations other processes may see are offered, in fidelity order, then their byte counts")
    func offeredFormats() {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .html) { Data() }
        provider.registerDataRepresentation(for: .utf8PlainText) { Data() }
        provider.registerDataRepresentation(for: .png, visibility: .ownProcess) { Data() }
        #expect(offeredMIMETypes(provider) == [
            "text/html", "text/plain;charset=utf-8", "text/plain",
            companion("text/html"), companion("text/plain;charset=utf-8"), companion("text/plain"),
        ])
    }

    @Test("A drag restricted to its app offers nothing outside it")
    func restricted() {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .utf8PlainText) { Data() }
        let content = OutgoingContent.make(for: [provider], restricted: true) { _ in }
        #expect(content.formats.mimeTypes.isEmpty)
    }

    // MARK: - Producing

    @Test("Reading a type's byte count, then its bytes, runs the handler once and the count matches")
    func byteCountThenBytes() async throws {
        let runs = RunCounter()
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { runs.increment(); return Data(repeating: 7, count: 1000) }
        var events: [ContentProductionEvent] = []
        let production = OutgoingProduction(providers: [provider.view(for: .otherProcess)]) { events.append($0) }

        let count = try await production.produce(companion("image/png"))
        #expect(String(decoding: count, as: UTF8.self) == "1000")
        #expect(events.isEmpty)
        let bytes = try await production.produce("image/png")
        #expect(bytes == Data(repeating: 7, count: 1000))
        #expect(runs.count == 1)
        #expect(events.map(\.mimeType) == ["image/png"])
        #expect(events.first?.byteCount == 1000)

        // Nothing is kept once sent: a later read produces the bytes anew.
        _ = try await production.produce("image/png")
        #expect(runs.count == 2)
    }

    @Test("A failed production is reported and not kept, so a later read tries again")
    func failedProduction() async throws {
        struct Unplugged: Error {}
        let runs = RunCounter()
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) {
            runs.increment()
            if runs.count == 1 { throw Unplugged() }
            return Data([1, 2, 3])
        }
        var events: [ContentProductionEvent] = []
        let production = OutgoingProduction(providers: [provider]) { events.append($0) }

        await #expect(throws: ItemProviderError.self) { try await production.produce(companion("image/png")) }
        #expect(events.isEmpty)
        let bytes = try await production.produce("image/png")
        #expect(bytes == Data([1, 2, 3]))
        #expect(events.map(\.byteCount) == [3])
    }

    @Test("A MIME type the drag does not offer is refused with a clear error")
    func notOffered() async throws {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { Data() }
        let production = OutgoingProduction(providers: [provider]) { _ in }
        let error = try await #require(throws: GtkBackendError.self) { try await production.produce("text/csv") }
        #expect(error.code == .typeNotOffered)
        #expect(error.description.contains("image/png"))
    }
}
