import CGtk4
import DragKitGTK

/// Presses on a widget (GtkGestureClick): how many in a row, where (in the
/// widget's coordinates), and whether Control or Shift was held, for
/// selecting rows the way desktop lists do.
///
/// ```swift
/// let clicks = GestureClick(on: list.scroller)
/// clicks.onPressed { press in select(at: press.x, press.y, extending: press.control) }
/// ```
@MainActor
public final class GestureClick {
    /// One press.
    public struct Press: Sendable, Hashable {
        /// 1 for a single click, 2 for a double click, ...
        public let count: Int
        public let x: Double
        public let y: Double
        public let control: Bool
        public let shift: Bool
    }

    let reference: ObjectReference

    /// Adds a click gesture to `widget`; it does not claim the press, so
    /// drags starting on the widget still work.
    public init(on widget: Widget) {
        reference = ObjectReference(sinking: GPointer.raw(gtk_gesture_click_new()))
        widget.add(controller: reference)
    }

    private typealias PressHandler = @MainActor (Press) -> Void
    private static let pressed: @convention(c) (gpointer?, Int32, Double, Double, gpointer?) -> Void = { gesture, count, x, y, data in
        nonisolated(unsafe) let gesture = gesture
        nonisolated(unsafe) let data = data
        MainActor.assumeIsolated {
            let state = gtk_event_controller_get_current_event_state(OpaquePointer(gesture)).rawValue
            let press = Press(count: Int(count), x: x, y: y,
                              control: state & GDK_CONTROL_MASK.rawValue != 0, shift: state & GDK_SHIFT_MASK.rawValue != 0)
            SignalHandlerBox<PressHandler>.from(data).handler(press)
        }
    }

    /// Runs `handler` on every press.
    @discardableResult
    public func onPressed(_ handler: @escaping @MainActor (Press) -> Void) -> SignalConnection {
        Signal.connect(reference, "pressed", trampoline: Signal.callback(Self.pressed), handler: handler as PressHandler)
    }
}
