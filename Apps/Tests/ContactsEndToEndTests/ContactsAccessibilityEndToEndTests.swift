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
        // Its text buttons are named by their text, said once.
        let buttons = nodes.filter { $0.dump == 4 && $0.role == "push button" }.map(\.name)
        #expect(buttons.contains("Cancel") && buttons.contains("Add"), "\(buttons)")
        #expect(!buttons.contains(where: Self.isSaidTwice), "\(buttons)")
    }

    @Test("While a long import runs, its count and Cancel are read; Cancel is named once and stops it")
    func importRowIsReadWhileAnImportRuns() async throws {
        let folder = try ContactsEndToEndTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try ContactStore(folder: folder)
        try store.removeAllContacts()
        // Enough cards that the import runs for some seconds, a step at a time.
        let file = folder.appendingPathComponent("many.vcf")
        let cards = (0..<100_000).map { "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Person \($0)\r\nN:\($0);Person;;;\r\nEND:VCARD\r\n" }
        try Data(cards.joined().utf8).write(to: file)

        let nodes = try await AccessibilityReader.read(
            AppUnderTest.executable("Contacts"), applicationName: "Contacts", arguments: ["--data-dir", folder.path, file.path],
            steps: ["until:Importing contacts: ", "click:Cancel", "sleep:3", "dump"])

        let during = nodes.filter { $0.dump == 1 }
        #expect(during.contains { $0.role == "label" && $0.name.hasPrefix("Importing contacts: ") && $0.name.hasSuffix(" of 100000…") },
                "the import row's count is read")
        let cancel = during.filter { $0.role == "push button" && $0.name.contains("Cancel") }
        #expect(cancel.map(\.name) == ["Cancel"], "\(cancel.map(\.name))")
        #expect(cancel.first?.description.hasPrefix("Stop the import") == true, "\(cancel.map(\.description))")
        #expect(cancel.first?.actions.contains("click") == true)
        let spoken = during.filter { ["push button", "label", "text"].contains($0.role) }.map(\.name)
        #expect(!spoken.contains(where: Self.isSaidTwice), "\(spoken)")

        // Cancel, found by its name, stopped the import: the row is gone and
        // what went in stays.
        let after = nodes.filter { $0.dump == 2 }
        #expect(!after.isEmpty)
        #expect(!after.contains { $0.name.hasPrefix("Importing contacts") || $0.name.hasPrefix("Stopping the import") })
        let kept = try ContactStore(folder: folder).contacts().count
        #expect(kept > 0 && kept < 100_000, "\(kept) contacts kept")
    }

    /// Whether `name` is one text said twice ("Cancel Cancel"): a name
    /// given twice over, by the widget and by the label inside it.
    private static func isSaidTwice(_ name: String) -> Bool {
        let words = name.split(separator: " ")
        guard words.count >= 2, words.count.isMultiple(of: 2) else { return false }
        return words.prefix(words.count / 2).elementsEqual(words.suffix(words.count / 2))
    }
}
