import Foundation
import Synchronization
import Testing

/// A GUI process started by a test, whose stdout JSON lines are collected.
final class AppProcess: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let name: String
    private let process: Process
    private let output = OutputCollector()

    /// Starts `executable`; `environment` adds to (or, with nil values,
    /// removes from) the test process's environment.
    init(_ name: String, executable: URL, arguments: [String], environment: [String: String?] = [:]) throws {
        self.name = name
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            var merged = ProcessInfo.processInfo.environment
            for (key, value) in environment { merged[key] = value }
            process.environment = merged
        }
        let standardOutput = Pipe()
        let standardError = Pipe()
        process.standardOutput = standardOutput
        process.standardError = standardError
        self.process = process
        standardOutput.fileHandleForReading.readabilityHandler = { [output] handle in
            output.receiveOutput(handle.availableData)
        }
        standardError.fileHandleForReading.readabilityHandler = { [output] handle in
            output.receiveError(handle.availableData)
        }
        try process.run()
    }

    /// Starts the gallery with a scene and options (on `environment`'s display).
    static func gallery(_ scene: String, _ options: [String] = [], environment: [String: String?] = [:]) throws -> AppProcess {
        try AppProcess("gallery \(scene)", executable: Desktop.galleryExecutable, arguments: [scene] + options,
                       environment: environment)
    }

    /// Starts the Python foreign client.
    static func foreignClient(_ arguments: [String]) throws -> AppProcess {
        try AppProcess("foreign \(arguments.first ?? "")", executable: Desktop.systemPython,
                       arguments: [Desktop.foreignClientScript.path] + arguments)
    }

    /// Starts the PyQt5 client (`Fixtures/qt_client.py`).
    static func qtClient(_ arguments: [String]) throws -> AppProcess {
        try AppProcess("qt \(arguments.first ?? "")", executable: Desktop.systemPython,
                       arguments: [Desktop.fixture("qt_client.py").path] + arguments)
    }

    /// Every JSON event printed so far.
    var events: [[String: any Sendable]] {
        output.lines.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: any Sendable]
        }
    }

    /// Events named `name`, in order.
    func events(named name: String) -> [[String: any Sendable]] {
        events.filter { $0["event"] as? String == name }
    }

    /// Waits (up to `seconds`) for an event named `name` matching
    /// `predicate`, ignoring the first `skipping` events of that name (those
    /// a shared process reported for earlier tests).
    @discardableResult
    func waitFor(
        _ name: String, seconds: Double = 10, skipping: Int = 0,
        where predicate: ([String: any Sendable]) -> Bool = { _ in true }
    ) async throws -> [String: any Sendable] {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let match = events(named: name).dropFirst(skipping).first(where: predicate) { return match }
            if !process.isRunning { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw Failure(description: """
        \(name) never reported '\(name)' within \(seconds) s. Output so far:
        \(output.lines.joined(separator: "\n"))
        stderr: \(output.errorText)
        """.replacingOccurrences(of: "\(name) never", with: "\(self.name) never"))
    }

    /// Stops the process: SIGTERM, then SIGKILL if it is still there after a
    /// second (children of a test runner can inherit a blocked SIGTERM).
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(1)
        while process.isRunning && Date() < deadline {
            usleep(10_000)
        }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// Collects a process's output lines as they arrive on reader threads.
private final class OutputCollector: Sendable {
    private let state = Mutex<(partial: Data, lines: [String], errors: Data)>((Data(), [], Data()))

    var lines: [String] { state.withLock { $0.lines } }
    var errorText: String { String(decoding: state.withLock { $0.errors }, as: UTF8.self) }

    func receiveOutput(_ chunk: Data) {
        state.withLock { state in
            state.partial.append(chunk)
            while let newline = state.partial.firstIndex(of: UInt8(ascii: "\n")) {
                state.lines.append(String(decoding: state.partial[state.partial.startIndex..<newline], as: UTF8.self))
                state.partial.removeSubrange(state.partial.startIndex...newline)
            }
        }
    }

    func receiveError(_ chunk: Data) {
        state.withLock { $0.errors.append(chunk) }
    }
}
