import DragAndDrop
import Foundation
import ItemProviders
import UniformTypes
import VCard

/// What a dragged contact offers, best first: its vCard, then a readable
/// block of text (name, phones, emails, address: ``Contact/textBlock``).
/// Each is produced only when a destination asks for it.
public enum ContactItemProvider {
    /// One contact as one item.
    public static func provider(for contact: Contact) -> ItemProvider {
        provider(for: [contact])
    }

    /// Several contacts as one item, for destinations that read a single
    /// item: every card in one vCard file, the text blocks one after the
    /// other with a blank line between.
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
        let text = contacts.map(\.textBlock).joined(separator: "\n\n")
        provider.suggestedName = names.count == 1 ? names[0] : "\(names.count) Contacts"
        provider.registerDataRepresentation(for: .vCard) { VCardWriter().data(for: cards) }
        provider.registerDataRepresentation(for: .utf8PlainText) { Data(text.utf8) }
        return provider
    }
}
