import VCard

/// One line of a contact's detail view: what it is, its label as a person
/// reads it ("Mobile", "Work", "Blog"), its value, and the symbolic icon
/// that marks its kind. ``Contact/fields`` decides which of a card's
/// properties are shown and in what order; the window only draws them.
///
/// ```swift
/// for field in contact.fields {
///     print(field.iconName, field.label, field.value)   // phone-symbolic Mobile +44 7700 900123
/// }
/// ```
public struct ContactField: Hashable, Sendable {
    /// What kind of value a field holds.
    public struct Kind: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let organization = Kind(rawValue: "organization")
        public static let title = Kind(rawValue: "title")
        public static let nickname = Kind(rawValue: "nickname")
        public static let phone = Kind(rawValue: "phone")
        public static let email = Kind(rawValue: "email")
        public static let address = Kind(rawValue: "address")
        public static let url = Kind(rawValue: "url")
        public static let birthday = Kind(rawValue: "birthday")
        public static let categories = Kind(rawValue: "categories")
        public static let note = Kind(rawValue: "note")
    }

    public let kind: Kind
    /// The label shown beside the value ("Mobile", "Home", "Birthday").
    public let label: String
    /// The value as shown; an address has one line per part.
    public let value: String
    /// The symbolic icon of the field's kind (names Adwaita has).
    public var iconName: String { Self.iconNames[kind] ?? "text-x-generic-symbolic" }

    public init(kind: Kind, label: String, value: String) {
        self.kind = kind
        self.label = label
        self.value = value
    }

    private static let iconNames: [Kind: String] = [
        .organization: "emblem-documents-symbolic", .title: "user-info-symbolic", .nickname: "avatar-default-symbolic",
        .phone: "phone-symbolic", .email: "mail-unread-symbolic", .address: "mark-location-symbolic",
        .url: "web-browser-symbolic", .birthday: "x-office-calendar-symbolic", .categories: "bookmark-new-symbolic",
        .note: "document-edit-symbolic",
    ]

    /// The label for a phone, an email or an address from its `TYPE`s (or
    /// the label a grouped `X-ABLABEL` gives it), falling back to `plain`.
    static func label(types: [String], groupLabel: String?, plain: String) -> String {
        if let groupLabel, !groupLabel.isEmpty { return appleLabel(groupLabel) }
        let set = Set(types)
        var words: [String] = []
        if set.contains("home") { words.append("Home") }
        if set.contains("work") { words.append("Work") }
        if set.contains("cell") { words.append("Mobile") }
        if set.contains("fax") { words.append("Fax") }
        if set.contains("pager") { words.append("Pager") }
        if set.contains("car") { words.append("Car") }
        if set.contains("other") { words.append("Other") }
        return words.isEmpty ? plain : words.joined(separator: " ")
    }

    /// Apple writes its standard labels as `_$!<HomePage>!$_`.
    static func appleLabel(_ label: String) -> String {
        guard label.hasPrefix("_$!<"), label.hasSuffix(">!$_") else { return label }
        let inner = label.dropFirst(4).dropLast(4)
        // "HomePage" reads as "Home Page".
        var spaced = ""
        for character in inner {
            if character.isUppercase, !spaced.isEmpty { spaced.append(" ") }
            spaced.append(character)
        }
        return spaced
    }
}
