import AppTesting
import DesktopTesting
import Foundation
import Testing

/// The selected card under Xvfb with real clicks, drags and keys: it
/// belongs to its card through reorders and deletes, the trash and the keys
/// act on it, and undo takes each step back. CacheEditor keeps an edit made
/// just before its window closes.
@Suite(.serialized, .exclusiveDesktop, .enabled(if: X11Tools.isDisplayAvailable, "No DISPLAY: run under scripts/with-xvfb."),
       .timeLimit(.minutes(2)))
struct SelectionEndToEndTests {
    /// The name of the selected card in the layout, nil when none (once the
    /// layout shows `expected`, or at the deadline).
    func selected(_ maker: AppUnderTest, _ expected: String?) async throws -> String? {
        let layout = try await maker.waitForLayout("the selection is \(expected ?? "none")", seconds: 10) {
            $0.names("selected") == (expected.map { [$0] } ?? [])
        }
        return layout.names("selected").first
    }

    @Test("A clicked card stays selected through a drag reorder; the trash deletes it and Ctrl+Z brings it back")
    func selectionSurvivesAReorderAndTheTrashDeletesIt() async throws {
        let maker = try await AppUnderTest.cacheMaker()
        defer { maker.cleanUp() }
        try Pointer.click(maker.rect("cards", "Harbour Light"))
        #expect(try await selected(maker, "Harbour Light") == "Harbour Light")

        // Dune Top dragged above Old Oak: Harbour Light moves a row down and stays selected.
        try Pointer.drag(from: maker.rect("cards", "Dune Top"), to: maker.rect("cards", "Old Oak"), y: 0.2)
        try await maker.waitForLanes(Lanes(inProgress: ["Dune Top", "Old Oak", "Harbour Light", "Mill Race"],
                                           completed: Lanes.samples.completed))
        #expect(try await selected(maker, "Harbour Light") == "Harbour Light")

        try Pointer.click(maker.rect("widgets", "trash"))
        try await maker.waitForLanes(Lanes(inProgress: ["Dune Top", "Old Oak", "Mill Race"], completed: Lanes.samples.completed))
        // The next card in the same lane is selected now.
        #expect(try await selected(maker, "Mill Race") == "Mill Race")

        try await maker.focus()
        try Keyboard.press("ctrl+z")
        try await maker.waitForLanes(Lanes(inProgress: ["Dune Top", "Old Oak", "Harbour Light", "Mill Race"],
                                           completed: Lanes.samples.completed))
        #expect(try await selected(maker, "Harbour Light") == "Harbour Light")
    }

    @Test("Text dropped above the selected card leaves the selection on it; Delete deletes that card; Ctrl+Z takes the drop back too")
    func selectionSurvivesADropAbove() async throws {
        let maker = try await AppUnderTest.cacheMaker()
        defer { maker.cleanUp() }
        let foreign = try await ForeignClient.source(.text("Lighthouse"), at: (800, 400))
        defer { foreign.stop() }
        try Pointer.click(maker.rect("cards", "Mill Race"))
        _ = try await selected(maker, "Mill Race")
        try Pointer.drag(from: foreign.rect("text"), to: maker.rect("cards", "Old Oak"), y: 0.2)
        try await maker.waitForLanes(Lanes(inProgress: ["Lighthouse"] + Lanes.samples.inProgress, completed: Lanes.samples.completed))
        #expect(try await selected(maker, "Mill Race") == "Mill Race")

        try await maker.focus()
        try Keyboard.press("Delete")
        try await maker.waitForLanes(Lanes(inProgress: ["Lighthouse", "Old Oak", "Harbour Light", "Dune Top"],
                                           completed: Lanes.samples.completed))
        try Keyboard.press("ctrl+z")
        try Keyboard.press("ctrl+z")
        try await maker.waitForLanes(Lanes.samples)
    }

    @Test("Deleting a lane's last card leaves nothing selected: another Delete deletes nothing in the other lane")
    func deletingALanesLastCardDoesNotJumpLanes() async throws {
        let maker = try await AppUnderTest.cacheMaker()
        defer { maker.cleanUp() }
        try Pointer.click(maker.rect("cards", "Station Clock"))
        try await maker.focus()
        _ = try await selected(maker, "Station Clock")
        try Keyboard.press("Delete")
        try await maker.waitForLanes(Lanes(inProgress: Lanes.samples.inProgress, completed: ["Canal Bridge"]))
        #expect(try await selected(maker, "Canal Bridge") == "Canal Bridge")
        try Keyboard.press("ctrl+Delete")
        try await maker.waitForLanes(Lanes(inProgress: Lanes.samples.inProgress, completed: []))
        #expect(try await selected(maker, nil) == nil)
        try Keyboard.press("ctrl+Delete")
        try await Task.sleep(for: .seconds(1))
        #expect(try maker.lanes() == Lanes(inProgress: Lanes.samples.inProgress, completed: []))
    }

    @Test("Keyboard: Ctrl+Up reorders the selected card, Ctrl+Right moves it to the other lane, Ctrl+Z takes both back")
    func keyboardReorder() async throws {
        let maker = try await AppUnderTest.cacheMaker()
        defer { maker.cleanUp() }
        try Pointer.click(maker.rect("cards", "Mill Race"))
        try await maker.focus()
        _ = try await selected(maker, "Mill Race")
        try Keyboard.press("ctrl+Up")
        try await maker.waitForLanes(Lanes(inProgress: ["Old Oak", "Mill Race", "Harbour Light", "Dune Top"],
                                           completed: Lanes.samples.completed))
        try Keyboard.press("ctrl+Right")
        try await maker.waitForLanes(Lanes(inProgress: ["Old Oak", "Harbour Light", "Dune Top"],
                                           completed: ["Station Clock", "Mill Race", "Canal Bridge"]))
        #expect(try await selected(maker, "Mill Race") == "Mill Race")
        // Down moves the selection within the lane it is in now.
        try Keyboard.press("Down")
        #expect(try await selected(maker, "Canal Bridge") == "Canal Bridge")
        try Keyboard.press("ctrl+z")
        try Keyboard.press("ctrl+z")
        try await maker.waitForLanes(Lanes.samples)
    }

    @Test("CacheEditor closed right after text was dropped into Name saves the edit; one it cannot save keeps it open")
    func editorClosedWithAnUnsavedEdit() async throws {
        let editor = try await AppUnderTest.cacheEditor()
        defer { editor.cleanUp() }
        let client = try await ForeignClient.source(.text("Windmill"), at: (20, 20))
        defer { client.stop() }
        let name = try editor.rect("widgets", "name")
        try Pointer.drag(from: client.rect("text").point(), to: name.point(atX: 0.95, y: 0.5), holdSeconds: 0.3)
        try await Task.sleep(for: .milliseconds(500))
        // Not saved yet: the store still has the sample's name.
        #expect(try editor.export()["geocache"]?["name"]?.string == "Lighthouse Steps")

        // A latitude off the globe: Ctrl+Q (a close) keeps the window open and says why.
        try Pointer.click(editor.rect("widgets", "latitude"))
        try await editor.focus()
        try Keyboard.press("ctrl+a")
        try Keyboard.type("95")
        try Keyboard.press("ctrl+q")
        try await Task.sleep(for: .seconds(1))
        #expect(editor.process.isRunning)
        #expect(try editor.export()["geocache"]?["name"]?.string == "Lighthouse Steps")

        // Fixed, the close saves the dropped name and the good latitude.
        try Keyboard.press("ctrl+a")
        try Keyboard.type("12.25")
        try Keyboard.press("ctrl+q")
        let saved = try await editor.waitForExport { $0["geocache"]?["latitude"]?.number == 12.25 }
        #expect(saved["geocache"]?["name"]?.string?.contains("Windmill") == true)
        #expect(saved["geocache"]?["latitude"]?.number == 12.25)
        let deadline = Date().addingTimeInterval(10)
        while editor.process.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(100)) }
        #expect(!editor.process.isRunning)
    }
}
