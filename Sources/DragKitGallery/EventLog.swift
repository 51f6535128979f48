import Foundation

/// Writes one JSON object per line to standard output: what the gallery
/// offered, produced and received. The end-to-end tests read these lines.
enum EventLog {
    private static let start = ContinuousClock.now

    /// Prints `event` with `fields` and `ms`, the milliseconds since the
    /// gallery started (so tests can tell what happened while a drag rested).
    static func emit(_ event: String, _ fields: [String: any Sendable] = [:]) {
        var object: [String: Any] = fields
        object["event"] = event
        let elapsed = start.duration(to: .now)
        object["ms"] = Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]),
              let line = String(data: data, encoding: .utf8) else { return }
        print(line)
        fflush(nil)
    }
}
