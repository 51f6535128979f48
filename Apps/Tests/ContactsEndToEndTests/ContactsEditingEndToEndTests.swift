import AppTesting
import ContactsCore
import DesktopTesting
import Foundation
import Testing
import VCard

/// Keeping contacts with the mouse and the keyboard under Xvfb: create,
/// edit, search, delete and undo; several files in one drop; a contact
/// already present; a damaged photo. Judged by `--export-json`, the store
/// and the layout file.
@Suite("Contacts editing end to end", .serialized, .exclusiveDesktop, .enabled(if: X11Tools.isDisplayAvailable,
       "No DISPLAY set: run under scripts/with-xvfb (needs xvfb, xdotool, python3-gi, gir1.2-gtk-4.0)."))
struct ContactsEditingEndToEndTests {
    static func cards(_ names: [String]) -> [VCard] {
        ContactsEndToEndTests.cards(names)
    }

    /// Waits until the exported cards satisfy `done`; returns the last export.
    func exported(_ contacts: ContactsUnderTest, until done: ([JSONValue]) -> Bool) async throws -> [JSONValue] {
        let deadline = Date().addingTimeInterval(10)
        var cards: [JSONValue] = []
        while Date() < deadline {
            cards = try contacts.exported()
            if done(cards) { return cards }
            try await Task.sleep(for: .milliseconds(100))
        }
        return cards
    }

    /// Selects Ada Lovelace, opens the new-contact form with Ctrl+N and types
    /// the two names (Tab between them).
    func typeNewContact(in contacts: ContactsUnderTest, rows: Int, given: String, family: String) async throws {
        let layout = try await contacts.place(at: (20, 20), rows: rows)
        try Pointer.click(layout.requireRect("rows", "Ada Lovelace"))
        try await contacts.focus()
        try Keyboard.press("ctrl+n")
        _ = try await contacts.app.waitForRect("editor", "given")
        try Keyboard.type(given)
        try Keyboard.press("Tab")
        try Keyboard.type(family)
    }

    @Test("A new contact is typed in, edited, found by search; Ctrl+Z takes the edit back")
    func createEditAndSearch() async throws {
        let contacts = try ContactsUnderTest(cards: Self.cards(["Ada Lovelace", "Grace Hopper"]))
        defer { contacts.cleanUp() }
        // Ctrl+N opens the form with the first name focused.
        try await typeNewContact(in: contacts, rows: 2, given: "Margaret", family: "Hamilton")
        let form = try await contacts.app.waitForLayout("the form shows") { $0.rect("editor", "save") != nil }
        try Pointer.click(form.requireRect("editor", "save"))
        #expect(try await contacts.names { $0.count == 3 } == ["Ada Lovelace", "Grace Hopper", "Margaret Hamilton"])
        let created = try contacts.exported().last
        #expect(created?["n"]?["family"]?.string == "Hamilton")
        #expect(created?["uid"]?.string?.hasPrefix("urn:uuid:") == true)

        // The new contact is selected: Ctrl+E edits it; Ctrl+S saves.
        _ = try await contacts.app.waitForLayout("the form is closed") { $0.rect("editor", "given") == nil }
        try Keyboard.press("ctrl+e")
        let edit = try await contacts.app.waitForRect("editor", "family")
        try Pointer.click(edit)
        try Keyboard.press("ctrl+a")
        try Keyboard.type("Hamilton-Smith")
        try Keyboard.press("ctrl+s")
        #expect(try await contacts.names { $0.last == "Margaret Hamilton-Smith" }.last == "Margaret Hamilton-Smith")

        // Search as you type: only the matches are listed.
        let now = try await contacts.app.waitForLayout("the form is closed") { $0.rect("editor", "given") == nil }
        try Pointer.click(now.requireRect("widgets", "search"))
        try Keyboard.type("hop")
        let found = try await contacts.app.waitForLayout("one match") { $0.names("rows") == ["Grace Hopper"] }
        #expect(found.names("rows") == ["Grace Hopper"])
        try Keyboard.press("Escape")
        _ = try await contacts.app.waitForLayout("every row again") { $0.names("rows").count == 3 }

        // Ctrl+Z (from the list) takes the edit back, Ctrl+Shift+Z makes it again.
        let all = try await contacts.app.waitForLayout("every row again") { $0.names("rows").count == 3 }
        try Pointer.click(all.requireRect("rows", "Margaret Hamilton-Smith"))
        try Keyboard.press("ctrl+z")
        #expect(try await contacts.names { $0.last == "Margaret Hamilton" }.last == "Margaret Hamilton")
        try Keyboard.press("ctrl+shift+z")
        #expect(try await contacts.names { $0.last == "Margaret Hamilton-Smith" }.last == "Margaret Hamilton-Smith")
    }

    @Test("Enter in a field of the new-contact form adds the contact, as its default button would")
    func enterAddsTheContact() async throws {
        let contacts = try ContactsUnderTest(cards: Self.cards(["Ada Lovelace"]))
        defer { contacts.cleanUp() }
        try await typeNewContact(in: contacts, rows: 1, given: "Katherine", family: "Johnson")
        try Keyboard.press("Return")
        #expect(try await contacts.names { $0.count == 2 } == ["Ada Lovelace", "Katherine Johnson"])
        // The form closed: the list has the focus again and the new contact is shown.
        _ = try await contacts.app.waitForLayout("the form is closed") { $0.rect("editor", "given") == nil }
    }

    @Test("Delete removes the contact shown selected, also after a drop above it; Ctrl+Z brings it back in place")
    func deleteThenUndoAfterADrop() async throws {
        let folder = try ContactsEndToEndTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("new.vcf")
        try VCardWriter().data(for: Self.cards(["Alan Kay"])).write(to: file)

        let contacts = try ContactsUnderTest(cards: Self.cards(["Ada", "Grace", "Linus"]))
        defer { contacts.cleanUp() }
        let layout = try await contacts.place(at: (20, 20), rows: 3)
        let client = try await ForeignClient.source(.file(file), at: (780, 20))
        defer { client.stop() }

        // Select Grace, then drop a card above her: the highlight stays on Grace.
        try Pointer.click(layout.requireRect("rows", "Grace"))
        _ = try await contacts.app.waitForLayout("Grace is drawn selected") { $0.names("selected") == ["Grace"] }
        try Pointer.drag(from: client.rect("file").point(), to: layout.requireRect("rows", "Ada").point(atX: 0.2, y: 0.2),
                         holdSeconds: 0.3)
        #expect(try await contacts.names { $0.count == 4 } == ["Alan Kay", "Ada", "Grace", "Linus"])
        let dropped = try await contacts.app.waitForLayout("four rows") { $0.names("rows").count == 4 }
        #expect(dropped.names("selected") == ["Grace"])

        try await contacts.focus()
        let now = try await contacts.app.waitForLayout("four rows") { $0.names("rows").count == 4 }
        // A click on the selected row keeps it and gives the list the keys.
        try Pointer.click(now.requireRect("rows", "Grace"))
        try Keyboard.press("Delete")
        #expect(try await contacts.names { $0.count == 3 } == ["Alan Kay", "Ada", "Linus"])
        try Keyboard.press("ctrl+z")
        #expect(try await contacts.names { $0.count == 4 } == ["Alan Kay", "Ada", "Grace", "Linus"])
        // The drop is its own undo step.
        try Keyboard.press("ctrl+z")
        #expect(try await contacts.names { $0.count == 3 } == ["Ada", "Grace", "Linus"])
    }

    @Test("After Ctrl+A a plain click selects one contact: a drag then takes only it")
    func aClickAfterSelectAllSelectsOne() async throws {
        let contacts = try ContactsUnderTest(cards: Self.cards(["Ada", "Grace", "Linus"]))
        defer { contacts.cleanUp() }
        let layout = try await contacts.place(at: (20, 20), rows: 3)
        let target = try await ForeignClient.target(accepting: ["text/plain;charset=utf-8", "text/plain"], at: (780, 20))
        defer { target.stop() }
        try Pointer.click(layout.requireRect("rows", "Ada"))
        try await contacts.focus()
        try Keyboard.press("ctrl+a")
        try await Task.sleep(for: .milliseconds(300))
        try Pointer.click(layout.requireRect("rows", "Linus"))
        try await Task.sleep(for: .milliseconds(300))
        try Pointer.drag(from: layout.requireRect("rows", "Linus").point(), to: target.rect("target").point(), holdSeconds: 0.3)
        #expect(try await target.waitForDrop().text == "Linus\nEmail: linus@example.com")
    }

    @Test("Shift+Down extends, Shift+click selects a range, Ctrl+click takes one out: the drag takes what is drawn selected")
    func modifierClicksExtendTheSelection() async throws {
        let contacts = try ContactsUnderTest(cards: Self.cards(["Ada", "Grace", "Linus", "Alan"]))
        defer { contacts.cleanUp() }
        let layout = try await contacts.place(at: (20, 20), rows: 4)
        let target = try await ForeignClient.target(accepting: ["text/plain;charset=utf-8", "text/plain"], at: (780, 20))
        defer { target.stop() }
        func click(_ name: String, holding key: String) throws {
            let point = try layout.requireRect("rows", name).point()
            try X11Tools.xdotool(["mousemove", String(point.x), String(point.y), "keydown", key, "click", "1", "keyup", key])
        }
        try Pointer.click(layout.requireRect("rows", "Ada"))
        try await contacts.focus()
        try Keyboard.press("shift+Down")
        try Keyboard.press("shift+Down")
        _ = try await contacts.app.waitForLayout("Ada to Linus") { $0.names("selected") == ["Ada", "Grace", "Linus"] }
        try click("Alan", holding: "shift")
        _ = try await contacts.app.waitForLayout("Ada to Alan") { $0.names("selected") == ["Ada", "Alan", "Grace", "Linus"] }
        try click("Grace", holding: "ctrl")
        let chosen = try await contacts.app.waitForLayout("Grace out") { $0.names("selected") == ["Ada", "Alan", "Linus"] }
        #expect(chosen.names("selected") == ["Ada", "Alan", "Linus"])

        try Pointer.drag(from: layout.requireRect("rows", "Linus").point(), to: target.rect("target").point(), holdSeconds: 0.3)
        #expect(try await target.waitForDrop().text
            == "Ada\nEmail: ada@example.com\n\nLinus\nEmail: linus@example.com\n\nAlan\nEmail: alan@example.com")
    }

    @Test("Export Selected Contacts (Ctrl+Shift+E) writes the selected cards to the .vcf file named in the dialog")
    func exportTheSelection() async throws {
        let folder = try ContactsEndToEndTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("picked.vcf")
        let contacts = try ContactsUnderTest(cards: Self.cards(["Ada", "Grace", "Linus"]))
        defer { contacts.cleanUp() }
        let layout = try await contacts.place(at: (20, 20), rows: 3)
        try Pointer.click(layout.requireRect("rows", "Ada"))
        let linus = try layout.requireRect("rows", "Linus").point()
        try X11Tools.xdotool(["mousemove", String(linus.x), String(linus.y), "keydown", "ctrl", "click", "1", "keyup", "ctrl"])
        _ = try await contacts.app.waitForLayout("Ada and Linus") { $0.names("selected") == ["Ada", "Linus"] }
        try await contacts.focus()
        try Keyboard.press("ctrl+shift+e")
        let dialog = try await contacts.app.window(titled: "Export Contacts")
        _ = try X11Tools.xdotool(["windowfocus", "--sync", String(dialog.id)])
        try Keyboard.type(file.path)
        try Keyboard.press("Return")
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: file.path) && Date() < deadline {
            try await Task.sleep(for: .milliseconds(100))
        }
        let exported = VCardParser().parse(try Data(contentsOf: file))
        #expect(exported.errors.isEmpty)
        #expect(exported.cards == [Self.cards(["Ada"])[0], Self.cards(["Linus"])[0]])
    }

    @Test("Down walks the selection through a long list and scrolls the selected row into view")
    func downScrollsTheSelectionIntoView() async throws {
        let contacts = try await Self.numberedContactsWithTheFirstSelected(30)
        defer { contacts.cleanUp() }
        for _ in 1...24 { try Keyboard.press("Down") }
        let scrolled = try await contacts.app.waitForLayout("Contact 25 is selected") { $0.names("selected") == ["Contact 25"] }
        try Self.expectInView("Contact 25", scrolled)
        #expect(scrolled.rect("rows", "Contact 01") == nil)
    }

    @Test("Page Down, End and Home move the selection by a page and to the ends, keeping it in view; with Shift they extend it")
    func pageKeysMoveTheSelection() async throws {
        let contacts = try await Self.numberedContactsWithTheFirstSelected(40)
        defer { contacts.cleanUp() }
        let layout = try await contacts.app.waitForLayout("Contact 01 is selected") { $0.names("selected") == ["Contact 01"] }

        // A page is the rows in view less one: the selection moves by more
        // than a row, and the last row that was in view is still in view.
        let lastInView = try #require(layout.names("rows").last)
        try Keyboard.press("Page_Down")
        let paged = try await contacts.app.waitForLayout("a page down is selected") {
            ($0.names("selected").first).map { $0 > "Contact 02" } ?? false
        }
        let pagedTo = try #require(paged.names("selected").first)
        #expect(pagedTo <= lastInView, "a page moves to a row that was in view, not past it: \(pagedTo) after \(lastInView)")
        try Self.expectInView(pagedTo, paged)

        try Keyboard.press("End")
        let atEnd = try await contacts.app.waitForLayout("the last contact is selected") { $0.names("selected") == ["Contact 40"] }
        try Self.expectInView("Contact 40", atEnd)
        try Keyboard.press("Page_Up")
        _ = try await contacts.app.waitForLayout("a page up is selected") {
            ($0.names("selected").first).map { $0 < "Contact 39" && $0 >= "Contact 30" } ?? false
        }
        try Keyboard.press("Home")
        let atStart = try await contacts.app.waitForLayout("the first contact is selected") { $0.names("selected") == ["Contact 01"] }
        try Self.expectInView("Contact 01", atStart)

        // From Contact 01, Shift+End selects every row down to the last
        // (the rows in view at the end are all selected); Shift+Home takes
        // the selection back to the first alone.
        try Keyboard.press("shift+End")
        let toEnd = try await contacts.app.waitForLayout("Shift+End selects down to the last") {
            $0.names("selected").contains("Contact 40") && $0.names("selected").count > 1
        }
        #expect(toEnd.names("selected").contains("Contact 39"))
        try Keyboard.press("shift+Home")
        _ = try await contacts.app.waitForLayout("Shift+Home leaves the first selected") { $0.names("selected") == ["Contact 01"] }
        try Keyboard.press("Down")
        try Keyboard.press("shift+Page_Down")
        let extended = try await contacts.app.waitForLayout("Shift+Page Down selects from Contact 02 on") {
            $0.names("selected").count > 2
        }
        #expect(extended.names("selected").first == "Contact 02")
        #expect(contacts.app.gtkProblems.isEmpty, "\(contacts.app.gtkProblems)")
    }

    /// Contacts holding "Contact 01" to "Contact NN", with the first
    /// clicked (selected) and the window focused.
    private static func numberedContactsWithTheFirstSelected(_ count: Int) async throws -> ContactsUnderTest {
        let names = (1...count).map { String(format: "Contact %02d", $0) }
        let contacts = try ContactsUnderTest(cards: cards(names))
        do {
            try await contacts.app.moveWindow(to: (20, 20))
            let layout = try await contacts.app.waitForLayout("the first rows show") { $0.rect("rows", "Contact 01") != nil }
            try Pointer.click(layout.requireRect("rows", "Contact 01"))
            try await contacts.focus()
            return contacts
        } catch {
            contacts.cleanUp()
            throw error
        }
    }

    /// Expects the selected row `name` to lie wholly inside the table.
    private static func expectInView(_ name: String, _ layout: Layout) throws {
        let table = try layout.requireRect("table")
        let row = try layout.requireRect("selected", name)
        #expect(row.y >= table.y && row.y + row.height <= table.y + table.height + 1, "\(name) is in view")
    }

    @Test("Two .vcf files in one drop are both imported")
    func twoFilesInOneDrop() async throws {
        let folder = try ContactsEndToEndTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let friends = folder.appendingPathComponent("friends.vcf")
        try VCardWriter().data(for: Self.cards(["Alan Kay", "Barbara Liskov"])).write(to: friends)
        let family = folder.appendingPathComponent("family.vcf")
        try VCardWriter().data(for: Self.cards(["Claude Shannon"])).write(to: family)

        let contacts = try ContactsUnderTest(cards: Self.cards(["Ada"]))
        defer { contacts.cleanUp() }
        let layout = try await contacts.place(at: (20, 20), rows: 1)
        let client = try await ForeignClient.source(.files([friends, family]), at: (780, 20))
        defer { client.stop() }
        try Pointer.drag(from: client.rect("files").point(), to: layout.requireRect("table").point(atX: 0.5, y: 0.8),
                         holdSeconds: 0.3)
        #expect(try await contacts.names { $0.count == 4 } == ["Ada", "Alan Kay", "Barbara Liskov", "Claude Shannon"])
    }

    @Test("A contact already present (same UID) is not added again; Update replaces it")
    func duplicateUIDIsOfferedAsAnUpdate() async throws {
        var ada = VCard(version: .v3_0, properties: [.text("FN", "Ada"), .text("UID", "ada-1"), .text("TEL", "+44 1")])
        let folder = try ContactsEndToEndTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("ada.vcf")
        ada.removeAll("TEL")
        ada.append(.text("TEL", "+44 2"))
        try VCardWriter().data(for: [ada]).write(to: file)

        let contacts = try ContactsUnderTest(cards: [
            VCard(version: .v3_0, properties: [.text("FN", "Ada"), .text("UID", "ada-1"), .text("TEL", "+44 1")]),
        ] + Self.cards(["Grace"]))
        defer { contacts.cleanUp() }
        let layout = try await contacts.place(at: (20, 20), rows: 2)
        let client = try await ForeignClient.source(.file(file), at: (780, 20))
        defer { client.stop() }
        try Pointer.drag(from: client.rect("file").point(), to: layout.requireRect("table").point(atX: 0.5, y: 0.8),
                         holdSeconds: 0.3)
        let offer = try await contacts.app.waitForRect("widgets", "update")
        try await client.waitForDragEnd()
        #expect(try contacts.exported().map { $0["fn"]?.string } == ["Ada", "Grace"])
        #expect(try contacts.exported().first?["tels"]?[0]?["value"]?.string == "+44 1")
        try Pointer.click(offer)
        let updated = try await exported(contacts) { $0.first?["tels"]?[0]?["value"]?.string == "+44 2" }
        #expect(updated.map { $0["fn"]?.string } == ["Ada", "Grace"])
        #expect(updated.first?["tels"]?[0]?["value"]?.string == "+44 2")
    }

    /// Drops the whole small JPEG on Ada's photo, then `damaged`: the
    /// second is refused (the banner shows) and the first photo stays.
    func expectRefusedAfterAGoodPhoto(_ damaged: Data) async throws {
        let folder = try ContactsEndToEndTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let jpeg = Data(base64Encoded: Self.smallJPEG)!
        let whole = folder.appendingPathComponent("whole.jpg")
        try jpeg.write(to: whole)
        let bad = folder.appendingPathComponent("damaged.jpg")
        try damaged.write(to: bad)

        let contacts = try ContactsUnderTest(cards: Self.cards(["Ada"]))
        defer { contacts.cleanUp() }
        let layout = try await contacts.place(at: (20, 20), rows: 1)
        let client = try await ForeignClient.source(.bytes(mime: "image/jpeg", contentsOf: whole),
                                                    .bytes(mime: "image/jpeg", contentsOf: bad), at: (780, 20))
        defer { client.stop() }
        let photo = try layout.requireRect("photo")
        let store = try ContactStore(folder: contacts.dataDirectory)

        try Pointer.drag(from: client.rect("bytes").point(), to: photo.point(), holdSeconds: 0.3)
        _ = try await exported(contacts) { $0.first?["hasPhoto"]?.bool == true }
        #expect(try store.contacts().first?.photoData == jpeg)

        try Pointer.drag(from: client.rect("bytes-2").point(), to: photo.point(), holdSeconds: 0.3)
        _ = try await contacts.app.waitForRect("widgets", "banner")
        try await Task.sleep(for: .milliseconds(500))
        #expect(try store.contacts().first?.photoData == jpeg, "the good photo stays")
    }

    @Test("A truncated JPEG dropped on the photo is refused; the photo stays")
    func truncatedJPEGIsRefused() async throws {
        let jpeg = Data(base64Encoded: Self.smallJPEG)!
        try await expectRefusedAfterAGoodPhoto(jpeg.prefix(jpeg.count - 10))
    }

    @Test("A JPEG whose parts are all in place but whose scan cannot be decoded is refused; the photo stays")
    func undecodableJPEGIsRefused() async throws {
        // The scan's first component asks for Huffman tables 2, which the
        // file never defines: every segment is whole, the data is not usable.
        var broken = [UInt8](Data(base64Encoded: Self.smallJPEG)!)
        let scan = try #require((0..<broken.count - 1).first { broken[$0] == 0xFF && broken[$0 + 1] == 0xDA })
        broken[scan + 6] = 0x22
        // The structure check alone lets it through: only decoding finds the fault.
        #expect(throws: Never.self) { try PhotoCheck.checked(Data(broken), name: "“undecodable.jpg”") }
        try await expectRefusedAfterAGoodPhoto(Data(broken))
    }

    static let smallJPEG = "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAQABADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAAAAYH/8QAFhAAAwAAAAAAAAAAAAAAAAAAABRh/8QAFAEBAAAAAAAAAAAAAAAAAAAABv/EABYRAAMAAAAAAAAAAAAAAAAAAAAWYv/aAAwDAQACEQMRAD8Aytyhyk85Q5RgiSPXOj//2Q=="
}
