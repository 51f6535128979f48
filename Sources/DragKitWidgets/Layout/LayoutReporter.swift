import CGtk4
import DragAndDrop
import DragKitGTK
import Foundation

/// Keeps track of where named widgets are on the screen and tells the app
/// whenever that changes, so it can keep a `--dump-layout` file up to date
/// for test harnesses that aim a real pointer at them.
///
/// Frames are in root-window pixels (see `Widget/frameOnScreen`). They are
/// recomputed after every frame GTK paints in a tracked window (layout
/// changes, list updates, banners sliding in) and on a timer, since moving a
/// window repaints nothing; `onChange` runs once per change, with the whole
/// report, never for a repeat of the previous one.
///
/// ```swift
/// let reporter = LayoutReporter { report in
///     let rows = report["rows"].mapValues { LayoutRect($0) }
///     try? AtomicFile.writeJSON(["rows": rows], to: layoutFile)
/// }
/// reporter.track(window, group: "windows", name: window.title)
/// reporter.trackRows(of: list, group: "rows") { indexPath in titles[indexPath.item] }
/// ```
///
/// Widgets that are hidden, not yet laid out or scrolled out of view are
/// left out; rows half scrolled out are clipped to the visible part of
/// their list, so the centre of a reported frame is always on the widget.
@MainActor
public final class LayoutReporter {
    /// One way of finding named widgets: asked anew at every update.
    private struct Source {
        let group: String
        let widgets: @MainActor () -> [(name: String, widget: Widget)]
        /// The viewport whose visible part frames are clipped to.
        let clip: Widget?
    }

    private var sources: [String: Source] = [:]
    private let onChange: @MainActor (LayoutReport) -> Void
    private var timer: UInt32 = 0
    private var updateScheduled = false
    private var hookedClocks: [UnsafeMutableRawPointer: SignalConnection] = [:]

    /// The report of the last update.
    public private(set) var report = LayoutReport()

    /// Starts reporting: `onChange` runs on the main actor with every new
    /// report; `pollInterval` bounds how long a window move takes to show.
    public init(pollInterval: Duration = .milliseconds(100), onChange: @escaping @MainActor (LayoutReport) -> Void) {
        self.onChange = onChange
        let milliseconds = UInt32(max(10, pollInterval.components.seconds * 1000 + pollInterval.components.attoseconds / 1_000_000_000_000_000))
        let box = Unmanaged.passRetained(SignalHandlerBox<Trampoline.VoidHandler>({ [weak self] in self?.update() })).toOpaque()
        timer = g_timeout_add_full(G_PRIORITY_DEFAULT_IDLE, milliseconds, { data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated { SignalHandlerBox<Trampoline.VoidHandler>.from(data).handler() }
            return 1
        }, box, { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        })
    }

    /// Reports `widget` as `name` in `group`.
    public func track(_ widget: Widget, group: String, name: String) {
        sources["\(group)\u{0}\(name)"] = Source(group: group, widgets: { [(name, widget)] }, clip: nil)
        setNeedsUpdate()
    }

    /// Stops reporting `name` in `group`.
    public func untrack(group: String, name: String) {
        sources["\(group)\u{0}\(name)"] = nil
        setNeedsUpdate()
    }

    /// Reports the widgets `widgets` returns (asked at every update) in
    /// `group`, clipped to `clip`'s visible frame when given: for content
    /// that changes, such as cards in a custom container.
    public func track(group: String, clippedTo clip: Widget? = nil,
                      widgets: @escaping @MainActor () -> [(name: String, widget: Widget)]) {
        sources["\(group)\u{0}*"] = Source(group: group, widgets: widgets, clip: clip)
        setNeedsUpdate()
    }

    /// Reports every row of `list` shown now in `group`, named by `name`
    /// (nil leaves a row out, for example a placeholder), clipped to the
    /// list's visible part. Several lists may share one group.
    public func trackRows(of list: ListWidget, group: String, name: @escaping @MainActor (IndexPath) -> String?) {
        let key = "\(group)\u{0}rows-\(ObjectIdentifier(list).hashValue)"
        sources[key] = Source(group: group, widgets: { [weak list] in
            guard let list else { return [] }
            // Only rows in the viewport are asked for their bounds: a list of
            // thousands costs a comparison per row, not a bounds computation.
            let top = list.scroller.verticalOffset
            let bottom = top + list.scroller.visibleHeight
            var rows: [(name: String, widget: Widget)] = []
            for (indexPath, row) in list.rowsInView {
                guard let frame = list.model.frameForItem(at: indexPath), frame.maxY > top, frame.minY < bottom,
                      case .item(let itemPath)? = list.model.row(at: indexPath), let rowName = name(itemPath) else { continue }
                rows.append((rowName, row))
            }
            return rows
        }, clip: list.scroller)
        setNeedsUpdate()
    }

    /// Recomputes the report soon (once, however often it is called before).
    public func setNeedsUpdate() {
        guard !updateScheduled else { return }
        updateScheduled = true
        MainLoop.after(milliseconds: 0) { [weak self] in self?.update() }
    }

    /// Reports `list`'s insertion line as `name` in `group` while a hovering
    /// drag shows it (and nothing otherwise), so a test can check it sits
    /// where the drop then lands.
    ///
    /// ```swift
    /// reporter.trackInsertionLine(of: list, group: "indicators", name: "groceries")
    /// ```
    public func trackInsertionLine(of list: ListWidget, group: String, name: String) {
        sources["\(group)\u{0}\(name)"] = Source(group: group, widgets: { [weak list] in
            guard let list, list.insertionLine.isVisible else { return [] }
            return [(name, list.insertionLine)]
        }, clip: list.scroller)
        setNeedsUpdate()
    }

    /// Stops reporting; `onChange` is not called again.
    public func stop() {
        if timer != 0 { g_source_remove(timer) }
        timer = 0
        hookedClocks.values.forEach { $0.disconnect() }
        hookedClocks = [:]
        sources = [:]
    }

    /// Computes the report now and hands it over when it changed.
    public func update() {
        updateScheduled = false
        guard timer != 0 else { return }
        var groups: [String: [String: CGRect]] = [:]
        var origins: [UnsafeMutableRawPointer: CGPoint?] = [:]
        for source in sources.values {
            let visible = source.clip.map { $0.frameOnScreen(windowOrigins: &origins) ?? .null }
            for (name, widget) in source.widgets() {
                hookFrameClock(of: widget)
                guard var frame = widget.frameOnScreen(windowOrigins: &origins), frame.width > 0, frame.height > 0 else { continue }
                if let visible {
                    frame = frame.intersection(visible)
                    guard !frame.isNull, frame.width >= 1, frame.height >= 1 else { continue }
                }
                groups[source.group, default: [:]][name] = frame
            }
        }
        let next = LayoutReport(groups: groups)
        guard next != report else { return }
        report = next
        onChange(next)
    }

    /// Updates after each frame the widget's window paints, so a layout
    /// change shows without waiting for the timer.
    private func hookFrameClock(of widget: Widget) {
        guard let clock = gtk_widget_get_frame_clock(widget.widgetPointer) else { return }
        let raw = GPointer.raw(clock)
        guard hookedClocks[raw] == nil else { return }
        let clockReference = ObjectReference(sinking: raw)
        hookedClocks[raw] = Signal.connect(clockReference, "after-paint", trampoline: Signal.callback(Trampoline.void),
                                           handler: { [weak self] in self?.setNeedsUpdate() } as Trampoline.VoidHandler)
    }

    isolated deinit {
        stop()
    }
}
