import Foundation
import Synchronization
import Testing
import UniformTypes
@testable import ItemProviders

/// Steps a handler and a test through a load together: the handler reports,
/// then waits for the test to look before going on.
private final class Lockstep: Sendable {
    private let reported = Signal()
    private let proceed = Signal()

    /// Called by the handler after a report.
    func handlerReported() async {
        reported.fire()
        await proceed.wait()
    }

    /// Called by the test: waits for the handler's next report.
    func nextReport() async {
        await reported.wait()
    }

    /// Called by the test: lets the handler past its next report and waits
    /// for the one after it.
    func skipToReportAfterNext() async {
        await nextReport()
        letHandlerContinue()
        await nextReport()
    }

    /// Lets the handler go on to its next report.
    func letHandlerContinue() {
        proceed.fire()
    }
}

@Suite("Progress reported by load handlers")
struct ProgressReportingTests {
    private let payload = Data("0123456789".utf8)

    /// A provider whose PNG handler reports 0 of 4 units, then 2, then 4,
    /// waiting for the test on the returned lockstep after each of the first
    /// two reports.
    private func steppedProvider(runs: Counter = Counter()) -> (Lockstep, ItemProvider) {
        let lockstep = Lockstep()
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { [payload] progress in
            runs.increment()
            progress.totalUnitCount = 4
            await lockstep.handlerReported()
            progress.completedUnitCount = 2
            await lockstep.handlerReported()
            progress.completedUnitCount = 4
            return payload
        }
        return (lockstep, provider)
    }

    /// Starts a load that asks `provider` for a file of `contentType`,
    /// reporting into `progress`, and returns the file's bytes.
    private func fileBytes(
        from provider: ItemProvider, for contentType: UTType, progress: Progress
    ) -> Task<Data, any Error> {
        Task { try await provider.withFileRepresentation(for: contentType, progress: progress) { url in try Data(contentsOf: url) } }
    }

    @Test("The caller's Progress goes from 0 through the handler's reports to 1")
    func fractionFollowsHandler() async throws {
        let (lockstep, provider) = steppedProvider()
        let progress = Progress(totalUnitCount: 1)
        let load = Task { try await provider.loadDataRepresentation(for: .png, progress: progress) }

        await lockstep.nextReport()
        #expect(progress.fractionCompleted == 0)
        lockstep.letHandlerContinue()
        await lockstep.nextReport()
        #expect(progress.fractionCompleted == 0.5)
        lockstep.letHandlerContinue()
        #expect(try await load.value == payload)
        #expect(progress.fractionCompleted == 1)
    }

    @Test("The Progress a completion-handler load returns carries the handler's own units")
    func returnedProgressMirrorsUnits() async throws {
        let (lockstep, provider) = steppedProvider()
        let delivered = Signal()
        let progress = provider.loadDataRepresentation(for: .png) { data, _ in
            if data != nil { delivered.fire() }
        }

        await lockstep.nextReport()
        #expect(progress.totalUnitCount == 4)
        #expect(progress.completedUnitCount == 0)
        lockstep.letHandlerContinue()
        await lockstep.nextReport()
        #expect(progress.completedUnitCount == 2)
        #expect(progress.fractionCompleted == 0.5)
        lockstep.letHandlerContinue()
        await delivered.wait()
        #expect(progress.fractionCompleted == 1)
    }

    @Test("A request that joins a running load sees the same progress, and the handler runs once")
    func coalescedRequestSharesProgress() async throws {
        let runs = Counter()
        let (lockstep, provider) = steppedProvider(runs: runs)
        let first = Progress(totalUnitCount: 1)
        let second = Progress(totalUnitCount: 1)
        let firstLoad = Task { try await provider.loadDataRepresentation(for: .png, progress: first) }
        await lockstep.nextReport()

        let secondLoad = Task { try await provider.loadDataRepresentation(for: .png, progress: second) }
        await eventually { provider.waitingRequests == 1 }
        #expect(second.fractionCompleted == 0)
        lockstep.letHandlerContinue()
        await lockstep.nextReport()
        #expect(first.fractionCompleted == 0.5)
        #expect(second.fractionCompleted == 0.5)
        lockstep.letHandlerContinue()

        #expect(try await firstLoad.value == payload)
        #expect(try await secondLoad.value == payload)
        #expect(first.fractionCompleted == 1)
        #expect(second.fractionCompleted == 1)
        #expect(runs.count == 1)
    }

    @Test("A request joining after some reports starts from the counts so far")
    func lateJoinerStartsFromCurrentCounts() async throws {
        let (lockstep, provider) = steppedProvider()
        let first = Task { try await provider.loadDataRepresentation(for: .png) }
        await lockstep.skipToReportAfterNext()  // 2 of 4 reported, nobody watching

        let late = provider.loadDataRepresentation(for: .png) { _, _ in }
        await eventually { provider.waitingRequests == 1 }
        #expect(late.totalUnitCount == 4)
        #expect(late.completedUnitCount == 2)
        lockstep.letHandlerContinue()
        _ = try await first.value
        await eventually { late.isFinished }
    }

    @Test("Cancelling the caller's Progress cancels the handler's Progress, which the handler sees")
    func cancellationReachesHandler() async throws {
        let started = Signal()
        let told = Signal()
        let saw = Mutex<(progress: Bool, task: Bool)?>(nil)
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { progress in
            progress.cancellationHandler = { told.fire() }
            started.fire()
            await told.wait()
            saw.withLock { $0 = (progress.isCancelled, Task.isCancelled) }
            throw CancellationError()
        }
        let progress = Progress(totalUnitCount: 1)
        let load = Task { await providerError { _ = try await provider.loadDataRepresentation(for: .png, progress: progress) } }
        await started.wait()
        #expect(saw.withLock { $0 } == nil)

        progress.cancel()
        let error = await load.value
        #expect(error?.code == .cancelled)
        let seen = try #require(saw.withLock { $0 })
        #expect(seen.progress)
        #expect(seen.task)
    }

    @Test("Cancelling the Progress a completion-handler load returns cancels the handler's Progress")
    func returnedProgressCancellationReachesHandler() async throws {
        let started = Signal()
        let cancelled = Flag()
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { progress in
            started.fire()
            await eventually { progress.isCancelled }
            cancelled.set()
            throw CancellationError()
        }
        let code = await cancellingReturnedProgress(of: provider, for: .png, once: started)
        #expect(code == .cancelled)
        #expect(cancelled.isSet)
    }

    @Test("A waiting request that gives up does not cancel the handler the first request still needs")
    func followerCancellationLeavesHandlerRunning() async throws {
        let lockstep = Lockstep()
        let handlerCancelled = Flag()
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { [payload] progress in
            progress.totalUnitCount = 1
            await lockstep.handlerReported()
            if progress.isCancelled { handlerCancelled.set() }
            progress.completedUnitCount = 1
            return payload
        }
        let leader = Task { try await provider.loadDataRepresentation(for: .png) }
        await lockstep.nextReport()
        let followerProgress = Progress(totalUnitCount: 1)
        let follower = Task { await providerError { _ = try await provider.loadDataRepresentation(for: .png, progress: followerProgress) } }
        await eventually { provider.waitingRequests == 1 }

        followerProgress.cancel()
        #expect(await follower.value?.code == .cancelled)
        lockstep.letHandlerContinue()
        #expect(try await leader.value == payload)
        #expect(!handlerCancelled.isSet)
    }

    @Test("A handler that never names a total shows indeterminate progress until the load ends")
    func unknownTotalIsIndeterminate() async throws {
        let lockstep = Lockstep()
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { [payload] progress in
            progress.completedUnitCount = 3
            await lockstep.handlerReported()
            return payload
        }
        let delivered = Signal()
        let progress = provider.loadDataRepresentation(for: .png) { _, _ in delivered.fire() }
        await lockstep.nextReport()
        #expect(progress.isIndeterminate)
        #expect(progress.completedUnitCount == 3)
        #expect(progress.fractionCompleted == 0)
        lockstep.letHandlerContinue()
        await delivered.wait()
        #expect(progress.fractionCompleted == 1)
        #expect(!progress.isIndeterminate)
    }

    @Test("A file handler's progress reaches a file load's Progress")
    func fileHandlerProgress() async throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("report.pdf")
        try payload.write(to: source)
        let lockstep = Lockstep()
        let provider = ItemProvider()
        provider.registerFileRepresentation(for: .pdf) { progress in
            progress.totalUnitCount = 2
            progress.completedUnitCount = 1
            await lockstep.handlerReported()
            progress.completedUnitCount = 2
            return source
        }
        let progress = Progress(totalUnitCount: 1)
        let load = fileBytes(from: provider, for: .pdf, progress: progress)
        await lockstep.nextReport()
        #expect(progress.fractionCompleted == 0.5)
        lockstep.letHandlerContinue()
        #expect(try await load.value == payload)
        #expect(progress.fractionCompleted == 1)
    }

    @Test("A reporting data handler's progress also reaches a load that asks for a file")
    func dataHandlerProgressThroughFileLoad() async throws {
        let (lockstep, provider) = steppedProvider()
        let progress = Progress(totalUnitCount: 1)
        let load = fileBytes(from: provider, for: .png, progress: progress)
        await lockstep.skipToReportAfterNext()
        #expect(progress.fractionCompleted == 0.5)
        lockstep.letHandlerContinue()
        #expect(try await load.value == payload)
        #expect(progress.fractionCompleted == 1)
    }

    @Test("A failing reporting handler keeps its error and leaves the caller's Progress unfinished")
    func failingHandler() async throws {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { progress in
            progress.totalUnitCount = 10
            progress.completedUnitCount = 3
            throw SomeHandlerError()
        }
        let progress = Progress(totalUnitCount: 1)
        let error = await providerError { _ = try await provider.loadDataRepresentation(for: .png, progress: progress) }
        #expect(error?.code == .handlerFailed)
        #expect(error?.underlyingError as? SomeHandlerError == SomeHandlerError())
        #expect(progress.fractionCompleted < 1)
    }

    @Test("Copying a source file is reported in bytes to every request that shares the copy")
    func fileCopyProgressReachesJoiners() async throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("notes.txt")
        try payload.write(to: source)
        let release = Signal()
        let started = Signal()
        let provider = ItemProvider()
        provider.registerFileRepresentation(for: .plainText) {
            started.fire()
            await release.wait()
            return source
        }
        let delivered = Signal()
        let first = provider.loadFileRepresentation(for: .plainText) { url, _ in
            if url != nil { delivered.fire() }
        }
        await started.wait()
        let second = provider.loadFileRepresentation(for: .plainText) { url, _ in
            if url != nil { delivered.fire() }
        }
        await eventually { provider.waitingRequests == 1 }
        release.fire()
        await delivered.wait()
        await delivered.wait()
        #expect(first.totalUnitCount == Int64(payload.count))
        #expect(second.totalUnitCount == Int64(payload.count))
        #expect(first.fractionCompleted == 1)
        #expect(second.fractionCompleted == 1)
    }

    @Test("20,000 quick loads in a row, each with its own caller Progress, all finish their Progress")
    func manyQuickLoadsWithProgress() async throws {
        // A quick load's task reports into its Progress at once; the
        // Progress must be fully attached to the caller's before that.
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { [payload] in payload }
        var unfinished = 0
        for _ in 0..<20_000 {
            let progress = Progress(totalUnitCount: 1)
            _ = try await provider.loadDataRepresentation(for: .png, progress: progress)
            if progress.fractionCompleted != 1 { unfinished += 1 }
        }
        #expect(unfinished == 0)
    }
}
