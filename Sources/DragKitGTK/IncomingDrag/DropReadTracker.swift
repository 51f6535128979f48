/// Counts the reads of one drop in flight, so the drop is finished only
/// after them, and refuses reads once it is finished.
@MainActor
final class DropReadTracker {
    private(set) var isFinished = false
    private var inFlight = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` as one of the drop's reads.
    func track<T>(_ body: () async throws -> T) async throws -> T {
        guard !isFinished else {
            throw GtkBackendError(
                code: .dropFinished,
                description: "The drop was already finished, so its data can no longer be read. Load from performDrop or a Task it starts (not Task.detached): the drop stays open while they run, unless they read nothing for DesktopDragDrop.transferStallTimeout.")
        }
        inFlight += 1
        defer { end() }
        return try await body()
    }

    /// Whether a read is in flight.
    var isReading: Bool { inFlight > 0 }

    /// Returns once no read is in flight.
    func waitUntilIdle() async {
        while inFlight > 0 {
            await withCheckedContinuation { waiters.append($0) }
        }
    }

    /// Refuses every later read: the drop is finished.
    func finish() {
        isFinished = true
    }

    private func end() {
        inFlight -= 1
        guard inFlight == 0 else { return }
        let current = waiters
        waiters.removeAll()
        current.forEach { $0.resume() }
    }
}
