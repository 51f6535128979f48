import DesktopTesting
import Foundation

extension AppProcess {
    /// Starts the gallery with a scene and options.
    static func gallery(_ scene: String, _ options: [String] = []) throws -> AppProcess {
        try AppProcess("gallery \(scene)", executable: Desktop.galleryExecutable, arguments: [scene] + options)
    }

    /// Starts the Python foreign client.
    static func foreignClient(_ arguments: [String]) throws -> AppProcess {
        try AppProcess("foreign \(arguments.first ?? "")", executable: Desktop.systemPython,
                       arguments: [Desktop.foreignClientScript.path] + arguments)
    }

    /// Sends `signal` (SIGSTOP, SIGCONT) to the process.
    func send(_ signal: Int32) {
        _ = Foundation.kill(processIdentifier, signal)
    }
}
