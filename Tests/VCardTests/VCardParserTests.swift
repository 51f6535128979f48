import Foundation
import Testing
import VCard

@Suite struct VCardParserTests {
    @Test func readsTheCommonPropertiesOfA30Card() throws {
        let result = parse(vcf(
            "BEGIN:VCARD", "VERSION:3.0",
            "N:Lovelace;Ada;Augusta;Countess;",
            "FN:Ada Lovelace",
            "ORG:Analytical Engines;Research",
            "TITLE:Mathematician",
            "TEL;TYPE=work,voice:+44 20 7946 0000",
            "EMAIL;TYPE=INTERNET:ada@example.com",
            "ADR;TYPE=home:;;12 St James\\, Square;London;;SW1Y 4JH;UK",
            "URL:https://example.com/ada",
            "BDAY:1815-12-10",
            "NOTE:Line one\\nLine two\\; with \\\\ backslash",
            "UID:ada-1",
            "REV:2024-01-15T10:20:30Z",
            "CATEGORIES:friends,science\\,history",
            "END:VCARD"))
        #expect(result.errors == [])
        let card = try #require(result.cards.first)
        #expect(card.version == .v3_0)
        #expect(card.fn == "Ada Lovelace")
        #expect(card.name == VCardName(family: "Lovelace", given: "Ada", additional: "Augusta", prefixes: "Countess", suffixes: ""))
        #expect(card.organization == ["Analytical Engines", "Research"])
        #expect(card.title == "Mathematician")
        #expect(card.telephones == [VCardTypedValue(value: "+44 20 7946 0000", types: ["work", "voice"])])
        #expect(card.emails == [VCardTypedValue(value: "ada@example.com", types: ["internet"])])
        #expect(card.addresses == [VCardAddress(street: "12 St James, Square", locality: "London", postalCode: "SW1Y 4JH", country: "UK", types: ["home"])])
        #expect(card.urls == ["https://example.com/ada"])
        #expect(card.birthday == "1815-12-10")
        #expect(card.note == "Line one\nLine two; with \\ backslash")
        #expect(card.uid == "ada-1")
        #expect(card.revision == "2024-01-15T10:20:30Z")
        #expect(card.categories == ["friends", "science,history"])
        #expect(!card.hasPhoto)
    }

    @Test func unfoldsLinesFoldedWithASpaceOrATab() throws {
        let result = parse(vcf("BEGIN:VCARD", "VERSION:4.0", "FN:Ada Love", " lace", "NOTE:one", "\t two", "END:VCARD"))
        let card = try #require(result.cards.first)
        #expect(card.fn == "Ada Lovelace")
        #expect(card.note == "one two")
    }

    @Test func unfoldsAFoldThatSplitsAUTF8Character() throws {
        // "é" is C3 A9; a careless writer folded between the two bytes.
        var bytes = Array("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ren".utf8) + [0xC3, 0x0D, 0x0A, 0x20, 0xA9]
        bytes += Array("\r\nEND:VCARD\r\n".utf8)
        let result = VCardParser().parse(bytes)
        #expect(result.cards.first?.fn == "René")
    }

    @Test func acceptsLFOnlyLineEndingsAndAByteOrderMark() throws {
        let text = "\u{FEFF}BEGIN:VCARD\nVERSION:3.0\nFN:Ada\nEND:VCARD\n"
        let result = parse(text)
        #expect(result.errors == [])
        #expect(result.cards.map(\.fn) == ["Ada"])
    }

    @Test func readsGroupsAndKeepsThemOnTheProperties() throws {
        let card = try #require(parse(vcf(
            "BEGIN:VCARD", "VERSION:3.0", "FN:Ada",
            "item1.EMAIL;type=INTERNET:ada@example.com", "item1.X-ABLabel:_$!<Work>!$_", "END:VCARD")).cards.first)
        #expect(card.properties.map(\.group) == [nil, "item1", "item1"])
        #expect(card.properties.map(\.name) == ["FN", "EMAIL", "X-ABLABEL"])
        #expect(card.emails.map(\.value) == ["ada@example.com"])
    }

    @Test func readsQuotedListedAndRepeatedParameters() throws {
        let card = try #require(parse(vcf(
            "BEGIN:VCARD", "VERSION:4.0", "FN:Ada",
            "TEL;VALUE=uri;TYPE=\"work,voice\";PREF=1:tel:+1-555-0100",
            "EMAIL;TYPE=home;TYPE=pref:ada@example.com",
            "ADR;LABEL=\"12 Square; London: UK\";TYPE=home:;;12 Square;London;;;UK",
            "X-NOTE;X-PARAM=a^nb^'c^^:x",
            "END:VCARD")).cards.first)
        #expect(card.telephones == [VCardTypedValue(value: "tel:+1-555-0100", types: ["work", "voice"])])
        #expect(card.emails.first?.types == ["home", "pref"])
        let adr = try #require(card.first("ADR"))
        #expect(adr.parameterValues("label") == ["12 Square; London: UK"])
        #expect(card.addresses.first?.street == "12 Square")
        #expect(card.first("X-NOTE")?.parameterValues("X-PARAM") == ["a\nb\"c^"])
    }

    @Test func readsSeveralCardsInOrder() throws {
        let result = parse(vcf(
            "BEGIN:VCARD", "VERSION:3.0", "FN:One", "END:VCARD",
            "", "BEGIN:VCARD", "VERSION:4.0", "FN:Two", "END:VCARD",
            "begin:vcard", "version:2.1", "fn:Three", "end:vcard"))
        #expect(result.errors == [])
        #expect(result.cards.map(\.fn) == ["One", "Two", "Three"])
        #expect(result.cards.map(\.version) == [.v3_0, .v4_0, .v2_1])
        #expect(result.cardCount == 3)
    }

    @Test func decodesQuotedPrintableWithSoftLineBreaksAndCharset() throws {
        let result = parse(vcf(
            "BEGIN:VCARD", "VERSION:2.1",
            "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=B6rg;;;",
            "NOTE;QUOTED-PRINTABLE:first=0D=0Asecond line that goes =",
            "on after a soft break",
            "TEL;HOME;VOICE:+49 30 1234",
            "END:VCARD"))
        #expect(result.errors == [])
        let card = try #require(result.cards.first)
        #expect(card.name?.family == "Müller")
        #expect(card.name?.given == "Jörg")
        #expect(card.note == "first\nsecond line that goes on after a soft break")
        #expect(card.telephones == [VCardTypedValue(value: "+49 30 1234", types: ["home", "voice"])])
        // The transfer encoding is undone, so it is not kept as a parameter.
        #expect(card.first("N")?.parameters == [])
    }

    @Test func convertsLatin1AndWindows1252Charsets() throws {
        let bytes = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN;CHARSET=ISO-8859-1:Jos".utf8) + [0xE9]
            + Array("\r\nNOTE;CHARSET=windows-1252:".utf8) + [0x80, 0x20, 0x93, 0x71, 0x94]
            + Array("\r\nEND:VCARD\r\n".utf8)
        let result = VCardParser().parse(bytes)
        #expect(result.errors == [])
        #expect(result.cards.first?.fn == "José")
        #expect(result.cards.first?.note == "€ “q”")
    }

    @Test func readsInlineAndLinkedPhotos() throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
        let base64 = png.base64EncodedString()
        let result = parse(vcf(
            "BEGIN:VCARD", "VERSION:3.0", "FN:B", "PHOTO;ENCODING=b;TYPE=PNG:\(base64.prefix(8))", " \(base64.dropFirst(8))", "END:VCARD",
            "BEGIN:VCARD", "VERSION:4.0", "FN:D", "PHOTO:data:image/png;base64,\(base64)", "END:VCARD",
            "BEGIN:VCARD", "VERSION:2.1", "FN:Q", "PHOTO;ENCODING=BASE64;PNG:", "    \(base64)", "", "END:VCARD",
            "BEGIN:VCARD", "VERSION:3.0", "FN:U", "PHOTO;VALUE=uri:https://example.com/u.jpg", "END:VCARD"))
        #expect(result.errors == [])
        let photos = result.cards.map(\.photo)
        #expect(photos[0] == VCardPhoto(data: png, mediaType: "image/png"))
        #expect(photos[1] == VCardPhoto(data: png, mediaType: "image/png"))
        #expect(photos[2] == VCardPhoto(data: png, mediaType: "image/png"))
        #expect(photos[3] == VCardPhoto(uri: "https://example.com/u.jpg"))
        #expect(result.cards.filter(\.hasPhoto).count == 4)
    }

    @Test func keepsUnknownAndExtendedPropertiesAsWritten() throws {
        let card = try #require(parse(vcf(
            "BEGIN:VCARD", "VERSION:3.0", "FN:Ada",
            "X-SOCIALPROFILE;type=twitter:https://twitter.com/ada",
            "NICKNAME:Countess,Enchantress",
            "X-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;Jo;1;;;",
            "END:VCARD")).cards.first)
        #expect(card.properties.count == 4)
        #expect(card.first("X-SOCIALPROFILE")?.types == ["twitter"])
        #expect(card.first("NICKNAME")?.listValues == ["Countess", "Enchantress"])
        #expect(card.first("X-ANDROID-CUSTOM")?.value == "vnd.android.cursor.item/nickname;Jo;1;;;")
    }

    @Test func aCardWithoutVersionIsReadAs30() throws {
        let result = parse(vcf("BEGIN:VCARD", "FN:Ada", "END:VCARD"))
        #expect(result.cards.first?.version == .v3_0)
    }
}
