import Foundation

/// Why an app could not start, said for a person: what happened, what to
/// do, and which ways out the start-up error window offers. The technical
/// text (SQLite's message, the error's type) goes only to ``details``,
/// shown folded away and written to the log.
///
/// ```swift
/// do {
///     store = try Store(directory: folder)
/// } catch {
///     let problem = StartupProblem(diagnosing: error, appName: "Do It", folder: folder,
///                                  databaseFile: folder.appendingPathComponent("DoIt.sqlite"))
///     // problem.title: "Do It can't read its data"; problem.choices: [.keepAsideAndStartAfresh, .quit]
/// }
/// ```
///
/// The diagnosis looks at the files as they are (is the database an SQLite
/// file, can it be read, does the folder take new files), so the advice
/// fits the cause: a damaged file is never met with "check that the folder
/// is writable".
public struct StartupProblem: Sendable, Equatable {
    /// The cause, to match on.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        let name: String
        public var description: String { name }

        /// The database file is damaged or is not a database: it can be
        /// kept aside and the app started afresh.
        public static let databaseUnreadable = Kind(name: "databaseUnreadable")
        /// The database file exists but this user may not read it.
        public static let databaseNotPermitted = Kind(name: "databaseNotPermitted")
        /// The data folder does not take new files or changes.
        public static let folderNotWritable = Kind(name: "folderNotWritable")
        /// The data folder is missing and cannot be made, or is a file.
        public static let folderUnusable = Kind(name: "folderUnusable")
        /// Anything else.
        public static let other = Kind(name: "other")
    }

    /// A way out of the start-up error window.
    public enum Choice: Hashable, Sendable {
        /// Rename the database next to itself (``DatabaseKeepAside``) and
        /// start with no data.
        case keepAsideAndStartAfresh
        /// Quit, changing nothing.
        case quit

        /// The button's label.
        public var label: String {
            switch self {
            case .keepAsideAndStartAfresh: "Keep It Aside and Start Afresh"
            case .quit: "Quit"
            }
        }
    }

    public let kind: Kind
    /// The window's heading: "Do It can't read its data".
    public let title: String
    /// What happened, naming the file or folder.
    public let message: String
    /// What the person can do about it.
    public let advice: String
    /// The technical text, for a details section and the log only.
    public let details: String
    /// The database the problem is about.
    public let databaseFile: URL
    /// The ways out, the suggested one first.
    public let choices: [Choice]

    /// Diagnoses `error`, thrown while opening the app's data.
    ///
    /// - Parameters:
    ///   - appName: the app's name as a person knows it ("Do It").
    ///   - folder: the data folder.
    ///   - databaseFile: the database in it.
    ///   - databaseIsDamaged: true when the store knows the file is damaged
    ///     (SQLite said the file is corrupt or not a database).
    public init(diagnosing error: any Error, appName: String, folder: URL, databaseFile: URL,
                databaseIsDamaged: Bool = false) {
        self.databaseFile = databaseFile
        details = StartupProblem.technicalText(of: error)
        let exists = FileManager.default.fileExists(atPath: databaseFile.path)
        if let support = error as? AppSupportError, support.code == .dataDirectoryUnusable {
            kind = .folderUnusable
            title = "\(appName) can't use its data folder"
            message = "The folder \(folder.path) is not a folder \(appName) can keep its data in."
            advice = "Start \(appName) with --data-dir DIR to keep the data in another folder."
            choices = [.quit]
        } else if exists, SQLiteFile.isUnreadable(databaseFile) {
            kind = .databaseNotPermitted
            title = "\(appName) may not read its data"
            message = "The file \(databaseFile.path) does not let \(appName) read it. It has not been changed."
            advice = "Give yourself permission to read and write the file (chmod u+rw), then start \(appName) again."
            choices = [.quit]
        } else if exists, databaseIsDamaged || SQLiteFile.isNotADatabase(databaseFile) {
            kind = .databaseUnreadable
            title = "\(appName) can't read its data"
            message = "The file \(databaseFile.path) is damaged or is not a \(appName) database. It has not been changed."
            advice = "Keep it aside to start with no data: the file is renamed and stays next to the original, "
                + "so nothing is lost. Or quit and put back a copy from a backup."
            choices = SQLiteFile.isFolderWritable(folder) ? [.keepAsideAndStartAfresh, .quit] : [.quit]
        } else if !SQLiteFile.isFolderWritable(folder) {
            kind = .folderNotWritable
            title = "\(appName) can't save its data"
            message = "The folder \(folder.path) does not let \(appName) create or change files."
            advice = "Make the folder writable (chmod u+w), or start \(appName) with --data-dir DIR to keep the data elsewhere."
            choices = [.quit]
        } else {
            kind = .other
            title = "\(appName) could not start"
            message = "\(appName) could not open its data in \(folder.path)."
            advice = "Start \(appName) again. If this keeps happening, the details below say what went wrong; "
                + "keep them for a bug report."
            choices = [.quit]
        }
    }

    /// What to tell once the file was kept aside: where it is now.
    public static func keptAsideMessage(appName: String, keptAt url: URL) -> String {
        "\(appName) started afresh. Your old data is kept in \(url.path)."
    }

    /// The problem as one block for standard error and the log.
    public var logText: String {
        "\(title). \(message) \(advice)\nDetails: \(details)"
    }

    /// The error's own text, with the type named when the text is empty.
    static func technicalText(of error: any Error) -> String {
        if let detailed = error as? any DetailedError, !detailed.details.isEmpty {
            return "\(error)\n\(detailed.details)"
        }
        let text = String(describing: error)
        return text.isEmpty ? String(reflecting: type(of: error)) : text
    }
}

/// An error that keeps technical text (an SQL statement, a library's
/// message) apart from its description for a person: the text goes to a
/// details section or the log, never to the message shown.
public protocol DetailedError: Error {
    /// The technical text; empty when there is none.
    var details: String { get }
}
