import Foundation

/// Runs the X11 command-line tools the harness drives the desktop with:
/// xdotool (Debian package xdotool) and xwininfo (x11-utils).
public enum X11Tools {
    /// Whether an X display is set (tests that need one skip otherwise).
    public static var isDisplayAvailable: Bool {
        ProcessInfo.processInfo.environment["DISPLAY"].map { !$0.isEmpty } ?? false
    }

    /// Runs `xdotool` with `arguments` and returns what it printed.
    @discardableResult
    public static func xdotool(_ arguments: [String]) throws(DesktopTestingError) -> String {
        try run("/usr/bin/xdotool", arguments)
    }

    /// Runs `tool` with `arguments` and returns what it printed.
    ///
    /// - Throws: ``DesktopTestingError`` `.toolFailed` when the tool is
    ///   missing or exits with an error (its message included).
    public static func run(_ tool: String, _ arguments: [String]) throws(DesktopTestingError) -> String {
        String(decoding: try runForData(tool, arguments), as: UTF8.self)
    }

    /// Runs `tool` with `arguments` and returns the bytes it printed.
    public static func runForData(_ tool: String, _ arguments: [String]) throws(DesktopTestingError) -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let errors = Pipe()
        let printed = Pipe()
        process.standardError = errors
        process.standardOutput = printed
        do {
            try process.run()
        } catch {
            throw DesktopTestingError(code: .toolFailed,
                description: "\(tool) could not be started (\(error)); install the Debian packages xdotool and x11-utils (scripts/setup).")
        }
        let output = printed.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw DesktopTestingError(code: .toolFailed,
                description: "\(tool) \(arguments.prefix(3).joined(separator: " ")) failed: \(message)")
        }
        return output
    }

    /// The geometries (`WxH+X+Y`) of the root window's children, from xwininfo.
    public static func topLevelGeometries() throws(DesktopTestingError) -> [String] {
        let tree = try run("/usr/bin/xwininfo", ["-root", "-children"])
        return tree.split(separator: "\n").compactMap { line in
            line.split(separator: " ").first { $0.contains("x") && $0.contains("+") && $0.first?.isNumber == true }
                .map(String.init)
        }
    }
}
