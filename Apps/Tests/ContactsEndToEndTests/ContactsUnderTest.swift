import AppTesting
import ContactsCore
import DesktopTesting
import Foundation
import VCard

/// The Contacts executable under test with exactly the given cards in its
/// store (written before it starts, through the app's own store).
struct ContactsUnderTest {
    let app: AppUnderTest
    let dataDirectory: URL

    init(cards: [VCard]) throws {
        dataDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("contacts-e2e-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        let store = try ContactStore(folder: dataDirectory)
        try store.removeAllContacts()
        try store.insert(cards, at: 0)
        app = try AppUnderTest.launch("Contacts", dataDirectory: dataDirectory)
    }

    /// Moves the window to `point` and returns the settled layout with every row.
    func place(at point: Pointer.Point, rows: Int) async throws -> Layout {
        try await app.waitForLayout("the rows show") { $0.names("rows").count == rows }
        try await app.moveWindow(to: point)
        return try await app.waitForLayout("the table is at \(point)") { layout in
            guard let table = layout.rect("table") else { return false }
            return table.x >= Double(point.x) && table.x < Double(point.x) + 40 && layout.names("rows").count == rows
        }
    }

    /// Gives the window the keyboard focus (no window manager does it on a click).
    func focus() async throws {
        let window = try await app.window()
        _ = try X11Tools.xdotool(["windowfocus", "--sync", String(window.id)])
    }

    /// The exported contacts' names once `done` holds for them (or after `seconds`).
    func names(seconds: Double = 10, until done: ([String]) -> Bool) async throws -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        var names: [String] = []
        while Date() < deadline {
            names = try exported().map { $0["fn"]?.string ?? "" }
            if done(names) { return names }
            try await Task.sleep(for: .milliseconds(100))
        }
        return names
    }

    /// `Contacts --export-json` while the app keeps running.
    func exported() throws -> [JSONValue] {
        try app.export().array ?? []
    }

    func cleanUp() {
        app.cleanUp()
        try? FileManager.default.removeItem(at: dataDirectory)
    }
}
