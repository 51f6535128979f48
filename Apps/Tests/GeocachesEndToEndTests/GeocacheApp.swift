import DesktopTesting
import Foundation
import Testing

/// One of the geocache apps running for a test: the real executable with
/// its own temporary data folder and a `--dump-layout` file, placed on the
/// screen where the test wants it.
final class GeocacheApp: Sendable {
    let name: String
    let dataFolder: URL
    let layoutFile: URL
    let process: AppProcess

    /// Starts `name` (CacheMaker or CacheEditor), waits for its first
    /// layout and moves its window to `origin`.
    init(_ name: String, at origin: Pointer.Point, dataFolder: URL? = nil) async throws {
        self.name = name
        let folder = dataFolder ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("geocaches-e2e-\(name)-\(UUID().uuidString)")
        self.dataFolder = folder
        layoutFile = folder.appendingPathComponent("layout.json")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: layoutFile)
        process = try AppProcess(name, executable: Self.executable(name),
                                 arguments: ["--data-dir", folder.path, "--dump-layout", layoutFile.path])
        let window = try await ScreenWindow.find(pid: process.processIdentifier)
        try await window.move(to: origin)
        try await waitForLayout("its window is at \(origin)") { layout in
            let frame = layout["windows"]?[name]
            return frame?["x"] == Double(origin.x) && frame?["y"] == Double(origin.y)
        }
    }

    /// The executable, built next to the test bundle.
    static func executable(_ name: String) -> URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
    }

    // MARK: - Layout

    typealias Layout = [String: [String: [String: Double]]]

    /// The layout file now: group -> name -> frame (x, y, width, height; a
    /// card also has its lane, which is left out here).
    func layout() -> Layout {
        guard let data = try? Data(contentsOf: layoutFile),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: [String: [String: Any]]] else { return [:] }
        return object.mapValues { $0.mapValues { $0.compactMapValues { $0 as? Double } } }
    }

    /// The lane each card is in, by the layout file.
    func cardLanes() -> [String: String] {
        guard let data = try? Data(contentsOf: layoutFile),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let cards = object["cards"] as? [String: [String: Any]] else { return [:] }
        return cards.compactMapValues { $0["lane"] as? String }
    }

    /// Waits until the layout satisfies `condition` and stays the same for
    /// 200 ms.
    @discardableResult
    func waitForLayout(_ what: String, seconds: Double = 15, _ condition: (Layout) -> Bool) async throws -> Layout {
        let deadline = Date().addingTimeInterval(seconds)
        var previous: Layout?
        while Date() < deadline {
            let current = layout()
            if condition(current) && current == previous { return current }
            previous = current
            try await Task.sleep(for: .milliseconds(200))
        }
        throw process.timeout("never wrote a layout where \(what); last: \(layout())")
    }

    /// The centre of `name` in `group`, or of a point `fraction` of the way
    /// down it.
    func point(_ group: String, _ name: String, fraction: Double = 0.5) throws -> Pointer.Point {
        let frame = try #require(layout()[group]?[name], "\(self.name) shows no \(group)/\(name): \(layout())")
        return (Int(frame["x"]! + frame["width"]! / 2), Int(frame["y"]! + frame["height"]! * fraction))
    }

    // MARK: - Data

    /// What `--export-json` prints for the app's data folder (read while
    /// the app runs, as a second process would).
    func export() throws -> [String: Any] {
        let exporter = Process()
        exporter.executableURL = Self.executable(name)
        exporter.arguments = ["--data-dir", dataFolder.path, "--export-json"]
        let output = Pipe()
        let errors = Pipe()
        exporter.standardOutput = output
        exporter.standardError = errors
        try exporter.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        exporter.waitUntilExit()
        #expect(exporter.terminationStatus == 0, "\(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The names in each lane of CacheMaker's export.
    func lanes() throws -> (inProgress: [String], completed: [String]) {
        let board = try export()
        func names(_ lane: String) -> [String] {
            (board[lane] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        }
        return (names("inProgress"), names("completed"))
    }

    /// Waits until CacheMaker's store holds `expected` lanes.
    func waitForLanes(_ expected: (inProgress: [String], completed: [String]), seconds: Double = 10) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        var last = try lanes()
        while Date() < deadline {
            if last == expected { return }
            try await Task.sleep(for: .milliseconds(200))
            last = try lanes()
        }
        #expect(last == expected)
    }

    /// Waits until CacheEditor shows the geocache named `name`, and returns
    /// it as exported (or what it shows at the deadline).
    func waitForShown(_ name: String, seconds: Double = 10) async throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(seconds)
        var shown: [String: Any] = [:]
        repeat {
            shown = try export()["geocache"] as? [String: Any] ?? [:]
            if shown["name"] as? String == name { break }
            try await Task.sleep(for: .milliseconds(200))
        } while Date() < deadline
        return shown
    }

    func stop() {
        process.stop()
        try? FileManager.default.removeItem(at: dataFolder)
    }
}

/// The foreign GTK app of the library's end-to-end fixtures, written in
/// Python without DragKit.
enum ForeignClient {
    static var script: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/EndToEndTests/Fixtures/foreign_client.py")
    }

    /// Starts it with `arguments` at `origin` and returns it with the
    /// root-window centres of its widgets.
    static func start(_ arguments: [String], at origin: Pointer.Point) async throws -> (AppProcess, [String: Pointer.Point]) {
        let process = try AppProcess("foreign \(arguments.first ?? "")", executable: URL(fileURLWithPath: "/usr/bin/python3"),
                                     arguments: [script.path] + arguments)
        let ready = try await process.waitFor("ready")
        let window = ScreenWindow(id: try #require(ready["xid"] as? Int))
        try await window.move(to: origin)
        let widgets = try #require(ready["widgets"] as? [String: [Int]])
        return (process, widgets.mapValues { ($0[0] + origin.x + $0[2] / 2, $0[1] + origin.y + $0[3] / 2) })
    }
}
