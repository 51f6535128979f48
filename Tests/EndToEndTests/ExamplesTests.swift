import DesktopTesting
import Foundation
import Testing

extension EndToEnd {
    /// The programs in Examples/: GTK windows DragKit did not make, given
    /// drag and drop through the backend alone. Real pointer drags go into
    /// and out of each, and between them and a DragKit app (the gallery).
    @Suite("Examples: drag and drop in any GTK program")
    struct ExamplesTests {
        @Test("Plain GTK (C API): a drag from its source label onto its target label in the same window")
        func plainWithinItsWindow() async throws {
            let example = try await ExampleWindow.launch("PlainGTKExample", at: (0, 0))
            defer { example.stop() }

            try Pointer.drag(from: example.source, to: example.target)
            #expect(try await example.waitForDrop() == "Hello from plain GTK")
        }

        @Test("A .ui window: a drag from its source onto its target, both found by id")
        func builderWithinItsWindow() async throws {
            let example = try await ExampleWindow.launch("BuilderUIExample", at: (0, 0))
            defer { example.stop() }

            try Pointer.drag(from: example.source, to: example.target)
            #expect(try await example.waitForDrop() == "Hello from a .ui file")
        }

        @Test("Out of the plain GTK program into the .ui program, another process")
        func plainToBuilder() async throws {
            let plain = try await ExampleWindow.launch("PlainGTKExample", at: (0, 0))
            defer { plain.stop() }
            let builder = try await ExampleWindow.launch("BuilderUIExample", at: (600, 0))
            defer { builder.stop() }

            try Pointer.drag(from: plain.source, to: builder.target)
            #expect(try await builder.waitForDrop() == "Hello from plain GTK")
        }

        @Test("Between each example and a DragKit app: the gallery's text into the example, the example's text into the gallery",
              arguments: [("PlainGTKExample", "Hello from plain GTK"), ("BuilderUIExample", "Hello from a .ui file")])
        func exampleAndGallery(example name: String, text: String) async throws {
            let gallery = try AppProcess.gallery("window")
            defer { gallery.stop() }
            let window = try await gallery.place(role: "window", at: 0, 0)
            let example = try await ExampleWindow.launch(name, at: (600, 0))
            defer { example.stop() }

            try Pointer.drag(from: window.center(of: "text"), to: example.target)
            #expect(try await example.waitForDrop() == "Hello from DragKit")

            try Pointer.drag(from: example.source, to: window.center(of: "target"))
            let received = try await gallery.waitFor("received")
            #expect(received["text"] as? String == text, "\(received)")
            #expect(received["local"] as? Bool == false)
        }
    }
}

/// A running example program: its window placed on the screen, its source
/// label in the left half and its target in the right half (both examples
/// lay out a homogeneous row of two labels).
struct ExampleWindow {
    let process: AppProcess
    let origin: Pointer.Point
    let size: (width: Int, height: Int)

    var source: Pointer.Point { (origin.x + size.width / 4, origin.y + size.height / 2) }
    var target: Pointer.Point { (origin.x + size.width * 3 / 4, origin.y + size.height / 2) }

    /// Starts the example executable `name` and places its window at `point`.
    static func launch(_ name: String, at point: Pointer.Point) async throws -> ExampleWindow {
        let process = try AppProcess(name, executable: Desktop.executable(name), arguments: [])
        do {
            let window = try await ScreenWindow.find(pid: process.processIdentifier, isRunning: { process.isRunning })
            try await window.move(to: point)
            let geometry = try X11Tools.xdotool(["getwindowgeometry", String(window.id)])
            // "  Geometry: 400x160"
            let numbers = geometry.split(separator: "\n").first { $0.contains("Geometry:") }?
                .split(separator: " ").last?.split(separator: "x").compactMap { Int($0) } ?? []
            guard numbers.count == 2 else {
                throw DesktopTestingError(code: .toolFailed, description: "xdotool printed no geometry: \(geometry)")
            }
            // The window is mapped; give GTK a moment to lay it out and
            // realize the drop targets before the pointer arrives.
            try await Task.sleep(for: .milliseconds(300))
            return ExampleWindow(process: process, origin: point, size: (numbers[0], numbers[1]))
        } catch {
            process.stop()
            throw error
        }
    }

    /// Waits for the example to print the text dropped on its target.
    func waitForDrop(seconds: Double = 10) async throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let line = process.lines.first(where: { $0.hasPrefix("Dropped: ") }) {
                return String(line.dropFirst("Dropped: ".count))
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw process.timeout("printed no 'Dropped:' line within \(seconds) s")
    }

    func stop() {
        process.stop()
    }
}
