import Foundation
import VCard

/// A contact as its edit form holds it: every field the VCard library
/// reads, as plain values a form can bind to, and the rules that write it
/// back into the card.
///
/// Writing back keeps what the form does not show: a field left as it was
/// keeps its property exactly as imported (parameters, group, `X-` labels),
/// a changed value keeps its property's parameters, and every other
/// property (`UID`, `PHOTO`, `X-` ones) stays where it was.
///
/// ```swift
/// var draft = ContactDraft(contact)
/// draft.phones.append(.init(label: .mobile, value: "+44 7700 900123"))
/// let saved = try draft.applied(to: contact)      // throws ContactsProblem(.invalidField)
/// try table.edit(saved)
/// ```
public struct ContactDraft: Hashable, Sendable {
    /// A label a person picks for a phone, an email or an address.
    public struct Label: Hashable, Sendable {
        /// The words shown ("Mobile").
        public let title: String
        /// The `TYPE` values written for it.
        public let types: [String]

        public static let mobile = Label(title: "Mobile", types: ["cell"])
        public static let home = Label(title: "Home", types: ["home"])
        public static let work = Label(title: "Work", types: ["work"])
        public static let workFax = Label(title: "Work Fax", types: ["work", "fax"])
        public static let homeFax = Label(title: "Home Fax", types: ["home", "fax"])
        public static let other = Label(title: "Other", types: [])

        /// The labels a phone can have, in menu order.
        public static let phoneLabels: [Label] = [.mobile, .home, .work, .workFax, .homeFax, .other]
        /// The labels an email or an address can have.
        public static let placeLabels: [Label] = [.home, .work, .other]

        /// The label of the menu that `types` stand for (`["work", "voice"]` is Work).
        static func from(_ types: [String], in labels: [Label]) -> Label {
            let set = Set(types).subtracting(["voice", "pref", "internet", "x400"])
            return labels.first { Set($0.types) == set } ?? labels.first { !$0.types.isEmpty && set.isSuperset(of: $0.types) } ?? .other
        }
    }

    /// A phone, an email or a web address with its label.
    public struct Entry: Hashable, Sendable {
        public var label: Label
        public var value: String
        /// The labels its menu offers: the standard ones, and the entry's
        /// own when the card named it otherwise (an Apple label, "Blog").
        public internal(set) var choices: [Label] = []
        /// The property it was read from; nil for a new entry.
        var original: VCardProperty?

        public init(label: Label, value: String) {
            self.label = label
            self.value = value
        }

        init(label: Label, value: String, original: VCardProperty, choices: [Label]) {
            self.init(label: label, value: value)
            self.original = original
            self.choices = choices
        }
    }

    /// A postal address with its label.
    public struct Address: Hashable, Sendable {
        public var label: Label
        /// The labels its menu offers (see ``Entry/choices``).
        public internal(set) var choices: [Label] = Label.placeLabels
        public var street: String
        public var postalCode: String
        public var locality: String
        public var region: String
        public var country: String
        var original: VCardProperty?
        /// The parts the form does not show (post office box, extended address).
        var poBox = ""
        var extended = ""

        public init(label: Label, street: String = "", postalCode: String = "", locality: String = "",
                    region: String = "", country: String = "") {
            self.label = label
            self.street = street
            self.postalCode = postalCode
            self.locality = locality
            self.region = region
            self.country = country
        }

        var isEmpty: Bool { [street, postalCode, locality, region, country, poBox, extended].allSatisfy(\.isEmpty) }
        var components: [String] { [poBox, extended, street, locality, region, postalCode, country] }
    }

    public var given: String
    public var family: String
    public var nickname: String
    public var organization: String
    public var title: String
    public var phones: [Entry]
    public var emails: [Entry]
    public var addresses: [Address]
    public var urls: [Entry]
    /// `YYYY-MM-DD` (or `--MM-DD` without a year), empty for none.
    public var birthday: String
    /// Comma-separated.
    public var categories: String
    public var note: String
    private let card: VCard

    /// A draft of `contact`'s card.
    public init(_ contact: Contact) {
        self.init(card: contact.card)
    }

    /// A draft of a new, empty contact (vCard 3.0, which every program reads).
    public init() {
        self.init(card: VCard(version: .v3_0))
    }

    init(card: VCard) {
        self.card = card
        let name = card.name
        given = name?.given ?? ""
        family = name?.family ?? ""
        if name == nil, let fn = card.fn {
            // A card with a formatted name only: its last word as the family name.
            let words = fn.split(separator: " ")
            given = words.dropLast().joined(separator: " ")
            family = words.last.map(String.init) ?? ""
        }
        nickname = card.all("NICKNAME").flatMap(\.listValues).joined(separator: ", ")
        organization = card.organization?.first ?? ""
        title = card.title ?? ""
        func entry(_ property: VCardProperty, _ labels: [Label]) -> Entry {
            let (label, choices) = Self.label(of: property, in: card, labels)
            return Entry(label: label, value: property.text, original: property, choices: choices)
        }
        phones = card.all("TEL").map { entry($0, Label.phoneLabels) }
        emails = card.all("EMAIL").map { entry($0, Label.placeLabels) }
        urls = card.all("URL").map { entry($0, Label.placeLabels) }
        addresses = card.all("ADR").map { property in
            let parts = property.components + Array(repeating: "", count: 7)
            let (label, choices) = Self.label(of: property, in: card, Label.placeLabels)
            var address = Address(label: label, street: parts[2], postalCode: parts[5],
                                  locality: parts[3], region: parts[4], country: parts[6])
            address.choices = choices
            address.poBox = parts[0]
            address.extended = parts[1]
            address.original = property
            return address
        }
        birthday = card.birthday ?? ""
        categories = card.categories.joined(separator: ", ")
        note = card.note ?? ""
    }

    /// A property's label and its menu: a grouped `X-ABLABEL` ("_$!<Work>!$_",
    /// "Blog") names it when there is one, else its types do.
    private static func label(of property: VCardProperty, in card: VCard, _ labels: [Label]) -> (Label, [Label]) {
        let typed = Label.from(property.types, in: labels)
        guard let group = property.group,
              let named = card.properties.first(where: { $0.group == group && $0.name == "X-ABLABEL" })?.text, !named.isEmpty
        else { return (typed, labels) }
        let title = ContactField.appleLabel(named)
        if let known = labels.first(where: { $0.title.caseInsensitiveCompare(title) == .orderedSame }) { return (known, labels) }
        let own = Label(title: title, types: typed.types)
        return (own, labels + [own])
    }

    /// The name the contact will show.
    public var displayName: String {
        [given, family].map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// What is wrong with the draft for a person to fix, nil when it can be saved.
    public var problem: ContactsProblem? {
        let hasContent = !displayName.isEmpty || !organization.isEmpty || phones.contains { !$0.value.isEmpty }
            || emails.contains { !$0.value.isEmpty }
        if !hasContent {
            return ContactsProblem(.invalidField, "Give the contact a name, an organization, a phone or an email.")
        }
        if let email = emails.first(where: { !$0.value.isEmpty && !$0.value.contains("@") }) {
            return ContactsProblem(.invalidField, "“\(email.value)” is no email address; an address has an @ in it.")
        }
        let day = birthday.trimmingCharacters(in: .whitespaces)
        if !day.isEmpty, day.wholeMatch(of: /(\d{4}|--)-?(0[1-9]|1[0-2])-?(0[1-9]|[12]\d|3[01])/) == nil {
            return ContactsProblem(.invalidField, "“\(day)” is no birthday this app reads; write it as 1815-12-10 (or --12-10 without the year).")
        }
        return nil
    }

    /// `contact` with the draft written into its card.
    /// - Throws: ``ContactsProblem`` with code `.invalidField` when ``problem`` is set.
    public func applied(to contact: Contact) throws(ContactsProblem) -> Contact {
        if let problem { throw problem }
        var copy = contact
        copy.card = applied(to: contact.card)
        return copy
    }

    /// A new contact's card from the draft.
    public func newCard() throws(ContactsProblem) -> VCard {
        if let problem { throw problem }
        return applied(to: card)
    }

    private func applied(to card: VCard) -> VCard {
        var card = card
        let initial = ContactDraft(card: self.card)
        if given != initial.given || family != initial.family || card.fn == nil {
            let old = card.name
            if !(given.isEmpty && family.isEmpty) {
                let structured = [family, given, old?.additional ?? "", old?.prefixes ?? "", old?.suffixes ?? ""]
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                card.replace("N", with: [.structured("N", structured)])
            }
            let formatted = displayName.isEmpty ? organization : displayName
            card.replace("FN", with: formatted.isEmpty ? [] : [.text("FN", formatted)])
        }
        let nicknames = nickname.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if card.all("NICKNAME").flatMap(\.listValues) != nicknames {
            card.replace("NICKNAME", with: nicknames.isEmpty ? [] : [VCardProperty(name: "NICKNAME", value: nicknames.map(VCardText.escape).joined(separator: ","))])
        }
        if (card.organization?.first ?? "") != organization {
            let units = Array((card.organization ?? []).dropFirst())
            card.replace("ORG", with: organization.isEmpty && units.isEmpty ? [] : [.structured("ORG", [organization] + units)])
        }
        if (card.title ?? "") != title { card.replace("TITLE", with: title.isEmpty ? [] : [.text("TITLE", title)]) }
        // A grouped property whose label changed loses its group's X-ABLABEL,
        // which would otherwise still name the old label.
        let relabelled = Set((phones + emails + urls).compactMap { entry in
            entry.original.flatMap { entry.label != Self.label(of: $0, in: self.card, entry.choices).0 ? $0.group : nil }
        } + addresses.compactMap { address in
            address.original.flatMap { address.label != Self.label(of: $0, in: self.card, address.choices).0 ? $0.group : nil }
        })
        card.properties.removeAll { $0.name == "X-ABLABEL" && $0.group.map(relabelled.contains) == true }
        card.replace("TEL", with: properties("TEL", phones))
        card.replace("EMAIL", with: properties("EMAIL", emails))
        card.replace("URL", with: properties("URL", urls))
        card.replace("ADR", with: addresses.filter { !$0.isEmpty }.map { address in
            if var property = address.original {
                if property.components != address.components {
                    property.value = address.components.map(VCardText.escape).joined(separator: ";")
                }
                if Self.label(of: property, in: self.card, address.choices).0 != address.label { property.setTypes(address.label.types) }
                return property
            }
            return .structured("ADR", address.components, types: address.label.types)
        })
        let day = birthday.trimmingCharacters(in: .whitespaces)
        if (card.birthday ?? "") != day { card.replace("BDAY", with: day.isEmpty ? [] : [.text("BDAY", day)]) }
        let categoryList = categories.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if card.categories != categoryList {
            card.replace("CATEGORIES", with: categoryList.isEmpty ? [] : [VCardProperty(name: "CATEGORIES", value: categoryList.map(VCardText.escape).joined(separator: ","))])
        }
        if (card.note ?? "") != note { card.replace("NOTE", with: note.isEmpty ? [] : [.text("NOTE", note)]) }
        return card
    }

    /// The properties for `entries`: an entry as read keeps its property;
    /// a changed one keeps its parameters with the new value (and the new
    /// label's types, when the label changed); empty entries are dropped.
    private func properties(_ name: String, _ entries: [Entry]) -> [VCardProperty] {
        entries.filter { !$0.value.trimmingCharacters(in: .whitespaces).isEmpty }.map { entry in
            let value = entry.value.trimmingCharacters(in: .whitespaces)
            guard var property = entry.original else { return .text(name, value, types: entry.label.types) }
            if property.text != value { property.value = VCardText.escape(value) }
            if Self.label(of: property, in: card, entry.choices).0 != entry.label { property.setTypes(entry.label.types) }
            return property
        }
    }
}

extension VCard {
    /// Puts `properties` in the place of every property called `name`: where
    /// the first of them was, else at the end.
    mutating func replace(_ name: String, with new: [VCardProperty]) {
        let upper = name.uppercased()
        let old = properties.filter { $0.name == upper }
        guard old != new else { return }
        let at = properties.firstIndex { $0.name == upper } ?? properties.count
        properties.removeAll { $0.name == upper }
        properties.insert(contentsOf: new, at: min(at, properties.count))
    }
}

extension VCardProperty {
    /// Replaces the `TYPE` parameters with one holding `types` (none when empty).
    mutating func setTypes(_ types: [String]) {
        let at = parameters.firstIndex { $0.name == "TYPE" } ?? parameters.count
        parameters.removeAll { $0.name == "TYPE" }
        if !types.isEmpty { parameters.insert(VCardParameter("TYPE", types), at: min(at, parameters.count)) }
    }
}
