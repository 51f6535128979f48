/// A postal address (`ADR`): post office box; extended address; street;
/// locality; region; postal code; country, and its types.
public struct VCardAddress: Hashable, Sendable, Codable {
    public var poBox: String
    public var extended: String
    public var street: String
    public var locality: String
    public var region: String
    public var postalCode: String
    public var country: String
    public var types: [String]

    public init(
        poBox: String = "", extended: String = "", street: String = "", locality: String = "",
        region: String = "", postalCode: String = "", country: String = "", types: [String] = []
    ) {
        self.poBox = poBox
        self.extended = extended
        self.street = street
        self.locality = locality
        self.region = region
        self.postalCode = postalCode
        self.country = country
        self.types = types
    }

    /// The seven components in `ADR`'s order.
    public var components: [String] { [poBox, extended, street, locality, region, postalCode, country] }
}
