import Foundation
import Synchronization

/// The vCard texts of contacts opened without them (``ContactStore/contacts()``),
/// read from the store when a contact is first looked at, with the next
/// rows in table order (a page of ``pageSize``), and kept until their
/// contacts take them. A table of 100,000 contacts opens reading only its
/// ids; the first frame reads the texts of the rows it shows.
final class ContactTexts: Sendable {
    /// How many rows one read covers.
    static let pageSize = 64
    /// The most texts kept for contacts that have not asked yet; past it
    /// they are let go (and read again if asked).
    static let cacheLimit = 4_096

    /// Reads up to `count` (id, text) pairs in table order from the
    /// contact with the id given on.
    private let read: @Sendable (Int64, Int) throws -> [(id: Int64, text: Data)]
    /// Reads the texts of the contacts with the ids given, in one go.
    private let readMany: @Sendable (Set<Int64>) throws -> [Int64: Data]
    private let cache = Mutex<[Int64: Data]>([:])
    private let pagesRead = Atomic<Int>(0)

    init(read: @escaping @Sendable (Int64, Int) throws -> [(id: Int64, text: Data)],
         readMany: @escaping @Sendable (Set<Int64>) throws -> [Int64: Data]) {
        self.read = read
        self.readMany = readMany
    }

    /// Reads the texts of every contact in `contacts` not read yet in one
    /// go, before work that looks at them all (a drag, a search, a sort):
    /// one read instead of one per page.
    static func read(_ contacts: some Collection<Contact>) {
        var wanted: [ObjectIdentifier: (texts: ContactTexts, ids: Set<Int64>)] = [:]
        for contact in contacts {
            guard let (id, texts) = contact.unreadText else { continue }
            wanted[ObjectIdentifier(texts), default: (texts, [])].ids.insert(id)
        }
        guard !wanted.isEmpty else { return }
        for (texts, ids) in wanted.values {
            guard let found = try? texts.readMany(ids) else { continue }
            texts.cache.withLock { cache in cache.merge(found) { _, new in new } }
        }
        for contact in contacts where contact.unreadText != nil { contact.readFromStore() }
        for (texts, _) in wanted.values { texts.cache.withLock { cache in cache.removeAll() } }
    }

    /// How many pages were read so far (what looking at contacts cost).
    var readCount: Int { pagesRead.load(ordering: .relaxed) }

    /// The text of contact `id`; empty when it is no longer in the store.
    func text(for id: Int64) -> Data {
        if let text = cache.withLock({ $0.removeValue(forKey: id) }) { return text }
        let page = (try? read(id, Self.pageSize)) ?? []
        pagesRead.add(1, ordering: .relaxed)
        return cache.withLock { cache in
            if cache.count + page.count > Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
            var found: Data?
            for (pageID, text) in page {
                if pageID == id { found = text } else { cache[pageID] = text }
            }
            return found ?? Data()
        }
    }
}
