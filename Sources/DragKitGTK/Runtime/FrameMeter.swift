import CGtk4
import Foundation

/// Times the work of every frame a widget's window draws: from the frame
/// clock's `before-paint` to its `after-paint`, which holds the tick
/// callbacks (rows a list lays out at the next frame), GTK's layout and
/// the drawing. What a benchmark reports as main-loop work per frame.
///
/// ```swift
/// let meter = FrameMeter(widget: list.scroller)   // once the window is shown
/// meter?.onFrame = { work in samples.append(work.processor) }
/// ```
@MainActor
public final class FrameMeter {
    /// One frame's work.
    public struct Work: Sendable {
        /// Wall-clock time from `before-paint` to `after-paint`.
        public var wall: Duration
        /// The main thread's processor time in that span: the wall time
        /// without the moments other processes had the processor, so a
        /// figure taken on a busy machine still says what the frame cost.
        public var processor: Duration

        public init(wall: Duration, processor: Duration) {
            self.wall = wall
            self.processor = processor
        }

        /// The work of two spans together.
        public static func + (left: Work, right: Work) -> Work {
            Work(wall: left.wall + right.wall, processor: left.processor + right.processor)
        }
    }

    /// Told the work of each frame once it is drawn.
    public var onFrame: (@MainActor (Work) -> Void)?
    private var started: (wall: ContinuousClock.Instant, processor: Duration)?
    private var connections: [SignalConnection] = []

    /// Meters the frames of `widget`'s window; nil while the widget is not
    /// in a shown window (it has no frame clock yet).
    public init?(widget: Widget) {
        guard let clock = gtk_widget_get_frame_clock(widget.widgetPointer) else { return nil }
        let reference = ObjectReference(sinking: GPointer.raw(clock))
        connections.append(Signal.connect(reference, "before-paint") { [weak self] in
            self?.started = (.now, Self.threadProcessorTime())
        })
        connections.append(Signal.connect(reference, "after-paint") { [weak self] in
            guard let self, let started = started.take() else { return }
            onFrame?(Work(wall: started.wall.duration(to: .now), processor: Self.threadProcessorTime() - started.processor))
        })
    }

    /// The processor time the calling thread has used so far.
    public static func threadProcessorTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}
