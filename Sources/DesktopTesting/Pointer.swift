/// Drives the X pointer with xdotool the way a person does. A drag presses,
/// moves in small steps, makes a last 1-pixel move so the target sees a
/// motion at the final spot, and releases: the recipe that made real GTK
/// drags succeed every time under Xvfb, between processes too.
///
/// ```swift
/// try Pointer.drag(from: (100, 120), to: (700, 300))
/// ```
public enum Pointer {
    /// A point on the screen, in root-window pixels.
    public typealias Point = (x: Int, y: Int)

    /// Drags from `start` to `end` in `steps` moves of ~30 ms, then (with
    /// `holdSeconds`) stays at `end` that long before releasing: wiggling a
    /// pixel, or perfectly still with `wiggle` false.
    public static func drag(
        from start: Point, to end: Point, steps: Int = 20, holdSeconds: Double = 0, wiggle: Bool = true
    ) throws(DesktopTestingError) {
        var commands = ["mousemove", String(start.x), String(start.y), "sleep", "0.05", "mousedown", "1"]
        for step in 1...max(1, steps) {
            let x = start.x + (end.x - start.x) * step / max(1, steps)
            let y = start.y + (end.y - start.y) * step / max(1, steps)
            commands += ["sleep", "0.03", "mousemove", String(x), String(y)]
        }
        if wiggle {
            for tick in 0..<Int(holdSeconds / 0.05) {
                commands += ["sleep", "0.05", "mousemove", String(end.x + tick % 2), String(end.y)]
            }
        } else if holdSeconds > 0 {
            commands += ["sleep", String(holdSeconds)]
        }
        commands += ["sleep", "0.05", "mousemove", String(end.x + 1), String(end.y + 1),
                     "sleep", "0.1", "mouseup", "1"]
        try X11Tools.xdotool(commands)
    }

    /// Clicks `button` (1: primary) at `point`.
    public static func click(at point: Point, button: Int = 1) throws(DesktopTestingError) {
        try X11Tools.xdotool(["mousemove", String(point.x), String(point.y), "sleep", "0.05", "click", String(button)])
    }

    /// Moves the pointer to `point` without pressing.
    public static func move(to point: Point) throws(DesktopTestingError) {
        try X11Tools.xdotool(["mousemove", String(point.x), String(point.y)])
    }

    /// Clicks at `point` while holding `modifiers` (`["ctrl"]`, `["shift"]`),
    /// as a Ctrl- or Shift-click.
    public static func click(at point: Point, holding modifiers: [String]) throws(DesktopTestingError) {
        var commands = ["mousemove", String(point.x), String(point.y), "sleep", "0.05"]
        for key in modifiers { commands += ["keydown", key] }
        commands += ["sleep", "0.05", "click", "1", "sleep", "0.05"]
        for key in modifiers.reversed() { commands += ["keyup", key] }
        try X11Tools.xdotool(commands)
    }

    /// Presses at `start` and moves to `end` in small steps without
    /// releasing, so a test can look at the drag under way; end it with
    /// ``release(at:)``.
    public static func press(at start: Point, andMoveTo end: Point, steps: Int = 20) throws(DesktopTestingError) {
        var commands = ["mousemove", String(start.x), String(start.y), "sleep", "0.05", "mousedown", "1"]
        for step in 1...max(1, steps) {
            let x = start.x + (end.x - start.x) * step / max(1, steps)
            let y = start.y + (end.y - start.y) * step / max(1, steps)
            commands += ["sleep", "0.03", "mousemove", String(x), String(y)]
        }
        try X11Tools.xdotool(commands)
    }

    /// Ends a drag begun with ``press(at:andMoveTo:steps:)`` at `point`.
    public static func release(at point: Point) throws(DesktopTestingError) {
        try X11Tools.xdotool(["mousemove", String(point.x + 1), String(point.y + 1), "sleep", "0.1",
                              "mousemove", String(point.x), String(point.y), "sleep", "0.1", "mouseup", "1"])
    }
}
