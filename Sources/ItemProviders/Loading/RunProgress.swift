import Foundation
import Synchronization

/// The progress of one handler run: handed to a handler that reports
/// progress (or to the copy of a source file), and mirrored into the
/// `Progress` of every request waiting for that run.
///
/// Foundation on Linux has no key-value observing, so the counts are passed
/// on as they are set, under one lock: a request that joins late starts
/// from the counts so far, and once the run is closed nothing reaches the
/// requests any more, even if a handler kept its `Progress` and went on
/// setting it.
final class RunProgress: Progress, @unchecked Sendable {
    private struct State {
        var total: Int64 = -1
        var completed: Int64 = 0
        /// Whether anything was reported yet; until then requests keep
        /// their own counts.
        var hasReports = false
        var isCancelled = false
        var isClosed = false
        var subscribers: [Progress] = []

        /// Passes both counts on, so a request never shows one count of
        /// this run against a total of its own.
        mutating func report() {
            hasReports = true
            for subscriber in subscribers { mirror(into: subscriber) }
        }

        func mirror(into progress: Progress) {
            progress.totalUnitCount = total
            progress.completedUnitCount = completed
        }
    }

    private let state = Mutex(State())

    /// An indeterminate progress not attached to any other.
    init() {
        // `init(totalUnitCount:)` would attach to the thread's current
        // Progress; a run's progress belongs to no tree.
        super.init(parent: nil, userInfo: nil)
        super.totalUnitCount = -1
    }

    override var totalUnitCount: Int64 {
        get { state.withLock { $0.total } }
        set {
            state.withLock { state in
                super.totalUnitCount = newValue
                state.total = newValue
                state.report()
            }
        }
    }

    override var completedUnitCount: Int64 {
        get { state.withLock { $0.completed } }
        set {
            state.withLock { state in
                super.completedUnitCount = newValue
                state.completed = newValue
                state.report()
            }
        }
    }

    // Kept under the lock: the handler reads it on its thread while the
    // load is cancelled on another.
    override var isCancelled: Bool {
        get { state.withLock { $0.isCancelled } }
        set { state.withLock { $0.isCancelled = newValue } }
    }

    override func cancel() {
        let first = state.withLock { state in
            defer { state.isCancelled = true }
            return !state.isCancelled
        }
        // Calls the handler's cancellationHandler, once, outside the lock.
        if first { super.cancel() }
    }

    /// Whether the handler (or a copy) set any count yet.
    var hasReports: Bool {
        state.withLock { $0.hasReports }
    }

    /// Mirrors this run into `progress` from now on, starting with the
    /// counts reported so far. Does nothing once the run is closed.
    func subscribe(_ progress: Progress?) {
        guard let progress, progress !== self else { return }
        state.withLock { state in
            guard !state.isClosed else { return }
            state.subscribers.append(progress)
            if state.hasReports { state.mirror(into: progress) }
        }
    }

    /// Stops mirroring into `progress` (a request that gave up waiting).
    func unsubscribe(_ progress: Progress?) {
        guard let progress else { return }
        state.withLock { state in
            state.subscribers.removeAll { $0 === progress }
        }
    }

    /// Ends the run: no request hears from it any more.
    func close() {
        state.withLock { state in
            state.isClosed = true
            state.subscribers.removeAll()
        }
    }
}
