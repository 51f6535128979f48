import Foundation

/// The reads of one drop: counted, so the drop is finished only after
/// them, and refused once it is finished.
@MainActor
final class DropReads {
    var isFinished = false
    /// Told the bytes received so far of each read.
    var progress: (@MainActor (String, UInt64) -> Void)?
    private var inFlight = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func read(_ mime: String, from drop: Drop) async throws -> Data {
        guard !isFinished else {
            throw GtkBackendError(
                code: .dropFinished,
                description: "The drop was already finished, so \(mime) can no longer be read. Start loads in performDrop (or in a Task it creates) before it returns.")
        }
        inFlight += 1
        defer { end() }
        let progress = progress
        return try await drop.read(preferring: [mime]) { received in progress?(mime, received) }.data
    }

    func waitUntilIdle() async {
        while inFlight > 0 {
            await withCheckedContinuation { waiters.append($0) }
        }
    }

    private func end() {
        inFlight -= 1
        guard inFlight == 0 else { return }
        let current = waiters
        waiters.removeAll()
        current.forEach { $0.resume() }
    }
}
