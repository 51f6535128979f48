import Foundation
import Testing
import VCard

/// Bad input: each problem is reported with its card and line, the card is
/// left out, and the valid cards of the same file are still read.
@Suite struct VCardErrorTests {
    @Test func aCardWithoutEndIsReportedAndTheOthersKept() {
        let result = parse(vcf(
            "BEGIN:VCARD", "VERSION:3.0", "FN:One", "END:VCARD",
            "BEGIN:VCARD", "VERSION:3.0", "FN:Two",
            "BEGIN:VCARD", "VERSION:3.0", "FN:Three", "END:VCARD",
            "BEGIN:VCARD", "VERSION:3.0", "FN:Four"))
        #expect(result.cards.map(\.fn) == ["One", "Three"])
        #expect(result.errors.map(\.code) == [.missingEnd, .missingEnd])
        #expect(result.errors.map(\.cardIndex) == [1, 3])
        #expect(result.errors.map(\.line) == [5, 12])
        #expect(result.errors[0].description.hasPrefix("card 2, line 5: "))
        #expect(result.cardCount == 4)
    }

    @Test func errorsNameTheirCard() {
        let result = parse(vcf(
            "BEGIN:VCARD", "VERSION:3.0", "FN:Ada Lovelace", "PHOTO;ENCODING=b:###", "END:VCARD",
            "BEGIN:VCARD", "VERSION:3.0", "N:Hopper;Grace;;;", "PHOTO;ENCODING=b:###", "END:VCARD",
            "BEGIN:VCARD", "VERSION:3.0", "PHOTO;ENCODING=b:###", "FN:Named Late", "END:VCARD",
            "BEGIN:VCARD", "VERSION:3.0", "PHOTO;ENCODING=b:###", "END:VCARD",
            "BEGIN:VCARD", "VERSION:3.0", "FN:Cut Off"))
        #expect(result.errors.map(\.cardName) == ["Ada Lovelace", "Grace Hopper", "Named Late", nil, "Cut Off"])
        // The description stays "card N, line L"; apps add the name where they show it.
        #expect(result.errors[0].description.hasPrefix("card 1, line 4: "))
    }

    @Test func badBase64IsReportedOnItsLine() {
        let result = parse(vcf(
            "BEGIN:VCARD", "VERSION:3.0", "FN:Bad photo", "PHOTO;ENCODING=b:iVBOR*w0KGgo=", "END:VCARD",
            "BEGIN:VCARD", "VERSION:4.0", "FN:Bad URI", "PHOTO:data:image/png;base64,abc", "END:VCARD",
            "BEGIN:VCARD", "VERSION:3.0", "FN:Good", "END:VCARD"))
        #expect(result.cards.map(\.fn) == ["Good"])
        #expect(result.errors.map(\.code) == [.badBase64, .badBase64])
        #expect(result.errors.map(\.cardIndex) == [0, 1])
        #expect(result.errors.map(\.line) == [4, 9])
    }

    @Test func invalidUTF8IsReported() {
        let bytes = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nNOTE:bad ".utf8) + [0xC3, 0x28]
            + Array("\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nFN:Grace\r\nEND:VCARD\r\n".utf8)
        let result = VCardParser().parse(bytes)
        #expect(result.cards.map(\.fn) == ["Grace"])
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.code == .invalidUTF8)
        #expect(result.errors.first?.cardIndex == 0)
        #expect(result.errors.first?.line == 4)
    }

    @Test func aFileOverTheSizeLimitIsRefusedBeforeReading() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "vcard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appending(path: "huge.vcf")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 50 << 20)  // a sparse 50 MB file
        try handle.close()

        let result = try VCardParser().parse(contentsOf: url)
        #expect(result.cards.isEmpty)
        #expect(result.errors.map(\.code) == [.fileTooLarge])
        #expect(result.errors.first?.cardIndex == nil)
        #expect(result.errors.first?.message.contains("50.0 MB") == true)

        // The same limit holds for bytes already in memory.
        let limits = VCardParser.Limits(maxFileBytes: 10)
        #expect(VCardParser(limits: limits).parse(Data(count: 11)).errors.map(\.code) == [.fileTooLarge])
    }

    @Test func aOneMegabyteLineIsReportedAndTheRestRead() {
        let longLine = "NOTE:" + String(repeating: "x", count: 1 << 20)
        let result = parse(vcf(
            "BEGIN:VCARD", "VERSION:3.0", "FN:Long", longLine, "END:VCARD",
            "BEGIN:VCARD", "VERSION:3.0", "FN:Short", "END:VCARD"))
        #expect(result.cards.map(\.fn) == ["Short"])
        #expect(result.errors.map(\.code) == [.lineTooLong])
        #expect(result.errors.first?.line == 4)
        #expect(result.errors.first?.cardIndex == 0)
    }

    @Test func aPropertyTooLongOnceUnfoldedIsReported() {
        let limits = VCardParser.Limits(maxPropertyBytes: 64)
        let folded = (0..<10).map { _ in " " + String(repeating: "y", count: 20) }
        let lines = ["BEGIN:VCARD", "VERSION:3.0", "FN:Ada", "NOTE:start"] + folded + ["END:VCARD"]
        let result = VCardParser(limits: limits).parse(lines.joined(separator: "\r\n"))
        #expect(result.cards.isEmpty)
        #expect(result.errors.map(\.code) == [.propertyTooLong])
        #expect(result.errors.first?.line == 4)
    }

    @Test func malformedLinesBrokenEscapesAndUnknownVersionsAreReported() {
        let result = parse(vcf(
            "BEGIN:VCARD", "VERSION:3.0", "FN:No colon", "this line has no colon", "END:VCARD",
            "BEGIN:VCARD", "VERSION:2.1", "FN;ENCODING=QUOTED-PRINTABLE:bad=ZZescape", "END:VCARD",
            "BEGIN:VCARD", "VERSION:5.0", "FN:Future", "END:VCARD",
            "BEGIN:VCARD", "VERSION:2.1", "FN;CHARSET=KLINGON:Qapla", "END:VCARD",
            "BEGIN:VCARD", "VERSION:3.0", "EMAIL;TYPE=\"work:ada@example.com", "END:VCARD"))
        #expect(result.cards.isEmpty)
        #expect(result.errors.map(\.code) == [.malformedLine, .badQuotedPrintable, .unsupportedVersion, .unsupportedCharset, .malformedLine])
        #expect(result.errors.map(\.line) == [4, 8, 11, 16, 20])
        #expect(result.errors.map(\.cardIndex) == [0, 1, 2, 3, 4])
    }

    @Test func strayContentBetweenCardsIsReportedOnce() {
        let result = parse(vcf(
            "garbage one", "garbage two",
            "BEGIN:VCARD", "VERSION:3.0", "FN:Ada", "END:VCARD", "END:VCARD"))
        #expect(result.cards.map(\.fn) == ["Ada"])
        #expect(result.errors.map(\.code) == [.outsideCard, .outsideCard])
        #expect(result.errors.map(\.line) == [1, 7])
        #expect(result.errors.allSatisfy { $0.cardIndex == nil })
    }
}
