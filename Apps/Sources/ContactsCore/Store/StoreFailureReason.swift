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
        let (cause, advice) = parts(for: error)
        return "\(cause); nothing was changed. \(advice)"
    }

    /// Why, and what to do, for a change that stopped part way (some of it
    /// was saved): "<cause>. <advice>", without "nothing was changed".
    public static func partWords(for error: any Error) -> String {
        if let problem = error as? ContactsProblem { return problem.message }
        let (cause, advice) = parts(for: error)
        return "\(cause). \(advice)"
    }

    private static func parts(for error: any Error) -> (cause: String, advice: String) {
        switch (error as? DatabaseError)?.resultCode {
        case .SQLITE_READONLY?, .SQLITE_PERM?, .SQLITE_CANTOPEN?, .SQLITE_AUTH?:
            ("the data folder is read-only", "Make it writable and try again")
        case .SQLITE_FULL?:
            ("the disk is full", "Free some space and try again")
        case .SQLITE_BUSY?, .SQLITE_LOCKED?:
            ("another program is using the contacts file", "Try again in a moment")
        case .SQLITE_CORRUPT?, .SQLITE_NOTADB?:
            ("the contacts file is damaged", "Quit, keep a copy of the file, and start again")
        case .SQLITE_IOERR?:
            ("the disk could not be written", "Check the disk and try again")
        default:
            ("something went wrong with the contacts file", "Check the disk and try again")
        }
    }
}
