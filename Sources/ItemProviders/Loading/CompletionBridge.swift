import Foundation
import Synchronization
import UniformTypes

/// Turns a completion-block handler into an async value: resumes once
/// however often the block is called, and cancels the handler's Progress
/// when the waiting task is cancelled (also when that happens before the
/// handler has returned its Progress). A cancelled load stops waiting at
/// once: a handler that stops on cancellation need not call its block.
final class CompletionBridge<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var progress: Progress?
        var cancelled = false
    }
    private let state = Mutex(State())

    static func value(
        of contentType: UTType,
        from handler: @Sendable (@escaping @Sendable (Value?, (any Error)?) -> Void) -> Progress?
    ) async throws -> Value {
        let bridge = CompletionBridge<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let alreadyCancelled = bridge.state.withLock { state in
                    state.continuation = continuation
                    return state.cancelled
                }
                if alreadyCancelled {
                    bridge.resume(with: .failure(CancellationError()))
                    return
                }
                let progress = handler { value, error in
                    if let value {
                        bridge.resume(with: .success(value))
                    } else {
                        bridge.resume(with: .failure(error ?? ItemProviderError(.handlerFailed,
                            "The handler for \(contentType.identifier) completed with neither a value nor an error; pass one of them to its completion block.",
                            contentType: contentType)))
                    }
                }
                bridge.adopt(progress)
            }
        } onCancel: {
            bridge.cancel()
        }
    }

    private func resume(with result: Result<Value, any Error>) {
        let continuation = state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
    }

    private func adopt(_ progress: Progress?) {
        let cancelNow = state.withLock { state in
            state.progress = progress
            return state.cancelled
        }
        if cancelNow { progress?.cancel() }
    }

    private func cancel() {
        let progress = state.withLock { state in
            state.cancelled = true
            return state.progress
        }
        progress?.cancel()
        resume(with: .failure(CancellationError()))
    }
}
