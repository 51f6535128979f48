import AppTesting
import DesktopTesting
import Foundation
import Testing

/// Ctrl+C, Ctrl+X and Ctrl+V on CacheMaker's cards do what the matching
/// drag and drop does: a copy pasted into the other lane arrives as a
/// geocache from another app would, and a cut is a delete with undo.
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
}
