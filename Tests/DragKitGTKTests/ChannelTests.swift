import Foundation
import ItemProviders
import Synchronization
import Testing
import UniformTypes
@testable import DragKitGTK

/// Handler runs and cancellations, seen from any thread.
private final class HandlerLog: Sendable {
    private let state = Mutex<(runs: [String], cancelled: Bool)>(([], false))
    func ran(_ name: String) { state.withLock { $0.runs.append(name) } }
    func cancelled() { state.withLock { $0.cancelled = true } }
    var runs: [String] { state.withLock { $0.runs } }
    var sawCancellation: Bool { state.withLock { $0.cancelled } }
}

/// The direct channel between DragKit processes, driven from both ends in
/// one process: the source's ``OutgoingProduction`` behind the process's
/// ``ChannelServer``, and ``ChannelClient`` fetching as a destination would.
@Suite("The direct channel between DragKit processes")
@MainActor
struct ChannelTests {
    private func production(_ providers: [ItemProvider], events: ((ContentProductionEvent) -> Void)? = nil)
        async throws -> (OutgoingProduction, TransferManifest)
    {
        let production = OutgoingProduction(providers: providers) { events?($0) }
        let data = try await production.produce(TransferManifest.mimeType)
        return (production, try #require(try TransferManifest.decode(data)))
    }

    private func request(_ manifest: TransferManifest, item: Int, type: UTType, stall: Duration = .seconds(5)) -> ChannelClient.Request {
        ChannelClient.Request(channel: manifest.channel, token: manifest.token, item: item,
                              typeIdentifier: type.identifier, stallTimeout: stall)
    }

    @Test("Each item's representation is fetched on its own; only the handler read runs, with the byte count as progress")
    func fetchesOneRepresentation() async throws {
        let log = HandlerLog()
        let first = ItemProvider()
        first.registerDataRepresentation(for: .utf8PlainText) { log.ran("first"); return Data("one".utf8) }
        let second = ItemProvider()
        second.registerDataRepresentation(for: .html) { log.ran("second html"); return Data("<b>two</b>".utf8) }
        second.registerDataRepresentation(for: .utf8PlainText) { log.ran("second text"); return Data(repeating: 0x41, count: 3 << 20) }
        var events: [ContentProductionEvent] = []
        let (production, manifest) = try await production([first, second]) { events.append($0) }
        defer { production.finish() }

        let totals = Mutex<[Int64]>([])
        let data = try await ChannelClient.fetch(request(manifest, item: 1, type: .utf8PlainText)) { received, total in
            totals.withLock { $0.append(total) }
        }
        #expect(data == Data(repeating: 0x41, count: 3 << 20))
        #expect(log.runs == ["second text"])
        #expect(totals.withLock { $0 }.allSatisfy { $0 == 3 << 20 })
        try await Task.sleep(for: .milliseconds(100))
        #expect(events.map(\.item) == [1])
        #expect(events.first?.throughChannel == true)
        #expect(events.first?.byteCount == 3 << 20)
    }

    @Test("Where memory files cannot be used, the bytes are streamed, with the same result")
    func streamed() async throws {
        let server = try #require(ChannelServer.shared)
        server.usesMemoryFiles.withLock { $0 = false }
        defer { server.usesMemoryFiles.withLock { $0 = true } }
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { Data(repeating: 0x42, count: (5 << 20) + 3) }
        let (production, manifest) = try await production([provider])
        defer { production.finish() }

        let reports = Mutex(0)
        let data = try await ChannelClient.fetch(request(manifest, item: 0, type: .png)) { _, _ in reports.withLock { $0 += 1 } }
        #expect(data == Data(repeating: 0x42, count: (5 << 20) + 3))
        #expect(reports.withLock { $0 } >= 5)
    }

    @Test("A type the item does not offer, or a failing handler, is refused with the source's reason")
    func refusals() async throws {
        struct Unplugged: Error, CustomStringConvertible { var description: String { "the disk is unplugged" } }
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { throw Unplugged() }
        let (production, manifest) = try await production([provider])
        defer { production.finish() }

        let notOffered = await #expect(throws: ChannelClient.Failure.self) {
            try await ChannelClient.fetch(request(manifest, item: 0, type: .pdf)) { _, _ in }
        }
        guard case .refused(let reason)? = notOffered?.kind else { Issue.record("not refused: \(String(describing: notOffered))"); return }
        #expect(reason.contains("does not offer com.adobe.pdf"))

        let failing = await #expect(throws: ChannelClient.Failure.self) {
            try await ChannelClient.fetch(request(manifest, item: 0, type: .png)) { _, _ in }
        }
        guard case .refused(let why)? = failing?.kind else { Issue.record("not refused"); return }
        #expect(why.contains("the disk is unplugged"))
    }

    @Test("Once the drag is over, its token is refused")
    func finishedDrag() async throws {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { Data([1]) }
        let (production, manifest) = try await production([provider])
        production.finish()

        let failure = await #expect(throws: ChannelClient.Failure.self) {
            try await ChannelClient.fetch(request(manifest, item: 0, type: .png)) { _, _ in }
        }
        guard case .refused(let reason)? = failure?.kind else { Issue.record("not refused"); return }
        #expect(reason.contains("The drag is over"))
    }

    @Test("Cancelling the fetch cancels the source's running handler; a slow handler is not a stall")
    func cancellation() async throws {
        let log = HandlerLog()
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) {
            log.ran("png")
            do {
                try await Task.sleep(for: .seconds(30))
            } catch {
                log.cancelled()
                throw error
            }
            return Data()
        }
        let (production, manifest) = try await production([provider])
        defer { production.finish() }

        // A stall time shorter than the handler's wait: the source's "still
        // producing" lines keep the fetch alive until it is cancelled.
        let fetch = Task { try await ChannelClient.fetch(request(manifest, item: 0, type: .png, stall: .milliseconds(1500))) { _, _ in } }
        try await Task.sleep(for: .milliseconds(2500))
        fetch.cancel()
        let failure = await #expect(throws: ChannelClient.Failure.self) { try await fetch.value }
        #expect(failure?.kind == .cancelled)
        for _ in 0..<50 where !log.sawCancellation {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(log.sawCancellation)
    }

    @Test("A channel nobody listens on is reported as unreachable, so the selection can take over")
    func unreachable() async throws {
        let request = ChannelClient.Request(channel: "dragkit-nobody-\(UUID().uuidString)", token: "x", item: 0,
                                            typeIdentifier: "public.png", stallTimeout: .seconds(1))
        let failure = await #expect(throws: ChannelClient.Failure.self) {
            try await ChannelClient.fetch(request) { _, _ in }
        }
        guard case .unreachable? = failure?.kind else { Issue.record("not unreachable: \(String(describing: failure))"); return }
    }
}
