import Foundation
import Synchronization
import UniformTypes

/// How loads expose Foundation `Progress`.
///
/// The load's own `Progress` mirrors the counts of the handler run it waits
/// for (see ``RunProgress``): a handler's reports, or a file copy's bytes.
///
/// - Async loads take an optional `progress:`. Without one the load runs
///   inline in the calling task (callers skip ``run(reportingTo:_:)``
///   entirely on that path, which keeps small loads cheap). With one, the load runs in a child task
///   whose own `Progress` is added to the given one as a child taking all of
///   its remaining units; cancelling the given `Progress` (or the calling
///   task) cancels the load, and the caller's own `cancellationHandler` is
///   left alone.
/// - Completion-handler loads return a fresh `Progress`; cancelling it
///   cancels the load and the handler receives `.cancelled`.
enum LoadProgress {
    static func run<T: Sendable>(
        reportingTo parent: Progress?,
        _ operation: @escaping @Sendable (Progress?) async throws -> T
    ) async throws -> T {
        guard let parent else { return try await operation(nil) }
        // Wired completely before the task starts: the task reports into
        // `own` from its own thread, and Foundation's Progress on Linux
        // takes no lock, so it must not be attached while reports arrive.
        let own = Progress.unattached(totalUnitCount: 1)
        let canceller = PendingCancellation()
        // Set before attaching: a handler set after `addChild` is not called
        // when the parent is cancelled.
        own.cancellationHandler = { canceller.cancel() }
        let remaining = parent.totalUnitCount - parent.completedUnitCount
        parent.addChild(own, withPendingUnitCount: remaining > 0 ? remaining : 1)
        if parent.isCancelled { canceller.cancel() }
        let task = Task { try await operation(own) }
        canceller.adopt { task.cancel() }
        let value = try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
        own.markFinished()
        return value
    }

    /// Starts `operation` in a task and calls `completion` with its result.
    /// `trackers` count the load from this call until `completion` has
    /// returned, so a load asked for now is counted before its task runs,
    /// and one that `completion` starts follows without a gap.
    static func start<T: Sendable>(
        tracking trackers: [LoadTracker],
        _ operation: @escaping @Sendable (Progress) async throws -> T,
        completion: @escaping @Sendable (Result<T, ItemProviderError>) -> Void
    ) -> Progress {
        let progress = Progress.unattached(totalUnitCount: 1)
        let canceller = PendingCancellation()
        progress.cancellationHandler = { canceller.cancel() }
        for tracker in trackers { tracker.begin() }
        let task = Task {
            defer { for tracker in trackers { tracker.end() } }
            do {
                let value = try await operation(progress)
                progress.markFinished()
                completion(.success(value))
            } catch {
                completion(.failure(ItemProviderError.normalized(error, type: nil)))
            }
        }
        canceller.adopt { task.cancel() }
        return progress
    }
}

/// Cancels a task that may not exist yet: a load's `Progress` is wired up
/// (and can be cancelled) before the task that reports into it starts.
private final class PendingCancellation: Sendable {
    private struct State {
        var cancel: (@Sendable () -> Void)?
        var isCancelled = false
    }
    private let state = Mutex(State())

    /// Cancels the adopted task, or the one adopted later.
    func cancel() {
        let cancel = state.withLock { state in
            state.isCancelled = true
            return state.cancel
        }
        cancel?()
    }

    /// Takes the way to cancel the task, cancelling at once when
    /// ``cancel()`` came first.
    func adopt(_ cancel: @escaping @Sendable () -> Void) {
        let cancelNow = state.withLock { state in
            state.cancel = cancel
            return state.isCancelled
        }
        if cancelNow { cancel() }
    }
}
