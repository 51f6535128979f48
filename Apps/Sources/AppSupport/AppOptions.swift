import ArgumentParser
import Foundation

/// The command-line options every DragKit app understands, so that a person
/// can keep separate data sets and a test harness can drive any app the same
/// way.
///
/// Embed it in an app's own command with `@OptionGroup`:
///
/// ```swift
/// struct CacheMakerCommand: ParsableCommand {
///     @OptionGroup var app: AppOptions
/// }
/// let options = try CacheMakerCommand.parse(["--data-dir", "/tmp/board"])
/// let folder = try options.app.dataDirectory(applicationID: "org.dragkit.CacheMaker")
/// ```
public struct AppOptions: ParsableArguments, Sendable {
    @Option(name: .customLong("data-dir"), help: ArgumentHelp(
        "Keep the app's data in DIR instead of the XDG data directory.", valueName: "DIR"))
    public var dataDirectoryPath: String?

    @Flag(name: .customLong("export-json"), help: "Print the app's data as JSON and exit.")
    public var exportJSON = false

    @Option(name: .customLong("dump-layout"), help: ArgumentHelp(
        "Keep FILE updated with the on-screen frames of the windows, lists and rows (JSON, written atomically).",
        valueName: "FILE"))
    public var dumpLayoutPath: String?

    public init() {}

    /// The folder the app keeps its data in: `--data-dir` when given,
    /// otherwise `$XDG_DATA_HOME/<applicationID>` (`~/.local/share/...` when
    /// XDG_DATA_HOME is unset). The folder is created when missing.
    public func dataDirectory(
        applicationID: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> URL {
        let folder: URL
        if let dataDirectoryPath {
            folder = URL(fileURLWithPath: dataDirectoryPath, isDirectory: true)
        } else {
            folder = DataDirectory.xdgDataHome(environment: environment)
                .appendingPathComponent(applicationID, isDirectory: true)
        }
        try DataDirectory.create(folder)
        return folder
    }
}
