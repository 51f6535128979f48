import VCard

extension Contact {
    /// Every field the detail view shows, in GNOME Contacts' order:
    /// organization and title, nickname, phones, emails, addresses, web
    /// addresses, birthday, categories, note. Each phone, email and address
    /// keeps its own label ("Mobile", "Work Fax", an Apple `X-ABLABEL`).
    public var fields: [ContactField] {
        var fields: [ContactField] = []
        if let org = card.organization?.filter({ !$0.isEmpty }), !org.isEmpty {
            fields.append(ContactField(kind: .organization, label: "Organization", value: org.joined(separator: ", ")))
        }
        if let title = card.title, !title.isEmpty { fields.append(ContactField(kind: .title, label: "Job Title", value: title)) }
        let nicknames = card.all("NICKNAME").flatMap(\.listValues).filter { !$0.isEmpty }
        if !nicknames.isEmpty { fields.append(ContactField(kind: .nickname, label: "Nickname", value: nicknames.joined(separator: ", "))) }
        for property in card.all("TEL") where !property.text.isEmpty {
            fields.append(ContactField(kind: .phone, label: label(of: property, plain: "Phone"), value: property.text))
        }
        for property in card.all("EMAIL") where !property.text.isEmpty {
            fields.append(ContactField(kind: .email, label: label(of: property, plain: "Email"), value: property.text))
        }
        for (property, address) in zip(card.all("ADR"), card.addresses) {
            let text = Self.addressText(address)
            guard !text.isEmpty else { continue }
            fields.append(ContactField(kind: .address, label: label(of: property, plain: "Address"), value: text))
        }
        for property in card.all("URL") where !property.text.isEmpty {
            fields.append(ContactField(kind: .url, label: label(of: property, plain: "Website"), value: property.text))
        }
        if let birthday = card.birthday, !birthday.isEmpty {
            fields.append(ContactField(kind: .birthday, label: "Birthday", value: birthday))
        }
        let categories = card.categories.filter { !$0.isEmpty }
        if !categories.isEmpty { fields.append(ContactField(kind: .categories, label: "Categories", value: categories.joined(separator: ", "))) }
        if let note = card.note, !note.isEmpty { fields.append(ContactField(kind: .note, label: "Note", value: note)) }
        return fields
    }

    /// The contact as a block of text another app can take (the plain-text
    /// flavour of a dragged contact): the name, then one line per field,
    /// labelled; an address's lines are indented under its label.
    ///
    ///     Ada Lovelace
    ///     Organization: Analytical Engines
    ///     Mobile: +44 7700 900123
    ///     Work email: ada@example.com
    public var textBlock: String {
        var lines = [displayName]
        for field in fields {
            let heading = Self.heading(of: field)
            let valueLines = field.value.split(separator: "\n", omittingEmptySubsequences: false)
            if valueLines.count > 1 {
                lines.append("\(heading):")
                lines += valueLines.map { "  \($0)" }
            } else {
                lines.append("\(heading): \(field.value)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// "Work phone", "Home email": a place-only label gets its kind, so the
    /// line says what the value is; "Mobile", "Work Fax" and a custom label
    /// ("Blog") say it already.
    private static func heading(of field: ContactField) -> String {
        let noun: String
        switch field.kind {
        case .phone: noun = "phone"
        case .email: noun = "email"
        case .address: noun = "address"
        case .url: noun = "website"
        default: return field.label
        }
        return ["Home", "Work", "Other"].contains(field.label) ? "\(field.label) \(noun)" : field.label
    }

    /// The label of a grouped property's `X-ABLABEL` (`item1.X-ABLABEL`), if any.
    private func label(of property: VCardProperty, plain: String) -> String {
        let groupLabel = property.group.flatMap { group in
            card.properties.first { $0.group == group && $0.name == "X-ABLABEL" }?.text
        }
        return ContactField.label(types: property.types, groupLabel: groupLabel, plain: plain)
    }

    /// An address as it is written on an envelope: street lines, then
    /// "postal code, locality", region and country, each on its own line.
    static func addressText(_ address: VCardAddress) -> String {
        let town = [address.postalCode, address.locality].filter { !$0.isEmpty }.joined(separator: " ")
        return [address.poBox, address.extended, address.street, town, address.region, address.country]
            .filter { !$0.isEmpty }.joined(separator: "\n")
    }
}
