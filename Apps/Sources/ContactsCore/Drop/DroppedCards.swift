import Foundation
import ItemProviders
import UniformTypes
import VCard

/// The cards one dropped item brought, each with the name of the file (or
/// item) it came from, and what went wrong reading it: one problem per bad
/// file, naming the file and the contacts that could not be read.
struct DroppedCards: Sendable {
    /// A card and where it came from ("“friends.vcf”").
    struct Card: Sendable {
        var card: VCard
        var source: String
    }

    var cards: [Card] = []
    var problems: [ContactsProblem] = []

    init(cards: [Card] = [], problems: [ContactsProblem] = []) {
        self.cards = cards
        self.problems = problems
    }

    mutating func append(_ other: DroppedCards) {
        cards += other.cards
        problems += other.problems
    }

    /// Loads the item off the main actor: a contact from this process as it
    /// is, every file of a file list (a file manager's drop of several
    /// `.vcf` files is one item), or vCard data (several cards allowed).
    static func load(from provider: ItemProvider, local: Contact?) async -> DroppedCards {
        if let local { return DroppedCards(cards: [Card(card: local.card, source: "this window")]) }
        let name = provider.suggestedName.map { "“\($0)”" } ?? "The dropped item"
        do {
            // Files first: a file list also registers the first file under
            // its own type, which would hide the others.
            if provider.hasItemConforming(to: .fileURL) {
                let list = try await provider.loadDataRepresentation(for: .fileURL)
                let urls = fileURLs(in: list)
                guard !urls.isEmpty else {
                    return DroppedCards(problems: [ContactsProblem(.loadFailed, "\(name) names no file that can be opened.")])
                }
                var all = DroppedCards()
                for url in urls { all.append(await load(from: url)) }
                return all
            }
            if provider.hasItemConforming(to: .vCard) {
                let data = try await provider.loadDataRepresentation(for: .vCard)
                return read(VCardParser().parse(data), name: name)
            }
            return DroppedCards(problems: [ContactsProblem(.notAVCard, "\(name) holds no vCard; drop .vcf files or contacts.")])
        } catch {
            return DroppedCards(problems: [ContactsProblem(
                .loadFailed, "\(name) could not be loaded (\(error)); try dragging it again.")])
        }
    }

    /// Loads every item of a large drop off the main actor, `width` items at
    /// a time (each load may wait on another process), and puts their cards
    /// together in the items' order.
    static func load(all items: [(provider: ItemProvider, local: Contact?)], width: Int = 16) async -> DroppedCards {
        var loaded = [DroppedCards?](repeating: nil, count: items.count)
        await withTaskGroup(of: (Int, DroppedCards).self) { group in
            for index in items.indices {
                // At most `width` loads at once: the next starts when one ends.
                if index >= width, case let (done, dropped)? = await group.next() { loaded[done] = dropped }
                group.addTask { (index, await load(from: items[index].provider, local: items[index].local)) }
            }
            for await (index, dropped) in group { loaded[index] = dropped }
        }
        var all = DroppedCards()
        for dropped in loaded { if let dropped { all.append(dropped) } }
        return all
    }

    /// The file URLs of a `text/uri-list` (or of one URL's text).
    static func fileURLs(in list: Data) -> [URL] {
        String(decoding: list, as: UTF8.self)
            .split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
            .compactMap(URL.init(string:))
            .filter(\.isFileURL)
    }

    /// The cards of the `.vcf` file at `url`.
    static func load(from url: URL) async -> DroppedCards {
        let name = "“\(url.lastPathComponent)”"
        guard ["vcf", "vcard"].contains(url.pathExtension.lowercased()) else {
            return DroppedCards(problems: [ContactsProblem(.notAVCard, "\(name) is no vCard file; drop .vcf files or contacts.")])
        }
        do {
            return read(try VCardParser().parse(contentsOf: url), name: name)
        } catch {
            return DroppedCards(problems: [ContactsProblem(.loadFailed, "\(name) could not be read (\(error.localizedDescription)).")])
        }
    }

    /// The cards of a parsed file called `name`, and one problem when the
    /// file was empty, held no card, or had cards that could not be read.
    static func read(_ result: VCardParseResult, name: String) -> DroppedCards {
        var dropped = DroppedCards(cards: result.cards.map { Card(card: $0, source: name) })
        if result.cardCount == 0, result.errors.allSatisfy({ $0.code == .outsideCard }) {
            dropped.problems.append(result.errors.isEmpty
                ? ContactsProblem(.emptyFile, "\(name) is empty; there were no contacts in it to import.")
                : ContactsProblem(.noCards, "\(name) holds no contacts (no BEGIN:VCARD … END:VCARD); nothing was imported from it."))
        } else if !result.errors.isEmpty {
            let skipped = result.cardCount - result.cards.count
            let details = result.errors.prefix(3).map(describe).joined(separator: "; ")
            let more = result.errors.count > 3 ? " (and \(result.errors.count - 3) more)" : ""
            let summary = skipped > 0
                ? "\(skipped) of \(result.cardCount) cards in \(name) could not be read and were not added"
                : "\(name) has content that could not be read"
            dropped.problems.append(ContactsProblem(.invalidCards, "\(summary): \(details)\(more)."))
        }
        return dropped
    }

    /// An error with the contact's name first: “Ada Lovelace” (card 2, line 12): …
    private static func describe(_ error: VCardError) -> String {
        guard let cardName = error.cardName else { return error.description }
        let place = error.cardIndex.map { "card \($0 + 1), line \(error.line)" } ?? "line \(error.line)"
        return "“\(cardName)” (\(place)): \(error.message)"
    }
}
