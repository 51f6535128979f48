import Foundation
import Testing

extension EndToEnd {
    @Suite("Inside one process")
    struct InProcessTests {
        /// What every local drop must show: the engine's local session, with
        /// the source's local object and context, and no bytes through GTK.
        private func expectLocalDrop(_ received: [String: any Sendable], source gallery: AppProcess) {
            #expect(received["local"] as? Bool == true)
            #expect(received["text"] as? String == "Hello from DragKit")
            #expect(received["localObject"] as? String == "local object from text")
            #expect(received["localContext"] as? String == "context from text")
            #expect(gallery.events(named: "produced").isEmpty)
        }

        @Test("A drag within one window is a local drop with localObject and localContext")
        func withinWindow() async throws {
            let gallery = try AppProcess.gallery("window")
            defer { gallery.stop() }
            let window = try await gallery.place(role: "window", at: 100, 100)

            try Pointer.drag(from: window.center(of: "text"), to: window.center(of: "target", dx: -40))

            let received = try await gallery.waitFor("received")
            expectLocalDrop(received, source: gallery)
            let entered = try #require(gallery.events(named: "enter").first)
            #expect((entered["types"] as? [String] ?? []).contains("org.dragkit.gallery.secret"))
            let end = try await gallery.waitFor("drag-end")
            #expect(end["operation"] as? String == "move")
        }

        @Test("A drag between two windows of one process stays local")
        func betweenWindows() async throws {
            let gallery = try AppProcess.gallery("two-windows")
            defer { gallery.stop() }
            let sources = try await gallery.place(role: "sources", at: 0, 300)
            let target = try await gallery.place(role: "target", at: 700, 100)

            try Pointer.drag(from: sources.center(of: "text"), to: target.center(of: "target", dx: -40))

            let received = try await gallery.waitFor("received")
            expectLocalDrop(received, source: gallery)
        }

        @Test("Releasing over the forbidden part of a target drops nothing")
        func forbiddenProposal() async throws {
            let gallery = try AppProcess.gallery("window")
            defer { gallery.stop() }
            let window = try await gallery.place(role: "window", at: 100, 100)

            try Pointer.drag(from: window.center(of: "text"), to: window.point(in: "target", atX: 0.9, y: 0.5))

            let end = try await gallery.waitFor("drag-end")
            #expect(end["operation"] as? String == "cancel")
            #expect(gallery.events(named: "received").isEmpty)
        }
    }
}
