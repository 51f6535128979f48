import AppTesting
import DesktopTesting
import Foundation
import Testing
import VCard

/// The Contacts app under Xvfb: real pointer drags with xdotool, judged by
/// `--export-json` and by what the other side received.
@Suite("Contacts end to end", .serialized, .exclusiveDesktop, .enabled(if: ContactsDesktop.isAvailable, ContactsDesktop.skipReason))
struct ContactsEndToEndTests {
    static func cards(_ names: [String]) -> [VCard] {
        names.map { VCard(version: .v3_0, properties: [.text("FN", $0), .text("EMAIL", "\($0.lowercased())@example.com")]) }
    }

    @Test("A .vcf file from a foreign client becomes rows at the drop row")
    func vcfFileFromAForeignClient() async throws {
        let folder = try ContactsDesktop.temporaryFolder("vcf")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("friends.vcf")
        try VCardWriter().data(for: Self.cards(["Alan Kay", "Barbara Liskov"])).write(to: file)

        let contacts = try await ContactsProcess("contacts-vcf", cards: Self.cards(["Ada", "Grace", "Linus"]))
        defer { contacts.stop() }
        let layout = try await contacts.place(at: (20, 20))
        let (client, widgets) = try await ContactsDesktop.foreignClient(["source", "--file", file.path], at: (780, 20))
        defer { client.stop() }

        // Onto the upper part of "Grace": the cards go in before her.
        let grace = try #require(layout.rows["Grace"])
        try Pointer.drag(from: ContactsDesktop.center(widgets["file"]), to: grace.point(down: 0.2), holdSeconds: 0.3)
        let names = try await contacts.names { $0.count == 5 }
        #expect(names == ["Ada", "Alan Kay", "Barbara Liskov", "Grace", "Linus"])
    }

    @Test("Several contacts dragged to a foreign app arrive whole: one vCard and the names as text")
    func multiContactDragToAForeignTextTarget() async throws {
        let contacts = try await ContactsProcess("contacts-multi", cards: Self.cards(["Ada", "Grace", "Linus"]))
        defer { contacts.stop() }
        let layout = try await contacts.place(at: (20, 20))
        let (client, widgets) = try await ContactsDesktop.foreignClient(
            ["target", "--accept", "text/plain;charset=utf-8", "--accept", "text/plain"], at: (780, 20))
        defer { client.stop() }

        // Select all (Ctrl+A), then drag one of the selected rows.
        try Pointer.click(at: try #require(layout.rows["Ada"]).center)
        try await contacts.focus()
        try Keyboard.press("ctrl+a")
        try await Task.sleep(for: .milliseconds(300))
        try Pointer.drag(from: try #require(layout.rows["Grace"]).center, to: ContactsDesktop.center(widgets["target"]), holdSeconds: 0.3)
        let received = try await client.waitFor("received")
        // A single-item reader gets the combined item once DragKitGTK offers
        // DragSession.combinedItemProvider in place of the first item; until
        // then it gets the first contact's name only.
        withKnownIssue("DragKitGTK offers the first item's formats to other processes; the combined item needs the backend hook") {
            #expect(received["text"] as? String == "Ada\nGrace\nLinus")
        }
        #expect((received["text"] as? String)?.contains("Ada") == true)
    }

    @Test("Three contacts dragged between two Contacts processes arrive as three rows in order")
    func threeContactsBetweenTwoProcesses() async throws {
        let source = try await ContactsProcess("contacts-source", cards: Self.cards(["Alan", "Barbara", "Claude"]))
        defer { source.stop() }
        let target = try await ContactsProcess("contacts-target", cards: Self.cards(["Ada", "Grace"]))
        defer { target.stop() }
        let from = try await source.place(at: (20, 20))
        let to = try await target.place(at: (760, 20))

        try Pointer.click(at: try #require(from.rows["Alan"]).center)
        try await source.focus()
        try Keyboard.press("ctrl+a")
        try await Task.sleep(for: .milliseconds(300))
        try Pointer.drag(from: try #require(from.rows["Barbara"]).center,
                         to: try #require(to.rows["Grace"]).point(down: 0.2), holdSeconds: 0.3)
        let names = try await target.names { $0.count >= 5 }
        withKnownIssue("Every item crosses processes only with the multi-item DragKitGTK backend") {
            #expect(names == ["Ada", "Alan", "Barbara", "Claude", "Grace"])
        }
        #expect(names.count >= 3)
        #expect(names.first == "Ada")
        #expect(names.last == "Grace")
        #expect(try await source.names { $0.count == 3 } == ["Alan", "Barbara", "Claude"])
    }

    @Test("An image dropped on the photo becomes the contact's photo; elsewhere it is refused")
    func imageDropOnThePhoto() async throws {
        let folder = try ContactsDesktop.temporaryFolder("photo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("face.png")
        try Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAcCBlCwAAAABJRU5ErkJggg==")!
            .write(to: png)

        let contacts = try await ContactsProcess("contacts-photo", cards: Self.cards(["Ada", "Grace"]))
        defer { contacts.stop() }
        let layout = try await contacts.place(at: (20, 20))
        let (client, widgets) = try await ContactsDesktop.foreignClient(
            ["source", "--bytes", "image/png", png.path], at: (780, 20))
        defer { client.stop() }
        let photo = try #require(layout.photo)

        // Outside the photo's frame (below it, in the detail view): refused.
        try Pointer.drag(from: ContactsDesktop.center(widgets["bytes"]), to: (photo.center.x, Int(photo.y + photo.height) + 120), holdSeconds: 0.3)
        try await Task.sleep(for: .seconds(1))
        #expect(try contacts.exported().map { $0["hasPhoto"] as? Bool } == [false, false])

        // On the photo: Ada (shown) gets it, and it is saved.
        try Pointer.drag(from: ContactsDesktop.center(widgets["bytes"]), to: photo.center, holdSeconds: 0.3)
        let deadline = Date().addingTimeInterval(10)
        var photos: [Bool?] = []
        while Date() < deadline {
            photos = try contacts.exported().map { $0["hasPhoto"] as? Bool }
            if photos.first == true { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(photos == [true, false])
    }
}
