import DesktopTesting
import Foundation

/// A window a test has placed on the screen, with its widgets' screen rects.
struct PlacedWindow {
    let xid: Int
    let origin: (x: Int, y: Int)
    let widgets: [String: [Int]]

    /// The screen point at the centre of `widget` (offset by `dx`, `dy`).
    func center(of widget: String, dx: Int = 0, dy: Int = 0) -> (x: Int, y: Int) {
        let rect = widgets[widget] ?? [0, 0, 0, 0]
        return (origin.x + rect[0] + rect[2] / 2 + dx, origin.y + rect[1] + rect[3] / 2 + dy)
    }

    /// The screen point of row `row` of the list widget `list` (32-point
    /// rows), 60 points in and `dy` from the row's centre.
    func rowPoint(_ list: String, row: Int, dy: Int = 0) -> (x: Int, y: Int) {
        let rect = widgets[list] ?? [0, 0, 0, 0]
        return (origin.x + rect[0] + 60, origin.y + rect[1] + row * 32 + 16 + dy)
    }

    /// A screen point inside `widget`, at fractions of its width and height.
    func point(in widget: String, atX fx: Double, y fy: Double) -> (x: Int, y: Int) {
        let rect = widgets[widget] ?? [0, 0, 0, 0]
        return (origin.x + rect[0] + Int(Double(rect[2]) * fx), origin.y + rect[1] + Int(Double(rect[3]) * fy))
    }
}

extension AppProcess {
    /// Waits for the window with `role` to be ready and moves it to (x, y).
    func place(role: String, at x: Int, _ y: Int) async throws -> PlacedWindow {
        let ready = try await waitFor("ready") { $0["role"] as? String == role }
        let xid = ready["xid"] as? Int ?? 0
        let widgets = (ready["widgets"] as? [String: [Int]]) ?? [:]
        try await ScreenWindow(id: xid).move(to: (x, y))
        return PlacedWindow(xid: xid, origin: (x, y), widgets: widgets)
    }
}
