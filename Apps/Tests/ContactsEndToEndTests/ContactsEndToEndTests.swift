import AppTesting
import DesktopTesting
import Foundation
import Testing
import VCard

/// The Contacts app under Xvfb: real pointer drags with xdotool, judged by
/// `--export-json` and by what the other side received.
@Suite("Contacts end to end", .serialized, .exclusiveDesktop, .enabled(if: X11Tools.isDisplayAvailable,
       "No DISPLAY set: run under scripts/with-xvfb (needs xvfb, xdotool, python3-gi, gir1.2-gtk-4.0)."))
struct ContactsEndToEndTests {
    static func cards(_ names: [String]) -> [VCard] {
        names.map { VCard(version: .v3_0, properties: [.text("FN", $0), .text("EMAIL", "\($0.lowercased())@example.com")]) }
    }

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("contacts-e2e-files-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("A .vcf file from a foreign client becomes rows at the drop row")
    func vcfFileFromAForeignClient() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("friends.vcf")
        try VCardWriter().data(for: Self.cards(["Alan Kay", "Barbara Liskov"])).write(to: file)

        let contacts = try ContactsUnderTest(cards: Self.cards(["Ada", "Grace", "Linus"]))
        defer { contacts.cleanUp() }
        let layout = try await contacts.place(at: (20, 20), rows: 3)
        let client = try await ForeignClient.source(.file(file), at: (780, 20))
        defer { client.stop() }

        // Onto the upper part of "Grace": the cards go in before her.
        try Pointer.drag(from: client.rect("file").point(), to: layout.requireRect("rows", "Grace").point(atX: 0.2, y: 0.2),
                         holdSeconds: 0.3)
        let names = try await contacts.names { $0.count == 5 }
        #expect(names == ["Ada", "Alan Kay", "Barbara Liskov", "Grace", "Linus"])
    }

    @Test("Several contacts dragged to a foreign app arrive whole: one vCard, and readable text blocks")
    func multiContactDragToAForeignTarget() async throws {
        let contacts = try ContactsUnderTest(cards: Self.cards(["Ada", "Grace", "Linus"]))
        defer { contacts.cleanUp() }
        let layout = try await contacts.place(at: (20, 20), rows: 3)
        let textTarget = try await ForeignClient.target(accepting: ["text/plain;charset=utf-8", "text/plain"], at: (780, 20))
        defer { textTarget.stop() }
        let vCardTarget = try await ForeignClient.target(accepting: ["text/vcard"], at: (780, 300))
        defer { vCardTarget.stop() }

        // Select all (Ctrl+A), then drag one of the selected rows.
        try Pointer.click(layout.requireRect("rows", "Ada"))
        try await contacts.focus()
        try Keyboard.press("ctrl+a")
        try await Task.sleep(for: .milliseconds(300))
        try Pointer.drag(from: layout.requireRect("rows", "Grace").point(), to: textTarget.rect("target").point(), holdSeconds: 0.3)
        #expect(try await textTarget.waitForDrop().text
            == "Ada\nEmail: ada@example.com\n\nGrace\nEmail: grace@example.com\n\nLinus\nEmail: linus@example.com")

        try Pointer.drag(from: layout.requireRect("rows", "Linus").point(), to: vCardTarget.rect("target").point(), holdSeconds: 0.3)
        let vCard = try await vCardTarget.waitForDrop()
        #expect(vCard.mime == "text/vcard")
        #expect(VCardParser().parse(vCard.text ?? "").cards.map(\.fn) == ["Ada", "Grace", "Linus"])
        // Dragging out copies: the table is unchanged.
        #expect(try await contacts.names { $0.count == 3 } == ["Ada", "Grace", "Linus"])
    }

    @Test("Three contacts dragged between two Contacts processes arrive as three rows in order")
    func threeContactsBetweenTwoProcesses() async throws {
        let source = try ContactsUnderTest(cards: Self.cards(["Alan", "Barbara", "Claude"]))
        defer { source.cleanUp() }
        let target = try ContactsUnderTest(cards: Self.cards(["Ada", "Grace"]))
        defer { target.cleanUp() }
        let from = try await source.place(at: (20, 20), rows: 3)
        let to = try await target.place(at: (760, 20), rows: 2)

        try Pointer.click(from.requireRect("rows", "Alan"))
        try await source.focus()
        try Keyboard.press("ctrl+a")
        try await Task.sleep(for: .milliseconds(300))
        try Pointer.drag(from: from.requireRect("rows", "Barbara").point(),
                         to: to.requireRect("rows", "Grace").point(atX: 0.2, y: 0.2), holdSeconds: 0.3)
        let names = try await target.names { $0.count == 5 }
        #expect(names == ["Ada", "Alan", "Barbara", "Claude", "Grace"])
        // Each arrived as its own item with its own card.
        let emails = try target.exported().map { $0["emails"]?[0]?["value"]?.string }
        #expect(emails == ["ada@example.com", "alan@example.com", "barbara@example.com", "claude@example.com", "grace@example.com"])
        #expect(try await source.names { $0.count == 3 } == ["Alan", "Barbara", "Claude"])
    }

    @Test("One contact dragged between two Contacts processes arrives as one row with its card")
    func oneContactBetweenTwoProcesses() async throws {
        let source = try ContactsUnderTest(cards: Self.cards(["Alan", "Barbara"]))
        defer { source.cleanUp() }
        let target = try ContactsUnderTest(cards: Self.cards(["Ada", "Grace"]))
        defer { target.cleanUp() }
        let from = try await source.place(at: (20, 20), rows: 2)
        let to = try await target.place(at: (760, 20), rows: 2)

        // The target loads the card from a Task that performDrop started;
        // the drop stays open until the card is in.
        try Pointer.drag(from: from.requireRect("rows", "Barbara").point(),
                         to: to.requireRect("rows", "Grace").point(atX: 0.2, y: 0.2), holdSeconds: 0.3)
        let names = try await target.names { $0.count == 3 }
        #expect(names == ["Ada", "Barbara", "Grace"])
        let emails = try target.exported().map { $0["emails"]?[0]?["value"]?.string }
        #expect(emails == ["ada@example.com", "barbara@example.com", "grace@example.com"])
        #expect(try await source.names { $0.count == 2 } == ["Alan", "Barbara"])
    }

    @Test("An image dropped on the photo becomes the contact's photo; elsewhere it is refused")
    func imageDropOnThePhoto() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("face.png")
        try Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFElEQVR4nGP4z8DAAMIM////ZwAAHu8E/KPItPcAAAAASUVORK5CYII=")!
            .write(to: png)

        let contacts = try ContactsUnderTest(cards: Self.cards(["Ada", "Grace"]))
        defer { contacts.cleanUp() }
        let layout = try await contacts.place(at: (20, 20), rows: 2)
        let client = try await ForeignClient.source(.bytes(mime: "image/png", contentsOf: png), .file(png), at: (780, 20))
        defer { client.stop() }
        let photo = try layout.requireRect("photo")

        // Outside the photo's frame (below it, in the detail view): refused.
        try Pointer.drag(from: client.rect("bytes").point(), to: photo.offsetBy(dx: 0, dy: photo.height + 120).point(),
                         holdSeconds: 0.3)
        try await Task.sleep(for: .seconds(1))
        #expect(try contacts.exported().map { $0["hasPhoto"]?.bool } == [false, false])

        // On the photo: Ada (shown) gets the PNG bytes, and they are saved.
        try Pointer.drag(from: client.rect("bytes").point(), to: photo.point(), holdSeconds: 0.3)
        var photos: [Bool?] = []
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            photos = try contacts.exported().map { $0["hasPhoto"]?.bool }
            if photos.first == true { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(photos == [true, false])

        // An image file works the same, for the contact shown (Grace, after a click).
        let now = try await contacts.app.waitForLayout("the rows show") { $0.names("rows").count == 2 }
        try Pointer.click(now.requireRect("rows", "Grace"))
        try await Task.sleep(for: .milliseconds(300))
        try Pointer.drag(from: client.rect("file").point(), to: photo.point(), holdSeconds: 0.3)
        let deadline2 = Date().addingTimeInterval(10)
        while Date() < deadline2 {
            photos = try contacts.exported().map { $0["hasPhoto"]?.bool }
            if photos.last == true { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(photos == [true, true])
    }
}
