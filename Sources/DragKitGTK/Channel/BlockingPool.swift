import Dispatch
import Foundation
import Synchronization

/// A fixed number of threads for blocking socket work (the channel's
/// fetches and the requests it serves), so many transfers at once queue
/// up instead of each taking a thread of its own.
final class BlockingPool: Sendable {
    /// Destinations' fetches: room in the queue for every representation
    /// of a few drops at the manifest's item limit (a queued fetch is a
    /// closure, not a thread).
    static let fetches = BlockingPool(name: "DragKit channel fetch", width: 4, queueLimit: 100_000)
    /// Requests a source serves.
    static let requests = BlockingPool(name: "DragKit channel transfer", width: 8, queueLimit: 64)

    private let name: String
    /// The most threads the pool runs.
    let width: Int
    /// The most jobs waiting for a thread; more are turned away.
    private let queueLimit: Int
    private let state = Mutex<(jobs: [@Sendable () -> Void], threads: Int, busy: Int)>(([], 0, 0))
    private let jobsWaiting = DispatchSemaphore(value: 0)

    init(name: String, width: Int, queueLimit: Int) {
        self.name = name
        self.width = width
        self.queueLimit = queueLimit
    }

    /// The threads started so far (never more than ``width``).
    var threadCount: Int { state.withLock { $0.threads } }

    /// Runs `job` on one of the pool's threads; false (and `job` is not
    /// run) when ``queueLimit`` jobs are already waiting.
    @discardableResult
    func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
        let (accepted, startsThread) = state.withLock { state -> (Bool, Bool) in
            guard state.jobs.count < queueLimit else { return (false, false) }
            state.jobs.append(job)
            // A new thread only when every running one is busy.
            let needed = state.busy + state.jobs.count > state.threads && state.threads < width
            if needed { state.threads += 1 }
            return (true, needed)
        }
        guard accepted else { return false }
        if startsThread {
            let thread = Thread { [self] in work() }
            thread.name = name
            thread.start()
        }
        jobsWaiting.signal()
        return true
    }

    private func work() {
        while true {
            jobsWaiting.wait()
            let job = state.withLock { state -> (@Sendable () -> Void)? in
                guard !state.jobs.isEmpty else { return nil }
                state.busy += 1
                return state.jobs.removeFirst()
            }
            guard let job else { continue }
            job()
            state.withLock { $0.busy -= 1 }
        }
    }
}
