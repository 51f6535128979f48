import AppTesting
import DesktopTesting
import Foundation
import Testing

/// Contacts against a drag source that lies (the DragKit package's
/// hostile_source.py, its lies declared as vCards so the table reads them):
/// each lie is refused with a message, nothing is imported, the app stays
/// up, and the next honest vCard drop arrives.
@Suite("Contacts against a lying drag source", .serialized, .exclusiveDesktop,
       .enabled(if: X11Tools.isDisplayAvailable, "needs an X display (scripts/with-xvfb)"))
struct HostileSourceEndToEndTests {
    @Test("A shrunk memory file, a 1 GiB claim over 10 bytes and backwards progress: refused with a message, then an honest vCard arrives")
    func liesAreRefusedAndTheNextDropArrives() async throws {
        let contacts = try ContactsUnderTest(cards: ContactsEndToEndTests.cards(["Ada", "Grace"]))
        defer { contacts.cleanUp() }
        var layout = try await contacts.place(at: (20, 20), rows: 2)
        let lies = ["shrink", "huge-file", "backwards"]
        let hostile = try await ForeignClient.hostileSource(lies, declaring: "public.vcard", mime: "text/vcard", at: (780, 20))
        defer { hostile.stop() }

        for lie in lies {
            try Pointer.drag(from: hostile.rect(lie).point(), to: layout.requireRect("rows", "Grace").point(y: 0.8), holdSeconds: 0.3)
            layout = try await contacts.app.waitForLayout("the banner tells of the refused \(lie)") { $0.rect("widgets", "banner") != nil }
            #expect(contacts.app.process.isRunning, "Contacts died on \(lie)")
            #expect(try contacts.exported().count == 2, "something was imported from \(lie)")
            // Dismiss the banner, so the next lie shows its own.
            try Pointer.click(at: layout.requireRect("widgets", "banner").point(atX: 0.97, y: 0.5))
            layout = try await contacts.app.waitForLayout("the banner went away") { $0.rect("widgets", "banner") == nil }
        }

        let folder = try ContactsEndToEndTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let card = folder.appendingPathComponent("alan.vcf")
        try Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Alan\r\nN:Turing;Alan;;;\r\nEND:VCARD\r\n".utf8).write(to: card)
        let honest = try await ForeignClient.source(.bytes(mime: "text/vcard", contentsOf: card), at: (780, 400))
        defer { honest.stop() }
        try Pointer.drag(from: honest.rect("bytes").point(), to: layout.requireRect("rows", "Grace").point(y: 0.8), holdSeconds: 0.3)
        #expect(try await contacts.names { $0.count == 3 } == ["Ada", "Grace", "Alan"])
    }
}
