import Foundation
import Testing
import UniformTypes
@testable import ItemProviders

@Suite("Cancellation")
struct CancellationTests {
    /// A provider whose handler fires `started`, then waits until it is
    /// cancelled and sets `sawCancellation`.
    private func slowProvider() -> (provider: ItemProvider, started: Signal, sawCancellation: Flag) {
        let started = Signal(), sawCancellation = Flag()
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) {
            started.fire()
            do {
                try await Task.sleep(for: .seconds(3600))
            } catch {
                sawCancellation.set()
                throw error
            }
            return Data()
        }
        return (provider, started, sawCancellation)
    }

    @Test("Cancelling the task stops the load mid-way and the handler sees it")
    func cancelTask() async throws {
        let (provider, started, saw) = slowProvider()
        let task = Task { try await provider.loadDataRepresentation(for: .png) }
        await started.wait()
        task.cancel()
        let error = await providerError { _ = try await task.value }
        #expect(error?.code == .cancelled)
        #expect(error?.contentType == .png)
        #expect(saw.isSet)
    }

    @Test("Cancelling the caller's Progress stops the load and leaves the caller's task alone")
    func cancelProgress() async throws {
        let (provider, started, saw) = slowProvider()
        let progress = Progress(totalUnitCount: 1)
        let task = Task {
            let error = await providerError { _ = try await provider.loadDataRepresentation(for: .png, progress: progress) }
            return (error?.code, Task.isCancelled)
        }
        await started.wait()
        progress.cancel()
        let (code, callerCancelled) = await task.value
        #expect(code == .cancelled)
        #expect(!callerCancelled)
        #expect(saw.isSet)
    }

    @Test("Cancelling the Progress a completion-handler load returns delivers .cancelled")
    func cancelReturnedProgress() async throws {
        let (provider, started, saw) = slowProvider()
        let code = await cancellingReturnedProgress(of: provider, for: .png, once: started)
        #expect(code == .cancelled)
        #expect(saw.isSet)
    }

    @Test("A file load cancelled after its handler returned makes no copy and leaves no file")
    func cancelFileLoad() async throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("source.bin")
        try Data(repeating: 1, count: 4096).write(to: source)
        let started = Signal(), release = Signal()
        let name = "cancelled-\(UUID().uuidString)"
        let provider = ItemProvider()
        provider.suggestedName = name
        provider.registerFileRepresentation(for: .data) {
            started.fire()
            await release.wait()      // ignores cancellation on purpose
            return source
        }
        let task = Task { try await provider.withFileRepresentation(for: .data) { $0 } }
        await started.wait()
        task.cancel()
        release.fire()
        let error = await providerError { _ = try await task.value }
        #expect(error?.code == .cancelled)
        #expect(temporaryFiles(named: name).isEmpty)
    }

    @Test("A copy cancelled between chunks removes its partial file")
    func cancelCopy() async throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("source.bin")
        let destination = folder.appendingPathComponent("copy.bin")
        try Data(repeating: 1, count: 4096).write(to: source)
        let go = Signal()
        let task = Task {
            await go.wait()
            try FileCloner.copy(from: source, to: destination, progress: nil)
        }
        task.cancel()
        go.fire()
        do {
            try await task.value
            // A file system that clones (reflinks) finishes before any chunk.
            #expect(try Data(contentsOf: destination) == Data(repeating: 1, count: 4096))
        } catch {
            #expect(error is CancellationError)
            #expect(!FileManager.default.fileExists(atPath: destination.path))
        }
    }

    @Test("A waiting request that is cancelled gives up alone; the handler keeps running for the others")
    func cancelFollower() async throws {
        let runs = Counter(), release = Signal()
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) {
            runs.increment()
            await release.wait()
            return Data("done".utf8)
        }
        let leader = Task { try await provider.loadDataRepresentation(for: .png) }
        await eventually { runs.count == 1 }
        let follower = Task { try await provider.loadDataRepresentation(for: .png) }
        await eventually { provider.waitingRequests == 1 }
        follower.cancel()
        let error = await providerError { _ = try await follower.value }
        #expect(error?.code == .cancelled)
        release.fire()
        #expect(try await leader.value == Data("done".utf8))
        #expect(runs.count == 1)
    }

    @Test("When the request running the handler is cancelled, waiting requests start a new run")
    func cancelLeader() async throws {
        let runs = Counter(), firstStarted = Signal()
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) {
            runs.increment()
            if runs.count == 1 {
                firstStarted.fire()
                try await Task.sleep(for: .seconds(3600))
            }
            return Data("second run".utf8)
        }
        let leader = Task { try await provider.loadDataRepresentation(for: .png) }
        await firstStarted.wait()
        let follower = Task { try await provider.loadDataRepresentation(for: .png) }
        await eventually { provider.waitingRequests == 1 }
        leader.cancel()
        let error = await providerError { _ = try await leader.value }
        #expect(error?.code == .cancelled)
        #expect(try await follower.value == Data("second run".utf8))
        #expect(runs.count == 2)
    }

    @Test("A UIKit-style handler's Progress is cancelled with the load")
    func bridgedHandlerProgressCancelled() async throws {
        let handlerProgress = Progress(totalUnitCount: 1)
        let started = Signal()
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { _ in
            started.fire()
            return handlerProgress   // never completes on its own
        }
        let task = Task { try await provider.loadDataRepresentation(for: .png) }
        await started.wait()
        task.cancel()
        let error = await providerError { _ = try await task.value }
        #expect(error?.code == .cancelled)
        #expect(handlerProgress.isCancelled)
    }

    /// Files under the provider's temporary folder whose name starts with `name`.
    private func temporaryFiles(named name: String) -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("DragKit-ItemProviders-\(geteuid())")
        let paths = FileManager.default.subpaths(atPath: folder.path) ?? []
        return paths.filter { URL(fileURLWithPath: $0).lastPathComponent.hasPrefix(name) }
    }
}
