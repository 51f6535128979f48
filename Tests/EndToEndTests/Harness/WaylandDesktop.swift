import DesktopTesting
import Foundation

/// A headless Wayland desktop for end-to-end drags: Debian's sway with its
/// headless backend in a private runtime folder, windows placed through
/// its IPC (`swaymsg`), and a pointer driven through the compositor's
/// virtual-pointer protocol (`Fixtures/wayland_pointer.py`). sway refuses to
/// run as root, so under root it runs as `nobody`.
final class WaylandDesktop: Sendable {
    static let sway = URL(fileURLWithPath: "/usr/bin/sway")
    static let swaymsg = URL(fileURLWithPath: "/usr/bin/swaymsg")
    static let width = 1280
    static let height = 800

    /// Whether Debian's sway is installed; the Wayland tests are skipped otherwise.
    static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: sway.path) && FileManager.default.isExecutableFile(atPath: swaymsg.path)
    }

    private let compositor: AppProcess
    private let runtime: URL
    /// The compositor's Wayland socket.
    let socket: URL
    private let ipcSocket: URL

    /// The environment a GTK client needs to open its windows here.
    var clientEnvironment: [String: String?] {
        ["WAYLAND_DISPLAY": socket.path, "XDG_RUNTIME_DIR": runtime.path, "GDK_BACKEND": "wayland", "DISPLAY": nil]
    }

    /// Starts sway; `name` names the socket (`wayland-<name>`).
    init(name: String) async throws {
        runtime = FileManager.default.temporaryDirectory.appendingPathComponent("dragkit-wayland-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: runtime)
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let config = runtime.appendingPathComponent("sway.conf")
        try Data("""
        output HEADLESS-1 resolution \(Self.width)x\(Self.height) position 0 0
        default_border none
        default_floating_border none
        focus_follows_mouse no
        for_window [title=".*"] floating enable
        """.utf8).write(to: config)
        var arguments = [Self.sway.path, "-c", config.path]
        if getuid() == 0 {
            // sway refuses root ("Unable to drop root"): run it as nobody,
            // which then owns the runtime folder.
            _ = chown(runtime.path, 65534, 65534)
            arguments = ["--reuid=nobody", "--regid=nogroup", "--clear-groups"] + arguments
        }
        compositor = try AppProcess(
            "sway", executable: URL(fileURLWithPath: getuid() == 0 ? "/usr/bin/setpriv" : Self.sway.path),
            arguments: getuid() == 0 ? arguments : Array(arguments.dropFirst()),
            environment: ["XDG_RUNTIME_DIR": runtime.path, "HOME": runtime.path, "WLR_BACKENDS": "headless",
                          "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman", "WAYLAND_DISPLAY": nil, "DISPLAY": nil])
        // sway names its socket itself (wayland-1 in a fresh folder); a link
        // gives it the name asked for.
        var found: (wayland: URL, ipc: URL)?
        for _ in 0..<100 where found == nil {
            try await Task.sleep(for: .milliseconds(50))
            let names = (try? FileManager.default.contentsOfDirectory(atPath: runtime.path)) ?? []
            if let wayland = names.first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }),
               let ipc = names.first(where: { $0.hasPrefix("sway-ipc.") }) {
                found = (runtime.appendingPathComponent(wayland), runtime.appendingPathComponent(ipc))
            }
        }
        guard let found else {
            compositor.stop()
            throw DesktopTestingError(code: .timedOut, description: "sway did not start within 5 s (headless backend).")
        }
        socket = runtime.appendingPathComponent("wayland-\(name)")
        try? FileManager.default.createSymbolicLink(at: socket, withDestinationURL: found.wayland)
        ipcSocket = found.ipc
    }

    /// Moves the window titled `title` to (x, y) of the screen.
    func place(_ app: AppProcess, role: String, title: String, at x: Int, _ y: Int) async throws -> PlacedWindow {
        let ready = try await app.waitFor("ready") { $0["role"] as? String == role }
        try swaymsg(["[title=\"\(title)\"] move position \(x) \(y)"])
        return PlacedWindow(xid: 0, origin: (x, y), widgets: ready["widgets"] as? [String: [Int]] ?? [:])
    }

    /// Drags from `start` to `end` the way ``Pointer/drag(from:to:steps:holdSeconds:wiggle:)`` does on X11.
    func drag(from start: (x: Int, y: Int), to end: (x: Int, y: Int), steps: Int = 20) throws {
        var commands = ["move", String(start.x), String(start.y), "sleep", "0.05", "down"]
        for step in 1...steps {
            commands += ["sleep", "0.03", "move", String(start.x + (end.x - start.x) * step / steps),
                         String(start.y + (end.y - start.y) * step / steps)]
        }
        commands += ["sleep", "0.05", "move", String(end.x + 1), String(end.y + 1), "sleep", "0.1", "up"]
        try run(Desktop.systemPython, [Desktop.fixture("wayland_pointer.py").path, String(Self.width), String(Self.height)] + commands,
                environment: ["WAYLAND_DISPLAY": socket.path, "XDG_RUNTIME_DIR": runtime.path])
    }

    func stop() {
        compositor.stop()
        try? FileManager.default.removeItem(at: runtime)
    }

    private func swaymsg(_ arguments: [String]) throws {
        try run(Self.swaymsg, ["-s", ipcSocket.path] + arguments, environment: [:])
    }

    private func run(_ tool: URL, _ arguments: [String], environment: [String: String]) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw DesktopTestingError(code: .toolFailed, description: "\(tool.lastPathComponent) \(arguments.prefix(2).joined(separator: " ")) failed: \(message)")
        }
    }
}
