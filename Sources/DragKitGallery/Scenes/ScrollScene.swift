import DragAndDrop
import DragKitGTK
import DragKitWidgets
import Foundation

/// A list of `rows` cards (a picture and two labels, 56 points high, as
/// CacheMaker's lanes have) scrolled down by a page `steps` times from a
/// GLib timeout, timing each step's main-loop work: setting the scroll
/// position, then the frames that follow until the next step (rows laid
/// out at the frame, GTK's layout and drawing; see ``FrameMeter``), in
/// wall-clock time and in the main thread's processor time.
///
/// Prints one `scroll` event with the rows, the steps and the work's
/// median, p90, p99 and maximum in microseconds (`p99` wall clock,
/// `cpuP99` processor time), then quits.
/// `scripts/measure-list-scroll` runs it.
@MainActor
enum ScrollScene {
    private static var window: Window?
    private static var list: ListWidget?
    private static var meter: FrameMeter?
    private static var samples: [FrameMeter.Work] = []
    /// The work of the step under way: its own, then its frames'.
    private static var pending: FrameMeter.Work?
    /// Steps scrolled before timing starts (caches warm, every spare row made).
    private static let warmUpSteps = 20

    static func start(rows: Int, steps: Int) {
        let items = ListItems((0..<rows).map { "Cache number \($0)" })
        let model = ListView(name: "caches", dataSource: items, layout: ListRowLayout(width: 320) { _ in 56 })
        let list = ListWidget(model, row: { ScrollCard() }) { card, indexPath in
            card.show(name: items[indexPath], summary: "Row \(indexPath.item) of \(rows)")
        }
        list.scroller.setSizeRequest(width: 320, height: 480)
        let window = Window(title: "DragKit Gallery Scroll")
        window.setDefaultSize(width: 360, height: 520)
        window.child = list.scroller
        window.present()
        self.window = window
        self.list = list
        waitForLayout(steps: steps)
    }

    private static func waitForLayout(steps: Int) {
        guard let list, list.scroller.visibleHeight > 0, let meter = FrameMeter(widget: list.scroller) else {
            MainLoop.after(milliseconds: 20) { waitForLayout(steps: steps) }
            return
        }
        meter.onFrame = { work in pending = pending.map { $0 + work } }
        self.meter = meter
        step(remaining: steps + warmUpSteps, recording: steps)
    }

    private static func step(remaining: Int, recording: Int) {
        guard let list else { return }
        if let pending, remaining < recording { samples.append(pending) }
        pending = nil
        guard remaining > 0 else { return finish() }
        let scroller = list.scroller
        let page = scroller.visibleHeight
        let end = list.model.layout.contentSize.height - page
        if scroller.verticalOffset + page > end {
            // Back to the top: a jump, not a page, so it is not timed.
            scroller.verticalOffset = 0
            MainLoop.after(milliseconds: 30) { step(remaining: remaining, recording: recording) }
            return
        }
        let started = (wall: ContinuousClock.now, processor: FrameMeter.threadProcessorTime())
        scroller.verticalOffset += page
        pending = FrameMeter.Work(wall: started.wall.duration(to: .now),
                                  processor: FrameMeter.threadProcessorTime() - started.processor)
        MainLoop.after(milliseconds: 30) { step(remaining: remaining - 1, recording: recording) }
    }

    private static func finish() {
        func micros(_ duration: Duration) -> Double {
            Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
        }
        let wall = samples.map { micros($0.wall) }.sorted()
        let processor = samples.map { micros($0.processor) }.sorted()
        func percentile(_ fraction: Double, of sorted: [Double]) -> Double {
            sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, max(0, Int((fraction * Double(sorted.count)).rounded(.up)) - 1))]
        }
        EventLog.emit("scroll", [
            "rows": list?.model.numberOfItems(inSection: 0) ?? 0, "steps": samples.count,
            "p50": percentile(0.5, of: wall), "p90": percentile(0.9, of: wall), "p99": percentile(0.99, of: wall),
            "max": wall.last ?? 0, "cpuP50": percentile(0.5, of: processor), "cpuP99": percentile(0.99, of: processor),
            "cpuMax": processor.last ?? 0,
        ])
        MainLoop.quit()
    }
}

/// A row like CacheMaker's cards: a picture (empty here) and two labels.
@MainActor
private final class ScrollCard: Widget {
    private let title = Label()
    private let summary = Label()

    init() {
        let picture = Picture()
        picture.setSizeRequest(width: 40, height: 40)
        title.setAlignment(horizontal: .start, vertical: .center)
        summary.setAlignment(horizontal: .start, vertical: .center)
        let texts = Box(.vertical, spacing: 2)
        texts.append(title)
        texts.append(summary)
        let row = Box(.horizontal, spacing: 10)
        row.append(picture)
        row.append(texts)
        super.init(composing: row)
    }

    func show(name: String, summary text: String) {
        title.text = name
        summary.text = text
    }
}
