import DesktopTesting
import Foundation

/// One accessible object of an app, as a screen reader reads it over AT-SPI.
public struct AccessibleNode: Sendable {
    /// Which `dump` step read it (1 for the first).
    public let dump: Int
    /// The AT-SPI role name: "list", "list item", "push button", "text", ...
    public let role: String
    public let name: String
    public let description: String
    /// AT-SPI state names: "focusable", "focused", "selected", ...
    public let states: [String]
    public let actions: [String]
}

/// Runs an app in a D-Bus session of its own with the accessibility bus
/// (GTK_A11Y=atspi) and reads its accessibility tree between steps, with
/// the library's `atspi_tree.py` fixture (Debian's python3-pyatspi and
/// at-spi2-core).
///
/// ```swift
/// let nodes = try await AccessibilityReader.read(
///     AppUnderTest.executable("Contacts"), applicationName: "Contacts",
///     arguments: ["--data-dir", folder.path], steps: ["sleep:2", "dump", "click:Grace Hopper", "key:Down", "dump"])
/// let focused = nodes.first { $0.dump == 2 && $0.states.contains("focused") }
/// ```
public enum AccessibilityReader {
    /// The nodes of every `dump` step. Steps: `dump`, `until:TEXT` (a
    /// dump as soon as an accessible whose name contains TEXT shows, for a
    /// part shown only while something runs), `click:NAME` (the accessible
    /// called NAME), `key:KEYS` (xdotool syntax), `sleep:SECONDS`.
    ///
    /// - Throws: ``DesktopTestingError`` when the app does not appear on
    ///   the accessibility bus or the steps do not finish in 90 seconds.
    public static func read(
        _ executable: URL, applicationName: String, arguments: [String] = [], steps: [String]
    ) async throws -> [AccessibleNode] {
        let reader = try AppProcess(
            "atspi reader", executable: URL(fileURLWithPath: "/usr/bin/dbus-run-session"),
            arguments: ["--", "/usr/bin/python3", script.path, executable.path, applicationName] + arguments + ["--"] + steps)
        defer { reader.stop() }
        try await reader.waitFor("done", seconds: 90)
        reader.reportGTKWarnings()
        return reader.events(named: "node").map { node in
            AccessibleNode(dump: node["dump"] as? Int ?? 0, role: node["role"] as? String ?? "",
                           name: node["name"] as? String ?? "", description: node["description"] as? String ?? "",
                           states: node["states"] as? [String] ?? [], actions: node["actions"] as? [String] ?? [])
        }
    }

    static var script: URL { libraryFixture("atspi_tree.py") }
}
