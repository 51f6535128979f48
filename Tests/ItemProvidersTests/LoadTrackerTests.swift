import Foundation
import Synchronization
import Testing
import UniformTypes
@testable import ItemProviders

/// Records what happened, in order, from any thread.
final class EventLog: Sendable {
    private let events = Mutex<[String]>([])
    func append(_ event: String) { events.withLock { $0.append(event) } }
    var all: [String] { events.withLock { $0 } }
}

/// A provider whose utf8 text is produced only once `release` fires, and
/// its view counted by `tracker`. The handler fires `started` when it
/// begins and logs "produced TEXT" as it returns.
struct HeldText {
    let started = Signal()
    let release = Signal()
    let tracker: LoadTracker
    let provider = ItemProvider()
    let counted: ItemProvider

    init(_ text: String, tracker: LoadTracker = LoadTracker(), log: EventLog? = nil) {
        self.tracker = tracker
        counted = provider.tracked(by: tracker)
        let (started, release) = (started, release)
        provider.registerDataRepresentation(for: .utf8PlainText) {
            started.fire()
            await release.wait()
            log?.append("produced \(text)")
            return Data(text.utf8)
        }
    }
}

@Suite("LoadTracker")
struct LoadTrackerTests {
    @Test("A tracked view counts each load until it ends; the provider itself and other views do not")
    func trackedViewCountsLoads() async throws {
        let held = HeldText("dropped")
        let (counted, tracker) = (held.counted, held.tracker)
        #expect(counted.registeredContentTypes == [.utf8PlainText])
        #expect(tracker.pendingCount == 0)

        let load = Task { try await counted.loadObject(ofClass: String.self) }
        await held.started.wait()
        #expect(tracker.pendingCount == 1)
        // Another request for the same representation joins the run; it
        // counts as a load of its own until it has the result.
        let joined = Task { try await counted.loadDataRepresentation(for: .text) }
        let untracked = Task { try await held.provider.loadDataRepresentation(for: .text) }
        held.release.fire()
        #expect(try await load.value == "dropped")
        #expect(try await joined.value == Data("dropped".utf8))
        #expect(try await untracked.value == Data("dropped".utf8))
        #expect(tracker.pendingCount == 0)
    }

    @Test("A completion-handler load counts from the call until its handler has returned")
    func completionLoadsCountFromTheCall() async throws {
        let held = HeldText("dropped")
        let (counted, tracker) = (held.counted, held.tracker)
        let seen = EventLog()
        let text: String? = await withCheckedContinuation { continuation in
            counted.loadObject(ofClass: String.self) { text, _ in
                seen.append("\(tracker.pendingCount) pending in the handler")
                continuation.resume(returning: text)
            }
            // Counted before the load's task has even run.
            #expect(tracker.pendingCount == 1)
            held.release.fire()
        }
        #expect(text == "dropped")
        #expect(seen.all == ["1 pending in the handler"])
        await tracker.waitUntilIdle()
        #expect(tracker.pendingCount == 0)
    }

    @Test("File loads count until the file is there")
    func fileLoadsCount() async throws {
        let held = HeldText("on disk")
        let counted = held.counted
        let load = Task {
            try await counted.withFileRepresentation(for: .utf8PlainText) { url in
                try String(contentsOf: url, encoding: .utf8)
            }
        }
        await held.started.wait()
        #expect(held.tracker.pendingCount == 1)
        held.release.fire()
        #expect(try await load.value == "on disk")
        #expect(held.tracker.pendingCount == 0)
    }

    @Test("A failed load (sealed) ends its count too")
    func failedLoadsEnd() async throws {
        let tracker = LoadTracker()
        let sealed = ItemProvider(object: "secret").sealed(by: LoadGate()).tracked(by: tracker)
        let error = await providerError { _ = try await sealed.loadDataRepresentation(for: .text) }
        #expect(error?.code == .sealed)
        #expect(tracker.pendingCount == 0)
    }

    @Test("waitUntilIdle waits for every load, and returns at once when none runs")
    func waitUntilIdleWaitsForEveryLoad() async throws {
        let tracker = LoadTracker()
        await tracker.waitUntilIdle()
        let log = EventLog()
        let first = HeldText("one", tracker: tracker, log: log)
        let second = HeldText("two", tracker: tracker, log: log)
        let (one, two) = (first.counted, second.counted)
        let loads = Task {
            async let one = one.loadObject(ofClass: String.self)
            async let two = two.loadObject(ofClass: String.self)
            return try await [one, two]
        }
        await first.started.wait()
        await second.started.wait()
        let waiter = Task {
            await tracker.waitUntilIdle()
            log.append("idle")
        }
        first.release.fire()
        second.release.fire()
        await waiter.value
        #expect(try await loads.value == ["one", "two"])
        // Idle only once both loads had ended.
        #expect(tracker.pendingCount == 0)
        #expect(log.all.sorted() == ["idle", "produced one", "produced two"])
        #expect(log.all.last == "idle")
    }

    @Test("Tasks started inside trackingTasks count until the last of them, and their own Tasks, have ended")
    func tasksCountUntilTheyEnd() async throws {
        let tracker = LoadTracker()
        tracker.trackingTasks {}
        #expect(tracker.pendingCount == 0)

        let (release, grandchildRelease) = (Signal(), Signal())
        let log = EventLog()
        tracker.trackingTasks {
            Task {
                // Suspends several times before it does anything.
                for _ in 0..<10 { await Task.yield() }
                await release.wait()
                Task {
                    await grandchildRelease.wait()
                    log.append("grandchild ended")
                }
                log.append("child ended")
            }
            Task.detached {
                // Inherits nothing, so it is not waited for.
                await Signal().wait()
            }
        }
        #expect(tracker.pendingCount == 1)
        let waiter = Task {
            await tracker.waitUntilIdle()
            log.append("idle")
        }
        release.fire()
        grandchildRelease.fire()
        await waiter.value
        #expect(tracker.pendingCount == 0)
        #expect(log.all.sorted() == ["child ended", "grandchild ended", "idle"])
        #expect(log.all.last == "idle")
    }

    @Test("Waiting from inside the tracked work waits for the rest, never for itself")
    func waitingFromInsideDoesNotWaitForItself() async throws {
        let tracker = LoadTracker()
        // Inside track: its own count is left out.
        let inside = await tracker.track {
            await tracker.waitUntilIdle()
            return tracker.pendingCount
        }
        #expect(inside == 1)
        #expect(tracker.pendingCount == 0)

        // A Task of the tracked group waits for another load, not for the
        // group it belongs to.
        let log = EventLog()
        let held = HeldText("other", tracker: tracker, log: log)
        let counted = held.counted
        let other = Task { try await counted.loadObject(ofClass: String.self) }
        await held.started.wait()
        let member = tracker.trackingTasks {
            Task {
                await tracker.waitUntilIdle()
                log.append("member done waiting")
            }
        }
        held.release.fire()
        await member.value
        #expect(try await other.value == "other")
        await tracker.waitUntilIdle()
        #expect(log.all == ["produced other", "member done waiting"])
    }

    @Test("A cancelled wait returns while the load still runs")
    func cancelledWaitReturns() async {
        let tracker = LoadTracker()
        tracker.begin()
        let waiter = Task { await tracker.waitUntilIdle() }
        waiter.cancel()
        await waiter.value
        #expect(tracker.pendingCount == 1)
        tracker.end()
        #expect(tracker.pendingCount == 0)
    }
}
