import AppTesting
import DesktopTesting
import Foundation
import Testing

/// Ctrl+C, Ctrl+X and Ctrl+V in the list carry what a drag and a drop of
/// the selected contacts would: a copy pasted into another Contacts
/// process arrives there as cards, and a cut is a delete with undo.
@Suite(.serialized, .exclusiveDesktop, .enabled(if: X11Tools.isDisplayAvailable, "No DISPLAY: run under scripts/with-xvfb."),
       .timeLimit(.minutes(2)))
struct ContactsClipboardEndToEndTests {
    @Test("Two contacts copied in one Contacts process are pasted into another after the current contact; a cut is undone")
    func copyPasteBetweenProcessesAndCut() async throws {
        let source = try ContactsUnderTest(cards: ContactsEndToEndTests.cards(["Alan", "Barbara", "Claude"]))
        defer { source.cleanUp() }
        let target = try ContactsUnderTest(cards: ContactsEndToEndTests.cards(["Ada", "Grace"]))
        defer { target.cleanUp() }
        let from = try await source.place(at: (20, 20), rows: 3)
        let to = try await target.place(at: (760, 20), rows: 2)

        try await source.focus()
        try Pointer.click(from.requireRect("rows", "Alan"))
        try await source.app.waitForLayout("Alan is selected") { $0.rect("selected", "Alan") != nil }
        try Pointer.click(at: from.requireRect("rows", "Claude").point(), holding: ["ctrl"])
        try await source.app.waitForLayout("Alan and Claude are selected") { $0.names("selected").sorted() == ["Alan", "Claude"] }
        try Keyboard.press("ctrl+c")

        try await target.focus()
        try Pointer.click(to.requireRect("rows", "Ada"))
        try await target.app.waitForLayout("Ada is selected") { $0.rect("selected", "Ada") != nil }
        try Keyboard.press("ctrl+v")
        #expect(try await target.names { $0.count == 4 } == ["Ada", "Alan", "Claude", "Grace"])
        let emails = try target.exported().map { $0["emails"]?[0]?["value"]?.string }
        #expect(emails == ["ada@example.com", "alan@example.com", "claude@example.com", "grace@example.com"])

        try await source.focus()
        try Pointer.click(from.requireRect("rows", "Barbara"))
        try await source.app.waitForLayout("Barbara is selected") { $0.names("selected") == ["Barbara"] }
        try Keyboard.press("ctrl+x")
        #expect(try await source.names { $0.count == 2 } == ["Alan", "Claude"])
        try Keyboard.press("ctrl+z")
        #expect(try await source.names { $0.count == 3 } == ["Alan", "Barbara", "Claude"])
    }
}
