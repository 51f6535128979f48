import Foundation

/// A geocache: what both apps show, store and pass to each other by drag
/// and drop.
///
/// ```swift
/// let cache = Geocache(name: "Old Mill", summary: "Behind the water wheel",
///                      latitude: 52.37, longitude: 4.89)
/// let provider = ItemProvider(object: cache)   // geocache JSON, PNG, plain text
/// ```
public struct Geocache: Hashable, Sendable, Identifiable {
    /// The row the geocache has in the store that holds it, or nil before it
    /// is stored. Never passed to another app: a drop there makes a new row.
    public var id: Int64?
    public var name: String
    public var summary: String
    /// Degrees north (-90...90).
    public var latitude: Double
    /// Degrees east (-180...180).
    public var longitude: Double
    /// A PNG picture of the cache, if there is one.
    public var image: Data?

    public init(
        id: Int64? = nil, name: String, summary: String, latitude: Double, longitude: Double, image: Data? = nil
    ) {
        self.id = id
        self.name = name
        self.summary = summary
        self.latitude = latitude
        self.longitude = longitude
        self.image = image
    }

    /// The geocache made from dropped plain text: named by the text, with
    /// nothing else known yet.
    public init(droppedName name: String) {
        self.init(name: name, summary: "Unknown", latitude: 0, longitude: 0)
    }

    /// The same geocache without its store identity, as another store or
    /// another app receives it.
    public var detached: Geocache {
        var copy = self
        copy.id = nil
        return copy
    }
}
