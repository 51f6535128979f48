import AppTesting
import DesktopTesting
import Foundation
import Testing

/// Every app started outside a desktop session, with no D-Bus session bus
/// (a bare Xvfb, a program started by a service): its window shows and it
/// prints no GLib warning or critical. The other end-to-end tests run with
/// GTK's accessibility off (scripts/with-xvfb sets `GTK_A11Y=none`); these
/// start the apps without that variable, as a person's shell does.
@Suite("Apps without a session bus", .serialized, .exclusiveDesktop, .enabled(if: X11Tools.isDisplayAvailable,
       "No DISPLAY set: run under scripts/with-xvfb (needs xvfb and dbus-daemon)."))
struct SessionBusEndToEndTests {
    static let apps = ["CacheMaker", "CacheEditor", "Contacts", "DoIt"]

    @Test("With no session bus, the app starts without a GTK warning", arguments: apps)
    func startsQuietlyWithoutSessionBus(app name: String) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let warnings = try await warningsAtStart(of: name, environment: [
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(folder.url.appendingPathComponent("no-bus").path)",
        ])
        #expect(warnings == [], "\(name) printed GLib warnings without a session bus")
    }

    /// An accessibility bus reachable without a session bus: the display's
    /// `AT_SPI_BUS` property left by an earlier session, or (as here, for
    /// this process alone) `AT_SPI_BUS_ADDRESS`. GTK 4.8 connected to it and
    /// exported every widget of the app under no object path.
    @Test("With no session bus but an accessibility bus, the app starts without a GLib critical", arguments: apps)
    func startsQuietlyBesideAnAccessibilityBus(app name: String) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bus = try await MessageBus.start(in: folder.url)
        defer { bus.stop() }
        let warnings = try await warningsAtStart(of: name, environment: [
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(folder.url.appendingPathComponent("no-bus").path)",
            "AT_SPI_BUS_ADDRESS": bus.address,
        ])
        #expect(warnings == [], "\(name) printed GLib criticals beside an accessibility bus")
    }

    /// Starts the app `name` with `environment` and without `GTK_A11Y`,
    /// waits until its window shows and its layout settles, and returns the
    /// GLib warning and critical lines it printed.
    func warningsAtStart(of name: String, environment: [String: String]) async throws -> [String] {
        let app = try AppUnderTest.launch(name, environment: environment, unsetting: ["GTK_A11Y"])
        defer { app.cleanUp() }
        _ = try await app.window(seconds: 40)
        try await app.waitForLayout("\(name)'s window shows", seconds: 40)
        return app.process.gtkWarnings
    }
}

/// A folder of its own under the temporary folder.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("dragkit-bus-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// A D-Bus message bus of the test's own (`dbus-daemon`), listening on a
/// socket in a folder.
struct MessageBus {
    let process: AppProcess
    /// Its address, for `DBUS_SESSION_BUS_ADDRESS` or `AT_SPI_BUS_ADDRESS`.
    let address: String

    /// Starts the bus on the socket `bus` in `folder` and waits until it listens.
    ///
    /// - Throws: ``DesktopTestingError`` when it does not listen within 10 seconds.
    static func start(in folder: URL) async throws -> MessageBus {
        let socket = folder.appendingPathComponent("bus")
        let address = "unix:path=\(socket.path)"
        let process = try AppProcess("dbus-daemon", executable: URL(fileURLWithPath: "/usr/bin/dbus-daemon"),
                                     arguments: ["--session", "--nofork", "--address=\(address)"])
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: socket.path) {
            guard Date() < deadline, process.isRunning else {
                throw process.timeout("did not listen on \(socket.path) within 10 s")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return MessageBus(process: process, address: address)
    }

    func stop() {
        process.stop()
    }
}
