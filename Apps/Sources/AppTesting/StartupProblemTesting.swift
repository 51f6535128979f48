import DesktopTesting
import Foundation

/// The shared start-up error window, as a test meets it: a data folder
/// whose database is damaged, the window's words from the layout file
/// (`{"problem": {"title", "message", "advice"}, "windows": {"Problem": R}}`),
/// its focused first button pressed with the keyboard, and the file kept
/// aside next to the original.
public struct DamagedDatabase: Sendable {
    /// The data folder (a fresh temporary one).
    public let folder: URL
    /// The damaged database file in it.
    public let file: URL
    /// The bytes written there: no SQLite database.
    public let bytes: Data

    /// Makes a folder whose `fileName` holds 8 KiB that are no SQLite database.
    public init(fileName: String) throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("dragkit-damaged-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        file = folder.appendingPathComponent(fileName)
        bytes = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try bytes.write(to: file)
    }

    /// The files the app kept aside: `<name>.unreadable-…` next to the original.
    public func keptAside() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix(file.lastPathComponent + ".unreadable-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
            .map { folder.appendingPathComponent($0) }
    }

    /// Removes the folder.
    public func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

extension AppUnderTest {
    /// Waits for the start-up error window and returns what it says:
    /// title, message and advice as one text.
    public func waitForStartupProblem(seconds: Double = 40) async throws -> (text: String, window: LayoutRect) {
        let layout = try await waitForLayout("the start-up problem shows", seconds: seconds) {
            $0.json["problem"] != nil && $0.rect("windows", "Problem") != nil
        }
        let problem = layout.json["problem"]
        let text = ["title", "message", "advice"].compactMap { problem?[$0]?.string }.joined(separator: " ")
        return (text, try layout.requireRect("windows", "Problem"))
    }

    /// Presses the start-up window's first button (it has the focus) with
    /// Return, the pointer over the window so it gets the key.
    public func pressFirstStartupButton(in window: LayoutRect) throws {
        try Pointer.move(to: (Int(window.x + window.width / 2), Int(window.y + 60)))
        try Keyboard.press("Return")
    }

    /// GTK's warnings and criticals the app printed, but the one about the
    /// missing session bus that every app prints under Xvfb.
    public var gtkProblems: [String] {
        process.errorText.split(separator: "\n").map(String.init).filter { line in
            (line.contains("-WARNING") || line.contains("-CRITICAL")) && !line.contains("session bus")
        }
    }
}

extension AppUnderTest {
    /// Opens the primary menu with F10 (the window focused first) and
    /// picks Keyboard Shortcuts, the third item from the end (before About
    /// and Quit), with the arrow keys as a person would; returns the
    /// Keyboard Shortcuts window once it shows. The pointer is moved to the
    /// window's left edge first: an item under it would take the
    /// highlight from the keys.
    public func openShortcutsFromMenu() async throws -> ScreenWindow {
        let main = try await window()
        let corner = try main.position()
        try Pointer.move(to: (corner.x + 4, corner.y + 120))
        _ = try X11Tools.xdotool(["windowfocus", "--sync", String(main.id)])
        try Keyboard.press("F10")
        try await Task.sleep(for: .milliseconds(600))
        for _ in 0..<3 {
            try Keyboard.press("Up")
            try await Task.sleep(for: .milliseconds(150))
        }
        try Keyboard.press("Return")
        return try await window(titled: "Keyboard Shortcuts")
    }
}
