import Foundation
import Testing

@Suite("dragkit vcard parse: JSON output and exit codes")
struct VcardCommandTests {
    static let keys: Set<String> = ["fn", "n", "org", "title", "tels", "emails", "adrs", "urls", "bday", "note", "uid", "hasPhoto"]

    private func cards(_ text: String) throws -> [[String: Any]] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    @Test func printsEveryCardWithTheDocumentedKeys() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("two.vcf", """
            BEGIN:VCARD\r
            VERSION:3.0\r
            N:Lovelace;Ada;Augusta;Countess;\r
            FN:Ada Lovelace\r
            ORG:Analytical Engines;Research\r
            TITLE:Mathematician\r
            TEL;TYPE=work,voice:+44 20 7946 0000\r
            item1.EMAIL;TYPE=INTERNET:ada@example.com\r
            ADR;TYPE=home:;;12 Square;London;;SW1Y;UK\r
            URL:https://example.com/ada\r
            BDAY:1815-12-10\r
            NOTE:First\\nprogrammer\r
            UID:ada-1\r
            PHOTO;VALUE=uri:https://example.com/ada.jpg\r
            END:VCARD\r
            BEGIN:VCARD\r
            VERSION:2.1\r
            FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:J=C3=B6rg\r
            TEL;CELL:+49 171\r
            END:VCARD\r

            """)
        let result = try DragkitProcess.run(["vcard", "parse", path])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let json = try cards(result.stdout)
        #expect(json.count == 2)
        #expect(json.allSatisfy { Set($0.keys) == Self.keys })
        let ada = json[0]
        #expect(ada["fn"] as? String == "Ada Lovelace")
        #expect(ada["n"] as? [String: String] == ["family": "Lovelace", "given": "Ada", "additional": "Augusta", "prefixes": "Countess", "suffixes": ""])
        #expect(ada["org"] as? String == "Analytical Engines, Research")
        #expect(ada["title"] as? String == "Mathematician")
        #expect((ada["tels"] as? [[String: Any]])?.first?["value"] as? String == "+44 20 7946 0000")
        #expect((ada["tels"] as? [[String: Any]])?.first?["types"] as? [String] == ["work", "voice"])
        #expect((ada["emails"] as? [[String: Any]])?.first?["value"] as? String == "ada@example.com")
        #expect((ada["adrs"] as? [[String: Any]])?.first?["locality"] as? String == "London")
        #expect(ada["urls"] as? [String] == ["https://example.com/ada"])
        #expect(ada["bday"] as? String == "1815-12-10")
        #expect(ada["note"] as? String == "First\nprogrammer")
        #expect(ada["uid"] as? String == "ada-1")
        #expect(ada["hasPhoto"] as? Bool == true)
        let jorg = json[1]
        #expect(jorg["fn"] as? String == "Jörg")
        #expect(jorg["n"] is NSNull)
        #expect(jorg["org"] is NSNull)
        #expect(jorg["hasPhoto"] as? Bool == false)
        #expect((jorg["tels"] as? [[String: Any]])?.first?["types"] as? [String] == ["cell"])
    }

    @Test func invalidCardsAreReportedOnStderrAndTheRestPrinted() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("bad.vcf", "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Good\r\nEND:VCARD\r\n"
            + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bad\r\nPHOTO;ENCODING=b:@@@@\r\nEND:VCARD\r\n"
            + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Cut off\r\n")
        let result = try DragkitProcess.run(["vcard", "parse", path])
        #expect(result.status == 1)
        #expect(try cards(result.stdout).map { $0["fn"] as? String } == ["Good"])
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("error: \(path): card 2, line 8: "))
        #expect(lines[0].hasSuffix("[badBase64]"))
        #expect(lines[1].hasPrefix("error: \(path): card 3, line 10: "))
        #expect(lines[1].hasSuffix("[missingEnd]"))
        #expect(lines[2] == "1 of 3 cards read; 2 skipped.")
    }

    @Test func aFileWithNoCardsSaysSoAndExitsNonZero() throws {
        let directory = try TemporaryDirectory()
        let empty = try directory.write("empty.vcf", "")
        let emptyResult = try DragkitProcess.run(["vcard", "parse", empty])
        #expect(emptyResult.status == 1)
        #expect(emptyResult.stderr == "error: \(empty) is empty; there are no cards to print. Check that it is the vCard export you meant.\n")

        let notes = try directory.write("notes.vcf", "Shopping list\r\nmilk\r\n")
        let notesResult = try DragkitProcess.run(["vcard", "parse", notes])
        #expect(notesResult.status == 1)
        #expect(notesResult.stderr.hasPrefix("error: \(notes) holds no vCard (no BEGIN:VCARD ... END:VCARD)"))
        #expect(try cards(notesResult.stdout).isEmpty)
    }

    @Test func aMissingFileSaysSoAndExitsNonZero() throws {
        let result = try DragkitProcess.run(["vcard", "parse", "/nonexistent/contacts.vcf"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Cannot read '/nonexistent/contacts.vcf'"))
    }
}
