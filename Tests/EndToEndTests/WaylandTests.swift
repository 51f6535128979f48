import DesktopTesting
import Foundation
import Testing

extension EndToEnd {
    /// The gallery on GTK's Wayland backend under a headless sway, with real
    /// pointer drags through sway's virtual-pointer protocol. It needs no X
    /// display, but runs with the other end-to-end tests, one at a time, so
    /// their timing-sensitive drags do not compete for the CPU.
    @Suite("Under Wayland (headless sway)",
           .enabled(if: WaylandDesktop.isInstalled, "Debian's sway is not installed: run scripts/setup."))
    struct WaylandTests {
        @Test("Text dragged to another process arrives; only the type read is produced")
        func textBetweenProcesses() async throws {
            try await Self.betweenGalleries { desktop, source, target, from, to in
                try desktop.drag(from: from.center(of: "text"), to: to.center(of: "target"))
                let received = try await target.waitFor("received")
                #expect(received["text"] as? String == "Hello from DragKit")
                #expect(received["type"] as? String == "public.utf8-plain-text")
                #expect(received["local"] as? Bool == false)
                let end = try await source.waitFor("drag-end")
                #expect(end["operation"] as? String == "copy")
                #expect(source.events(named: "produced").compactMap { $0["mime"] as? String } == ["text/plain;charset=utf-8"])
            }
        }

        @Test("A file dragged to another process arrives as a file typed by its name")
        func fileBetweenProcesses() async throws {
            try await Self.betweenGalleries { desktop, _, target, from, to in
                try desktop.drag(from: from.center(of: "file"), to: to.center(of: "target"))
                let received = try await target.waitFor("received")
                #expect(received["type"] as? String == "public.file-url")
                #expect(received["fileType"] as? String == "public.png")
                #expect((received["paths"] as? [String])?.first?.hasSuffix(".png") == true)
            }
        }

        @Test("A drag within one window is a local drop with localObject and localContext")
        func withinWindow() async throws {
            let desktop = try await WaylandDesktop(name: Self.socketName)
            defer { desktop.stop() }
            let gallery = try AppProcess.gallery("window", environment: desktop.clientEnvironment)
            defer { gallery.stop() }
            let window = try await desktop.place(gallery, role: "window", title: "DragKit Gallery", at: 100, 100)

            try desktop.drag(from: window.center(of: "text"), to: window.center(of: "target", dx: -40))

            let received = try await gallery.waitFor("received")
            #expect(received["local"] as? Bool == true)
            #expect(received["localObject"] as? String == "local object from text")
            #expect(received["localContext"] as? String == "context from text")
            #expect(gallery.events(named: "produced").isEmpty)
        }

        /// The socket is `wayland-dragkit-N`, N the X display number the run
        /// was given, so parallel runs on one machine never share a name.
        private static var socketName: String {
            "dragkit-\(ProcessInfo.processInfo.environment["XVFB_DISPLAY"] ?? String(getpid()))"
        }

        /// A gallery's sources window at (0, 0) and another gallery's target at
        /// (600, 0) under a fresh compositor, handed to `body`.
        private static func betweenGalleries(
            _ body: (WaylandDesktop, AppProcess, AppProcess, PlacedWindow, PlacedWindow) async throws -> Void
        ) async throws {
            let desktop = try await WaylandDesktop(name: socketName)
            defer { desktop.stop() }
            let source = try AppProcess.gallery("source", environment: desktop.clientEnvironment)
            defer { source.stop() }
            let target = try AppProcess.gallery("target", environment: desktop.clientEnvironment)
            defer { target.stop() }
            let from = try await desktop.place(source, role: "sources", title: "DragKit Gallery Sources", at: 0, 0)
            let to = try await desktop.place(target, role: "target", title: "DragKit Gallery Target", at: 600, 0)
            try await body(desktop, source, target, from, to)
        }
    }
}
