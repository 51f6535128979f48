import Synchronization

/// A clock that moves only when told to, so scripted drags and spring
/// loading are exact: `advance(by:)` moves time and wakes sleepers that are
/// due.
///
/// ```swift
/// let clock = ManualClock()
/// let engine = DragDropEngine(root: window, clock: clock)
/// clock.advance(by: .seconds(1))
/// engine.tick()
/// ```
public final class ManualClock: Clock, Sendable {
    /// A reading of a manual clock: the time since the clock was made.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// Time since the clock was made.
        public let offset: Duration

        /// The reading `offset` after the clock was made.
        public init(offset: Duration) {
            self.offset = offset
        }

        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        public var description: String { "\(offset)" }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var nextID = 0
    }

    private let state = Mutex(State())

    /// A clock reading zero.
    public init() {}

    public var now: Instant { state.withLock { $0.now } }

    public var minimumResolution: Duration { .zero }

    /// How many sleepers are waiting for the clock to move.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Moves time forward by `duration` and wakes the sleepers now due.
    ///
    /// - Precondition: `duration` is not negative.
    public func advance(by duration: Duration) {
        precondition(duration >= .zero, "A manual clock only moves forward; advance(by:) got \(duration).")
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        // Resume outside the lock: a resumed task may read the clock at once.
        for sleeper in due { sleeper.continuation.resume() }
    }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state -> Bool in
                    if deadline <= state.now { return true }
                    if Task.isCancelled { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
    }
}
