import Foundation
import Testing
import VCard

@Suite struct VCardWriterTests {
    @Test func writesCRLFAndFoldsAt75OctetsWithoutSplittingACharacter() throws {
        var card = VCard(version: .v4_0)
        card.append(.text("FN", "Ada"))
        card.append(.text("NOTE", String(repeating: "é", count: 100)))  // 200 octets of 2-byte characters
        let bytes = VCardWriter().bytes(for: [card])
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada\r\nNOTE:"))
        #expect(text.hasSuffix("END:VCARD\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        let lines = text.components(separatedBy: "\r\n").dropLast()
        for line in lines {
            #expect(line.utf8.count <= 75)
            #expect(String(validating: Array(line.utf8), as: UTF8.self) != nil, "a fold split a character")
        }
        #expect(lines.filter { $0.hasPrefix(" ") }.count >= 2)
        #expect(VCardParser().parse(bytes).cards.first?.note == String(repeating: "é", count: 100))
    }

    @Test func escapesTextAndQuotesParameters() {
        var card = VCard(version: .v3_0)
        card.append(.text("NOTE", "a,b;c\\d\ne"))
        card.append(VCardProperty(name: "ADR", value: ";;1 Way;Town;;;", parameters: [VCardParameter("LABEL", "1 Way: Town")]))
        let text = VCardWriter().string(for: [card])
        #expect(text.contains("NOTE:a\\,b\\;c\\\\d\\ne\r\n"))
        #expect(text.contains("ADR;LABEL=\"1 Way: Town\":;;1 Way;Town;;;\r\n"))
    }

    @Test func writes21WithBareTypesAndQuotedPrintable() {
        var card = VCard(version: .v2_1)
        card.append(.text("FN", "Jörg Müller"))
        card.append(.text("TEL", "+49 30 1234", types: ["home", "voice"]))
        card.append(.text("NOTE", "one\ntwo " + String(repeating: "long ", count: 20)))
        let text = VCardWriter().string(for: [card])
        #expect(text.contains("FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:J=C3=B6rg M=C3=BCller\r\n"))
        #expect(text.contains("TEL;HOME;VOICE:+49 30 1234\r\n"))
        #expect(text.contains("NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:one=0D=0Atwo"))
        for line in text.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 75) }
        let again = VCardParser().parse(text)
        #expect(again.errors == [])
        #expect(again.cards == [card])
    }

    @Test func photosAreWrittenTheWayEachVersionExpects() throws {
        let jpeg = Data((0..<300).map { UInt8($0 % 256) })
        let photo = VCardPhoto(data: jpeg, mediaType: "image/jpeg")
        for version in VCardVersion.allCases {
            var card = VCard(version: version)
            card.append(.text("FN", "P"))
            card.append(photo.property(for: version))
            let bytes = VCardWriter().bytes(for: [card])
            let back = VCardParser().parse(bytes)
            #expect(back.errors == [], "\(version)")
            #expect(back.cards.first?.photo?.data == jpeg, "\(version)")
            #expect(back.cards.first?.photo?.mediaType == "image/jpeg", "\(version)")
        }
    }
}
