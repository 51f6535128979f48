import DesktopTesting
import Foundation
import Testing

/// CacheMaker and CacheEditor as people use them: the real executables
/// under X (scripts/with-xvfb), real pointer drags with xdotool, judged by
/// what each app's `--export-json` says its store holds.
@Suite(.serialized, .enabled(if: X11Tools.isDisplayAvailable, "No DISPLAY: run under scripts/with-xvfb."),
       .timeLimit(.minutes(1)))
struct GeocachesEndToEndTests {
    static let samples = (inProgress: ["Old Oak", "Harbour Light", "Mill Race", "Dune Top"],
                          completed: ["Station Clock", "Canal Bridge"])

    /// CacheMaker at the left of the screen.
    func cacheMaker() async throws -> GeocacheApp {
        let maker = try await GeocacheApp("CacheMaker", at: (0, 0))
        try await maker.waitForLayout("six cards show") { $0["cards"]?.count == 6 }
        return maker
    }

    @Test("A card dragged within its lane is reordered, and stays so after a restart")
    func reorderWithinALane() async throws {
        var maker = try await cacheMaker()
        defer { maker.stop() }
        try Pointer.drag(from: maker.point("cards", "Mill Race"), to: maker.point("cards", "Old Oak", fraction: 0.2))
        try await maker.waitForLanes((["Mill Race", "Old Oak", "Harbour Light", "Dune Top"], Self.samples.completed))

        // A restart reads the order back from the store.
        maker.process.stop()
        maker = try await GeocacheApp("CacheMaker", at: (0, 0), dataFolder: maker.dataFolder)
        let layout = try await maker.waitForLayout("six cards show") { $0["cards"]?.count == 6 }
        let tops = ["Mill Race", "Old Oak", "Harbour Light", "Dune Top"].map { layout["cards"]?[$0]?["y"] ?? 0 }
        #expect(tops == tops.sorted())
    }

    @Test("A card dragged to the other lane moves there and leaves its lane")
    func moveBetweenLanes() async throws {
        let maker = try await cacheMaker()
        defer { maker.stop() }
        try Pointer.drag(from: maker.point("cards", "Harbour Light"), to: maker.point("cards", "Canal Bridge", fraction: 0.8))
        try await maker.waitForLanes((["Old Oak", "Mill Race", "Dune Top"], ["Station Clock", "Canal Bridge", "Harbour Light"]))
        try await maker.waitForLayout("the card shows in Completed") { _ in maker.cardLanes()["Harbour Light"] == "completed" }
    }

    @Test("Text dragged in from a GTK app that is not DragKit becomes a geocache at the drop row")
    func copyInFromForeignText() async throws {
        let maker = try await cacheMaker()
        defer { maker.stop() }
        let (foreign, widgets) = try await ForeignClient.start(["source", "--text", "Lighthouse"], at: (800, 400))
        defer { foreign.stop() }
        try Pointer.drag(from: try #require(widgets["text"]), to: maker.point("cards", "Harbour Light", fraction: 0.2))
        try await maker.waitForLanes((["Old Oak", "Lighthouse", "Harbour Light", "Mill Race", "Dune Top"], Self.samples.completed))
        let added = try #require((try maker.export()["inProgress"] as? [[String: Any]])?[1])
        #expect(added["summary"] as? String == "Unknown")
        #expect(added["latitude"] as? Double == 0)
        #expect(added["hasImage"] as? Bool == false)
        try await foreign.waitFor("drag-end")
    }

    @Test("A geocache dragged from CacheMaker to CacheEditor arrives whole, and back again")
    func cacheMakerToCacheEditorAndBack() async throws {
        let maker = try await cacheMaker()
        defer { maker.stop() }
        let editor = try await GeocacheApp("CacheEditor", at: (680, 0))
        defer { editor.stop() }
        try await editor.waitForLayout("the detail shows") { $0["widgets"]?["detail"] != nil }

        try Pointer.drag(from: maker.point("cards", "Dune Top"), to: editor.point("widgets", "detail"))
        let shown = try await editor.waitForShown("Dune Top")
        #expect(shown["name"] as? String == "Dune Top")
        #expect(shown["summary"] as? String == "Film canister in the marram grass.")
        #expect(shown["latitude"] as? Double == 52.6324)
        #expect(shown["longitude"] as? Double == 4.6318)
        #expect(shown["hasImage"] as? Bool == true)
        // A copy: the board still has it.
        #expect(try maker.lanes().inProgress.contains("Dune Top"))

        // Back: the editor's geocache is copied into Completed, whole.
        try await editor.waitForLayout("the detail settles") { $0["widgets"]?["detail"] != nil }
        try Pointer.drag(from: editor.point("widgets", "detail"), to: maker.point("lanes", "completed", fraction: 0.8))
        try await maker.waitForLanes((Self.samples.inProgress, Self.samples.completed + ["Dune Top"]))
        let back = try #require((try maker.export()["completed"] as? [[String: Any]])?.last)
        #expect(back["latitude"] as? Double == 52.6324)
        #expect(back["hasImage"] as? Bool == true)
    }

    @Test("A source killed in the middle of a drag loses nothing on either side")
    func sourceKilledDuringADrop() async throws {
        let maker = try await cacheMaker()
        defer { maker.stop() }
        let editor = try await GeocacheApp("CacheEditor", at: (680, 0))
        defer { editor.stop() }
        try await editor.waitForLayout("the detail shows") { $0["widgets"]?["detail"] != nil }

        // CacheMaker drags a card over CacheEditor and dies before the drop.
        let over = try editor.point("widgets", "detail")
        try pressAndDrag(from: maker.point("cards", "Old Oak"), to: over)
        maker.process.kill()
        try release(at: over)
        try await Task.sleep(for: .seconds(1))

        // The editor still shows its own geocache; the board, restarted,
        // has every card.
        #expect(editor.process.isRunning)
        #expect((try editor.export()["geocache"] as? [String: Any])?["name"] as? String == "Lighthouse Steps")
        #expect(try maker.lanes() == Self.samples)
        let restarted = try await GeocacheApp("CacheMaker", at: (0, 0), dataFolder: maker.dataFolder)
        defer { restarted.process.stop() }
        try await restarted.waitForLayout("six cards show") { $0["cards"]?.count == 6 }

        // And the editor takes a drop afterwards.
        try Pointer.drag(from: restarted.point("cards", "Mill Race"), to: editor.point("widgets", "detail"))
        #expect(try await editor.waitForShown("Mill Race")["name"] as? String == "Mill Race")
    }

    @Test("The editor, killed while its geocache is dragged over the board, adds nothing to it")
    func editorKilledOverTheBoard() async throws {
        let maker = try await cacheMaker()
        defer { maker.stop() }
        let editor = try await GeocacheApp("CacheEditor", at: (680, 0))
        defer { editor.stop() }
        try await editor.waitForLayout("the detail shows") { $0["widgets"]?["detail"] != nil }

        let over = try maker.point("cards", "Mill Race")
        try pressAndDrag(from: editor.point("widgets", "detail"), to: over)
        editor.process.kill()
        try release(at: over)
        try await Task.sleep(for: .seconds(2))

        #expect(maker.process.isRunning)
        #expect(try maker.lanes() == Self.samples)
        // No "Loading…" row is left behind: six cards, each a geocache.
        try await maker.waitForLayout("six cards show") { $0["cards"]?.count == 6 }
        #expect(try editor.export()["geocache"] as? [String: Any] != nil)
    }

    /// Presses on `start` and drags to `end` without letting go, as a person
    /// hovering before the drop.
    func pressAndDrag(from start: Pointer.Point, to end: Pointer.Point) throws {
        var commands = ["mousemove", String(start.x), String(start.y), "sleep", "0.05", "mousedown", "1"]
        for step in 1...20 {
            commands += ["sleep", "0.03", "mousemove", String(start.x + (end.x - start.x) * step / 20),
                         String(start.y + (end.y - start.y) * step / 20)]
        }
        try X11Tools.xdotool(commands)
    }

    /// Lets go at `point` after a last one-pixel move (the target sees a
    /// motion there).
    func release(at point: Pointer.Point) throws {
        try X11Tools.xdotool(["mousemove", String(point.x + 1), String(point.y + 1), "sleep", "0.2", "mouseup", "1"])
    }
}
