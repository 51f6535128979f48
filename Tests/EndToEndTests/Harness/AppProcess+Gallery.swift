import DesktopTesting
import Foundation

extension AppProcess {
    /// Starts the gallery with a scene and options (with `environment`
    /// added, for another display).
    static func gallery(_ scene: String, _ options: [String] = [], environment: [String: String] = [:]) throws -> AppProcess {
        try AppProcess("gallery \(scene)", executable: Desktop.galleryExecutable, arguments: [scene] + options,
                       environment: environment)
    }

    /// Starts the Python foreign client.
    static func foreignClient(_ arguments: [String]) throws -> AppProcess {
        try AppProcess("foreign \(arguments.first ?? "")", executable: Desktop.systemPython,
                       arguments: [Desktop.foreignClientScript.path] + arguments)
    }

    /// Starts the PyQt5 client (`Fixtures/qt_client.py`).
    static func qtClient(_ arguments: [String]) throws -> AppProcess {
        try AppProcess("qt \(arguments.first ?? "")", executable: Desktop.systemPython,
                       arguments: [Desktop.fixture("qt_client.py").path] + arguments)
    }

    /// Waits (up to `seconds`) for an event named `event` after the first
    /// `earlier` ones (those a shared process reported for earlier tests).
    @discardableResult
    func waitFor(_ event: String, after earlier: Int, seconds: Double = 10) async throws -> [String: any Sendable] {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let all = events(named: event)
            if all.count > earlier { return all[earlier] }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw timeout("never reported a new '\(event)' within \(seconds) s")
    }
}
