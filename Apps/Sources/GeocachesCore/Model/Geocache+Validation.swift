import Foundation
import ItemProviders

extension Geocache {
    /// Latitudes a geocache may have, in degrees.
    public static let latitudeRange = -90.0...90.0
    /// Longitudes a geocache may have, in degrees.
    public static let longitudeRange = -180.0...180.0

    /// Checks what every stored or received geocache must satisfy: a name,
    /// coordinates on the globe, and a PNG image if it has one.
    ///
    /// - Throws: ``GeocacheError`` with code `.emptyName`,
    ///   `.invalidLatitude`, `.invalidLongitude` or `.invalidImage`.
    public func validate() throws(GeocacheError) {
        if name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw GeocacheError(.emptyName, "A geocache needs a name.")
        }
        try Self.checkLatitude(latitude)
        try Self.checkLongitude(longitude)
        if let image { try Self.checkImage(image) }
    }

    /// The name a geocache added by name gets from what a person typed:
    /// the text without the spaces and line breaks around it.
    ///
    /// ```swift
    /// try Geocache.name(forNew: "  Old Mill \n")   // "Old Mill"
    /// ```
    ///
    /// - Throws: ``GeocacheError`` with code `.emptyName` when nothing is
    ///   left, saying what to do.
    public static func name(forNew text: String) throws(GeocacheError) -> String {
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else {
            throw GeocacheError(.emptyName, "Type a name for the new geocache first, then press Enter.")
        }
        return name
    }

    static func checkLatitude(_ value: Double) throws(GeocacheError) {
        guard value.isFinite, latitudeRange.contains(value) else {
            throw GeocacheError(.invalidLatitude, "Latitude must be a number from -90 to 90 degrees; \(value) is not.")
        }
    }

    static func checkLongitude(_ value: Double) throws(GeocacheError) {
        guard value.isFinite, longitudeRange.contains(value) else {
            throw GeocacheError(.invalidLongitude, "Longitude must be a number from -180 to 180 degrees; \(value) is not.")
        }
    }

    /// Checks that `data` is a PNG image.
    static func checkImage(_ data: Data) throws(GeocacheError) {
        let image: BitmapImage
        do {
            image = try BitmapImage(data: data)
        } catch {
            throw GeocacheError(.invalidImage, "The picture is not a PNG or JPEG image (\(error.description)).")
        }
        guard image.format == .png else {
            throw GeocacheError(.invalidImage, "The picture is a \(image.format) image; geocaches keep PNG pictures. Convert it to PNG first.")
        }
    }
}
