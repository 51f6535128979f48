import Foundation
import Testing
import VCard

/// Cards as programs export them (written from the RFCs' rules and the
/// exporters' habits), read, written and read again without loss.
@Suite struct VCardRoundTripTests {
    @Test func macOSContactsExport() throws {
        let result = VCardParser().parse(try fixture("apple-contacts-3.0.vcf"))
        #expect(result.errors == [])
        #expect(result.cards.map(\.fn) == ["Ada Lovelace", "Grace Hopper"])
        let ada = result.cards[0]
        #expect(ada.emails == [VCardTypedValue(value: "ada@example.com", types: ["internet", "pref"])])
        #expect(ada.first("X-ABLABEL")?.group == "item1")
        #expect(ada.addresses.first?.street == "12 St James, Square")
        #expect(ada.photo?.data?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
        #expect(ada.categories == ["friends", "science"])
        #expect(ada.note == "First programmer.\nWrote the notes on the engine.")
        try expectRoundTrip(result.cards)
    }

    @Test func androidExportIn21() throws {
        let result = VCardParser().parse(try fixture("android-2.1.vcf"))
        #expect(result.errors == [])
        #expect(result.cards.map(\.fn) == ["Jörg Müller", "José García"])
        let jorg = result.cards[0]
        #expect(jorg.addresses.first?.street == "Straße des 17. Juni 1")
        #expect(jorg.note == "Line one\nLine two is long enough that the exporter broke it with a soft line break.")
        #expect(jorg.photo?.data == Data((0..<512).map { UInt8($0 % 256) }))
        #expect(jorg.telephones.map(\.types) == [["cell"], ["home", "voice"]])
        #expect(result.cards[1].telephones.first?.types == ["work", "fax"])
        try expectRoundTrip(result.cards)
    }

    @Test func googleContactsExport() throws {
        let result = VCardParser().parse(try fixture("google-3.0.vcf"))
        #expect(result.errors == [])
        #expect(result.cards.map(\.fn) == ["Margaret Hamilton", ""])
        let margaret = result.cards[0]
        #expect(margaret.emails.map(\.types) == [["internet", "home"], ["internet", "work"]])
        #expect(margaret.urls == ["https://example.com/margaret"])
        #expect(margaret.first("X-ABLABEL")?.group == "item1")
        #expect(margaret.note == "Apollo flight software, and more.")
        #expect(margaret.categories == ["myContacts", "starred"])
        #expect(margaret.photo?.uri == "https://lh3.googleusercontent.com/contacts/example")
        #expect(result.cards[1].telephones.first?.value == "+44 7700 900123")
        try expectRoundTrip(result.cards)
    }

    @Test func outlookExportIn21() throws {
        let result = VCardParser().parse(try fixture("outlook-2.1.vcf"))
        #expect(result.errors == [])
        let hedy = try #require(result.cards.first)
        #expect(hedy.name == VCardName(family: "Lamarr", given: "Hedy"))
        #expect(hedy.telephones.map(\.types) == [["work", "voice"], ["cell", "voice"]])
        #expect(hedy.emails.first?.types == ["pref", "internet"])
        #expect(hedy.addresses.first?.locality == "Los Angeles")
        #expect(hedy.first("LABEL")?.text == "1 Frequency Hop\nLos Angeles, CA 90001")
        #expect(hedy.first("X-MS-OL-DESIGN")?.text.hasPrefix("<card xmlns=") == true)
        #expect(hedy.revision == "20240115T102030Z")
        try expectRoundTrip(result.cards)
    }

    @Test func rfc6350Card() throws {
        let result = VCardParser().parse(try fixture("rfc6350-4.0.vcf"))
        #expect(result.errors == [])
        let grace = try #require(result.cards.first)
        #expect(grace.name?.suffixes == "Ph.D.")
        #expect(grace.telephones.first?.value == "tel:+1-555-555-0100;ext=102")
        #expect(grace.addresses.first?.types == ["work"])
        #expect(grace.first("ADR")?.parameterValues("LABEL") == ["1 Navy Way\\nArlington, VA"])
        #expect(grace.photo?.mediaType == "image/png")
        #expect(grace.uid == "urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1")
        try expectRoundTrip(result.cards)
    }

    @Test func everyFeatureSurvivesWriteAndRead() throws {
        for version in VCardVersion.allCases {
            var card = VCard(version: version)
            card.append(.structured("N", ["Nakamura", "Hiro", "", "Dr.", "Jr."]))
            card.append(.text("FN", "Dr. Hiro Nakamura, Jr."))
            card.append(.structured("ORG", ["ACME; Inc.", "R&D"]))
            card.append(.text("TITLE", "Engineer"))
            card.append(.text("TEL", "+81 3 1234 5678", types: ["work", "voice"]))
            card.append(.text("EMAIL", "hiro@example.jp", types: ["work"], group: "item1"))
            card.append(VCardProperty(name: "X-ABLABEL", value: "Office", group: "item1"))
            card.append(.structured("ADR", ["", "", "1-2-3 Chiyoda", "東京", "", "100-0001", "日本"], types: ["work"]))
            card.append(.text("URL", "https://example.jp/hiro"))
            card.append(.text("BDAY", "1980-04-01"))
            card.append(.text("NOTE", "Multi-line\nnote with ; and , and \\ and 日本語 " + String(repeating: "long ", count: 30)))
            card.append(.text("UID", "hiro-1"))
            card.append(.text("REV", "2024-01-15T10:20:30Z"))
            card.append(VCardProperty(name: "CATEGORIES", value: "work,japan"))
            card.append(VCardPhoto(data: Data((0..<400).map { UInt8($0 & 0xFF) }), mediaType: "image/png").property(for: version))
            card.append(VCardProperty(name: "X-CUSTOM", value: "kept", parameters: [VCardParameter("X-P", ["a b", "c"])]))
            try expectRoundTrip([card])
        }
    }

    private func expectRoundTrip(_ cards: [VCard], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let written = VCardWriter().bytes(for: cards)
        let again = VCardParser().parse(written)
        #expect(again.errors == [], sourceLocation: sourceLocation)
        #expect(again.cards == cards, sourceLocation: sourceLocation)
        // Writing what was read gives the same bytes again.
        #expect(VCardWriter().bytes(for: again.cards) == written, sourceLocation: sourceLocation)
    }
}
