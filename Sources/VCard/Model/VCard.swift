/// One contact card: its version and its properties in the order written.
///
/// Read cards with ``VCardParser``, write them with ``VCardWriter``; the
/// common properties have typed accessors (``fn``, ``name``, ``emails``,
/// ``photo``, ...), and every other property, `X-` ones included, stays in
/// ``properties`` so a card read and written again loses nothing.
///
/// ```swift
/// var card = VCard(version: .v4_0)
/// card.append(.text("FN", "Ada Lovelace"))
/// card.append(.structured("N", ["Lovelace", "Ada", "", "", ""]))
/// card.append(.text("EMAIL", "ada@example.com", types: ["work"]))
/// let text = VCardWriter().string(for: [card])
/// ```
public struct VCard: Hashable, Sendable {
    /// The format version the card was read in, or is to be written in.
    public var version: VCardVersion
    /// Every property except `BEGIN`, `END` and `VERSION`, in order.
    public var properties: [VCardProperty]

    public init(version: VCardVersion = .v3_0, properties: [VCardProperty] = []) {
        self.version = version
        self.properties = properties
    }

    /// Adds `property` after the others.
    public mutating func append(_ property: VCardProperty) {
        properties.append(property)
    }

    /// The first property called `name` (case-insensitive).
    public func first(_ name: String) -> VCardProperty? {
        let upper = name.uppercased()
        return properties.first { $0.name == upper }
    }

    /// Every property called `name` (case-insensitive), in order.
    public func all(_ name: String) -> [VCardProperty] {
        let upper = name.uppercased()
        return properties.filter { $0.name == upper }
    }

    /// Removes every property called `name` (case-insensitive).
    public mutating func removeAll(_ name: String) {
        let upper = name.uppercased()
        properties.removeAll { $0.name == upper }
    }
}
