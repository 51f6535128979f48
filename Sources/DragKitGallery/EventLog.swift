import Foundation

/// Writes one JSON object per line to standard output: what the gallery
/// offered, produced and received. The end-to-end tests read these lines.
enum EventLog {
    static func emit(_ event: String, _ fields: [String: any Sendable] = [:]) {
        var object: [String: Any] = fields
        object["event"] = event
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]),
              let line = String(data: data, encoding: .utf8) else { return }
        print(line)
        fflush(nil)
    }
}
