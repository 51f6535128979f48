import AppTesting
import DesktopTesting
import Foundation
import Testing

/// CacheMaker and CacheEditor as people use them: the real executables
/// under X (scripts/with-xvfb), real pointer drags with xdotool, judged by
/// what each app's `--export-json` says its store holds.
@Suite(.serialized, .exclusiveDesktop, .enabled(if: X11Tools.isDisplayAvailable, "No DISPLAY: run under scripts/with-xvfb."),
       .timeLimit(.minutes(2)))
struct GeocachesEndToEndTests {
    @Test("A card dragged within its lane is reordered, and stays so after a restart")
    func reorderWithinALane() async throws {
        let maker = try await AppUnderTest.cacheMaker()
        defer { maker.cleanUp() }
        try Pointer.drag(from: maker.rect("cards", "Mill Race"), to: maker.rect("cards", "Old Oak"), y: 0.2)
        let reordered = Lanes(inProgress: ["Mill Race", "Old Oak", "Harbour Light", "Dune Top"], completed: Lanes.samples.completed)
        try await maker.waitForLanes(reordered)

        // A restart reads the order back from the store.
        maker.stop()
        let restarted = try await AppUnderTest.cacheMaker(dataDirectory: maker.dataDirectory)
        defer { restarted.stop() }
        let tops = try reordered.inProgress.map { try restarted.rect("cards", $0).y }
        #expect(tops == tops.sorted())
    }

    @Test("A card dragged to the other lane moves there and leaves its lane")
    func moveBetweenLanes() async throws {
        let maker = try await AppUnderTest.cacheMaker()
        defer { maker.cleanUp() }
        try Pointer.drag(from: maker.rect("cards", "Harbour Light"), to: maker.rect("cards", "Canal Bridge"), y: 0.8)
        try await maker.waitForLanes(Lanes(inProgress: ["Old Oak", "Mill Race", "Dune Top"],
                                           completed: ["Station Clock", "Canal Bridge", "Harbour Light"]))
        try await maker.waitForLayout("the card shows in Completed") { $0.json["cards"]?["Harbour Light"]?["lane"]?.string == "completed" }
    }

    @Test("Text dragged in from a GTK app that is not DragKit becomes a geocache at the drop row")
    func copyInFromForeignText() async throws {
        let maker = try await AppUnderTest.cacheMaker()
        defer { maker.cleanUp() }
        let foreign = try await ForeignClient.source(.text("Lighthouse"), at: (800, 400))
        defer { foreign.stop() }
        try Pointer.drag(from: foreign.rect("text"), to: maker.rect("cards", "Harbour Light"), y: 0.2)
        try await maker.waitForLanes(Lanes(inProgress: ["Old Oak", "Lighthouse", "Harbour Light", "Mill Race", "Dune Top"],
                                           completed: Lanes.samples.completed))
        let added = try #require(try maker.export()["inProgress"]?[1])
        #expect(added["summary"]?.string == "Unknown")
        #expect(added["latitude"]?.number == 0 && added["longitude"]?.number == 0)
        #expect(added["hasImage"]?.bool == false)
    }

    @Test("A geocache dragged from CacheMaker to CacheEditor arrives whole, and back again")
    func cacheMakerToCacheEditorAndBack() async throws {
        let maker = try await AppUnderTest.cacheMaker()
        defer { maker.cleanUp() }
        let editor = try await AppUnderTest.cacheEditor()
        defer { editor.cleanUp() }

        try Pointer.drag(from: maker.rect("cards", "Dune Top"), to: editor.rect("widgets", "detail"))
        let shown = try #require(try await editor.waitForShown("Dune Top"))
        #expect(shown["name"]?.string == "Dune Top")
        #expect(shown["summary"]?.string == "Film canister in the marram grass.")
        #expect(shown["latitude"]?.number == 52.6324)
        #expect(shown["longitude"]?.number == 4.6318)
        #expect(shown["hasImage"]?.bool == true)
        // A copy: the board keeps it.
        #expect(try maker.lanes() == Lanes.samples)

        // Back: the editor's geocache is copied into Completed, whole.
        try await editor.waitForLayout("the detail settles")
        try Pointer.drag(from: editor.rect("widgets", "detail"), to: maker.rect("lanes", "completed"), y: 0.8)
        try await maker.waitForLanes(Lanes(inProgress: Lanes.samples.inProgress, completed: Lanes.samples.completed + ["Dune Top"]))
        let back = try #require(try maker.export()["completed"]?[2])
        #expect(back["latitude"]?.number == 52.6324)
        #expect(back["hasImage"]?.bool == true)
    }

    @Test("CacheMaker killed while dragging a card over CacheEditor loses nothing on either side")
    func boardKilledDuringADrag() async throws {
        let maker = try await AppUnderTest.cacheMaker()
        defer { maker.cleanUp() }
        let editor = try await AppUnderTest.cacheEditor()
        defer { editor.cleanUp() }

        let over = try editor.rect("widgets", "detail").point()
        try Pointer.pressAndDrag(from: maker.rect("cards", "Old Oak").point(), to: over)
        maker.kill()
        try Pointer.release(at: over)
        try await Task.sleep(for: .seconds(1))

        // The editor still shows its own geocache; the board, restarted,
        // has every card.
        #expect(editor.process.isRunning)
        #expect(try editor.export()["geocache"]?["name"]?.string == "Lighthouse Steps")
        #expect(try maker.lanes() == Lanes.samples)
        let restarted = try await AppUnderTest.cacheMaker(dataDirectory: maker.dataDirectory)
        defer { restarted.stop() }

        // And the editor takes a drop afterwards.
        try Pointer.drag(from: restarted.rect("cards", "Mill Race"), to: editor.rect("widgets", "detail"))
        #expect(try await editor.waitForShown("Mill Race")?["name"]?.string == "Mill Race")
    }

    @Test("CacheEditor killed while its geocache is dragged over the board adds nothing and leaves no placeholder")
    func editorKilledOverTheBoard() async throws {
        let maker = try await AppUnderTest.cacheMaker()
        defer { maker.cleanUp() }
        let editor = try await AppUnderTest.cacheEditor()
        defer { editor.cleanUp() }

        let over = try maker.rect("cards", "Mill Race").point()
        try Pointer.pressAndDrag(from: editor.rect("widgets", "detail").point(), to: over)
        editor.kill()
        try Pointer.release(at: over)
        try await Task.sleep(for: .seconds(2))

        #expect(maker.process.isRunning)
        #expect(try maker.lanes() == Lanes.samples)
        try await maker.waitForLayout("six cards show, no Loading… row") { $0.names("cards").count == 6 }
        #expect(try editor.export()["geocache"]?["name"]?.string == "Lighthouse Steps")
    }

    @Test("Keyboard: a geocache added by name, moved to the other lane and deleted without the mouse")
    func keyboardPaths() async throws {
        let maker = try await AppUnderTest.cacheMaker()
        defer { maker.cleanUp() }
        try Pointer.click(maker.rect("widgets", "name"))
        try Keyboard.type("Lighthouse")
        try Keyboard.press("Return")
        try await maker.waitForLanes(Lanes(inProgress: Lanes.samples.inProgress + ["Lighthouse"], completed: Lanes.samples.completed))

        // The new card is selected: move it to Completed, then delete it.
        try Keyboard.press("ctrl+shift+m")
        try await maker.waitForLanes(Lanes(inProgress: Lanes.samples.inProgress, completed: Lanes.samples.completed + ["Lighthouse"]))
        try Keyboard.press("ctrl+Delete")
        try await maker.waitForLanes(Lanes.samples)
    }

    @Test("CacheEditor refuses a latitude off the globe and saves a good one")
    func editorRefusesBadCoordinates() async throws {
        let editor = try await AppUnderTest.cacheEditor()
        defer { editor.cleanUp() }
        try Pointer.click(editor.rect("widgets", "latitude"))
        try Keyboard.press("ctrl+a")
        try Keyboard.type("95")
        try Keyboard.press("ctrl+s")
        try await Task.sleep(for: .seconds(1))
        #expect(try editor.export()["geocache"]?["latitude"]?.number == 53.445)

        try Keyboard.press("ctrl+a")
        try Keyboard.type("12.25")
        try Keyboard.press("Return")
        try await editor.waitForExport { $0["geocache"]?["latitude"]?.number == 12.25 }
        #expect(try editor.export()["geocache"]?["latitude"]?.number == 12.25)
        #expect(try editor.export()["geocache"]?["name"]?.string == "Lighthouse Steps")
    }

    @Test("A PNG file dropped on CacheEditor's picture becomes the geocache's picture; a text file is refused")
    func pictureByDrop() async throws {
        let maker = try await AppUnderTest.cacheMaker()
        defer { maker.cleanUp() }
        let editor = try await AppUnderTest.cacheEditor()
        defer { editor.cleanUp() }
        // "Mill Race" has no picture.
        try Pointer.drag(from: maker.rect("cards", "Mill Race"), to: editor.rect("widgets", "detail"))
        #expect(try await editor.waitForShown("Mill Race")?["hasImage"]?.bool == false)

        let folder = editor.workFolder
        let png = folder.appendingPathComponent("tower.png")
        try Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC")!.write(to: png)
        let text = folder.appendingPathComponent("notes.txt")
        try Data("not a picture".utf8).write(to: text)
        let foreign = try await ForeignClient.source(.file(text), .file(png), at: (40, 420))
        defer { foreign.stop() }
        try await editor.waitForLayout("the picture settles") { $0.json["widgets"]?["picture"]?.rect != nil }

        try Pointer.drag(from: foreign.rect("file"), to: editor.rect("widgets", "picture"))
        try await Task.sleep(for: .seconds(1))
        #expect(try editor.export()["geocache"]?["hasImage"]?.bool == false)

        try Pointer.drag(from: foreign.rect("file-2"), to: editor.rect("widgets", "picture"))
        try await editor.waitForExport { $0["geocache"]?["hasImage"]?.bool == true }
        #expect(try editor.export()["geocache"]?["hasImage"]?.bool == true)
        #expect(try editor.export()["geocache"]?["name"]?.string == "Mill Race")
    }
}
