import Foundation
import Synchronization
import VCard

/// A contact's card, or the vCard text it is parsed from on first read.
/// Shared by copies of a ``Contact`` (a write makes a new one), so a card
/// is parsed at most once however often the contact is copied.
final class ContactCardStorage: Sendable {
    private enum State {
        case text(Data)
        case parsed(VCard)
    }

    private let state: Mutex<State>

    init(card: VCard) {
        state = Mutex(.parsed(card))
    }

    init(text: Data) {
        state = Mutex(.text(text))
    }

    var card: VCard {
        state.withLock { state in
            switch state {
            case .parsed(let card):
                return card
            case .text(let text):
                let card = VCardParser().parse(text).cards.first ?? VCard()
                state = .parsed(card)
                return card
            }
        }
    }
}
