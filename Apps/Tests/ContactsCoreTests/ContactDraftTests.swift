import ContactsCore
import Foundation
import Testing
import VCard

/// The edit form's rules: every field read and written, what was not
/// touched kept exactly, bad input refused with a reason.
@Suite struct ContactDraftTests {
    static let apple = VCard(version: .v3_0, properties: [
        .structured("N", ["Lovelace", "Ada", "", "", ""]),
        .text("FN", "Ada Lovelace"),
        .text("TEL", "+44 20 7946 0018", types: ["work", "voice", "pref"]),
        .text("EMAIL", "ada@example.com", types: ["internet", "home"], group: "item1"),
        VCardProperty(name: "X-ABLABEL", value: "_$!<Home>!$_", group: "item1"),
        .structured("ADR", ["", "", "12 St James Square", "London", "", "SW1Y 4JH", "UK"], types: ["home"]),
        .text("UID", "ada-1"),
        VCardProperty(name: "X-CUSTOM", value: "kept"),
    ])

    @Test func everyFieldIsRead() {
        let draft = ContactDraft(Contact(id: 1, card: Self.apple))
        #expect(draft.given == "Ada")
        #expect(draft.family == "Lovelace")
        #expect(draft.phones.map(\.label) == [.work])
        #expect(draft.emails.map(\.label) == [.home])
        #expect(draft.emails.first?.choices == ContactDraft.Label.placeLabels)
        #expect(draft.addresses.first?.locality == "London")
        #expect(draft.addresses.first?.postalCode == "SW1Y 4JH")
    }

    @Test func aGroupedLabelNamesTheEntryAndGoesWhenTheLabelChanges() throws {
        var card = Self.apple
        card.append(.text("URL", "https://example.com/blog", group: "item2"))
        card.append(VCardProperty(name: "X-ABLABEL", value: "Blog", group: "item2"))
        let contact = Contact(id: 1, card: card)
        var draft = ContactDraft(contact)
        #expect(draft.urls.first?.label.title == "Blog")
        #expect(draft.urls.first?.choices.map(\.title) == ["Home", "Work", "Other", "Blog"])
        #expect(try draft.applied(to: contact) == contact)

        draft.emails[0].label = .work
        let saved = try draft.applied(to: contact).card
        #expect(saved.first("EMAIL")?.types == ["work"])
        // item1's "Home" label would contradict the new type: it goes; item2's stays.
        #expect(saved.all("X-ABLABEL").map(\.group) == ["item2"])
        #expect(Contact(card: saved).fields.first { $0.kind == .email }?.label == "Work")
    }

    @Test func anUntouchedDraftChangesNothing() throws {
        let contact = Contact(id: 1, card: Self.apple)
        #expect(try ContactDraft(contact).applied(to: contact) == contact)
    }

    @Test func changesKeepWhatTheFormDoesNotShow() throws {
        let contact = Contact(id: 1, card: Self.apple)
        var draft = ContactDraft(contact)
        draft.given = "Augusta Ada"
        draft.phones[0].value = "+44 20 7946 0999"
        draft.phones.append(ContactDraft.Entry(label: .mobile, value: "+44 7700 900123"))
        draft.emails[0].label = .work
        draft.urls.append(ContactDraft.Entry(label: .work, value: "https://example.com/ada"))
        draft.nickname = "Enchantress, Ada"
        draft.organization = "Analytical Engines"
        draft.title = "Mathematician"
        draft.birthday = "1815-12-10"
        draft.categories = "science, friends"
        draft.note = "First programmer.\nWrote the notes."
        draft.addresses[0].street = "10 St James Square"
        let card = try draft.applied(to: contact).card

        #expect(card.fn == "Augusta Ada Lovelace")
        #expect(card.name == VCardName(family: "Lovelace", given: "Augusta Ada"))
        // The changed phone keeps its parameters (pref); the new one gets its label's type.
        #expect(card.telephones == [
            VCardTypedValue(value: "+44 20 7946 0999", types: ["work", "voice", "pref"]),
            VCardTypedValue(value: "+44 7700 900123", types: ["cell"]),
        ])
        #expect(card.emails == [VCardTypedValue(value: "ada@example.com", types: ["work"])])
        #expect(card.first("EMAIL")?.group == "item1")
        #expect(card.first("X-ABLABEL") == nil)
        #expect(card.urls == ["https://example.com/ada"])
        #expect(card.all("NICKNAME").flatMap(\.listValues) == ["Enchantress", "Ada"])
        #expect(card.organization == ["Analytical Engines"])
        #expect(card.title == "Mathematician")
        #expect(card.birthday == "1815-12-10")
        #expect(card.categories == ["science", "friends"])
        #expect(card.note == "First programmer.\nWrote the notes.")
        #expect(card.addresses.first?.street == "10 St James Square")
        #expect(card.addresses.first?.types == ["home"])
        #expect(card.uid == "ada-1")
        #expect(card.first("X-CUSTOM")?.value == "kept")
        // Written and read again, nothing is lost.
        #expect(VCardParser().parse(VCardWriter().data(for: [card])).cards == [card])
    }

    @Test func aNewContactNeedsSomethingToShowAndValidValues() throws {
        var draft = ContactDraft()
        #expect(draft.problem?.code == .invalidField)
        draft.given = "Grace"
        draft.emails = [ContactDraft.Entry(label: .work, value: "grace.example.org")]
        #expect(draft.problem?.message == "“grace.example.org” is no email address; an address has an @ in it.")
        draft.emails[0].value = "grace@example.org"
        draft.birthday = "9 December"
        #expect(draft.problem?.message.hasPrefix("“9 December” is no birthday") == true)
        draft.birthday = "--12-09"
        let card = try draft.newCard()
        #expect(card.fn == "Grace")
        #expect(card.emails == [VCardTypedValue(value: "grace@example.org", types: ["work"])])
        #expect(card.birthday == "--12-09")
    }
}
