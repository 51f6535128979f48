import Foundation
import Testing
import UniformTypes
@testable import ItemProviders

@Suite("Concurrent loads share one handler run")
struct CoalescingTests {
    @Test("1,000 concurrent loads of one representation run its handler once")
    func thousandConcurrentLoads() async throws {
        let runs = Counter()
        let started = Signal()
        let release = Signal()
        let payload = Data((0..<1024).map { UInt8($0 & 0xFF) })
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .utf8PlainText) {
            runs.increment()
            started.fire()
            await release.wait()
            return payload
        }

        try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<1_000 {
                group.addTask { try await provider.loadDataRepresentation(for: .plainText) }
            }
            await started.wait()
            await eventually { provider.waitingRequests == 999 }
            release.fire()
            var delivered = 0
            for try await data in group {
                #expect(data == payload)
                delivered += 1
            }
            #expect(delivered == 1_000)
        }
        #expect(runs.count == 1)

        // The run is over, so the next request runs the handler again.
        release.fire()
        _ = try await provider.loadDataRepresentation(for: .plainText)
        #expect(runs.count == 2)
    }

    @Test("1,000 concurrent loads through different views and types all get their data")
    func mixedConcurrentLoads() async throws {
        let provider = ItemProvider(object: Geocache(name: "Tower", summary: "Old"))
        let outside = provider.view(for: .otherProcess)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<1_000 {
                group.addTask {
                    switch index % 3 {
                    case 0:
                        let name = try await outside.loadObject(ofClass: String.self)
                        #expect(name == "Tower")
                    case 1:
                        let cache = try await provider.loadObject(ofClass: Geocache.self)
                        #expect(cache.name == "Tower")
                    default:
                        let image = try await outside.loadObject(ofClass: BitmapImage.self)
                        #expect(image.pixelHeight == 3)
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    @Test("Concurrent file loads share one copy, which is removed after the last body returns")
    func sharedFileCopy() async throws {
        let runs = Counter()
        let release = Signal()
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) {
            runs.increment()
            await release.wait()
            return Fixtures.png(width: 4, height: 4)
        }
        let urls = try await withThrowingTaskGroup(of: URL.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    try await provider.withFileRepresentation(for: .png) { url throws -> URL in
                        let contents = try Data(contentsOf: url)
                        #expect(contents == Fixtures.png(width: 4, height: 4))
                        return url
                    }
                }
            }
            await eventually { provider.waitingRequests == 49 }
            release.fire()
            return try await group.reduce(into: Set<URL>()) { $0.insert($1) }
        }
        #expect(runs.count == 1)
        #expect(urls.count == 1)
        for url in urls { #expect(!FileManager.default.fileExists(atPath: url.path)) }
    }

    @Test("A shared copy stays while any request is still inside its body")
    func sharedCopyOutlivesEarlyBodies() async throws {
        let release = Signal(), secondInside = Signal(), firstDone = Signal()
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) {
            await release.wait()
            return Fixtures.png(width: 1, height: 1)
        }
        async let first: URL = provider.withFileRepresentation(for: .png) { url in
            await secondInside.wait()
            return url
        }
        async let second: Bool = provider.withFileRepresentation(for: .png) { url in
            secondInside.fire()
            await firstDone.wait()
            return FileManager.default.fileExists(atPath: url.path)
        }
        await eventually { provider.waitingRequests == 1 }
        release.fire()
        let firstURL = try await first
        firstDone.fire()
        #expect(try await second)
        #expect(!FileManager.default.fileExists(atPath: firstURL.path))
    }

    @Test("A handler failure reaches every request that shared the run")
    func sharedFailure() async throws {
        let release = Signal()
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) {
            await release.wait()
            throw SomeHandlerError()
        }
        let codes = await withTaskGroup(of: ItemProviderError.Code?.self) { group in
            for _ in 0..<10 {
                group.addTask { await providerError { _ = try await provider.loadDataRepresentation(for: .png) }?.code }
            }
            await eventually { provider.waitingRequests == 9 }
            release.fire()
            return await group.reduce(into: [ItemProviderError.Code?]()) { $0.append($1) }
        }
        #expect(codes == Array(repeating: .handlerFailed, count: 10))
    }
}
