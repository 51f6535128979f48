import Foundation

/// What CacheEditor's `--export-json` prints: `{"geocache": {...}}` with
/// the shown geocache's name, summary, latitude, longitude and hasImage (or
/// null when it shows none).
public struct EditorExport: Codable, Hashable, Sendable {
    public var geocache: BoardExport.Entry?

    public init(geocache: BoardExport.Entry?) {
        self.geocache = geocache
    }

    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}
