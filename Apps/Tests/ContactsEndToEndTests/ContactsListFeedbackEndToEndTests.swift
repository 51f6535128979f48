import AppTesting
import DesktopTesting
import Foundation
import Testing

/// What a person sees of a drop on the contacts table: the insertion line
/// where the card lands, and an empty table's "Drop vCards here" page
/// taking the drop itself.
@Suite("Contacts list feedback", .serialized, .exclusiveDesktop,
       .enabled(if: X11Tools.isDisplayAvailable, "needs an X display (scripts/with-xvfb)"))
struct ContactsListFeedbackEndToEndTests {
    private static func vcf(_ name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("\(name.lowercased()).vcf")
        try Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\(name)\r\nEND:VCARD\r\n".utf8).write(to: url)
        return url
    }

    @Test("The insertion line shows above the row the card then lands before")
    func theLineIsWhereTheCardLands() async throws {
        let contacts = try ContactsUnderTest(cards: ContactsEndToEndTests.cards(["Ada", "Grace", "Margaret"]))
        defer { contacts.cleanUp() }
        let layout = try await contacts.place(at: (20, 20), rows: 3)
        let folder = try ContactsEndToEndTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = try await ForeignClient.source(.bytes(mime: "text/vcard", contentsOf: try Self.vcf("Alan", in: folder)), at: (780, 20))
        defer { client.stop() }
        let grace = try layout.requireRect("rows", "Grace")

        try Pointer.press(at: client.rect("bytes").point(), andMoveTo: grace.point(atX: 0.3, y: 0.2))
        var hovering: Layout?
        var failure: (any Error)?
        do {
            hovering = try await contacts.app.waitForLayout("the insertion line shows") { $0.rect("indicators", "rows") != nil }
        } catch {
            failure = error
        }
        try Pointer.release(at: grace.point(atX: 0.3, y: 0.2))
        if let failure { throw failure }
        let line = try #require(hovering?.rect("indicators", "rows"))
        #expect(abs(line.center.y - grace.y) <= 4, "line at \(line.center.y), Grace's top at \(grace.y)")
        #expect(try await contacts.names { $0.count == 4 } == ["Ada", "Alan", "Grace", "Margaret"])
    }

    @Test("An empty table's Drop vCards here page takes a drop")
    func aDropOnTheEmptyState() async throws {
        let contacts = try ContactsUnderTest(cards: [])
        defer { contacts.cleanUp() }
        try await contacts.app.moveWindow(to: (20, 20))
        let layout = try await contacts.app.waitForLayout("the empty page shows") { $0.rect("widgets", "empty") != nil }
        let folder = try ContactsEndToEndTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = try await ForeignClient.source(.bytes(mime: "text/vcard", contentsOf: try Self.vcf("Alan", in: folder)), at: (780, 20))
        defer { client.stop() }

        // The middle of the page: its title and icon.
        try Pointer.drag(from: client.rect("bytes").point(), to: layout.requireRect("widgets", "empty").point(), holdSeconds: 0.3)
        #expect(try await contacts.names { $0.count == 1 } == ["Alan"])
        _ = try await contacts.app.waitForLayout("the page gives way to the row") { $0.rect("rows", "Alan") != nil && $0.rect("widgets", "empty") == nil }
    }
}
