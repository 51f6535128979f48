/// A value with its types: a telephone number, an email address, a URL.
public struct VCardTypedValue: Hashable, Sendable, Codable {
    public var value: String
    /// Lower-cased `TYPE` values (`work`, `cell`, `pref`).
    public var types: [String]

    public init(value: String, types: [String] = []) {
        self.value = value
        self.types = types
    }
}
