import Foundation

/// The reads of one drop: counted, so the drop is finished only after
/// them, and refused once it is finished.
@MainActor
final class DropReads {
    var isFinished = false
    /// Told the bytes received so far of each read.
    var transferObserver: (@MainActor (String, UInt64) -> Void)?
    private var inFlight = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Reads all of `mime`. With `progress`, reports the bytes received as
    /// its completed units, out of the byte count the source announces
    /// (DragKit sources do, see ``MIMETypeMapping/byteCountMIMEType(for:)``);
    /// without an announced count the total stays unknown.
    func read(_ mime: String, from drop: Drop, reportingTo progress: Progress? = nil) async throws -> Data {
        try await read(preferring: [mime], from: drop, reportingTo: progress).data
    }

    /// Reads the first of `mimeTypes` the drag offers, reporting progress
    /// like ``read(_:from:reportingTo:)``, and returns the format GTK read
    /// (GTK converts the X11 text targets and says so).
    func read(
        preferring mimeTypes: [String], from drop: Drop, reportingTo progress: Progress? = nil
    ) async throws -> (mimeType: String, data: Data) {
        let mime = mimeTypes.first { drop.formats.contains($0) } ?? mimeTypes.first ?? ""
        guard !isFinished else {
            throw GtkBackendError(
                code: .dropFinished,
                description: "The drop was already finished, so \(mime) can no longer be read. Start loads in performDrop (or in a Task it creates) before it returns.")
        }
        inFlight += 1
        defer { end() }
        if let progress, let total = await announcedByteCount(of: mime, from: drop) {
            progress.totalUnitCount = total
        }
        let observer = transferObserver
        return try await drop.read(preferring: mimeTypes) { received in
            observer?(mime, received)
            progress?.completedUnitCount = Int64(clamping: received)
        }
    }

    /// The byte count a DragKit source announces for `mime`, or nil when
    /// the source announces none (other apps) or it cannot be read.
    private func announcedByteCount(of mime: String, from drop: Drop) async -> Int64? {
        let companion = MIMETypeMapping.byteCountMIMEType(for: mime)
        guard drop.formats.contains(companion),
              let (_, data) = try? await drop.read(preferring: [companion]) else { return nil }
        return Int64(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
            .flatMap { $0 >= 0 ? $0 : nil }
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
