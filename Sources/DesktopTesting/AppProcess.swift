import Foundation
import Synchronization
import Testing

/// A GUI process started by a test: its standard output is collected line
/// by line (lines holding a JSON object are events), its standard error
/// kept for failure messages, and it is stopped when the value goes away.
///
/// ```swift
/// let app = try AppProcess("gallery", executable: url, arguments: ["window"])
/// defer { app.stop() }
/// let ready = try await app.waitFor("ready")
/// ```
public final class AppProcess: Sendable {
    /// A name for messages ("contacts A", "foreign source").
    public let name: String
    private let process: Process
    private let output = OutputLines()

    /// Starts `executable` with `arguments`; `environment` adds to the
    /// test's own variables, and a nil value removes one (say, `DISPLAY`
    /// for a client of a Wayland compositor).
    ///
    /// - Throws: ``DesktopTestingError`` `.launchFailed` when it cannot start.
    public init(_ name: String, executable: URL, arguments: [String], environment: [String: String?] = [:]) throws(DesktopTestingError) {
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
        do {
            try process.run()
        } catch {
            throw DesktopTestingError(code: .launchFailed,
                description: "\(name): \(executable.path) could not be started (\(error)). Build it first (swift build).")
        }
    }

    /// The process id.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Whether the process is still running.
    public var isRunning: Bool { process.isRunning }

    /// Every line printed on standard output so far.
    public var lines: [String] { output.lines }

    /// Everything printed on standard error so far.
    public var errorText: String { output.errorText }

    /// The GLib criticals and warnings the process printed (`Gtk-CRITICAL **`,
    /// `Gdk-WARNING **`, ...): each one is a bug in the app or in DragKit.
    public var gtkWarnings: [String] {
        errorText.split(separator: "\n").map(String.init).filter { line in
            line.contains("-CRITICAL **") || line.contains("-WARNING **")
        }
    }

    private let warningsReported = Mutex(false)

    /// Fails the running test once if the process printed a GLib critical
    /// or warning; ``stop()`` does it, so every end-to-end test checks.
    public func reportGTKWarnings() {
        let warnings = gtkWarnings
        guard !warnings.isEmpty, warningsReported.withLock({ reported in
            defer { reported = true }
            return !reported
        }) else { return }
        Issue.record("\(name) printed GTK warnings:\n\(warnings.prefix(5).joined(separator: "\n"))")
    }

    /// Every JSON object printed so far, one per line.
    public var events: [[String: any Sendable]] {
        output.lines.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: any Sendable]
        }
    }

    /// Events (JSON lines with an "event" field) named `name`, in order.
    public func events(named name: String) -> [[String: any Sendable]] {
        events.filter { $0["event"] as? String == name }
    }

    /// Waits (up to `seconds`) for an event named `event` matching
    /// `predicate`, ignoring the first `skipping` events of that name (those
    /// a long-lived process reported for earlier tests).
    ///
    /// - Throws: ``DesktopTestingError`` `.timedOut` with the output so far.
    @discardableResult
    public func waitFor(
        _ event: String, seconds: Double = 10, skipping: Int = 0,
        where predicate: ([String: any Sendable]) -> Bool = { _ in true }
    ) async throws -> [String: any Sendable] {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let match = events(named: event).dropFirst(skipping).first(where: predicate) { return match }
            if !process.isRunning { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw timeout("never reported '\(event)' within \(seconds) s")
    }

    /// A timeout error naming this process, with its output so far and,
    /// while it runs, what its threads are doing.
    public func timeout(_ what: String, code: DesktopTestingError.Code = .timedOut) -> DesktopTestingError {
        DesktopTestingError(code: code, description: """
        \(name) \(what)\(process.isRunning ? "" : " (it exited with status \(process.terminationStatus))"). Output so far:
        \(output.lines.joined(separator: "\n"))
        stderr: \(output.errorText)
        """ + (process.isRunning ? "\n" + threadStates : ""))
    }

    /// What each thread of the running process is doing, from `/proc`: its
    /// state (R running, S sleeping, D waiting on the disk) and the kernel
    /// function it waits in. Every thread asleep in a futex wait, with no
    /// CPU time going by, is a deadlock; a thread running is a slow start.
    public var threadStates: String {
        let directory = "/proc/\(process.processIdentifier)/task"
        guard let threads = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            return "threads: unknown (no \(directory))"
        }
        let described = threads.sorted { (Int($0) ?? 0) < (Int($1) ?? 0) }.map { thread -> String in
            let stat = (try? String(contentsOfFile: "\(directory)/\(thread)/stat", encoding: .utf8)) ?? ""
            // "tid (name) state ... utime stime ...": fields after the name.
            let afterName = stat.split(separator: ")", omittingEmptySubsequences: false).last.map { $0.split(separator: " ") } ?? []
            let state = afterName.first.map(String.init) ?? "?"
            let cpuTicks = afterName.count > 12 ? (Int(afterName[11]) ?? 0) + (Int(afterName[12]) ?? 0) : 0
            let wchan = (try? String(contentsOfFile: "\(directory)/\(thread)/wchan", encoding: .utf8)) ?? "?"
            let threadName = (try? String(contentsOfFile: "\(directory)/\(thread)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
            return "\(thread) \(threadName): \(state) in \(wchan.isEmpty ? "-" : wchan), \(cpuTicks) CPU ticks"
        }
        return "threads:\n" + described.joined(separator: "\n")
    }

    /// Waits (up to `seconds`) for the process to exit and returns its
    /// status, or nil when it is still running.
    public func waitForExit(seconds: Double = 10) async throws -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Sends `signal` (SIGKILL, SIGSTOP, SIGCONT...) to the process.
    public func send(_ signal: Int32) {
        Foundation.kill(process.processIdentifier, signal)
    }

    /// Kills the process at once (SIGKILL): it gets no chance to clean up,
    /// as when it crashes.
    public func kill() {
        guard process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Stops the process: SIGTERM, then SIGKILL if it is still there after a
    /// second (children of a test runner can inherit a blocked SIGTERM).
    public func stop() {
        reportGTKWarnings()
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(1)
        while process.isRunning && Date() < deadline {
            usleep(10_000)
        }
        kill()
    }

    deinit { stop() }
}
