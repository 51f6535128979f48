import AppTesting
import DesktopTesting
import Foundation
import Testing

/// Ctrl+C, Ctrl+X and Ctrl+V on CacheMaker's cards do what the matching
/// drag and drop does: a copy pasted into the other lane arrives as a
/// geocache from another app would, and a cut is a delete with undo. Between
/// two CacheMakers the whole geocache crosses (its type has no public MIME
/// type: it comes through the copy's manifest, as in a drag); GTK 3 and Qt 5
/// programs paste a card as its name and copy text that becomes a card.
@Suite(.serialized, .exclusiveDesktop, .enabled(if: X11Tools.isDisplayAvailable, "No DISPLAY: run under scripts/with-xvfb."),
       .timeLimit(.minutes(2)))
struct ClipboardEndToEndTests {
    @Test("Copy a card, paste it after Canal Bridge; cut Dune Top and undo the cut")
    func copyPasteAndCut() async throws {
        let maker = try await AppUnderTest.cacheMaker()
        defer { maker.cleanUp() }
        try await maker.focus()
        try Pointer.click(maker.rect("cards", "Old Oak"))
        try await maker.waitForLayout("Old Oak is selected") { $0.rect("selected", "Old Oak") != nil }
        try Keyboard.press("ctrl+c")
        try Pointer.click(maker.rect("cards", "Canal Bridge"))
        try await maker.waitForLayout("Canal Bridge is selected") { $0.rect("selected", "Canal Bridge") != nil }
        try Keyboard.press("ctrl+v")
        try await maker.waitForLanes(Lanes(inProgress: Lanes.samples.inProgress,
                                           completed: ["Station Clock", "Canal Bridge", "Old Oak"]))

        try Pointer.click(maker.rect("cards", "Dune Top"))
        try await maker.waitForLayout("Dune Top is selected") { $0.rect("selected", "Dune Top") != nil }
        try Keyboard.press("ctrl+x")
        try await maker.waitForLanes(Lanes(inProgress: ["Old Oak", "Harbour Light", "Mill Race"],
                                           completed: ["Station Clock", "Canal Bridge", "Old Oak"]))
        try Keyboard.press("ctrl+z")
        try await maker.waitForLanes(Lanes(inProgress: Lanes.samples.inProgress,
                                           completed: ["Station Clock", "Canal Bridge", "Old Oak"]))
    }

    @Test("A card copied in one CacheMaker and pasted in another arrives whole: summary, place and picture")
    func betweenTwoCacheMakers() async throws {
        let first = try await AppUnderTest.cacheMaker()
        defer { first.cleanUp() }
        try await first.focus()
        try Pointer.click(first.rect("cards", "Old Oak"))
        try await first.waitForLayout("Old Oak is selected") { $0.rect("selected", "Old Oak") != nil }
        try Keyboard.press("ctrl+c")
        try await Task.sleep(for: .milliseconds(300))

        let second = try await AppUnderTest.cacheMaker()
        defer { second.cleanUp() }
        try await second.focus()
        try Pointer.click(second.rect("cards", "Canal Bridge"))
        try await second.waitForLayout("Canal Bridge is selected") { $0.rect("selected", "Canal Bridge") != nil }
        try Keyboard.press("ctrl+v")
        let board = try await second.waitForExport { ($0["completed"]?.array?.count ?? 0) == 3 }
        let pasted = try #require(board["completed"]?[2], "the card is pasted after Canal Bridge: \(Lanes(export: board))")
        // Plain text (all a foreign program gets) would make "Old Oak",
        // summary "Unknown", at 0, 0, without a picture.
        #expect(pasted["name"]?.string == "Old Oak")
        #expect(pasted["summary"]?.string == "In the hollow of the old oak.")
        #expect(pasted["latitude"]?.number == 52.0907)
        #expect(pasted["longitude"]?.number == 5.1214)
        #expect(pasted["hasImage"]?.bool == true)
        #expect(try first.lanes() == Lanes.samples, "the copying CacheMaker keeps its cards")
    }

    @Test("A GTK 3 program pastes a copied card as its name; CacheMaker pastes GTK 3's text as a new card")
    func withGTK3() async throws {
        try await pasteWithForeignProgram(fixture: "gtk3_clipboard.py", copying: "Lost Lake")
    }

    @Test("A Qt 5 program pastes a copied card as its name; CacheMaker pastes Qt's text as a new card")
    func withQt() async throws {
        try await pasteWithForeignProgram(fixture: "qt_clipboard.py", copying: "Quarry Gate")
    }

    /// Copies Harbour Light in CacheMaker and waits for `fixture`'s watcher
    /// to read it as text; then has `fixture` copy `text` and pastes it
    /// after Canal Bridge.
    private func pasteWithForeignProgram(fixture: String, copying text: String) async throws {
        let maker = try await AppUnderTest.cacheMaker()
        defer { maker.cleanUp() }
        let watcher = try Self.foreign(fixture, ["watch"])
        defer { watcher.stop() }
        try await watcher.waitFor("ready")

        try await maker.focus()
        try Pointer.click(maker.rect("cards", "Harbour Light"))
        try await maker.waitForLayout("Harbour Light is selected") { $0.rect("selected", "Harbour Light") != nil }
        try Keyboard.press("ctrl+c")
        let seen = try await watcher.waitFor("clipboard") { $0["text"] as? String == "Harbour Light" }
        let formats = seen["formats"] as? [String] ?? []
        #expect(formats.contains("text/plain;charset=utf-8"), "\(formats)")
        #expect(!formats.contains("application/x-dragkit-geocache+json"), "DragKit types stay in the manifest: \(formats)")

        let copier = try Self.foreign(fixture, ["copy", text])
        defer { copier.stop() }
        try await copier.waitFor("ready")
        try await watcher.waitFor("clipboard") { $0["text"] as? String == text }
        try await maker.focus()
        try Pointer.click(maker.rect("cards", "Canal Bridge"))
        try await maker.waitForLayout("Canal Bridge is selected") { $0.rect("selected", "Canal Bridge") != nil }
        try Keyboard.press("ctrl+v")
        try await maker.waitForLanes(Lanes(inProgress: Lanes.samples.inProgress,
                                           completed: ["Station Clock", "Canal Bridge", text]))
        let pasted = try maker.export()["completed"]?[2]
        #expect(pasted?["summary"]?.string == "Unknown", "text makes a new geocache named by it")
    }

    /// A clipboard fixture of the DragKit package's end-to-end tests, run
    /// with Debian's Python (which has python3-gi and python3-pyqt5).
    static func foreign(_ fixture: String, _ arguments: [String]) throws -> AppProcess {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/EndToEndTests/Fixtures/\(fixture)")
        return try AppProcess("\(fixture) \(arguments.first ?? "")", executable: URL(fileURLWithPath: "/usr/bin/python3"),
                              arguments: [script.path] + arguments)
    }
}
