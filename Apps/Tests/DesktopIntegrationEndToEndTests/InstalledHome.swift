import AppTesting
import DesktopTesting
import Foundation

/// A temporary home that `scripts/install` installs the apps into, with the
/// XDG variables pointing inside it, so GIO, `gio open` and the installed
/// apps see only it (and the system's folders).
struct InstalledHome {
    let root: URL
    var home: URL { root.appendingPathComponent("home", isDirectory: true) }
    var dataHome: URL { home.appendingPathComponent(".local/share", isDirectory: true) }
    var bin: URL { home.appendingPathComponent(".local/bin", isDirectory: true) }
    var files: URL { root.appendingPathComponent("files", isDirectory: true) }

    /// The variables every process of the test runs with.
    var environment: [String: String] {
        [
            "HOME": home.path,
            "XDG_DATA_HOME": dataHome.path,
            "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
            "XDG_CACHE_HOME": home.appendingPathComponent(".cache").path,
            "XDG_STATE_HOME": home.appendingPathComponent(".local/state").path,
        ]
    }

    /// The repository's scripts/install.
    static let installScript = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/install")

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("dragkit-install-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("home"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("files"), withIntermediateDirectories: true)
    }

    /// Runs scripts/install (with the apps built next to the tests) or, with
    /// `uninstall`, scripts/install --uninstall; returns its output.
    @discardableResult
    func runInstall(uninstall: Bool = false) throws -> String {
        let builtApps = AppUnderTest.executable("Contacts").deletingLastPathComponent()
        let arguments = uninstall ? ["--uninstall"] : ["--binaries", builtApps.path]
        return try Self.run(Self.installScript, arguments, environment: environment)
    }

    /// Every file and folder under the home, relative to it, sorted.
    func contents() -> [String] {
        let base = home.standardizedFileURL.path
        let enumerator = FileManager.default.enumerator(atPath: base)
        var paths: [String] = []
        while let path = enumerator?.nextObject() as? String { paths.append(path) }
        return paths.sorted()
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    /// Runs `executable` to its end and returns its standard output.
    static func run(_ executable: URL, _ arguments: [String], environment: [String: String]) throws -> String {
        String(decoding: try AppUnderTest.runToEnd(executable, arguments, environment: environment), as: UTF8.self)
    }

    /// What GIO, in a new process with this home, says about the files
    /// named `names` (by name alone) and their types: for each name its
    /// content type, description, whether it is a kind of each of
    /// `parents`, and the id of the default app for it.
    func gioTypes(of names: [String], parents: [String]) throws -> [String: JSONValue] {
        let script = """
            import json, sys
            import gi
            from gi.repository import Gio
            names, parents = json.loads(sys.argv[1]), json.loads(sys.argv[2])
            result = {}
            for name in names:
                kind, _ = Gio.content_type_guess(name, None)
                app = Gio.AppInfo.get_default_for_type(kind, False)
                result[name] = {
                    "type": kind,
                    "description": Gio.content_type_get_description(kind),
                    "isA": {parent: Gio.content_type_is_a(kind, parent) for parent in parents},
                    "app": app.get_id() if app else None,
                }
            print(json.dumps(result))
            """
        let namesJSON = String(decoding: try JSONSerialization.data(withJSONObject: names), as: UTF8.self)
        let parentsJSON = String(decoding: try JSONSerialization.data(withJSONObject: parents), as: UTF8.self)
        let output = try Self.run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script, namesJSON, parentsJSON],
                                  environment: environment)
        guard case .object(let object) = try JSONValue(parsing: Data(output.utf8)) else {
            throw DesktopTestingError(code: .launchFailed, description: "GIO's answer is not a JSON object: \(output)")
        }
        return object
    }

    /// Ends the installed `app`'s processes that the desktop started
    /// (`launcher`, such as `gio open`, started them) and waits until they
    /// are gone; returns how many there were.
    func stopInstalled(_ app: String, launchedBy launcher: AppProcess) async throws -> Int {
        let running = runningInstalled(app)
        for pid in running { kill(pid, SIGTERM) }
        _ = try await launcher.waitForExit()
        for _ in 0..<50 where !runningInstalled(app).isEmpty {
            try await Task.sleep(for: .milliseconds(100))
        }
        launcher.stop()
        return running.count
    }

    /// The ids of the running processes whose executable is the installed
    /// `app` (started by the desktop, not by the test).
    func runningInstalled(_ app: String) -> [Int32] {
        let executable = bin.appendingPathComponent(app).standardizedFileURL.path
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return ids.compactMap { id in
            guard let pid = Int32(id),
                  let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(id)/exe"),
                  target == executable else { return nil }
            return pid
        }
    }
}
