import Foundation

/// A top-level X11 window on the screen, found by id, title or process, and
/// moved the way a window manager would (GTK 4 apps cannot place
/// themselves; under Xvfb no window manager does it either).
///
/// ```swift
/// let window = try await ScreenWindow.find(title: "Contacts")
/// try await window.move(to: (600, 0))
/// ```
public struct ScreenWindow: Sendable, Hashable {
    /// The X11 window id.
    public let id: Int

    public init(id: Int) {
        self.id = id
    }

    /// Waits (up to `seconds`) for a visible window whose title matches
    /// `title` exactly, and returns the first one. Gives up early, with
    /// `.launchFailed`, once `isRunning` says the process that should show
    /// it has exited (a window will not come then).
    public static func find(title: String, seconds: Double = 20, isRunning: () -> Bool = { true }) async throws -> ScreenWindow {
        let pattern = "^" + NSRegularExpression.escapedPattern(for: title) + "$"
        return try await find(["--onlyvisible", "--name", pattern], what: "a window titled '\(title)'", seconds: seconds,
                              isRunning: isRunning)
    }

    /// Waits (up to `seconds`) for a visible window of process `pid`; gives
    /// up early as ``find(title:seconds:isRunning:)`` does.
    public static func find(pid: Int32, seconds: Double = 20,
                            isRunning: () -> Bool = { true }) async throws -> ScreenWindow {
        try await find(["--onlyvisible", "--pid", String(pid)], what: "a window of process \(pid)", seconds: seconds,
                       isRunning: isRunning)
    }

    private static func find(_ query: [String], what: String, seconds: Double,
                             isRunning: () -> Bool) async throws -> ScreenWindow {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            // xdotool search exits 1 when nothing matches yet.
            if let output = try? X11Tools.xdotool(["search"] + query),
               let id = output.split(separator: "\n").compactMap({ Int($0) }).first {
                return ScreenWindow(id: id)
            }
            guard isRunning() else {
                throw DesktopTestingError(code: .launchFailed, description: "The process exited before showing \(what).")
            }
            try await Task.sleep(for: .milliseconds(50))
        } while Date() < deadline
        throw DesktopTestingError(code: .timedOut, description: "No visible window showed up within \(seconds) s: looked for \(what).")
    }

    /// Where the window's top-left corner is on the screen.
    public func position() throws(DesktopTestingError) -> Pointer.Point {
        let output = try X11Tools.xdotool(["getwindowgeometry", String(id)])
        // "  Position: 600,0 (screen: 0)"
        guard let line = output.split(separator: "\n").first(where: { $0.contains("Position:") }),
              let pair = line.split(separator: " ").dropFirst().first(where: { $0.contains(",") }) else {
            throw DesktopTestingError(code: .toolFailed, description: "xdotool getwindowgeometry printed no position: \(output)")
        }
        let numbers = pair.split(separator: ",").compactMap { Int($0) }
        return (numbers.first ?? 0, numbers.last ?? 0)
    }

    /// Moves the window so its top-left corner is at `point`, and waits
    /// (up to 2 s) until the X server reports it there.
    public func move(to point: Pointer.Point) async throws {
        // No --sync: it waits for a change, forever when the window already
        // sits at the point. Poll the geometry instead.
        try X11Tools.xdotool(["windowmove", String(id), String(point.x), String(point.y)])
        for _ in 0..<100 {
            if try position() == point { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw DesktopTestingError(code: .timedOut, description: "Window \(id) did not reach \(point.x),\(point.y) within 2 s.")
    }
}
