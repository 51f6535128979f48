import AppTesting
import ContactsCore
import DesktopTesting
import Foundation
import Testing

/// Contacts as a screen reader reads it over AT-SPI: the table is a list of
/// named rows, the focus and the selection move with the arrow keys, and the
/// form's fields are named.
@Suite("Contacts accessibility end to end", .serialized, .exclusiveDesktop, .enabled(if: X11Tools.isDisplayAvailable,
       "No DISPLAY set: run under scripts/with-xvfb (needs xvfb, xdotool, python3-pyatspi, at-spi2-core)."))
struct ContactsAccessibilityEndToEndTests {
    @Test("Rows are named list items; the focused row is the one Tab stop, selected, and follows Down and Shift+Down")
    func rowsTakeFocusAndReportSelection() async throws {
        let folder = try ContactsEndToEndTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try ContactStore(folder: folder)
        try store.removeAllContacts()
        try store.insert(ContactsEndToEndTests.cards(["Ada Lovelace", "Grace Hopper", "Katherine Johnson"]), at: 0)

        let nodes = try await AccessibilityReader.read(
            AppUnderTest.executable("Contacts"), applicationName: "Contacts", arguments: ["--data-dir", folder.path],
            steps: ["sleep:2", "dump", "click:Ada Lovelace", "key:Down", "dump", "key:shift+Down", "dump", "key:ctrl+n", "dump"])
        func rows(_ dump: Int) -> [AccessibleNode] { nodes.filter { $0.dump == dump && $0.role == "list item" } }

        #expect(nodes.contains { $0.dump == 1 && $0.role == "list" && !$0.name.isEmpty })
        #expect(rows(1).map(\.name) == ["Ada Lovelace", "Grace Hopper", "Katherine Johnson"])
        // The detail's photo is named; its field icons and the hidden banner are not read.
        let spoken = nodes.filter { $0.dump <= 2 && ["image", "label", "push button"].contains($0.role) }
        #expect(!spoken.contains { $0.name.isEmpty || $0.name.hasPrefix("Gtk") || $0.name == "Dismiss" },
                "\(spoken.map { "\($0.role) '\($0.name)'" })")
        #expect(spoken.contains { $0.role == "image" && $0.name == "Contact photo" })

        // A click then Down: Grace Hopper has the focus, is selected, and is
        // the only row in the Tab order.
        let afterDown = rows(2)
        #expect(afterDown.filter { $0.states.contains("focused") }.map(\.name) == ["Grace Hopper"])
        #expect(afterDown.filter { $0.states.contains("focusable") }.map(\.name) == ["Grace Hopper"])
        #expect(afterDown.filter { $0.states.contains("selected") }.map(\.name) == ["Grace Hopper"])

        // Shift+Down extends the selection; the focus moves on.
        let extended = rows(3)
        #expect(extended.filter { $0.states.contains("focused") }.map(\.name) == ["Katherine Johnson"])
        #expect(extended.filter { $0.states.contains("selected") }.map(\.name) == ["Grace Hopper", "Katherine Johnson"])

        // The new-contact form: every field has a name, none a class name.
        let fields = nodes.filter { $0.dump == 4 && $0.role == "text" && $0.states.contains("editable") }.map(\.name)
        #expect(fields.contains("First Name") && fields.contains("Last Name"), "\(fields)")
        #expect(!fields.contains { $0.isEmpty || $0.hasPrefix("Gtk") }, "\(fields)")
    }
}
