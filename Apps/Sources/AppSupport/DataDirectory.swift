import Foundation

/// Where apps keep their data, following the XDG Base Directory rules.
public enum DataDirectory {
    /// `$XDG_DATA_HOME` when it is set to an absolute path, otherwise
    /// `$HOME/.local/share` (the specification says relative values are
    /// invalid and must be ignored).
    public static func xdgDataHome(environment: [String: String]) -> URL {
        if let value = environment["XDG_DATA_HOME"], value.hasPrefix("/") {
            return URL(fileURLWithPath: value, isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/share", isDirectory: true)
    }

    /// Creates `folder` (and its parents) when missing. The error names the
    /// folder and says what went wrong, so an app can show it as it is.
    public static func create(_ folder: URL) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw AppSupportError(.dataDirectoryUnusable,
                    "The data folder \(folder.path) is a file, not a folder. Choose another one with --data-dir DIR.")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw AppSupportError(.dataDirectoryUnusable,
                "Could not create the data folder \(folder.path): \(error.localizedDescription). Choose another one with --data-dir DIR.")
        }
    }
}
