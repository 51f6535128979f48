import Foundation

/// What can be told about an SQLite database file from the outside,
/// without opening it: whether it is there, whether it starts as every
/// SQLite database does, and whether its folder takes new files.
public enum SQLiteFile {
    /// The 16 bytes every SQLite 3 database file begins with.
    static let header = Array("SQLite format 3\0".utf8)

    /// Whether the file at `url` exists and is not an SQLite database: it
    /// has bytes, and they do not begin with SQLite's header. An empty file
    /// counts as a database (SQLite makes one of it).
    public static func isNotADatabase(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let start = (try? handle.read(upToCount: header.count)) ?? Data()
        return !start.isEmpty && Array(start) != header
    }

    /// Whether a file at `url` exists but cannot be read by this process.
    public static func isUnreadable(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path) && access(url.path, R_OK) != 0
    }

    /// Whether this process can create and change files in `folder`.
    public static func isFolderWritable(_ folder: URL) -> Bool {
        access(folder.path, W_OK | X_OK) == 0
    }
}
