import DragAndDrop
import DragKitGTK
import DragKitWidgets
import Foundation
import UniformTypes

/// The gallery's scenes: window arrangements exercising desktop drag and
/// drop, used by the end-to-end tests.
///
///     DragKitGallery window        source tiles and a target in one window
///     DragKitGallery two-windows   sources in one window, target in another
///     DragKitGallery source        sources only (drag to another process)
///     DragKitGallery target        a target only
///     DragKitGallery lists         two word lists (reorder, move between them)
///     DragKitGallery list-target   one word list taking drops from outside
///     DragKitGallery app           a GtkApplication window of app widgets (see AppScene)
///     DragKitGallery todo          a small to-do app made only of the
///                                  SwiftUI-style modifiers (see TodoScene)
///     DragKitGallery borrowed      a window made with GTK's C API, its labels
///                                  given drag and drop (see BorrowedScene)
///     DragKitGallery borrowed-list a GtkListBox made with GTK's C API,
///                                  bound to a list model (see BorrowedListScene)
///     DragKitGallery scroll        a long list scrolled by pages, each
///                                  step timed (see ScrollScene)
///
/// Options: `--chores-window` (todo: also open the Chores list in a
/// window of its own), `--prefer TYPE,TYPE` (the target's preferred types, UTType
/// identifiers, `public.file-url` for files), `--measure` (log how long
/// each motion took to produce a proposal), `--load-delay MS` (hold loads
/// from other processes, so the "Loading…" placeholder stays visible),
/// `--big-mib N` (size of the `big` payload), `--rate-limit-mib N` (the
/// source sends at most N MiB/s to other DragKit processes), `--stall-ms N`
/// (the target's transfer stall timeout), `--cancel-after MS` (the target
/// cancels its load that long after the drop), `--load-items N` (the target
/// loads only the first N items of a drop), `--fallback` (after a failed
/// transfer the target asks for the next representation it can read),
/// `--load-all` (load every type a drop offers, reported as `loaded`),
/// `--late-load MS` (the target loads from a plain Task that first sleeps
/// that long), `--destroy-source-during-drag` and `--destroy-target-on-hover`
/// (borrowed: GTK destroys the label while a drag is under way),
/// `--destroy-list-on-hover` (borrowed-list: the list box is taken out of
/// its window as a drag starts hovering over it), `--rows N`
/// and `--steps N` (scroll: the list's rows, the pages timed).
@MainActor
enum Gallery {
    static let sceneNames = ["window", "two-windows", "source", "target", "lists", "list-target", "todo", "borrowed", "borrowed-list", "scroll"]
    static var windows: [GalleryWindow] = []

    static func start(scene name: String, options: [String]) -> Bool {
        let preferred = option("--prefer", in: options)
            .map { $0.split(separator: ",").compactMap { UTType(String($0)) } }
            ?? [.fileURL, .utf8PlainText, .plainText, .data]
        let bridge = DesktopDragDrop.shared
        bridge.productionObserver = { event in
            var fields: [String: any Sendable] = ["mime": event.mimeType, "type": event.contentType.identifier,
                                                  "bytes": event.byteCount, "channel": event.throughChannel]
            if let item = event.item { fields["item"] = item }
            if let error = event.error { fields["error"] = error }
            EventLog.emit("produced", fields)
        }
        bridge.previewObserver = { report in
            EventLog.emit("drag-preview", ["items": report.itemCount, "badge": report.badge ?? ""])
        }
        bridge.dragEndObserver = { report in
            EventLog.emit("drag-ended", ["operation": report.operation.description,
                                         "cancelled": report.cancelReason.map { "\($0)" } ?? ""])
        }
        bridge.transferProgressObserver = { _, received in
            GalleryTarget.progressReports += 1
            GalleryTarget.bytesReported = received
            GalleryTarget.transferTimes.first = GalleryTarget.transferTimes.first ?? .now
            GalleryTarget.transferTimes.last = .now
        }
        GalleryListController.showsDropFeedback = !options.contains("--no-drop-feedback")
        if options.contains("--measure") {
            GalleryListController.logsHover = false
            bridge.proposalObserver = { proposal, duration in
                let micros = Double(duration.components.attoseconds) / 1e12 + Double(duration.components.seconds) * 1e6
                EventLog.emit("proposal", ["operation": proposal?.operation.description ?? "none", "micros": micros])
            }
        }
        // scripts/scroll-list-view.c draws its GtkListView's rows as
        // `.dragkit-row` here, so the scroll measurement compares like cards.
        StyleSheet.add("""
        .tile { background: #eef; border: 1px solid #99c; }
        .drop-hover { background: #cfc; }
        .dragkit-row { background: #fff; border-bottom: 1px solid #ddd; }
        .dragkit-placeholder { color: #888; font-style: italic; }
        .dragkit-insertion-gap { background: #36c; }
        .dragkit-drop-highlight { background: #cdf; }
        """)
        if let mebibytes = option("--big-mib", in: options).flatMap(Int.init) {
            GallerySource.bigByteCount = mebibytes << 20
        }
        if let mebibytes = option("--rate-limit-mib", in: options).flatMap(Int.init) {
            bridge.outgoingByteRateLimit = mebibytes << 20
        }
        if let milliseconds = option("--stall-ms", in: options).flatMap(Int.init) {
            bridge.transferStallTimeout = .milliseconds(milliseconds)
        }
        GalleryTarget.cancelAfter = option("--cancel-after", in: options).flatMap(Int.init)
        GalleryTarget.itemLimit = option("--load-items", in: options).flatMap(Int.init)
        GalleryTarget.fallsBack = options.contains("--fallback")
        GalleryTarget.lateLoad = option("--late-load", in: options).flatMap(Int.init).map { Duration.milliseconds($0) }
        GalleryTarget.loadsEverything = options.contains("--load-all")
        let loadDelay = option("--load-delay", in: options).flatMap(Int.init).map { Duration.milliseconds($0) } ?? .zero
        switch name {
        case "window":
            let window = GalleryWindow(title: "DragKit Gallery")
            window.addSource("text", payload: .text)
            window.addSource("file", payload: .file)
            window.addTarget("target", preferred: preferred)
            windows = [window]
            window.show(role: "window")
        case "two-windows":
            let sources = GalleryWindow(title: "DragKit Gallery Sources")
            sources.addSource("text", payload: .text)
            let targets = GalleryWindow(title: "DragKit Gallery Target")
            targets.addTarget("target", preferred: preferred)
            windows = [sources, targets]
            sources.show(role: "sources")
            targets.show(role: "target")
        case "source":
            let sources = GalleryWindow(title: "DragKit Gallery Sources")
            sources.addSource("text", payload: .text)
            sources.addSource("file", payload: .file)
            sources.addSource("big", payload: .big)
            sources.addSource("multi", payload: .multi)
            sources.addSource("slow", payload: .slow)
            sources.addSource("link", payload: .link)
            windows = [sources]
            sources.show(role: "sources")
        case "target":
            let targets = GalleryWindow(title: "DragKit Gallery Target")
            targets.addTarget("target", preferred: preferred)
            windows = [targets]
            targets.show(role: "target")
        case "lists":
            let fruits = ["Apple", "Banana", "Cherry", "Date", "Elderberry", "Fig", "Grape", "Honeydew",
                          "Kiwi", "Lemon", "Mango", "Nectarine", "Orange", "Papaya", "Quince", "Raspberry"]
            let left = GalleryListController(name: "left", words: fruits)
            let right = GalleryListController(name: "right", words: ["Bread"])
            showLists([left, right], role: "lists")
        case "list-target":
            let basket = GalleryListController(name: "basket", words: ["Bread", "Milk"])
            basket.loadDelay = loadDelay
            showLists([basket], role: "list-target")
        case "todo":
            TodoScene.start(openingChores: options.contains("--chores-window"))
        case "borrowed":
            BorrowedScene.start(destroyingSourceDuringDrag: options.contains("--destroy-source-during-drag"),
                                destroyingTargetOnHover: options.contains("--destroy-target-on-hover"))
        case "borrowed-list":
            BorrowedListScene.start(destroyingListOnHover: options.contains("--destroy-list-on-hover"))
        case "scroll":
            ScrollScene.start(rows: option("--rows", in: options).flatMap(Int.init) ?? 100_000,
                              steps: option("--steps", in: options).flatMap(Int.init) ?? 200)
        default:
            return false
        }
        return true
    }

    private static var listWindow: Window?

    private static func showLists(_ lists: [GalleryListController], role: String) {
        let window = Window(title: "DragKit Gallery Lists")
        window.isDecorated = false
        window.setDefaultSize(width: 220 * lists.count, height: 200)
        let row = Box(.horizontal, spacing: 12)
        for list in lists {
            list.widget.scroller.setSizeRequest(width: 200, height: 200)
            list.widget.scroller.name = list.name
            row.append(list.widget.scroller)
        }
        window.child = row
        window.present()
        listWindow = window
        announce(window, role: role, widgets: Dictionary(uniqueKeysWithValues: lists.map { ($0.name, $0.widget.scroller as Widget) }))
        lists.forEach { $0.logContents() }
    }

    static func option(_ name: String, in options: [String]) -> String? {
        guard let index = options.firstIndex(of: name), options.indices.contains(index + 1) else { return nil }
        return options[index + 1]
    }

    /// Reports a window once it is mapped and laid out, with its X11 id and
    /// the named widgets' bounds inside it, so a test can place the window
    /// and aim the pointer.
    static func announce(_ window: Window, role: String, widgets: [String: Widget]) {
        announce(xid: { window.x11WindowID }, role: role, widgets: widgets)
    }

    /// ``announce(_:role:widgets:)`` for a window known by its X11 id.
    static func announce(xid: @escaping @MainActor () -> UInt, role: String, widgets: [String: Widget]) {
        var previous: [String: CGRect] = [:]
        func attempt() {
            let rects = widgets.compactMapValues(\.boundsInNativeWindow)
            // Laid out means: every widget has its real size, and the layout
            // stayed the same for one more frame.
            // On X11 the window must have its X id (tests move windows by it);
            // Wayland compositors place windows themselves.
            let placeable = xid() != 0 || ProcessInfo.processInfo.environment["GDK_BACKEND"] == "wayland"
            let laidOut = placeable && rects.count == widgets.count
                && rects.values.allSatisfy { $0.width > 10 && $0.height > 10 } && rects == previous
            guard laidOut else {
                previous = rects
                MainLoop.after(milliseconds: 20, attempt)
                return
            }
            EventLog.emit("ready", [
                "role": role,
                "xid": Int(xid()),
                "widgets": rects.mapValues { [Int($0.minX), Int($0.minY), Int($0.width), Int($0.height)] },
            ])
        }
        attempt()
    }
}
