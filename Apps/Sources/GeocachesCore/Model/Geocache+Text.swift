import Foundation

extension Geocache {
    /// What a screen reader says for the geocache's card: its name, then
    /// its summary when it has one.
    public var spokenDescription: String {
        summary.isEmpty ? name : "\(name), \(summary)"
    }

    /// The coordinates as the apps show them, four decimals each:
    /// `"52.3700, 4.8900"`.
    public var coordinatesText: String {
        "\(GeocacheEdit.format(latitude)), \(GeocacheEdit.format(longitude))"
    }

    /// The lines under the name on CacheEditor's card: the summary, then
    /// the coordinates.
    public var detailText: String {
        "\(summary)\n\(coordinatesText)"
    }
}
