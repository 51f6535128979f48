import ContactsCore
import Foundation
import VCard

/// Puts exactly `cards` in the store of a data folder before the app starts.
struct ContactStoreSeeder {
    let store: ContactStore

    init(folder: URL) throws {
        store = try ContactStore(folder: folder)
    }

    func replace(with cards: [VCard]) throws {
        try store.removeAllContacts()
        try store.insert(cards, at: 0)
    }
}
