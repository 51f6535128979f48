import Foundation

// Typed reading of the common properties. Each reads the first property of
// its name (or all, for the repeating ones); the properties themselves stay
// as they were read.
extension VCard {
    /// The formatted name (`FN`).
    public var fn: String? { first("FN")?.text }

    /// The structured name (`N`); missing components are empty.
    public var name: VCardName? {
        guard let components = first("N")?.components else { return nil }
        func at(_ index: Int) -> String { index < components.count ? components[index] : "" }
        return VCardName(family: at(0), given: at(1), additional: at(2), prefixes: at(3), suffixes: at(4))
    }

    /// The organization (`ORG`): its name, then its units.
    public var organization: [String]? {
        first("ORG")?.components
    }

    /// The job title (`TITLE`).
    public var title: String? { first("TITLE")?.text }

    /// Telephone numbers (`TEL`) with their types.
    public var telephones: [VCardTypedValue] { all("TEL").map { VCardTypedValue(value: $0.text, types: $0.types) } }

    /// Email addresses (`EMAIL`) with their types.
    public var emails: [VCardTypedValue] { all("EMAIL").map { VCardTypedValue(value: $0.text, types: $0.types) } }

    /// Postal addresses (`ADR`).
    public var addresses: [VCardAddress] {
        all("ADR").map { property in
            let components = property.components
            func at(_ index: Int) -> String { index < components.count ? components[index] : "" }
            return VCardAddress(
                poBox: at(0), extended: at(1), street: at(2), locality: at(3), region: at(4),
                postalCode: at(5), country: at(6), types: property.types)
        }
    }

    /// Web addresses (`URL`).
    public var urls: [String] { all("URL").map(\.text) }

    /// The birthday (`BDAY`) as written (`1815-12-10`, `--1210`, `19851210`).
    public var birthday: String? { first("BDAY")?.text }

    /// The note (`NOTE`).
    public var note: String? { first("NOTE")?.text }

    /// The unique identifier (`UID`).
    public var uid: String? { first("UID")?.text }

    /// The last revision (`REV`) as written.
    public var revision: String? { first("REV")?.text }

    /// The categories (`CATEGORIES`), from every such property.
    public var categories: [String] { all("CATEGORIES").flatMap(\.listValues) }

    /// Whether the card has a `PHOTO`, inline or by URI.
    public var hasPhoto: Bool { first("PHOTO") != nil }

    /// The first `PHOTO`, decoded; nil when there is none or its base64 is invalid.
    public var photo: VCardPhoto? {
        guard let property = first("PHOTO") else { return nil }
        let value = property.value
        if value.utf8.starts(with: "data:".utf8) {
            // data:[<mediatype>][;base64],<data>
            guard let comma = value.firstIndex(of: ",") else { return nil }
            let header = value[value.index(value.startIndex, offsetBy: 5)..<comma]
            let payload = value[value.index(after: comma)...]
            let headerParts = header.split(separator: ";")
            let mediaType = headerParts.first.map(String.init).flatMap { $0.contains("/") ? $0 : nil }
            if headerParts.contains(where: { $0.lowercased() == "base64" }) {
                guard let data = Data(base64Encoded: String(payload)) else { return nil }
                return VCardPhoto(data: data, mediaType: mediaType)
            }
            let text = String(payload).removingPercentEncoding ?? String(payload)
            return VCardPhoto(data: Data(text.utf8), mediaType: mediaType)
        }
        let encoding = property.parameterValues("ENCODING").first?.uppercased()
        let mediaType = property.parameterValues("MEDIATYPE").first
            ?? property.types.first.map { $0.contains("/") ? $0 : "image/\($0)" }
        if encoding == "B" || encoding == "BASE64" {
            guard let data = Data(base64Encoded: value, options: .ignoreUnknownCharacters) else { return nil }
            return VCardPhoto(data: data, mediaType: mediaType)
        }
        return VCardPhoto(uri: property.text, mediaType: mediaType)
    }
}
