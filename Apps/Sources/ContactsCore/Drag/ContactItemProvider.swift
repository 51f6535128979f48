import DragAndDrop
import Foundation
import ItemProviders
import UniformTypes
import VCard

/// What a dragged contact offers, best first: its vCard, then its name as
/// plain text. Each is produced only when a destination asks for it.
public enum ContactItemProvider {
    /// One contact as one item.
    public static func provider(for contact: Contact) -> ItemProvider {
        provider(for: [contact])
    }

    /// Several contacts as one item, for destinations that read a single
    /// item: every card in one vCard file, every name on its own line.
    public static func combined(_ contacts: [Contact]) -> ItemProvider {
        provider(for: contacts)
    }

    /// The combined item for a drag of contacts from a contacts table
    /// (their drag items carry the contacts as local objects), or nil when
    /// the drag holds fewer than two contacts. A desktop backend offers it
    /// to apps that read one item only (`DesktopDragDrop.combinedItem`).
    @MainActor
    public static func combined(for items: [DragItem]) -> ItemProvider? {
        let contacts = items.compactMap { $0.localObject as? Contact }
        return contacts.count > 1 ? combined(contacts) : nil
    }

    private static func provider(for contacts: [Contact]) -> ItemProvider {
        let provider = ItemProvider()
        let cards = contacts.map(\.card)
        let names = contacts.map(\.displayName)
        provider.suggestedName = names.count == 1 ? names[0] : "\(names.count) Contacts"
        provider.registerDataRepresentation(for: .vCard) { VCardWriter().data(for: cards) }
        provider.registerDataRepresentation(for: .utf8PlainText) { Data(names.joined(separator: "\n").utf8) }
        return provider
    }
}
