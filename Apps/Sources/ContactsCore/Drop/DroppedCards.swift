import Foundation
import ItemProviders
import UniformTypes
import VCard

/// The cards one dropped item brought, and what went wrong reading it.
struct DroppedCards: Sendable {
    var cards: [VCard] = []
    var problems: [ContactsProblem] = []

    /// Loads the item off the main actor: a contact from this process as it
    /// is, vCard data (several cards per file allowed), or a `.vcf` file.
    static func load(from provider: ItemProvider, local: Contact?) async -> DroppedCards {
        if let local { return DroppedCards(cards: [local.card]) }
        let name = provider.suggestedName.map { "“\($0)”" } ?? "The dropped item"
        do {
            if provider.hasItemConforming(to: .vCard) {
                let data = try await provider.loadDataRepresentation(for: .vCard)
                return read(VCardParser().parse(data), name: name)
            }
            if provider.hasItemConforming(to: .fileURL) {
                return await load(from: try await provider.loadObject(ofClass: URL.self))
            }
            return DroppedCards(problems: [ContactsProblem(.notAVCard, "\(name) holds no vCard; drop .vcf files or contacts.")])
        } catch {
            return DroppedCards(problems: [ContactsProblem(
                .loadFailed, "\(name) could not be loaded (\(error)); try dragging it again.")])
        }
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

    private static func read(_ result: VCardParseResult, name: String) -> DroppedCards {
        var dropped = DroppedCards(cards: result.cards)
        if !result.errors.isEmpty {
            let skipped = result.cardCount - result.cards.count
            let details = result.errors.prefix(3).map(\.description).joined(separator: "; ")
            let more = result.errors.count > 3 ? " (and \(result.errors.count - 3) more)" : ""
            let summary = skipped > 0
                ? "\(skipped) of \(result.cardCount) cards in \(name) could not be read and were not added"
                : "\(name) has content that could not be read"
            dropped.problems.append(ContactsProblem(.invalidCards, "\(summary): \(details)\(more)."))
        }
        return dropped
    }
}
