import AppTesting
import DesktopTesting
import Foundation
import Testing

/// The shared app shell in Contacts under Xvfb with real keys: a damaged
/// database is told in a window without SQL or type names, kept aside byte
/// for byte, and the app starts with no contacts; the Keyboard Shortcuts
/// window opens from the primary menu.
@Suite("Contacts shell end to end", .serialized, .exclusiveDesktop, .enabled(if: X11Tools.isDisplayAvailable,
       "No DISPLAY set: run under scripts/with-xvfb (needs xvfb, xdotool, python3-gi, gir1.2-gtk-4.0)."))
struct ContactsShellEndToEndTests {
    @Test("A damaged database is kept aside and Contacts starts empty")
    func aDamagedDatabaseIsKeptAside() async throws {
        let damaged = try DamagedDatabase(fileName: "contacts.sqlite")
        defer { damaged.remove() }
        let app = try AppUnderTest.launch("Contacts", dataDirectory: damaged.folder)
        defer { app.cleanUp() }
        let (said, window) = try await app.waitForStartupProblem()
        #expect(said.contains("Contacts can't read its data"), "\(said)")
        #expect(said.contains(damaged.file.path), "\(said)")
        for technical in ["SQL", "error 26", "DatabaseError", "GRDB", "writable"] {
            #expect(!said.contains(technical), "\(said)")
        }
        try app.pressFirstStartupButton(in: window)
        _ = try await app.waitForLayout("the contacts window opens", seconds: 40) { $0.rect("table") != nil }
        #expect(try app.export().array?.isEmpty == true, "a fresh start, without the sample contacts")
        let kept = try damaged.keptAside()
        #expect(kept.count == 1, "\(kept)")
        if let file = kept.first {
            #expect(try Data(contentsOf: file) == damaged.bytes, "kept byte for byte")
            #expect(app.process.errorText.contains(file.path), "the log says where the file is")
        }
        #expect(app.gtkProblems.isEmpty, "\(app.gtkProblems)")
    }

    @Test("The Keyboard Shortcuts window opens from the primary menu")
    func theShortcutsWindowOpensFromTheMenu() async throws {
        let app = try AppUnderTest.launch("Contacts")
        defer { app.cleanUp() }
        _ = try await app.waitForLayout("the table shows", seconds: 40) { $0.rect("table") != nil }
        let shortcuts = try await app.openShortcutsFromMenu()
        #expect(shortcuts.id != 0)
        #expect(app.gtkProblems.isEmpty, "\(app.gtkProblems)")
    }
}
