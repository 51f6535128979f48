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
    private let manifest = TransferManifest.mimeType

    private func offeredMIMETypes(_ provider: ItemProvider) -> [String] {
        OutgoingContent.make(for: [provider], combined: nil, restricted: false) { _ in }.0.formats.mimeTypes
    }

    @Test("A provider made from a file is a file, so file managers get text/uri-list")
    func fileProvider() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dragkit-gtk-tests-\(getpid()).png")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let provider = try #require(ItemProvider(contentsOf: url))
        #expect(OutgoingContent.isFile(provider))
        #expect(offeredMIMETypes(provider) == ["image/png", "text/uri-list", manifest])
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
        #expect(offeredMIMETypes(provider) == ["image/png", manifest])
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

    @Test("Only representations other processes may see are offered, in fidelity order, then one manifest")
    func offeredFormats() {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .html) { Data() }
        provider.registerDataRepresentation(for: .utf8PlainText) { Data() }
        provider.registerDataRepresentation(for: .png, visibility: .ownProcess) { Data() }
        #expect(offeredMIMETypes(provider) == ["text/html", "text/plain;charset=utf-8", "text/plain", manifest])
    }

    @Test("A type without a MIME type of its own travels in the manifest only, not as a DragKit format per representation")
    func typesWithoutMIMEType() throws {
        let custom = UTType(exportedAs: "org.dragkit.tests.recipe", conformingTo: .data)
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: custom) { Data() }
        provider.registerDataRepresentation(for: .utf8PlainText) { Data() }
        let offered = offeredMIMETypes(provider)
        #expect(offered.filter { $0.hasPrefix("application/x-dragkit") } == [manifest])
        #expect(offered == ["text/plain;charset=utf-8", "text/plain", manifest])
    }

    @Test("Several items: other apps get the first item's formats, or the combined item the app supplies")
    func severalItems() {
        let first = ItemProvider()
        first.registerDataRepresentation(for: .utf8PlainText) { Data("one".utf8) }
        let second = ItemProvider()
        second.registerDataRepresentation(for: .png) { Data() }
        let combined = ItemProvider()
        combined.registerDataRepresentation(for: .html) { Data() }
        let plain = OutgoingContent.make(for: [first, second], combined: nil, restricted: false) { _ in }.0
        #expect(plain.formats.mimeTypes == ["text/plain;charset=utf-8", "text/plain", manifest])
        let merged = OutgoingContent.make(for: [first, second], combined: combined, restricted: false) { _ in }.0
        #expect(merged.formats.mimeTypes == ["text/html", manifest])
    }

    @Test("A drag restricted to its app offers nothing outside it")
    func restricted() {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .utf8PlainText) { Data() }
        let content = OutgoingContent.make(for: [provider], combined: nil, restricted: true) { _ in }.0
        #expect(content.formats.mimeTypes.isEmpty)
    }

    // MARK: - Producing

    @Test("The manifest lists every item with its types and names the channel; reading it runs no handler")
    func manifestListsEveryItem() async throws {
        let runs = RunCounter()
        let first = ItemProvider()
        first.suggestedName = "Ada"
        first.registerDataRepresentation(for: .html) { runs.increment(); return Data() }
        first.registerDataRepresentation(for: .utf8PlainText) { runs.increment(); return Data() }
        let second = ItemProvider()
        second.registerDataRepresentation(for: .png) { runs.increment(); return Data() }
        let production = OutgoingProduction(providers: [first, second]) { _ in }
        defer { production.finish() }

        let data = try await production.produce(manifest)
        let decoded = try #require(try TransferManifest.decode(data))
        #expect(decoded.process == getpid())
        #expect(decoded.channel == ChannelServer.shared?.name)
        #expect(!decoded.token.isEmpty)
        #expect(decoded.items.map(\.name) == ["Ada", nil])
        #expect(decoded.items.map { $0.types.map(\.type) } == [["public.html", "public.utf8-plain-text"], ["public.png"]])
        #expect(decoded.items[0].types.map(\.mime) == ["text/html", "text/plain;charset=utf-8"])
        #expect(decoded.isReachable)
        #expect(runs.count == 0)
    }

    @Test("A drag of more items than a manifest may list has a manifest of the combined item alone")
    func combinedManifestOverItemLimit() async throws {
        func provider(_ name: String) -> ItemProvider {
            let provider = ItemProvider()
            provider.suggestedName = name
            provider.registerDataRepresentation(for: .vCard) { Data() }
            return provider
        }
        let limit = TransferManifest.Limits.maximumItems
        let atLimit = OutgoingProduction(providers: (0..<limit).map { _ in provider("one") }, combined: provider("all")) { _ in }
        defer { atLimit.finish() }
        let overLimit = OutgoingProduction(providers: (0...limit).map { _ in provider("one") }, combined: provider("all")) { _ in }
        defer { overLimit.finish() }
        guard ChannelServer.shared != nil else { return }
        let full = try #require(try TransferManifest.decode(try await atLimit.produce(manifest)))
        #expect(full.items.count == limit)
        let combined = try #require(try TransferManifest.decode(try await overLimit.produce(manifest)))
        #expect(combined.items.map(\.name) == ["all"])
        #expect(combined.items[0].types.map(\.type) == ["public.vcard"])
    }

    @Test("Over a manifest's limit, other apps get a file list only when an item offers them a file; no name is read")
    func fileListOverItemLimit() throws {
        let names = RunCounter()
        func item() -> ItemProvider {
            let provider = ItemProvider()
            provider.registerSuggestedName { names.increment(); return "Ada" }
            provider.registerDataRepresentation(for: .vCard) { Data() }
            provider.registerFileRepresentation(for: .pdf, visibility: .ownProcess) { URL(fileURLWithPath: "/nonexistent/ada.pdf") }
            return provider
        }
        var providers = (0...TransferManifest.Limits.maximumItems).map { _ in item() }
        let (ownOnly, ownOnlyProduction) = OutgoingContent.make(for: providers, combined: nil, restricted: false) { _ in }
        defer { ownOnlyProduction.finish() }
        #expect(!ownOnly.formats.mimeTypes.contains("text/uri-list"))

        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dragkit-gtk-tests-last-\(getpid()).png")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        providers[providers.count - 1] = try #require(ItemProvider(contentsOf: url))
        let (shared, sharedProduction) = OutgoingContent.make(for: providers, combined: nil, restricted: false) { _ in }
        defer { sharedProduction.finish() }
        #expect(shared.formats.mimeTypes.contains("text/uri-list"))
        #expect(names.count == 0)
    }

    @Test("Bytes read through the selection come from the handler each time and are reported")
    func selectionBytes() async throws {
        let runs = RunCounter()
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { runs.increment(); return Data(repeating: 7, count: 1000) }
        var events: [ContentProductionEvent] = []
        let production = OutgoingProduction(providers: [provider.view(for: .otherProcess)]) { events.append($0) }

        let bytes = try await production.produce("image/png")
        #expect(bytes == Data(repeating: 7, count: 1000))
        #expect(runs.count == 1)
        #expect(events.map(\.mimeType) == ["image/png"])
        #expect(events.first?.byteCount == 1000)
        #expect(events.first?.item == 0)
        #expect(events.first?.throughChannel == false)
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

        await #expect(throws: ItemProviderError.self) { try await production.produce("image/png") }
        #expect(events.map(\.byteCount) == [0])
        #expect(events.first?.error != nil)
        let bytes = try await production.produce("image/png")
        #expect(bytes == Data([1, 2, 3]))
        #expect(events.map(\.byteCount) == [0, 3])
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
