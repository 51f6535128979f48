import AppSupport
import ArgumentParser
import Foundation
import Testing

/// How an app's first step turns its data folder and store into either an
/// open store or a problem for the start-up error window.
@Suite("Opening the store at start-up")
struct StoreStartupTests {
    private struct Opened {}

    private struct NotADatabase: Error, CustomStringConvertible {
        var description = "file is not a database"
    }

    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("StoreStartupTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func options(_ folder: URL) throws -> AppOptions {
        try AppOptions.parse(["--data-dir", folder.path])
    }

    @Test func aStoreThatOpensIsKeptWithNoProblem() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var openedIn: URL?
        let startup = StoreStartup(options: try options(folder), appName: "Board", applicationID: "org.example.Board",
                                   fileName: "board.sqlite") { url in
            openedIn = url
            return Opened()
        }
        #expect(startup.store != nil)
        #expect(startup.problem == nil)
        #expect(openedIn?.path == folder.path)
        #expect(startup.databaseFile == folder.appendingPathComponent("board.sqlite"))
    }

    @Test func aDamagedFileBecomesAProblemThatOffersToKeepItAside() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(repeating: 7, count: 4096).write(to: folder.appendingPathComponent("board.sqlite"))
        let startup = StoreStartup(options: try options(folder), appName: "Board", applicationID: "org.example.Board",
                                   fileName: "board.sqlite") { _ -> Opened in throw NotADatabase() }
        #expect(startup.store == nil)
        let problem = try #require(startup.problem)
        #expect(problem.kind == .databaseUnreadable)
        #expect(problem.choices == [.keepAsideAndStartAfresh, .quit])
        #expect(problem.databaseFile == folder.appendingPathComponent("board.sqlite"))
        #expect(!problem.message.contains("not a database") && problem.details.contains("not a database"),
                "the technical text goes to the details only")
    }

    @Test func aDataFolderThatIsAFileIsAProblemAndTheStoreIsNeverOpened() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: file)
        var opened = false
        let startup = StoreStartup(options: try options(file), appName: "Board", applicationID: "org.example.Board",
                                   fileName: "board.sqlite") { _ -> Opened in
            opened = true
            return Opened()
        }
        #expect(!opened)
        #expect(startup.store == nil)
        #expect(startup.problem?.kind == .folderUnusable)
        #expect(startup.problem?.message.contains(file.path) == true)
        #expect(startup.problem?.choices == [.quit])
    }
}
