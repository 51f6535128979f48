import DragKitGTK
import Foundation

/// Scrolls a list while a drag hovers near its top or bottom edge: the
/// closer to the edge, the faster, until the drag moves away or leaves.
@MainActor
final class AutoScroller {
    private unowned let list: ListWidget
    /// Where the drag hovers, in the list content's coordinates.
    private var point: CGPoint?
    private var ticking = false

    /// Points scrolled per tick at the very edge.
    private let maximumStep = 16.0
    private let tickMilliseconds: UInt32 = 30

    init(list: ListWidget) {
        self.list = list
    }

    func hover(at point: CGPoint?) {
        self.point = point
        if step() != 0, !ticking {
            ticking = true
            tick()
        }
    }

    /// How far to scroll now: negative up, positive down, 0 away from the edges.
    private func step() -> Double {
        guard let point else { return 0 }
        let scroller = list.scroller
        let y = point.y - scroller.verticalOffset
        let margin = list.autoScrollMargin
        if y < margin { return -maximumStep * (margin - y) / margin }
        let bottom = scroller.visibleHeight
        if y > bottom - margin { return maximumStep * (y - (bottom - margin)) / margin }
        return 0
    }

    private func tick() {
        let delta = step()
        guard delta != 0 else {
            ticking = false
            return
        }
        let scroller = list.scroller
        let before = scroller.verticalOffset
        scroller.verticalOffset = before + delta
        // The content moved under a still pointer: keep the hover point on
        // the same spot of the viewport.
        if let point { self.point = CGPoint(x: point.x, y: point.y + (scroller.verticalOffset - before)) }
        MainLoop.after(milliseconds: tickMilliseconds) { [weak self] in self?.tick() }
    }
}
