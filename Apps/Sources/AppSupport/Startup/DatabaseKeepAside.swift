import Foundation

/// Moves a database file that cannot be read out of the way, next to where
/// it was and under a name that says what it is, so the app can start
/// afresh without losing it: nothing is deleted or overwritten.
///
/// ```swift
/// let kept = try DatabaseKeepAside.keepAside(folder.appendingPathComponent("DoIt.sqlite"))
/// // kept.path: ".../DoIt.sqlite.unreadable-2026-11-28-0612"; DoIt.sqlite is gone, a new one can be made
/// ```
///
/// SQLite's side files (`-wal`, `-shm`, `-journal`) belong to the database
/// and move with it, keeping their suffix, so the kept copy stays whole.
public enum DatabaseKeepAside {
    /// The suffixes of the files SQLite keeps beside a database.
    static let sideFileSuffixes = ["-wal", "-shm", "-journal"]

    /// Renames `database` (and its side files) to
    /// `<name>.unreadable-<yyyy-MM-dd-HHmm>` in the same folder, adding
    /// `-2`, `-3`, … when that name is taken, and returns the new location.
    ///
    /// - Throws: ``AppSupportError`` `.fileNotKeptAside` when the file is
    ///   missing or cannot be renamed; then nothing was moved.
    public static func keepAside(_ database: URL, now: Date = Date()) throws -> URL {
        let manager = FileManager.default
        guard manager.fileExists(atPath: database.path) else {
            throw AppSupportError(.fileNotKeptAside, "There is no file \(database.path) to keep aside.")
        }
        let target = freeName(for: database, now: now)
        // link + unlink never replaces an existing file, unlike rename.
        guard link(database.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            throw AppSupportError(.fileNotKeptAside,
                "Could not keep \(database.lastPathComponent) aside in \(database.deletingLastPathComponent().path): \(reason). "
                + "Make the folder writable, or move the file away yourself.")
        }
        for suffix in sideFileSuffixes {
            let side = URL(fileURLWithPath: database.path + suffix)
            if manager.fileExists(atPath: side.path), link(side.path, target.path + suffix) == 0 {
                unlink(side.path)
            }
        }
        unlink(database.path)
        return target
    }

    /// The first name of the form `<name>.unreadable-<stamp>[-n]` that no
    /// file (nor a side file of one) has.
    static func freeName(for database: URL, now: Date) -> URL {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd-HHmm"
        let base = database.path + ".unreadable-" + formatter.string(from: now)
        var candidate = base
        var number = 1
        while ([""] + sideFileSuffixes).contains(where: { FileManager.default.fileExists(atPath: candidate + $0) }) {
            number += 1
            candidate = "\(base)-\(number)"
        }
        return URL(fileURLWithPath: candidate)
    }
}
