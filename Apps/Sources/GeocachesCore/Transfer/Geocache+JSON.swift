import Foundation

extension Geocache {
    /// The geocache as the geocache type's JSON: name, summary, latitude,
    /// longitude and, when there is one, the PNG image in base 64. The store
    /// identity stays behind.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(Wire(self))
    }

    /// A geocache read from the geocache type's JSON, checked as
    /// ``validate()`` checks it. `source` names the data in error messages
    /// (a file name; "The dropped data" by default).
    ///
    /// - Throws: ``GeocacheError`` with code `.invalidData` when the bytes
    ///   are not such JSON (saying which field is wrong), or a validation
    ///   code when a field is out of range.
    public init(jsonData data: Data, source: String = "The dropped data") throws(GeocacheError) {
        let wire: Wire
        do {
            wire = try JSONDecoder().decode(Wire.self, from: data)
        } catch let error as DecodingError {
            throw GeocacheError(.invalidData, "\(source) is not a geocache: \(Self.explain(error))")
        } catch {
            throw GeocacheError(.invalidData, "\(source) is not a geocache: \(error)")
        }
        var image: Data?
        if let encoded = wire.image {
            guard let decoded = Data(base64Encoded: encoded) else {
                throw GeocacheError(.invalidData, "\(source) has an image that is not valid base 64.")
            }
            image = decoded
        }
        self.init(name: wire.name, summary: wire.summary, latitude: wire.latitude, longitude: wire.longitude, image: image)
        try validate()
    }

    /// The JSON form: field names are part of the geocache type's contract.
    private struct Wire: Codable {
        var name: String
        var summary: String
        var latitude: Double
        var longitude: Double
        var image: String?

        init(_ cache: Geocache) {
            name = cache.name
            summary = cache.summary
            latitude = cache.latitude
            longitude = cache.longitude
            image = cache.image?.base64EncodedString()
        }
    }

    private static func explain(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _):
            "the field \"\(key.stringValue)\" is missing."
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            "the field \"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" has the wrong kind of value."
        case .dataCorrupted:
            "it is not valid JSON."
        @unknown default:
            "\(error)"
        }
    }
}
