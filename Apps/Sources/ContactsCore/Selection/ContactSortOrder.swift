import Foundation

/// How ``ContactsTable/sort(by:)`` orders the contacts, as GNOME Contacts
/// offers: by given name or by family name. Contacts without a structured
/// name sort by the name they show.
public struct ContactSortOrder: Hashable, Sendable {
    let familyFirst: Bool

    public static let givenName = ContactSortOrder(familyFirst: false)
    public static let familyName = ContactSortOrder(familyFirst: true)

    /// Whether `a` comes before `b`.
    public func areInIncreasingOrder(_ a: Contact, _ b: Contact) -> Bool {
        let left = key(a), right = key(b)
        for (x, y) in zip(left, right) {
            let result = x.localizedStandardCompare(y)
            if result != .orderedSame { return result == .orderedAscending }
        }
        return false
    }

    private func key(_ contact: Contact) -> [String] {
        guard let name = contact.card.name, !(name.given.isEmpty && name.family.isEmpty) else {
            return [contact.displayName, "", contact.displayName]
        }
        let first = familyFirst ? name.family : name.given
        let second = familyFirst ? name.given : name.family
        return [first.isEmpty ? second : first, second, contact.displayName]
    }
}
