import Foundation

/// Where the freedesktop shared-mime-info database is read from.
///
/// `DRAGKIT_MIME_DIR` names one database directory (it must hold the
/// generated `types`, `subclasses`, `aliases` and `globs2` files; a
/// `mime.cache` beside them is used when it is current). Without
/// it, the XDG base directories are searched the way the desktop does:
/// `$XDG_DATA_HOME/mime` (default `~/.local/share/mime`) first, then
/// `mime` under each of `$XDG_DATA_DIRS` (default
/// `/usr/local/share:/usr/share`); every one that has a `types` file is
/// read, earlier ones winning.
struct MIMEDatabaseLocation: Sendable, Hashable {
    /// Candidate database directories, highest priority first.
    let directories: [String]
    /// Whether the directories were named explicitly, so a missing one is a
    /// problem to report rather than a directory to skip.
    let isExplicit: Bool

    static let environmentVariable = "DRAGKIT_MIME_DIR"

    /// The location the process environment names. Reads the four
    /// variables directly: building the whole environment dictionary would
    /// cost a first query more than the lookup itself.
    static func fromEnvironment() -> Self {
        fromEnvironment { name in getenv(name).map { String(cString: $0) } }
    }

    static func fromEnvironment(_ environment: [String: String]) -> Self {
        fromEnvironment { environment[$0] }
    }

    private static func fromEnvironment(_ variable: (String) -> String?) -> Self {
        if let explicit = variable(environmentVariable), !explicit.isEmpty {
            return Self(directories: [explicit], isExplicit: true)
        }
        var directories: [String] = []
        if let home = variable("XDG_DATA_HOME"), !home.isEmpty {
            directories.append(home + "/mime")
        } else if let home = variable("HOME"), !home.isEmpty {
            directories.append(home + "/.local/share/mime")
        }
        let dataDirs = variable("XDG_DATA_DIRS").flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        // Split by hand: the generic split costs a first query more than
        // the rest of finding the database.
        var start = dataDirs.utf8.startIndex
        for index in dataDirs.utf8.indices where dataDirs.utf8[index] == UInt8(ascii: ":") {
            if index > start { directories.append(String(dataDirs[start..<index]) + "/mime") }
            start = dataDirs.utf8.index(after: index)
        }
        if start < dataDirs.utf8.endIndex { directories.append(String(dataDirs[start...]) + "/mime") }
        return Self(directories: directories, isExplicit: false)
    }

    /// One explicit directory, as tests and benchmarks use.
    static func directory(_ path: String) -> Self {
        Self(directories: [path], isExplicit: true)
    }

    /// No database at all: the built-in table only.
    static let none = Self(directories: [], isExplicit: true)
}
