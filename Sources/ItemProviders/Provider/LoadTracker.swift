import Synchronization

/// Counts the loads that must end before the data behind some providers may
/// go away. A drop session tracks its items' providers this way, so a
/// toolkit keeps the drop (and the data behind it) open until the
/// destination has what it asked for.
///
/// What counts, from the moment it starts until it ends:
/// - every load made through a view from ``ItemProvider/tracked(by:)``
///   (async, completion-handler and file loads alike), counted from the
///   call itself for the completion-handler forms;
/// - work wrapped in ``track(_:)``;
/// - the Tasks started inside ``trackingTasks(_:)``, together one count
///   until the last of them, and of the Tasks they start in turn, has ended
///   (they inherit the count like a task-local value; `Task.detached`
///   inherits nothing and is not counted).
///
/// ```swift
/// let tracker = LoadTracker()
/// let provider = sourceProvider.tracked(by: tracker)
/// tracker.trackingTasks {
///     Task {
///         await Task.yield()
///         text = try await provider.loadObject(ofClass: String.self)
///     }
/// }
/// await tracker.waitUntilIdle()    // the Task and its load have ended
/// ```
public final class LoadTracker: Sendable {
    private struct Waiter {
        let id: UInt64
        /// How much of the count is the waiting task's own work.
        let allowance: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var pending = 0
        var waiters: [Waiter] = []
        var nextWaiter: UInt64 = 0
    }

    private let state = Mutex(State())

    /// Creates a tracker with nothing running.
    public init() {}

    /// How many loads, tracked works and groups of Tasks are running now.
    public var pendingCount: Int {
        state.withLock { $0.pending }
    }

    /// Runs `work` counted as one load.
    ///
    /// ```swift
    /// let card = try await tracker.track { try await decodeCard(from: provider) }
    /// ```
    nonisolated(nonsending)
    public func track<R>(_ work: () async throws -> R) async rethrows -> R {
        begin()
        defer { end() }
        var held = Self.held
        held.trackedDepth[ObjectIdentifier(self), default: 0] += 1
        return try await Self.$held.withValue(held) { try await work() }
    }

    /// Runs `body` (for example a drop delegate's `performDrop`) so that the
    /// Tasks it starts are counted until they have all ended, as one load.
    /// Nothing is counted once `body` has returned and no such Task is left.
    public func trackingTasks<R>(_ body: () throws -> R) rethrows -> R {
        var held = Self.held
        held.taskGroups.append(TaskGroupClaim(self))
        return try Self.$held.withValue(held) { try body() }
    }

    /// Returns once nothing counted is running, leaving out what the
    /// calling task is itself part of (a ``track(_:)`` it runs inside, the
    /// Tasks of ``trackingTasks(_:)`` it is one of): waiting for those would
    /// be waiting for itself. Returns early if the calling task is cancelled.
    public func waitUntilIdle() async {
        let allowance = ownCount()
        // Checked again once resumed: work that followed straight on from
        // the one that ended (the next load of a loop) keeps the wait going.
        while !Task.isCancelled, pendingCount > allowance {
            await waitOnce(allowance: allowance)
        }
    }

    /// Waits until the count has dropped to `allowance` once.
    private func waitOnce(allowance: Int) async {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let isDone = state.withLock { state in
                    // Checked under the lock: a cancellation that came before
                    // this waiter was stored found nothing to resume.
                    guard state.pending > allowance, !Task.isCancelled else { return true }
                    state.waiters.append(Waiter(id: id, allowance: allowance, continuation: continuation))
                    return false
                }
                if isDone { continuation.resume() }
            }
        } onCancel: {
            let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index).continuation
            }
            continuation?.resume()
        }
    }

    // MARK: - Counting

    package func begin() {
        state.withLock { $0.pending += 1 }
    }

    /// Ends one count; waiters that are due are resumed after the lock is
    /// released.
    package func end() {
        let due = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.pending -= 1
            let pending = state.pending
            let due = state.waiters.filter { $0.allowance >= pending }
            state.waiters.removeAll { $0.allowance >= pending }
            return due.map(\.continuation)
        }
        for continuation in due { continuation.resume() }
    }

    // MARK: - What the current task is part of

    /// The tracked work the current task belongs to, inherited by the Tasks
    /// it starts.
    struct Held: Sendable {
        var taskGroups: [TaskGroupClaim] = []
        var trackedDepth: [ObjectIdentifier: Int] = [:]
    }

    @TaskLocal static var held = Held()

    /// How much of this tracker's count the current task stands for.
    private func ownCount() -> Int {
        let held = Self.held
        return held.taskGroups.count { $0.tracker === self } + held.trackedDepth[ObjectIdentifier(self), default: 0]
    }
}

/// One count for a group of Tasks: every Task started inside
/// ``LoadTracker/trackingTasks(_:)`` holds the claim as a task-local value,
/// which Swift releases when the Task completes, so the claim ends (and
/// stops counting) with the last of them.
final class TaskGroupClaim: Sendable {
    let tracker: LoadTracker

    init(_ tracker: LoadTracker) {
        self.tracker = tracker
        tracker.begin()
    }

    deinit {
        tracker.end()
    }
}
