import Foundation

/// What a person typed into CacheEditor's form: coordinates as text, so a
/// typo is refused with a message next to the field instead of being lost.
public struct GeocacheEdit: Hashable, Sendable {
    public var name: String
    public var summary: String
    public var latitude: String
    public var longitude: String

    public init(name: String, summary: String, latitude: String, longitude: String) {
        self.name = name
        self.summary = summary
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The form filled in from `geocache`.
    public init(_ geocache: Geocache) {
        self.init(name: geocache.name, summary: geocache.summary,
                  latitude: Self.format(geocache.latitude), longitude: Self.format(geocache.longitude))
    }

    /// What is wrong with the form, one error per field (codes `.emptyName`,
    /// `.invalidLatitude`, `.invalidLongitude`); empty when it can be saved.
    public var problems: [GeocacheError] {
        var problems: [GeocacheError] = []
        if name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            problems.append(GeocacheError(.emptyName, "Give the geocache a name."))
        }
        if let problem = Self.check(latitude, range: Geocache.latitudeRange, code: .invalidLatitude, what: "Latitude") {
            problems.append(problem)
        }
        if let problem = Self.check(longitude, range: Geocache.longitudeRange, code: .invalidLongitude, what: "Longitude") {
            problems.append(problem)
        }
        return problems
    }

    /// `geocache` with this form's values, or the first problem.
    public func applied(to geocache: Geocache) throws(GeocacheError) -> Geocache {
        if let problem = problems.first { throw problem }
        var edited = geocache
        edited.name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        edited.summary = summary
        edited.latitude = Self.number(latitude) ?? geocache.latitude
        edited.longitude = Self.number(longitude) ?? geocache.longitude
        return edited
    }

    private static func number(_ text: String) -> Double? {
        Double(text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: "."))
    }

    private static func check(_ text: String, range: ClosedRange<Double>, code: GeocacheError.Code, what: String) -> GeocacheError? {
        guard let value = number(text) else {
            return GeocacheError(code, "\(what) must be a number of degrees, like \(range.upperBound / 2); “\(text)” is not.")
        }
        guard value.isFinite, range.contains(value) else {
            return GeocacheError(code, "\(what) must be from \(Int(range.lowerBound)) to \(Int(range.upperBound)) degrees; \(text) is off the globe.")
        }
        return nil
    }

    static func format(_ value: Double) -> String {
        String(format: "%.4f", value)
    }
}
