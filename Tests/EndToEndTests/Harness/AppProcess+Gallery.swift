import DesktopTesting
import Foundation

extension AppProcess {
    /// Starts the gallery with a scene and options (on `environment`'s
    /// display, when given).
    static func gallery(_ scene: String, _ options: [String] = [], environment: [String: String?] = [:]) throws -> AppProcess {
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
}
