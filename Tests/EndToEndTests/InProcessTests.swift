import DesktopTesting
import Foundation
import Synchronization
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

        /// The gallery's single window with sources and a target, placed at (100, 100).
        private func singleWindow() async throws -> (AppProcess, PlacedWindow) {
            let gallery = try AppProcess.gallery("window")
            return (gallery, try await gallery.place(role: "window", at: 100, 100))
        }

        @Test("A drag within one window is a local drop with localObject and localContext")
        func withinWindow() async throws {
            let (gallery, window) = try await singleWindow()
            defer { gallery.stop() }

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

        @Test("The lifted tile follows the pointer as the drag image")
        func liftedTileFollowsPointer() async throws {
            let (gallery, window) = try await singleWindow()
            defer { gallery.stop() }
            let tile = try #require(window.widgets["text"])
            let start = window.center(of: "text")
            let hold = (x: 900, y: 600)

            // A long hold: on a busy machine the pointer takes a while to get
            // there, and listing the windows takes a while too. The image is
            // looked for for as long as the drag lasts.
            let dragging = Mutex(true)
            let drag = Task.detached {
                defer { dragging.withLock { $0 = false } }
                try Pointer.drag(from: start, to: hold, holdSeconds: 6)
            }
            // The drag image is a top-level window: the tile framed on an
            // opaque background (4 points of padding and a 1-point border on
            // each side, with no compositor), placed so the grabbed spot of
            // the tile is under the pointer.
            let frame = 5
            let expected = (x: hold.x - tile[2] / 2 - frame, y: hold.y - tile[3] / 2 - frame)
            var found: String?
            while found == nil, dragging.withLock({ $0 }) {
                try await Task.sleep(for: .milliseconds(50))
                found = try X11Tools.topLevelGeometries().first { geometry in
                    let numbers = geometry.split(whereSeparator: { "x+".contains($0) }).compactMap { Int($0) }
                    return numbers.count == 4 && numbers[0] == tile[2] + 2 * frame && numbers[1] == tile[3] + 2 * frame
                        && abs(numbers[2] - expected.x) <= 3 && abs(numbers[3] - expected.y) <= 3
                }
            }
            try await drag.value
            #expect(found != nil, "No \(tile[2] + 2 * frame)x\(tile[3] + 2 * frame) drag image near \(expected) while holding the drag")
        }

        @Test("Resting on a spring-loaded target opens it after its delay, without further motion")
        func springLoading() async throws {
            let (gallery, window) = try await singleWindow()
            defer { gallery.stop() }

            try Pointer.drag(from: window.center(of: "text"), to: window.center(of: "target", dx: -40),
                             holdSeconds: 1, wiggle: false)

            let spring = try await gallery.waitFor("spring-loaded")
            #expect(spring["target"] as? String == "target")
            // It opened while the pointer rested, well before the release.
            let received = try await gallery.waitFor("received")
            let restedBeforeRelease = (received["ms"] as? Int ?? 0) - (spring["ms"] as? Int ?? 0)
            #expect(restedBeforeRelease > 250, "spring-loaded only \(restedBeforeRelease) ms before the drop")
        }

        @Test("A quick drag over a spring-loaded target does not open it")
        func noSpringLoadingWhenQuick() async throws {
            let (gallery, window) = try await singleWindow()
            defer { gallery.stop() }

            try Pointer.drag(from: window.center(of: "text"), to: window.center(of: "target", dx: -40))

            try await gallery.waitFor("received")
            #expect(gallery.events(named: "spring-loaded").isEmpty)
        }

        @Test("Releasing over the forbidden part of a target drops nothing")
        func forbiddenProposal() async throws {
            let (gallery, window) = try await singleWindow()
            defer { gallery.stop() }

            try Pointer.drag(from: window.center(of: "text"), to: window.point(in: "target", atX: 0.9, y: 0.5))

            let end = try await gallery.waitFor("drag-end")
            #expect(end["operation"] as? String == "cancel")
            #expect(gallery.events(named: "received").isEmpty)
        }
    }
}
