import DesktopTesting
import Foundation

/// Two processes a cross-process test drags between: the source's window
/// placed at (0, 0), the target's at (600, 0), side by side on the screen.
struct ProcessPair {
    let source: AppProcess
    let target: AppProcess
    /// The source process's window the drag starts in.
    let from: PlacedWindow
    /// The target process's window the drag ends in.
    let to: PlacedWindow

    /// Waits for the window with `sourceRole` of `source` and the one with
    /// `targetRole` of `target`, and places them side by side. Stops both
    /// processes when either window never shows up.
    static func place(
        _ source: AppProcess, role sourceRole: String, beside target: AppProcess, role targetRole: String
    ) async throws -> ProcessPair {
        do {
            let from = try await source.place(role: sourceRole, at: 0, 0)
            let to = try await target.place(role: targetRole, at: 600, 0)
            return ProcessPair(source: source, target: target, from: from, to: to)
        } catch {
            source.stop()
            target.stop()
            throw error
        }
    }

    /// Drags the `handle` widget of the source window onto the centre of the
    /// `widget` of the target window, and returns the target's `received`
    /// event (waiting up to `seconds` for it).
    @discardableResult
    func drop(_ handle: String, onto widget: String = "target", seconds: Double = 10) async throws -> [String: any Sendable] {
        try Pointer.drag(from: from.center(of: handle), to: to.center(of: widget))
        return try await target.waitFor("received", seconds: seconds)
    }

    /// Stops both processes.
    func stop() {
        source.stop()
        target.stop()
    }
}
