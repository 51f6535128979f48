import AppSupport
import Foundation
import Testing

@Suite("Start-up problems and keeping a database aside")
final class StartupProblemTests {
    private var made: [URL] = []

    deinit {
        for url in made {
            Self.unlock(url)
            try? FileManager.default.removeItem(at: url)
        }
    }

    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("StartupProblemTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        made.append(url)
        return url
    }

    private struct OpenFailed: Error, CustomStringConvertible, DetailedError {
        var description = "Could not open the database."
        var details = "SQLite error 26: file is not a database - while executing `SELECT * FROM sqlite_master`"
    }

    /// Mode 555, and for root (whom modes do not stop) the immutable
    /// attribute.
    private static func lock(_ folder: URL) throws {
        chmod(folder.path, 0o555)
        if getuid() == 0 { try #require(chattr("+i", folder) == 0, "chattr +i failed") }
    }

    private static func unlock(_ folder: URL) {
        if getuid() == 0 { _ = chattr("-i", folder) }
        chmod(folder.path, 0o755)
    }

    private static func chattr(_ flag: String, _ folder: URL) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [flag, folder.path]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test("A file that is not a database is offered to be kept aside, and the message has no SQL in it")
    func garbageFile() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("App.sqlite")
        try Data("this is not a database, just some text".utf8).write(to: file)
        let problem = StartupProblem(diagnosing: OpenFailed(), appName: "Do It", folder: folder, databaseFile: file)
        #expect(problem.kind == .databaseUnreadable)
        #expect(problem.choices == [.keepAsideAndStartAfresh, .quit])
        #expect(problem.message.contains(file.path))
        #expect(!problem.advice.contains("writable"), "a damaged file is not a folder problem")
        for shown in [problem.title, problem.message, problem.advice] {
            #expect(!shown.contains("SQL") && !shown.contains("error 26") && !shown.contains("OpenFailed"), "\(shown)")
        }
        #expect(problem.details.contains("SQLite error 26"), "the technical text is kept for the details")
    }

    @Test("A file SQLite called damaged is kept aside even though its header is right")
    func damagedBySQLite() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("App.sqlite")
        try Data("SQLite format 3\0and then garbage".utf8).write(to: file)
        let healthy = StartupProblem(diagnosing: OpenFailed(), appName: "Do It", folder: folder, databaseFile: file)
        #expect(healthy.kind == .other)
        let damaged = StartupProblem(diagnosing: OpenFailed(), appName: "Do It", folder: folder, databaseFile: file,
                                     databaseIsDamaged: true)
        #expect(damaged.kind == .databaseUnreadable)
    }

    @Test("A folder that takes no files is told as such, with no keep-aside")
    func readOnlyFolder() throws {
        let folder = try temporaryFolder()
        try Self.lock(folder)
        let problem = StartupProblem(diagnosing: OpenFailed(), appName: "Do It", folder: folder,
                                     databaseFile: folder.appendingPathComponent("App.sqlite"))
        #expect(problem.kind == .folderNotWritable)
        #expect(problem.choices == [.quit])
        #expect(problem.advice.contains("--data-dir"))
    }

    @Test("A data folder that is a file")
    func folderIsAFile() throws {
        let root = try temporaryFolder()
        let file = root.appendingPathComponent("not-a-folder")
        try Data().write(to: file)
        var error: (any Error)?
        do { _ = try AppOptions.parse(["--data-dir", file.path]).dataDirectory(applicationID: "org.dragkit.Test") } catch let thrown {
            error = thrown
        }
        let problem = StartupProblem(diagnosing: try #require(error), appName: "Do It", folder: file,
                                     databaseFile: file.appendingPathComponent("App.sqlite"))
        #expect(problem.kind == .folderUnusable)
    }

    @Test("Keeping aside renames the file and its side files next to the original and never overwrites")
    func keepAside() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("App.sqlite")
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        try Data("first".utf8).write(to: file)
        try Data("wal".utf8).write(to: URL(fileURLWithPath: file.path + "-wal"))
        let first = try DatabaseKeepAside.keepAside(file, now: now)
        #expect(first.deletingLastPathComponent().path == folder.path)
        #expect(first.lastPathComponent.hasPrefix("App.sqlite.unreadable-"))
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(!FileManager.default.fileExists(atPath: file.path + "-wal"))
        #expect(try String(contentsOf: first, encoding: .utf8) == "first")
        #expect(try String(contentsOfFile: first.path + "-wal", encoding: .utf8) == "wal")

        // The same minute again: a second name, the first copy untouched.
        try Data("second".utf8).write(to: file)
        let second = try DatabaseKeepAside.keepAside(file, now: now)
        #expect(second != first)
        #expect(second.lastPathComponent.hasSuffix("-2"))
        #expect(try String(contentsOf: first, encoding: .utf8) == "first")
        #expect(try String(contentsOf: second, encoding: .utf8) == "second")
    }

    @Test("Keeping aside a file that is not there says so")
    func keepAsideMissing() throws {
        let folder = try temporaryFolder()
        #expect(throws: AppSupportError.self) {
            try DatabaseKeepAside.keepAside(folder.appendingPathComponent("none.sqlite"))
        }
        do {
            try DatabaseKeepAside.keepAside(folder.appendingPathComponent("none.sqlite"))
        } catch let error as AppSupportError {
            #expect(error.code == .fileNotKeptAside)
        }
    }
}
