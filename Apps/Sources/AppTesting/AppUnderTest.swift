import Foundation

/// A DragKit app executable started for an end-to-end test, with its own
/// temporary data folder (`--data-dir`) and a layout file (`--dump-layout`)
/// the harness reads to aim the pointer.
///
/// ```swift
/// let app = try AppUnderTest.launch("CacheMaker")
/// defer { app.cleanUp() }
/// let layout = try await app.waitForLayout { $0.rect("cards", "Lost Lake") != nil }
/// try Pointer.drag(from: layout.requireRect("cards", "Lost Lake"), to: layout.requireRect("lanes", "completed"))
/// let board = try app.export(as: Board.self)
/// ```
///
/// The test target must depend on the app's executable target, so that
/// `swift build --build-tests` builds it next to the test bundle.
public final class AppUnderTest: Sendable {
    /// The executable.
    public let executableURL: URL
    /// The running process (see ``AppProcess`` for its output and events).
    public let process: AppProcess
    /// The data folder passed with `--data-dir`.
    public let dataDirectory: URL
    /// The layout file passed with `--dump-layout`.
    public let layoutFile: URL
    /// The temporary folder holding both, removed by ``cleanUp()``.
    public let workFolder: URL
    /// Variables added to the environment of the app and its exports.
    public let environment: [String: String]

    /// Starts the executable `executableName` built next to the test bundle.
    ///
    /// - Parameters:
    ///   - dataDirectory: the data folder to use; a fresh temporary one
    ///     (removed by ``cleanUp()``) when nil. Pass another app's
    ///     ``dataDirectory`` to restart on the same data.
    ///   - arguments: more arguments for the app.
    ///   - environment: variables added to the test's environment.
    ///   - unsetting: variables of the test's environment the app does not
    ///     get (say `GTK_A11Y`, which scripts/with-xvfb sets).
    public static func launch(
        _ executableName: String, dataDirectory: URL? = nil, arguments: [String] = [],
        environment: [String: String] = [:], unsetting: [String] = []
    ) throws -> AppUnderTest {
        try AppUnderTest(executable(executableName), dataDirectory: dataDirectory, arguments: arguments,
                         environment: environment, unsetting: unsetting)
    }

    /// Starts the executable at `url` (for one built elsewhere).
    public static func launch(
        executable url: URL, dataDirectory: URL? = nil, arguments: [String] = [], environment: [String: String] = [:]
    ) throws -> AppUnderTest {
        try AppUnderTest(url, dataDirectory: dataDirectory, arguments: arguments, environment: environment, unsetting: [])
    }

    private init(
        _ executableURL: URL, dataDirectory: URL?, arguments: [String], environment: [String: String], unsetting: [String]
    ) throws {
        self.executableURL = executableURL
        self.environment = environment
        let executableName = executableURL.lastPathComponent
        let work = FileManager.default.temporaryDirectory
            .appendingPathComponent("dragkit-\(executableName)-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        workFolder = work
        self.dataDirectory = dataDirectory ?? work.appendingPathComponent("data", isDirectory: true)
        layoutFile = work.appendingPathComponent("layout.json")
        process = try AppProcess(
            executableName, executable: executableURL,
            arguments: ["--data-dir", self.dataDirectory.path, "--dump-layout", layoutFile.path] + arguments,
            environment: environment.mapValues { Optional($0) }
                .merging(unsetting.map { ($0, nil) }) { added, _ in added })
    }

    /// The built executable named `name`, next to the test bundle.
    public static func executable(_ name: String) -> URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
    }

    // MARK: - Layout

    /// The layout file as it is now, or nil before the app first wrote it.
    public var layout: Layout? {
        guard let data = try? Data(contentsOf: layoutFile), let json = try? JSONValue(parsing: data) else { return nil }
        return Layout(json: json)
    }

    /// Waits until the layout file satisfies `condition` and stays the same
    /// for `settleMilliseconds` (so a frame is not read mid-animation), and
    /// returns it.
    ///
    /// - Throws: ``DesktopTestingError`` `.timedOut` with the last layout
    ///   and the app's output.
    @discardableResult
    public func waitForLayout(
        _ what: String = "the expected widgets show", seconds: Double = 15, settleMilliseconds: Int = 200,
        until condition: (Layout) -> Bool = { _ in true }
    ) async throws -> Layout {
        let deadline = Date().addingTimeInterval(seconds)
        var previous: Layout?
        while Date() < deadline {
            let current = layout
            if let current, condition(current), current == previous { return current }
            previous = current
            if !process.isRunning { break }
            try await Task.sleep(for: .milliseconds(settleMilliseconds))
        }
        throw process.timeout("never wrote a settled layout where \(what) (last: \(layout.map { "\($0.json)" } ?? "no file"))")
    }

    /// Waits until the layout has a rect at `path` and returns it.
    public func waitForRect(_ path: String..., seconds: Double = 15) async throws -> LayoutRect {
        let layout = try await waitForLayout(path.joined(separator: " / ") + " is on screen", seconds: seconds) {
            $0.json.value(at: path)?.rect != nil
        }
        return layout.json.value(at: path)!.rect!
    }

    // MARK: - Windows

    /// The app's window titled `title`, or (nil) its first visible window.
    ///
    /// - Throws: ``DesktopTestingError`` with the app's output so far (and
    ///   its exit status if it ended) when no such window shows.
    public func window(titled title: String? = nil, seconds: Double = 15) async throws -> ScreenWindow {
        do {
            let isRunning = { [process] in process.isRunning }
            if let title { return try await ScreenWindow.find(title: title, seconds: seconds, isRunning: isRunning) }
            return try await ScreenWindow.find(pid: process.processIdentifier, seconds: seconds, isRunning: isRunning)
        } catch let error as DesktopTestingError {
            // Say what the app printed and how it is doing: a window that
            // never shows is otherwise a mystery.
            throw process.timeout("showed no window (\(error.description))", code: error.code)
        }
    }

    /// Moves the app's window (titled `title`, or its first) so its top-left
    /// corner is at `point`, then waits for the layout to settle there.
    public func moveWindow(titled title: String? = nil, to point: Pointer.Point) async throws {
        try await window(titled: title).move(to: point)
        try await waitForLayout("the window moved to \(point.x),\(point.y)")
    }

    // MARK: - Data

    /// Runs the executable with `--data-dir` (this app's folder) and
    /// `--export-json` and returns what it printed.
    ///
    /// - Throws: ``DesktopTestingError`` `.launchFailed` when it exits with
    ///   an error (its stderr included).
    public func exportJSON() throws -> Data {
        try Self.exportJSON(executable: executableURL, dataDirectory: dataDirectory, environment: environment)
    }

    /// ``exportJSON()`` decoded as `type`.
    public func export<T: Decodable>(as type: T.Type) throws -> T {
        try JSONDecoder().decode(type, from: exportJSON())
    }

    /// ``exportJSON()`` as a ``JSONValue``.
    public func export() throws -> JSONValue {
        try JSONValue(parsing: exportJSON())
    }

    /// Runs `EXECUTABLE --data-dir DIR --export-json` and returns its output
    /// (`executable`: for example ``executable(_:)`` of the app's name).
    public static func exportJSON(executable: URL, dataDirectory: URL, environment: [String: String] = [:]) throws -> Data {
        try runToEnd(executable, ["--data-dir", dataDirectory.path, "--export-json"], environment: environment)
    }

    /// Runs `executable` with `arguments` to its end (the test's environment
    /// plus `environment`) and returns what it printed.
    ///
    /// - Throws: ``DesktopTestingError`` `.launchFailed` when it exits with
    ///   an error (its stderr included).
    public static func runToEnd(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws -> Data {
        let process = Process()
        process.executableURL = executable
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read before waiting: a large output would fill the pipe and block.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw DesktopTestingError(code: .launchFailed, description: """
            \(executable.lastPathComponent) \(arguments.joined(separator: " ")) exited with status \(process.terminationStatus): \(errorText)
            """)
        }
        return data
    }

    // MARK: - Ending

    /// Kills the app at once (SIGKILL), as a crash would.
    public func kill() {
        process.kill()
    }

    /// Stops the app (SIGTERM, then SIGKILL).
    public func stop() {
        process.stop()
    }

    /// Stops the app and removes its temporary folder (its layout file,
    /// and its data folder unless one was passed to
    /// ``launch(_:dataDirectory:arguments:environment:unsetting:)``: a relaunch on the
    /// same data is cleaned up before the app that made the folder).
    public func cleanUp() {
        stop()
        try? FileManager.default.removeItem(at: workFolder)
    }
}
