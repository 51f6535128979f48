import VCard

/// The contacts a new store starts with, so the app shows something to drag.
public enum SampleContacts {
    public static let cards: [VCard] = [
        card("Ada Lovelace", ["Lovelace", "Ada", "", "", ""], email: "ada@example.com", tel: "+44 20 7946 0018", org: "Analytical Engines"),
        card("Grace Hopper", ["Hopper", "Grace", "Brewster Murray", "", ""], email: "grace@example.org", tel: "+1 202 555 0143", org: "US Navy"),
        card("Alan Turing", ["Turing", "Alan", "Mathison", "", ""], email: "alan@example.co.uk", tel: "+44 161 555 0120", org: "University of Manchester"),
        card("Katherine Johnson", ["Johnson", "Katherine", "", "", ""], email: "katherine@example.gov", tel: "+1 757 555 0199", org: "NASA Langley"),
        card("Edsger Dijkstra", ["Dijkstra", "Edsger", "Wybe", "", ""], email: "edsger@example.nl", tel: "+31 40 555 0100", org: "Eindhoven University"),
    ]

    private static func card(_ fn: String, _ n: [String], email: String, tel: String, org: String) -> VCard {
        VCard(version: .v3_0, properties: [
            .structured("N", n),
            .text("FN", fn),
            .structured("ORG", [org]),
            .text("EMAIL", email, types: ["work"]),
            .text("TEL", tel, types: ["work", "voice"]),
        ])
    }
}
