import Foundation
import Testing
import GeocachesCore

/// The rules for what a person types and hears: a new geocache's name
/// from the header's entry, and a card as a screen reader says it.
@Suite struct GeocacheTextTests {
    @Test("A typed name loses the blanks around it and keeps those inside")
    func typedName() throws {
        #expect(try Geocache.name(forNew: "Old Mill") == "Old Mill")
        #expect(try Geocache.name(forNew: "  Old  Mill \n") == "Old  Mill")
        #expect(try Geocache.name(forNew: "\tLost Lake\r\n") == "Lost Lake")
    }

    @Test("Blank text is no name, and the error says what to type", arguments: ["", "   ", "\n", "\t \n "])
    func blank(_ text: String) {
        #expect(throws: GeocacheError(.emptyName, "Type a name for the new geocache first, then press Enter.")) {
            try Geocache.name(forNew: text)
        }
    }

    @Test("A card is spoken as its name, then its summary when it has one")
    func spoken() {
        #expect(Geocache(name: "Old Mill", summary: "Behind the wheel", latitude: 0, longitude: 0).spokenDescription
            == "Old Mill, Behind the wheel")
        #expect(Geocache(name: "Old Mill", summary: "", latitude: 0, longitude: 0).spokenDescription == "Old Mill")
    }
}

extension GeocacheTextTests {
    @Test("CacheEditor's card shows the summary over the coordinates, four decimals each")
    func detailText() {
        let geocache = Geocache(name: "Old Mill", summary: "Behind the wheel", latitude: 52.37, longitude: -4.891_23)
        #expect(geocache.coordinatesText == "52.3700, -4.8912")
        #expect(geocache.detailText == "Behind the wheel\n52.3700, -4.8912")
    }
}
