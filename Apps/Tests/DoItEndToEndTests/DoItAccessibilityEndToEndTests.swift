import AppTesting
import DesktopTesting
import Foundation
import Testing

/// Do It as a screen reader reads it over AT-SPI: the sidebar's two lists
/// and the shown list are named lists of named rows, controls say what they
/// do, and decoration (row icons, empty labels, a hidden banner) is not read.
@Suite("Do It accessibility end to end", .serialized, .exclusiveDesktop, .enabled(if: X11Tools.isDisplayAvailable,
       "No DISPLAY set: run under scripts/with-xvfb (needs xvfb, xdotool, python3-pyatspi, at-spi2-core)."))
struct DoItAccessibilityEndToEndTests {
    @Test("Lists and rows are named by what they show; icons, empty labels and the hidden banner are not read")
    func listsAndRowsAreNamedAndDecorationIsNot() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doit-a11y-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }

        let nodes = try await AccessibilityReader.read(
            AppUnderTest.executable("DoIt"), applicationName: "DoIt", arguments: ["--data-dir", folder.path],
            steps: ["sleep:2", "dump"])

        let lists = nodes.filter { $0.role == "list" }.map(\.name)
        #expect(lists.contains("Smart Lists") && lists.contains("Lists"), "\(lists)")
        let rows = nodes.filter { $0.role == "list item" }.map(\.name)
        for name in ["Today", "Scheduled", "All", "Groceries", "Work", "Chores", "Milk"] {
            #expect(rows.contains(name), "\(name) missing from \(rows)")
        }
        #expect(nodes.contains { $0.role == "check box" && $0.name == "Mark “Milk” done" })
        // What a screen reader would otherwise say: "GtkImage" before every
        // sidebar row, "GtkLabel" after every item without a date, and a
        // Dismiss button for no message.
        let spoken = nodes.filter { ["image", "label", "push button", "list item", "check box", "text"].contains($0.role) }
        #expect(!spoken.contains { $0.name.isEmpty || $0.name.hasPrefix("Gtk") },
                "\(spoken.filter { $0.name.isEmpty || $0.name.hasPrefix("Gtk") }.map { "\($0.role) '\($0.name)'" })")
        #expect(!spoken.contains { $0.role == "push button" && $0.name == "Dismiss" })
    }
}
