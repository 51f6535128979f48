import Foundation
import UniformTypes

/// How loads expose Foundation `Progress`.
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
        let own = Progress(totalUnitCount: 1)
        let task = Task { try await operation(own) }
        // Set before attaching: a handler set after `addChild` is not called
        // when the parent is cancelled.
        own.cancellationHandler = { task.cancel() }
        let remaining = parent.totalUnitCount - parent.completedUnitCount
        parent.addChild(own, withPendingUnitCount: remaining > 0 ? remaining : 1)
        if parent.isCancelled { task.cancel() }
        let value = try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
        own.completedUnitCount = own.totalUnitCount
        return value
    }

    static func start<T: Sendable>(
        _ operation: @escaping @Sendable (Progress) async throws -> T,
        completion: @escaping @Sendable (Result<T, ItemProviderError>) -> Void
    ) -> Progress {
        let progress = Progress(totalUnitCount: 1)
        let task = Task {
            do {
                let value = try await operation(progress)
                progress.completedUnitCount = progress.totalUnitCount
                completion(.success(value))
            } catch {
                completion(.failure(ItemProviderError.normalized(error, type: nil)))
            }
        }
        progress.cancellationHandler = { task.cancel() }
        return progress
    }
}
