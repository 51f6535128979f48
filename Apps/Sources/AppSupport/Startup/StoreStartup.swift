import Foundation

/// The first step of every seed app with one SQLite store: find the data
/// folder and open the store in it, or say why that failed as a
/// ``StartupProblem`` for the start-up error window (never exit with text
/// on standard error only).
///
/// ```swift
/// let startup = StoreStartup(options: command.app, appName: "CacheMaker", applicationID: id,
///                            fileName: GeocacheStore.fileName) { try GeocacheStore(folder: $0) }
/// if command.app.exportJSON { startup.exportAndExit { try BoardExport(store: $0).jsonData() } }
/// if let store = startup.store { … } else if let problem = startup.problem { … }
/// ```
public struct StoreStartup<Store> {
    /// The app's name as a person knows it.
    public let appName: String
    /// The data folder (the path asked for when it could not be made).
    public let folder: URL
    /// The store's database file in ``folder``.
    public let databaseFile: URL
    /// The open store, when opening worked.
    public let store: Store?
    /// Why the store could not be opened, when it could not.
    public let problem: StartupProblem?

    /// Finds the folder `options` name for `applicationID` and opens the
    /// store in it with `open`.
    public init(options: AppOptions, appName: String, applicationID: String, fileName: String,
                environment: [String: String] = ProcessInfo.processInfo.environment,
                open: (URL) throws -> Store) {
        self.appName = appName
        let folder: URL
        do {
            folder = try options.dataDirectory(applicationID: applicationID, environment: environment)
        } catch {
            let asked = URL(fileURLWithPath: options.dataDirectoryPath
                            ?? DataDirectory.xdgDataHome(environment: environment).appendingPathComponent(applicationID).path)
            self.folder = asked
            databaseFile = asked.appendingPathComponent(fileName)
            store = nil
            problem = StartupProblem(diagnosing: error, appName: appName, folder: asked, databaseFile: databaseFile)
            return
        }
        self.folder = folder
        databaseFile = folder.appendingPathComponent(fileName)
        do {
            store = try open(folder)
            problem = nil
        } catch {
            store = nil
            problem = StartupProblem(diagnosing: error, appName: appName, folder: folder, databaseFile: databaseFile)
        }
    }

    /// For `--export-json`: prints `export(store)` and a newline and exits
    /// 0; when there is no store or the export fails, writes what happened
    /// to standard error and exits 1.
    public func exportAndExit(_ export: (Store) throws -> Data) -> Never {
        guard let store else {
            FileHandle.standardError.write(Data("\(appName): \(problem?.logText ?? "no data")\n".utf8))
            exit(1)
        }
        do {
            FileHandle.standardOutput.write(try export(store) + Data("\n".utf8))
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("\(appName): the data could not be exported: \(error)\n".utf8))
            exit(1)
        }
    }
}
