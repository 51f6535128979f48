import Foundation

/// Runs the built `dragkit` executable, as a person would from a shell.
struct DragkitProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The executable sits next to the test bundle in the build products
    /// directory.
    static let executable: URL = {
        var directories: [URL] = []
        if let running = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            directories.append(URL(fileURLWithPath: running).deletingLastPathComponent())
        }
        directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
        directories.append(Bundle.main.bundleURL)
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        for directory in directories {
            let candidate = directory.appendingPathComponent("dragkit")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        fatalError("dragkit is not built next to the tests (looked in \(directories.map(\.path)))")
    }()

    /// Runs `dragkit arguments...`; `environment` entries are added to (or,
    /// with a nil value, removed from) the test's own environment.
    static func run(_ arguments: [String], environment: [String: String?] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read before waiting so a full pipe cannot block the child.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }
}

/// A temporary directory removed when the value goes away.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("dragkit-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    @discardableResult
    func write(_ name: String, _ contents: String) throws -> String {
        try write(name, Data(contents.utf8))
    }

    @discardableResult
    func write(_ name: String, _ contents: Data) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: file)
        return file.path
    }
}
