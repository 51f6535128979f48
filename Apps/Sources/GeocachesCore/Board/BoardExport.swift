import Foundation

/// The board as `--export-json` prints it:
/// `{"inProgress": [...], "completed": [...]}`, each geocache with its name,
/// summary, latitude, longitude and whether it has a picture.
public struct BoardExport: Codable, Hashable, Sendable {
    /// A geocache as exported: everything but the picture's bytes.
    public struct Entry: Codable, Hashable, Sendable {
        public var name: String
        public var summary: String
        public var latitude: Double
        public var longitude: Double
        public var hasImage: Bool

        public init(_ geocache: Geocache) {
            name = geocache.name
            summary = geocache.summary
            latitude = geocache.latitude
            longitude = geocache.longitude
            hasImage = geocache.image != nil
        }
    }

    public var inProgress: [Entry]
    public var completed: [Entry]

    public init(inProgress: [Geocache], completed: [Geocache]) {
        self.inProgress = inProgress.map(Entry.init)
        self.completed = completed.map(Entry.init)
    }

    /// The board as stored in `store`, without opening any window.
    public init(store: GeocacheStore) throws(GeocacheError) {
        let lanes = try store.loadBoard()
        self.init(inProgress: (lanes[.inProgress] ?? []).map(\.geocache),
                  completed: (lanes[.completed] ?? []).map(\.geocache))
    }

    /// Pretty, key-sorted JSON.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}
