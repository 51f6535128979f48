import DesktopTesting
import Foundation
import Testing

extension EndToEnd {
    /// Widgets DragKit did not make (GTK's C API, through
    /// `Widget.borrowing`) live by GObject's rules: GTK destroying one in
    /// the middle of a drag neither crashes nor wedges the process, and
    /// DragKit lets go of what was attached to it.
    @Suite("Borrowed widgets destroyed during a drag")
    struct BorrowedWidgetTests {
        @Test("The source label removed while its drag is under way: the drop still gets its text; once GTK destroys the label DragKit lets go")
        func sourceDestroyedDuringDrag() async throws {
            let gallery = try AppProcess.gallery("borrowed", ["--destroy-source-during-drag"])
            defer { gallery.stop() }
            let window = try await gallery.place(role: "borrowed", at: 0, 0)

            try Pointer.press(at: window.center(of: "source"), andMoveTo: window.center(of: "target"))
            try await gallery.waitFor("removed") { $0["widget"] as? String == "source" }
            try Pointer.release(at: window.center(of: "target"))

            let received = try await gallery.waitFor("received")
            #expect(received["text"] as? String == "Hello from a borrowed widget", "\(received)")
            // GTK keeps the label for the drag's pointer grab until the
            // pointer moves on; then it destroys it and DragKit lets go.
            try Pointer.move(to: window.center(of: "target", dx: 20))
            try Pointer.move(to: (900, 700))
            try await gallery.waitFor("released") { $0["widget"] as? String == "source" }
            #expect(gallery.isRunning)
        }

        @Test("The target label destroyed while a drag hovers over it: nothing is dropped, DragKit lets go, the next drag works")
        func targetDestroyedUnderTheDrag() async throws {
            let gallery = try AppProcess.gallery("borrowed", ["--destroy-target-on-hover"])
            defer { gallery.stop() }
            let other = try AppProcess.gallery("target")
            defer { other.stop() }
            let window = try await gallery.place(role: "borrowed", at: 0, 0)
            let otherWindow = try await other.place(role: "target", at: 600, 0)

            try Pointer.press(at: window.center(of: "source"), andMoveTo: window.center(of: "target"))
            try await gallery.waitFor("removed") { $0["widget"] as? String == "target" }
            try Pointer.release(at: window.center(of: "target"))
            try Pointer.move(to: (900, 700))
            try await gallery.waitFor("released") { $0["widget"] as? String == "target" }
            #expect(gallery.events(named: "received").isEmpty)
            // "released" comes when the target is destroyed, under the hover,
            // not when the drag ends: the next press waits for the process to
            // have ended its drag (a press sent earlier, on a busy machine,
            // reached GTK while the first drag still held the pointer).
            let ended = try await gallery.waitFor("drag-ended")
            #expect(ended["operation"] as? String != "copy" && ended["operation"] as? String != "move", "\(ended)")

            // The process took no harm: its source drags into another process.
            try Pointer.drag(from: window.center(of: "source"), to: otherWindow.center(of: "target"))
            let received = try await other.waitFor("received")
            #expect(received["text"] as? String == "Hello from a borrowed widget", "\(received)")
        }
    }
}
