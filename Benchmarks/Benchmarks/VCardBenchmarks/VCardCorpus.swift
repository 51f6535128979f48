import Foundation

/// A deterministic address book of `count` vCard 3.0 cards as contacts
/// programs export them: structured names, organizations, several phones
/// and emails (some grouped with labels), addresses, notes with escapes,
/// non-ASCII names, categories, `X-` properties, and an inline JPEG-sized
/// photo on every `photoEvery`-th card.
enum VCardCorpus {
    static func make(count: Int = 10_000, photoEvery: Int = 50, photoBytes: Int = 6_000) -> Data {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        func pick<T>(_ values: [T]) -> T { values[Int(next() % UInt64(values.count))] }
        let given = ["Ada", "Grace", "Alan", "Katherine", "Edsger", "Barbara", "Donald", "Frances", "Jörg", "José", "Zoë", "Łukasz", "Chloé", "Hiro", "Margaret", "Dennis"]
        let family = ["Lovelace", "Hopper", "Turing", "Johnson", "Dijkstra", "Liskov", "Knuth", "Allen", "Müller", "García", "Nakamura", "Hamilton", "Ritchie", "Nowak", "Dubois", "Smith"]
        let orgs = ["Analytical Engines Ltd.", "US Navy", "Bletchley Park", "NASA Langley", "Example Corp", "ACME\\, Inc.", "Université de Paris"]
        let cities = ["London", "Arlington", "Manchester", "Hampton", "Eindhoven", "Berlin", "Tokyo", "Paris"]
        var text = ""
        text.reserveCapacity(count * 700)
        for index in 0..<count {
            let first = pick(given), last = pick(family), org = pick(orgs), city = pick(cities)
            let mail = "\(first.lowercased().filter(\.isASCII)).\(last.lowercased().filter(\.isASCII))\(index)@example.com"
            var lines = [
                "BEGIN:VCARD", "VERSION:3.0",
                "PRODID:-//DragKit//VCardBenchmarks//EN",
                "N:\(last);\(first);;;",
                "FN:\(first) \(last)",
                "ORG:\(org);Research",
                "TITLE:Engineer \(index % 7)",
                "TEL;TYPE=CELL,VOICE,pref:+1 555 \(String(format: "%07d", Int(next() % 10_000_000)))",
                "TEL;TYPE=WORK,VOICE:+44 20 \(String(format: "%08d", Int(next() % 100_000_000)))",
                "item1.EMAIL;TYPE=INTERNET,pref:\(mail)",
                "item1.X-ABLabel:_$!<Work>!$_",
                "EMAIL;TYPE=INTERNET,HOME:home\(index)@example.org",
                "ADR;TYPE=HOME:;;\(index) High Street\\, Flat \(index % 9);\(city);;\(10_000 + index % 90_000);Country",
                "URL:https://example.com/people/\(index)",
                "BDAY:19\(50 + index % 50)-0\(1 + index % 9)-1\(index % 10)",
                "NOTE:Met at conference \(index % 12)\\nLikes compilers\\, tea and long walks.",
                "UID:urn:uuid:00000000-0000-4000-8000-\(String(format: "%012d", index))",
                "REV:2024-01-\(10 + index % 18)T10:20:30Z",
                "CATEGORIES:friends,work",
                "X-SOCIALPROFILE;TYPE=mastodon:https://example.social/@user\(index)",
            ]
            if index % photoEvery == 0 {
                let bytes = (0..<photoBytes).map { _ in UInt8(truncatingIfNeeded: next()) }
                lines.append("PHOTO;ENCODING=b;TYPE=JPEG:" + Data([0xFF, 0xD8, 0xFF, 0xE0] + bytes).base64EncodedString())
            }
            lines.append("END:VCARD")
            for line in lines { fold(line, into: &text) }
        }
        return Data(text.utf8)
    }

    /// Folds at 75 octets (these lines are ASCII but for a few names, which
    /// are short enough never to be folded).
    private static func fold(_ line: String, into text: inout String) {
        let bytes = Array(line.utf8)
        var start = 0
        var width = 75
        while bytes.count - start > width {
            text += String(decoding: bytes[start..<(start + width)], as: UTF8.self) + "\r\n "
            start += width
            width = 74
        }
        text += String(decoding: bytes[start...], as: UTF8.self) + "\r\n"
    }
}
