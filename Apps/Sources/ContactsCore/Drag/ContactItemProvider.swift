import DragAndDrop
import Foundation
import ItemProviders
import UniformTypes
import VCard

/// What a dragged contact offers, best first: its vCard, then a readable
/// block of text (name, phones, emails, address: ``Contact/textBlock``).
/// Each is produced only when a destination asks for it.
public enum ContactItemProvider {
    /// One contact as one item. Its name too is worked out when asked
    /// for: a drag of every contact makes an item for each, and reads no
    /// card from the store for it.
    public static func provider(for contact: Contact) -> ItemProvider {
        let provider = ItemProvider()
        // The handlers share one object holding the contact, rather than
        // each copying the contact into a box of its own.
        let dragged = DraggedContact(contact)
        provider.registerSuggestedName { dragged.contact.displayName }
        provider.registerDataRepresentation(for: .vCard) { dragged.contact.vCardData }
        provider.registerDataRepresentation(for: .utf8PlainText) { Data(dragged.contact.textBlock.utf8) }
        return provider
    }

    /// The contact one dragged item's handlers work from.
    private final class DraggedContact: Sendable {
        let contact: Contact
        init(_ contact: Contact) { self.contact = contact }
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

    /// The combined item for a drag a contacts table started, made from the
    /// contacts it recorded at the lift rather than from the drag's items
    /// (which are made only when asked for), or nil when the drag holds
    /// fewer than two contacts (`DesktopDragDrop.combinedItemForSession`).
    @MainActor
    public static func combined(for session: DragSession) -> ItemProvider? {
        guard let drag = session.localContext as? ContactsDrag, drag.contacts.count > 1 else { return nil }
        return combined(drag.contacts)
    }

    /// Only the name is worked out now: the cards and the text are written
    /// when a destination loads them, so a drag nobody drops writes nothing.
    private static func provider(for contacts: [Contact]) -> ItemProvider {
        let provider = ItemProvider()
        provider.suggestedName = contacts.count == 1 ? contacts[0].displayName : "\(contacts.count) Contacts"
        provider.registerDataRepresentation(for: .vCard) {
            // Cards never parsed go out as stored: no parse and write per card.
            contacts.reduce(into: Data()) { data, contact in data += contact.vCardData }
        }
        provider.registerDataRepresentation(for: .utf8PlainText) {
            Data(contacts.map(\.textBlock).joined(separator: "\n\n").utf8)
        }
        return provider
    }
}
