import Foundation
import GRDB

/// Why the contacts could not be read or saved, in words for a person:
/// from SQLite's result code, never its message, the SQL statement or a
/// type name (those stay in the error for the log).
///
/// ```swift
/// banner.show("The contact could not be saved: \(StoreFailureReason.words(for: error)).")
/// // "The contact could not be saved: the data folder is read-only; nothing was changed."
/// ```
public enum StoreFailureReason {
    /// A clause that says why, for "… could not be saved: <words>.".
    public static func words(for error: any Error) -> String {
        if let problem = error as? ContactsProblem { return problem.message }
        switch (error as? DatabaseError)?.resultCode {
        case .SQLITE_READONLY?, .SQLITE_PERM?, .SQLITE_CANTOPEN?, .SQLITE_AUTH?:
            return "the data folder is read-only; nothing was changed. Make it writable and try again"
        case .SQLITE_FULL?:
            return "the disk is full; nothing was changed. Free some space and try again"
        case .SQLITE_BUSY?, .SQLITE_LOCKED?:
            return "another program is using the contacts file; nothing was changed. Try again in a moment"
        case .SQLITE_CORRUPT?, .SQLITE_NOTADB?:
            return "the contacts file is damaged; nothing was changed. Quit, keep a copy of the file, and start again"
        case .SQLITE_IOERR?:
            return "the disk could not be written; nothing was changed. Check the disk and try again"
        default:
            return "something went wrong with the contacts file; nothing was changed. Check the disk and try again"
        }
    }
}
