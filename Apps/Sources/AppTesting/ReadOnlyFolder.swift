import Foundation

/// Makes a folder refuse new files and changes to its entries, for tests
/// of how an app reports a data folder it cannot write: mode 555, and for
/// root (whom modes do not stop) the immutable attribute (`chattr +i`, on
/// file systems that have it).
///
/// ```swift
/// try ReadOnlyFolder.lock(app.dataDirectory)
/// defer { ReadOnlyFolder.unlock(app.dataDirectory) }
/// ```
public enum ReadOnlyFolder {
    /// Makes `folder` read-only.
    ///
    /// - Throws: when root cannot set the immutable attribute (the test
    ///   would otherwise pass for the wrong reason).
    public static func lock(_ folder: URL) throws {
        chmod(folder.path, 0o555)
        if getuid() == 0 {
            let status = run("/usr/bin/chattr", ["+i", folder.path])
            if status != 0 {
                throw CocoaError(.fileWriteNoPermission, userInfo: [
                    NSLocalizedDescriptionKey: "chattr +i \(folder.path) failed (\(status)): root can write a folder of mode 555",
                ])
            }
        }
    }

    /// Makes `folder` writable again.
    public static func unlock(_ folder: URL) {
        if getuid() == 0 { _ = run("/usr/bin/chattr", ["-i", folder.path]) }
        chmod(folder.path, 0o755)
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return -1
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
