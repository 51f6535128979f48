import Foundation

/// Drives the X pointer with xdotool the way a person drags: press, move in
/// small steps, a last 1-pixel move so the target sees a motion at the final
/// spot, release.
enum Pointer {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Drags from `start` to `end` in `steps` moves of ~30 ms, then (with
    /// `holdSeconds`) stays at `end` that long before releasing: wiggling a
    /// pixel, or perfectly still with `wiggle` false.
    static func drag(
        from start: (x: Int, y: Int), to end: (x: Int, y: Int), steps: Int = 20,
        holdSeconds: Double = 0, wiggle: Bool = true
    ) throws {
        var commands = ["mousemove", String(start.x), String(start.y), "sleep", "0.05", "mousedown", "1"]
        for step in 1...steps {
            let x = start.x + (end.x - start.x) * step / steps
            let y = start.y + (end.y - start.y) * step / steps
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
        try run(commands)
    }

    /// Moves the pointer out of the way (top-right corner).
    static func park() throws {
        try run(["mousemove", "1270", "790"])
    }

    /// Runs one xdotool command line.
    static func run(_ arguments: [String]) throws {
        _ = try output(arguments)
    }

    /// The geometries (`WxH+X+Y`) of the root window's children, from
    /// xwininfo (Debian's x11-utils).
    static func topLevelGeometries() throws -> [String] {
        let tree = try output(["-root", "-children"], tool: "/usr/bin/xwininfo")
        return tree.split(separator: "\n").compactMap { line in
            line.split(separator: " ").first { $0.contains("x") && $0.contains("+") && $0.first?.isNumber == true }
                .map(String.init)
        }
    }

    /// Runs one xdotool command line and returns what it printed.
    static func output(_ arguments: [String], tool: String = "/usr/bin/xdotool") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let errors = Pipe()
        let printed = Pipe()
        process.standardError = errors
        process.standardOutput = printed
        do {
            try process.run()
        } catch {
            throw Failure(description: "\(tool) could not be started (\(error)); install the Debian packages xdotool and x11-utils.")
        }
        let text = String(decoding: printed.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw Failure(description: "\(tool) \(arguments.prefix(3).joined(separator: " ")) failed: \(message)")
        }
        return text
    }
}
