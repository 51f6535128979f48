import DesktopTesting
import Foundation
import Testing

extension EndToEnd {
    /// The gallery's app scene as a screen reader sees it: its
    /// accessibility tree read over AT-SPI (`Fixtures/atspi_tree.py`, in a
    /// D-Bus session of its own with the accessibility bus, GTK_A11Y=atspi).
    @Suite("Accessibility tree over AT-SPI")
    struct AccessibilityTreeTests {
        /// One accessible of a dump.
        private struct Node {
            let dump: Int
            let role: String
            let name: String
            let description: String
            let states: [String]
            let actions: [String]
        }

        /// Runs the app scene through `steps` and returns every dumped node.
        private func run(_ steps: [String]) async throws -> [Node] {
            let reader = try AppProcess(
                "atspi reader", executable: URL(fileURLWithPath: "/usr/bin/dbus-run-session"),
                arguments: ["--", Desktop.systemPython.path, Desktop.fixture("atspi_tree.py").path,
                            Desktop.galleryExecutable.path, "DragKitGallery", "app", "--"] + steps)
            defer { reader.stop() }
            try await reader.waitFor("done", seconds: 90)
            return reader.events(named: "node").map { node in
                Node(dump: node["dump"] as? Int ?? 0, role: node["role"] as? String ?? "",
                     name: node["name"] as? String ?? "", description: node["description"] as? String ?? "",
                     states: node["states"] as? [String] ?? [], actions: node["actions"] as? [String] ?? [])
            }
        }

        @Test("Controls are named, lists have list and list-item roles, rows take focus, and a keyboard drag is announced")
        func namesRolesFocusAndAnnouncements() async throws {
            let nodes = try await run(["dump", "click:Beta", "key:Down", "dump", "key:ctrl+alt+d", "dump",
                                       "key:Down", "dump", "key:Escape", "dump"])
            func dump(_ number: Int) -> [Node] { nodes.filter { $0.dump == number } }
            let first = dump(1)

            // Names: icon buttons by their tooltip, entries by their label,
            // the list by its name, rows by their word; never a class name.
            let buttons = first.filter { $0.role == "push button" }
            #expect(buttons.contains { $0.name == "Add" && $0.actions.contains("click") })
            #expect(buttons.contains { $0.name == "Main menu" && $0.actions.contains("click") })
            let entries = first.filter { $0.role == "text" && $0.states.contains("editable") }.map(\.name)
            #expect(entries.contains("Name") && entries.contains("Latitude"), "\(entries)")
            let named = first.filter { ["push button", "text", "list", "list item", "check box"].contains($0.role) }
            #expect(!named.contains { $0.name.isEmpty || $0.name.hasPrefix("Gtk") || $0.name.contains("_") },
                    "\(named.map(\.name))")
            #expect(first.contains { $0.role == "check box" && $0.name == "Done" })
            // Decoration is not read: the rows' icons, the empty state's
            // icon and the hidden error banner (its label and Dismiss) are
            // out of the tree; the picture, which shows content, is named.
            #expect(!first.contains { $0.role == "image" && $0.name.hasPrefix("Gtk") }, "\(first.filter { $0.role == "image" }.map(\.name))")
            #expect(!first.contains { $0.role == "label" && $0.name.hasPrefix("Gtk") })
            #expect(!buttons.contains { $0.name == "Dismiss" })
            #expect(first.contains { $0.role == "image" && $0.name == "Picture" })
            #expect(first.contains { $0.role == "list" && $0.name == "words" })
            #expect(first.filter { $0.role == "list item" }.map(\.name) == ["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta"])

            // Focus: a click then Down moves focus and selection to Gamma,
            // the only row that takes focus.
            let rows = dump(2).filter { $0.role == "list item" }
            let focused = try #require(rows.first { $0.states.contains("focused") })
            #expect(focused.name == "Gamma")
            #expect(focused.states.contains("selected"))
            #expect(rows.filter { $0.states.contains("focusable") }.map(\.name) == ["Gamma"])

            // The keyboard drag's announcements, as descriptions of the
            // focused row a screen reader reads.
            func gamma(_ number: Int) -> String { dump(number).first { $0.name == "Gamma" && $0.role == "list item" }?.description ?? "" }
            #expect(gamma(3).hasPrefix("Picked up Gamma."))
            #expect(gamma(4) == "Insert before Alpha in words")
            #expect(gamma(5) == "Cancelled dragging Gamma.")
        }
    }
}
