import Foundation

/// A card's photo: image bytes carried in the card, or a URI to fetch.
public struct VCardPhoto: Hashable, Sendable {
    /// The image bytes, when the card carries them (base64 or a `data:` URI).
    public var data: Data?
    /// The location, when the card points elsewhere (`https:`, `file:`).
    public var uri: String?
    /// The image's MIME type when the card names it (`image/jpeg`).
    public var mediaType: String?

    public init(data: Data, mediaType: String?) {
        self.data = data
        self.mediaType = mediaType
    }

    public init(uri: String, mediaType: String? = nil) {
        self.uri = uri
        self.mediaType = mediaType
    }

    /// The `PHOTO` property for a card of `version`: `ENCODING=BASE64` in
    /// 2.1, `ENCODING=b` in 3.0, a `data:` URI in 4.0.
    public func property(for version: VCardVersion) -> VCardProperty {
        guard let data else {
            let valueType = version == .v2_1 ? "URL" : "uri"
            return VCardProperty(name: "PHOTO", value: uri ?? "", parameters: [VCardParameter("VALUE", valueType)])
        }
        let base64 = data.base64EncodedString()
        let subtype = mediaType.flatMap { $0.split(separator: "/").last.map(String.init) }
        switch version {
        case .v4_0:
            return VCardProperty(name: "PHOTO", value: "data:\(mediaType ?? "application/octet-stream");base64,\(base64)")
        case .v3_0:
            var parameters = [VCardParameter("ENCODING", "b")]
            if let subtype { parameters.append(VCardParameter("TYPE", subtype.uppercased())) }
            return VCardProperty(name: "PHOTO", value: base64, parameters: parameters)
        case .v2_1:
            var parameters = [VCardParameter("ENCODING", "BASE64")]
            // Written bare (;JPEG), read back as a lower-cased type like every 2.1 type.
            if let subtype { parameters.append(VCardParameter("TYPE", subtype.lowercased())) }
            return VCardProperty(name: "PHOTO", value: base64, parameters: parameters)
        }
    }
}
