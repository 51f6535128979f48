/// One content line of a card (`item1.EMAIL;TYPE=work:ada@example.com`).
///
/// `value` holds the text as vCard 3.0 and 4.0 write it: transfer encodings
/// (quoted-printable, charsets) are already undone, but the text escapes
/// (`\n`, `\,`, `\;`, `\\`) are kept, so a value with components can still
/// be split. Use ``text``, ``components`` and ``listValues`` to read it, and
/// ``VCardProperty/text(_:_:types:group:)`` to build one from plain text.
///
/// ```swift
/// let email = VCardProperty.text("EMAIL", "ada@example.com", types: ["work"])
/// email.types        // ["work"]
/// email.text         // "ada@example.com"
/// ```
public struct VCardProperty: Hashable, Sendable {
    /// The group before the name (`item1` in `item1.EMAIL`), nil when there is none.
    public var group: String?
    /// The property's name, upper-cased (`FN`, `TEL`, `X-ABLABEL`).
    public var name: String
    /// The parameters in the order written.
    public var parameters: [VCardParameter]
    /// The value in vCard 3.0/4.0 escaped form (see the type's description).
    public var value: String

    public init(name: String, value: String, parameters: [VCardParameter] = [], group: String? = nil) {
        self.group = group
        self.name = name.uppercased()
        self.parameters = parameters
        self.value = value
    }

    /// A property holding `text`, escaped; `types` become one `TYPE` parameter.
    public static func text(_ name: String, _ text: String, types: [String] = [], group: String? = nil) -> VCardProperty {
        VCardProperty(name: name, value: VCardText.escape(text), parameters: typeParameters(types), group: group)
    }

    /// A property made of `components` separated by `;` (`N`, `ADR`, `ORG`), each escaped.
    public static func structured(
        _ name: String, _ components: [String], types: [String] = [], group: String? = nil
    ) -> VCardProperty {
        VCardProperty(
            name: name, value: components.map(VCardText.escape).joined(separator: ";"),
            parameters: typeParameters(types), group: group)
    }

    private static func typeParameters(_ types: [String]) -> [VCardParameter] {
        types.isEmpty ? [] : [VCardParameter("TYPE", types)]
    }

    /// The values of every parameter called `name` (case-insensitive), in order.
    public func parameterValues(_ name: String) -> [String] {
        let upper = name.uppercased()
        return parameters.lazy.filter { $0.name == upper }.flatMap(\.values)
    }

    /// The `TYPE` values, lower-cased, lists split (`TYPE=WORK,voice` gives `["work", "voice"]`).
    public var types: [String] {
        parameterValues("TYPE").flatMap { $0.split(separator: ",") }.map { $0.lowercased() }
    }

    /// The value as plain text: escapes undone.
    public var text: String { VCardText.unescape(value) }

    /// The value split at unescaped `;`, each component unescaped (`N`, `ADR`, `ORG`).
    public var components: [String] { VCardText.split(value, at: ";").map(VCardText.unescape) }

    /// The value split at unescaped `,`, each unescaped (`CATEGORIES`, `NICKNAME`).
    public var listValues: [String] { VCardText.split(value, at: ",").map(VCardText.unescape) }
}
