import DesktopTesting
import Foundation
import Synchronization

/// Chromium (Debian's `chromium`, headful) showing the fixture page that
/// `Fixtures/browser_page.py` serves on 127.0.0.1, and a gallery target
/// that loads every type dropped on it. Both are started once for all
/// browser tests and moved off the screen between them, so they never cover
/// the windows of other tests; they go away when the test process exits.
///
/// The target is shared because Chromium loses its next drag when the
/// window its last drag was dropped on has gone away.
final class Browser: Sendable {
    /// The page's server; its events are what the page reported.
    let page: AppProcess
    /// The gallery target (`--load-all`) drags out of Chromium go to.
    let target: AppProcess
    private let chromium: AppProcess
    /// Chromium's profile folder, removed when the browser stops.
    private let profile: URL
    private let xid: Int
    private let targetWindow: PlacedWindow
    /// The page's widgets inside the browser window.
    private let widgets: [String: [Int]]

    static let executable = URL(fileURLWithPath: "/usr/bin/chromium")

    /// Whether Debian's chromium is installed; the browser tests are skipped otherwise.
    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: executable.path) }

    private static let store = BrowserStore()

    /// The shared browser, started on first use.
    static func shared() async throws -> Browser {
        try await store.browser()
    }

    fileprivate init() async throws {
        page = try AppProcess("browser page", executable: Desktop.systemPython,
                              arguments: [Desktop.fixture("browser_page.py").path])
        let url: String
        do {
            url = try await page.waitFor("listening")["url"] as? String ?? ""
        } catch {
            page.stop()
            throw error
        }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("dragkit-e2e-chromium-\(getpid())")
        self.profile = profile
        chromium = try AppProcess("chromium", executable: Self.executable, arguments: [
            // Tests run as root in CI, where Chromium's sandbox cannot start.
            "--no-sandbox", "--user-data-dir=\(profile.path)", "--no-first-run", "--no-default-browser-check",
            "--disable-gpu", "--disable-extensions", "--disable-sync", "--disable-background-networking",
            "--disable-component-update", "--password-store=basic",
            "--window-position=0,0", "--window-size=480,400", "--app=\(url)",
        ])
        do {
            target = try AppProcess.gallery("target", ["--load-all"])
        } catch {
            chromium.stop()
            page.stop()
            try? FileManager.default.removeItem(at: profile)
            throw error
        }
        do {
            let ready = try await page.waitFor("ready", seconds: 30)
            widgets = ready["widgets"] as? [String: [Int]] ?? [:]
            xid = try await Self.windowID(named: "DragKit browser fixture")
            targetWindow = try await target.place(role: "target", at: Self.offScreen, 400)
        } catch {
            chromium.stop()
            page.stop()
            target.stop()
            try? FileManager.default.removeItem(at: profile)
            throw error
        }
    }

    /// Where windows wait between tests: right of the 1280-pixel screen.
    private static let offScreen = 1400

    /// Shows the shared gallery target at (x, y).
    func showTarget(at x: Int, _ y: Int) async throws -> PlacedWindow {
        try await ScreenWindow(id: targetWindow.xid).move(to: (x, y))
        _ = try X11Tools.xdotool(["windowraise", String(targetWindow.xid)])
        return PlacedWindow(xid: targetWindow.xid, origin: (x, y), widgets: targetWindow.widgets)
    }

    /// Shows the browser window at (x, y), above the others.
    func show(at x: Int, _ y: Int) async throws -> PlacedWindow {
        try await ScreenWindow(id: xid).move(to: (x, y))
        _ = try X11Tools.xdotool(["windowraise", String(xid)])
        // Chromium takes a moment to learn where its window went; a press
        // before that starts no drag.
        try await Task.sleep(for: .milliseconds(300))
        return PlacedWindow(xid: xid, origin: (x, y), widgets: widgets)
    }

    /// Moves the browser window and the gallery target off the screen until
    /// they are shown again (they stay mapped, so they need no repaint).
    func hide() {
        _ = try? X11Tools.xdotool(["windowmove", String(xid), String(Self.offScreen), "0"])
        _ = try? X11Tools.xdotool(["windowmove", String(targetWindow.xid), String(Self.offScreen), "400"])
    }

    func stop() {
        chromium.stop()
        page.stop()
        target.stop()
        try? FileManager.default.removeItem(at: profile)
    }

    /// The X11 id of the top-level window titled `title`.
    private static func windowID(named title: String) async throws -> Int {
        for _ in 0..<100 {
            let found = (try? X11Tools.xdotool(["search", "--name", title])) ?? ""
            if let id = found.split(separator: "\n").compactMap({ Int($0) }).first { return id }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw DesktopTestingError(code: .timedOut, description: "Chromium never showed a window titled \"\(title)\".")
    }
}

/// Starts the browser once and stops it when the test process exits.
private actor BrowserStore {
    private var started: Browser?

    func browser() async throws -> Browser {
        if let started { return started }
        let browser = try await Browser()
        started = browser
        Self.running.withLock { $0 = browser }
        atexit { BrowserStore.running.withLock { $0?.stop() } }
        return browser
    }

    static let running = Mutex<Browser?>(nil)
}
