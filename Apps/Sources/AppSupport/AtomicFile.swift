import Foundation

/// Writes files so that a reader never sees half of one: the bytes go to a
/// temporary file in the same folder, which is then renamed over the target
/// (rename is atomic within one file system).
public enum AtomicFile {
    /// Replaces the file at `url` with `data` atomically.
    ///
    /// ```swift
    /// try AtomicFile.write(Data("{}".utf8), to: URL(fileURLWithPath: "/tmp/layout.json"))
    /// ```
    public static func write(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try data.write(to: temporary)
            if rename(temporary.path, url.path) != 0 {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: temporary)
                throw AppSupportError(.fileNotWritten, "Could not replace \(url.path): \(reason).")
            }
        } catch let error as AppSupportError {
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw AppSupportError(.fileNotWritten, "Could not write \(url.path): \(error.localizedDescription).")
        }
    }

    /// Encodes `value` as JSON (sorted keys, so the file is stable) and
    /// writes it atomically.
    public static func writeJSON(_ value: some Encodable, to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try write(encoder.encode(value), to: url)
    }
}
