import Synchronization

/// The waiting place for requests that arrive while another request (the
/// leader) is already running the same handler. The leader runs the handler
/// in its own task and calls ``finish(_:)``; the others wait here.
///
/// Requests reserve a slot while the provider's lock is held, so a result
/// can never be handed out to fewer requests than will pick it up; each
/// request that gets a file becomes one of its holders.
final class InFlightLoad: Sendable {
    private enum Slot {
        case reserved
        case waiting(CheckedContinuation<LoadedValue, any Error>)
        case delivered(Result<LoadedValue, any Error>)
    }

    private struct State {
        var slots: [Int: Slot] = [:]
        var nextSlot = 0
        var outcome: Result<LoadedValue, any Error>?
    }

    private let state = Mutex(State())
    /// The progress of the run the requests wait for, if it has one.
    let progress: RunProgress?

    init(progress: RunProgress?) {
        self.progress = progress
    }

    /// Reserves a place for one more request; call under the provider's lock.
    func reserve() -> Int {
        state.withLock { state in
            let slot = state.nextSlot
            state.nextSlot += 1
            state.slots[slot] = .reserved
            return slot
        }
    }

    /// Waits for the leader's result. Cancelling the waiting task gives up
    /// this request only; the handler keeps running for the others.
    func wait(slot: Int) async throws -> LoadedValue {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<LoadedValue, any Error>) in
                let ready: Result<LoadedValue, any Error>? = state.withLock { state in
                    switch state.slots[slot] {
                    case .delivered(let result):
                        state.slots[slot] = nil
                        return result
                    case .reserved:
                        // Cancellation may have come before the continuation
                        // existed; the cancel handler then found nothing to resume.
                        if Task.isCancelled {
                            state.slots[slot] = nil
                            return .failure(CancellationError())
                        }
                        state.slots[slot] = .waiting(continuation)
                        return nil
                    case .waiting, nil:
                        return .failure(CancellationError())
                    }
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            let continuation: CheckedContinuation<LoadedValue, any Error>? = state.withLock { state in
                guard case .waiting(let continuation) = state.slots[slot] else { return nil }
                state.slots[slot] = nil
                return continuation
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// How many requests wait here (reserved or suspended).
    var waitingCount: Int {
        state.withLock { state in
            state.slots.values.count { slot in
                if case .delivered = slot { return false }
                return true
            }
        }
    }

    /// Hands `result` to every request still waiting. Waiters are resumed
    /// after the lock is released.
    func finish(_ result: Result<LoadedValue, any Error>) {
        let waiting: [CheckedContinuation<LoadedValue, any Error>] = state.withLock { state in
            state.outcome = result
            if case .success(.file(let file)) = result {
                file.addHolders(state.slots.count)
            }
            var waiting: [CheckedContinuation<LoadedValue, any Error>] = []
            for (slot, value) in state.slots {
                switch value {
                case .waiting(let continuation):
                    waiting.append(continuation)
                    state.slots[slot] = nil
                case .reserved:
                    state.slots[slot] = .delivered(result)
                case .delivered:
                    break
                }
            }
            return waiting
        }
        for continuation in waiting { continuation.resume(with: result) }
    }
}
