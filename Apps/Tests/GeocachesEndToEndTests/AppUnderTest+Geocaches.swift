import AppSupport
import AppTesting
import DesktopTesting
import Foundation
import Testing

/// The geocache apps through the shared end-to-end harness: started with a
/// temporary data folder, placed, and read back through `--export-json`.
extension AppUnderTest {
    /// CacheMaker at the screen's top left, once its sample cards show (or
    /// on the data of `dataDirectory`, with `cards` cards).
    static func cacheMaker(dataDirectory: URL? = nil, cards: Int = 6) async throws -> AppUnderTest {
        let app = try launch("CacheMaker", dataDirectory: dataDirectory)
        try await app.place(at: (0, 0))
        try await app.waitForLayout("\(cards) cards show", seconds: startSeconds) { $0.names("cards").count == cards }
        return app
    }

    /// CacheEditor to the right of CacheMaker, once its detail shows.
    static func cacheEditor() async throws -> AppUnderTest {
        let app = try launch("CacheEditor")
        try await app.place(at: (720, 0))
        _ = try await app.waitForRect("widgets", "detail", seconds: startSeconds)
        return app
    }

    /// How long an app may take to show its window: generous, since the
    /// tests share two cores with builds.
    static let startSeconds = 40.0

    /// Moves the app's first window to `point` once it shows.
    func place(at point: Pointer.Point) async throws {
        try await window(seconds: Self.startSeconds).move(to: point)
    }

    /// Gives the app's window the keyboard focus (no window manager does it on a click).
    func focus() async throws {
        let window = try await window()
        _ = try X11Tools.xdotool(["windowfocus", "--sync", String(window.id)])
    }

    /// The rect of `path` in the layout now.
    func rect(_ path: String...) throws -> LayoutRect {
        let layout = try #require(layout, "\(process.name) wrote no layout")
        return try #require(layout.json.value(at: path)?.rect, "\(process.name) shows no \(path.joined(separator: "/"))")
    }

    /// The names in each lane of CacheMaker's store.
    func lanes() throws -> Lanes {
        Lanes(export: try export())
    }

    /// Waits (up to `seconds`) until the app's export satisfies `condition`,
    /// and returns the last export read.
    @discardableResult
    func waitForExport(seconds: Double = 10, until condition: (JSONValue) -> Bool) async throws -> JSONValue {
        let deadline = Date().addingTimeInterval(seconds)
        var last = try export()
        while !condition(last) && Date() < deadline {
            try await Task.sleep(for: .milliseconds(200))
            last = try export()
        }
        return last
    }

    /// Waits until CacheMaker's store holds `expected`.
    func waitForLanes(_ expected: Lanes, seconds: Double = 10) async throws {
        let last = try await waitForExport(seconds: seconds) { Lanes(export: $0) == expected }
        #expect(Lanes(export: last) == expected)
    }

    /// Waits until CacheEditor shows the geocache named `name`, and returns
    /// it as exported (or what it shows at the deadline).
    func waitForShown(_ name: String, seconds: Double = 10) async throws -> JSONValue? {
        try await waitForExport(seconds: seconds) { $0["geocache"]?["name"]?.string == name }["geocache"]
    }
}

/// The card names of CacheMaker's two lanes, in order.
struct Lanes: Equatable, CustomStringConvertible {
    var inProgress: [String]
    var completed: [String]

    /// The lanes of CacheMaker's `--export-json`.
    init(export board: JSONValue) {
        func names(_ lane: String) -> [String] { board[lane]?.array?.compactMap { $0["name"]?.string } ?? [] }
        self.init(inProgress: names("inProgress"), completed: names("completed"))
    }

    init(inProgress: [String], completed: [String]) {
        self.inProgress = inProgress
        self.completed = completed
    }

    static let samples = Lanes(inProgress: ["Old Oak", "Harbour Light", "Mill Race", "Dune Top"],
                               completed: ["Station Clock", "Canal Bridge"])

    var description: String { "in progress \(inProgress), completed \(completed)" }
}

extension Pointer {
    /// Presses on `start` and drags to `end` without letting go, as a person
    /// hovering before the drop.
    static func pressAndDrag(from start: Pointer.Point, to end: Pointer.Point) throws {
        var commands = ["mousemove", String(start.x), String(start.y), "sleep", "0.05", "mousedown", "1"]
        for step in 1...20 {
            commands += ["sleep", "0.03", "mousemove", String(start.x + (end.x - start.x) * step / 20),
                         String(start.y + (end.y - start.y) * step / 20)]
        }
        try X11Tools.xdotool(commands)
    }

    /// Lets go at `point` after a last one-pixel move (the target sees a
    /// motion there).
    static func release(at point: Pointer.Point) throws {
        try X11Tools.xdotool(["mousemove", String(point.x + 1), String(point.y + 1), "sleep", "0.2", "mouseup", "1"])
    }
}
