import DesktopTesting
import Foundation
import Testing
import VCard

/// The Contacts app and the foreign GTK client under a real X display.
enum ContactsDesktop {
    static var isAvailable: Bool { X11Tools.isDisplayAvailable }

    static let skipReason: Comment = "No DISPLAY set: run under scripts/with-xvfb (needs xvfb, xdotool, python3-gi, gir1.2-gtk-4.0)."

    /// The Contacts executable, built next to the test bundle.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("Contacts")
    }

    /// The foreign (non-DragKit) GTK client of the library's end-to-end tests.
    static var foreignClientScript: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/EndToEndTests/Fixtures/foreign_client.py")
    }

    /// A fresh temporary folder.
    static func temporaryFolder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("contacts-e2e-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Starts the foreign client and places its window at `origin`.
    static func foreignClient(_ arguments: [String], at origin: Pointer.Point) async throws -> (AppProcess, [String: [Int]]) {
        let client = try AppProcess("foreign \(arguments[0])", executable: URL(fileURLWithPath: "/usr/bin/python3"),
                                    arguments: [foreignClientScript.path] + arguments)
        let ready = try await client.waitFor("ready")
        try await ScreenWindow(id: ready["xid"] as? Int ?? 0).move(to: origin)
        let widgets = (ready["widgets"] as? [String: [Int]] ?? [:]).mapValues { rect in
            [origin.x + rect[0], origin.y + rect[1], rect[2], rect[3]]
        }
        return (client, widgets)
    }

    /// The centre of a foreign widget rect (screen coordinates).
    static func center(_ rect: [Int]?) -> Pointer.Point {
        let rect = rect ?? [0, 0, 0, 0]
        return (rect[0] + rect[2] / 2, rect[1] + rect[3] / 2)
    }
}

/// One running Contacts process with its own data folder and layout file.
final class ContactsProcess {
    let folder: URL
    let process: AppProcess
    var layoutFile: URL { folder.appendingPathComponent("layout.json") }
    var dataFolder: URL { folder.appendingPathComponent("data") }

    /// Starts Contacts; with `cards`, its store holds those instead of the samples.
    init(_ name: String, cards: [VCard]? = nil) async throws {
        folder = try ContactsDesktop.temporaryFolder(name)
        if let cards {
            // Seed the store through the app's own import path: a first run
            // creates the samples, which the test then replaces.
            try Self.seed(folder.appendingPathComponent("data"), with: cards)
        }
        process = try AppProcess(name, executable: ContactsDesktop.executable,
                                 arguments: ["--data-dir", folder.appendingPathComponent("data").path,
                                             "--dump-layout", folder.appendingPathComponent("layout.json").path])
    }

    private static func seed(_ folder: URL, with cards: [VCard]) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = try ContactStoreSeeder(folder: folder)
        try store.replace(with: cards)
    }

    /// Moves the window to `origin` and waits for the layout to show it there.
    func place(at origin: Pointer.Point) async throws -> Layout {
        let window = try await ScreenWindow.find(pid: process.processIdentifier)
        try await window.move(to: origin)
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let layout = try? layout(), let table = layout.table, table.x >= Double(origin.x), table.x < Double(origin.x + 40),
               !layout.rows.isEmpty {
                return layout
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw process.timeout("never reported its layout at \(origin)")
    }

    /// Gives the window the keyboard focus (there is no window manager to do it on a click).
    func focus() async throws {
        let window = try await ScreenWindow.find(pid: process.processIdentifier)
        _ = try X11Tools.xdotool(["windowfocus", "--sync", String(window.id)])
    }

    func layout() throws -> Layout {
        try JSONDecoder().decode(Layout.self, from: Data(contentsOf: layoutFile))
    }

    /// The contacts as `Contacts --export-json` prints them (the app keeps running).
    func exported() throws -> [[String: Any]] {
        let export = Process()
        export.executableURL = ContactsDesktop.executable
        export.arguments = ["--data-dir", dataFolder.path, "--export-json"]
        let out = Pipe()
        export.standardOutput = out
        try export.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        export.waitUntilExit()
        return (try JSONSerialization.jsonObject(with: data) as? [[String: Any]]) ?? []
    }

    /// The exported names, waiting (up to `seconds`) until `done` holds for them.
    func names(waitingUntil done: ([String]) -> Bool, seconds: Double = 10) async throws -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        var names: [String] = []
        while Date() < deadline {
            names = try exported().map { $0["fn"] as? String ?? "" }
            if done(names) { return names }
            try await Task.sleep(for: .milliseconds(100))
        }
        return names
    }

    func stop() {
        process.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// The app's --dump-layout file.
struct Layout: Decodable {
    struct Rect: Decodable {
        let x, y, width, height: Double
        var center: Pointer.Point { (Int(x + width / 2), Int(y + height / 2)) }
        /// A point `fraction` of the way down, 40 points in.
        func point(down fraction: Double) -> Pointer.Point { (Int(x + 40), Int(y + height * fraction)) }
    }

    let table: Rect?
    let rows: [String: Rect]
    let photo: Rect?
}
