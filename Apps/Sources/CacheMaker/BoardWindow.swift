import AppSupport
import DragKitGTK
import Foundation
import GeocachesCore

/// CacheMaker's window: a header bar (add a geocache by name, delete the
/// selected one, move it to the other lane), an error banner, and the two
/// lanes as DragKit lists. Everything the lanes do is in ``CacheBoard``;
/// this only shows it and wires commands to it.
@MainActor
final class BoardWindow {
    static let laneWidth = 320.0
    static let rowHeight = 56.0

    let board: CacheBoard
    let window: ApplicationWindow
    let banner = ErrorBanner()
    let nameEntry = Entry(placeholder: "New geocache name")
    private var lists: [Lane: ListWidget] = [:]
    private var counts: [Lane: Label] = [:]
    private var emptyHints: [Lane: Label] = [:]
    private var selection: BoardSelection?
    private var reporter: LayoutReporter?

    init(application: Application, board: CacheBoard, layoutFile: URL?) {
        self.board = board
        window = ApplicationWindow(application: application, title: "CacheMaker")
        window.setDefaultSize(width: Int(Self.laneWidth * 2 + 56), height: 640)
        StyleSheet.add(Self.css)

        let add = window.addAction("add", accelerators: ["<Control>n"]) { [unowned self] in
            if nameEntry.text.trimmingCharacters(in: .whitespaces).isEmpty { _ = nameEntry.grabFocus() } else { addNamed() }
        }
        let delete = window.addAction("delete", accelerators: ["<Control>Delete"]) { [unowned self] in deleteSelected() }
        window.addAction("select-next", accelerators: ["<Alt>Down"]) { [unowned self] in select(board.selection(selection, movedBy: 1)) }
        window.addAction("select-previous", accelerators: ["<Alt>Up"]) { [unowned self] in select(board.selection(selection, movedBy: -1)) }
        window.addAction("select-other-lane", accelerators: ["<Alt>Left", "<Alt>Right"]) { [unowned self] in
            select(board.selectionInOtherLane(selection))
        }
        let move = window.addAction("move-to-other-lane", accelerators: ["<Control><Shift>m"]) { [unowned self] in
            do { select(try board.moveToOtherLane(selection)) } catch { show(error) }
        }
        nameEntry.onActivate { [unowned self] in addNamed() }
        nameEntry.setSizeRequest(width: 200, height: -1)

        let header = HeaderBar()
        header.packStart(nameEntry)
        header.packStart(Button(iconName: "list-add-symbolic", tooltip: "Add the geocache named on the left (Ctrl+N)", action: add.detailedName))
        header.packEnd(MenuButton(iconName: "open-menu-symbolic", tooltip: "Main menu", items: [
            ("Move Selected to Other Lane", move.detailedName),
            ("Delete Selected", delete.detailedName),
            ("Quit", "app.quit"),
        ]))
        header.packEnd(Button(iconName: "user-trash-symbolic", tooltip: "Delete the selected geocache (Ctrl+Delete)", action: delete.detailedName))
        window.titlebar = header

        let lanes = Box(.horizontal, spacing: 16)
        lanes.setMargins(12)
        for lane in Lane.allCases { lanes.append(column(for: lane)) }
        let page = Box(.vertical, spacing: 0)
        page.append(banner)
        page.append(lanes)
        window.child = page

        board.onError = { [unowned self] error in banner.show(error.description) }
        refresh()
        window.present()
        if let layoutFile { startReporting(to: layoutFile) }
    }

    /// A lane's column: its title with the count, a hint while it is empty,
    /// and the list.
    private func column(for lane: Lane) -> Widget {
        let model = board.lane(lane)
        // Set before the list widget wraps it: the widget keeps calling it.
        model.list.onEvent = { [unowned self] event in
            if case .rowsChanged = event { refresh() }
        }
        let list = ListWidget(model.list, row: { CardView() }) { card, indexPath in
            card.show(model.items.rows[indexPath.item].geocache)
        }
        list.scroller.setSizeRequest(width: Int(Self.laneWidth), height: 480)
        list.scroller.addStyleClass("geocache-lane")
        lists[lane] = list
        let title = Label(lane.title)
        title.addStyleClass("heading")
        counts[lane] = title
        let hint = Label("Drop geocaches or text here")
        hint.addStyleClass("dim-label")
        emptyHints[lane] = hint
        let column = Box(.vertical, spacing: 6)
        column.append(title)
        column.append(hint)
        column.append(list.scroller)
        return column
    }

    // MARK: - Commands

    private func addNamed() {
        let name = nameEntry.text.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else {
            banner.show("Type a name for the new geocache first, then press Enter.")
            _ = nameEntry.grabFocus()
            return
        }
        do {
            try board.add(Geocache(droppedName: name), to: .inProgress)
            nameEntry.text = ""
            select(BoardSelection(lane: .inProgress, index: board.inProgress.items.rows.count - 1))
        } catch {
            show(error)
        }
    }

    private func deleteSelected() {
        guard let current = board.valid(selection) else {
            banner.show("There is no geocache to delete.")
            return
        }
        do {
            try board.delete(in: current.lane, at: current.index)
            select(board.valid(current))
        } catch {
            show(error)
        }
    }

    private func show(_ error: any Error) {
        banner.show((error as? GeocacheError)?.description ?? "\(error)")
    }

    // MARK: - Showing

    private func select(_ new: BoardSelection?) {
        selection = new
        refresh()
    }

    private func refresh() {
        for lane in Lane.allCases {
            let rows = board.lane(lane).items.rows.count
            counts[lane]?.text = "\(lane.title) (\(rows))"
            emptyHints[lane]?.isVisible = rows == 0
        }
        guard let current = board.valid(selection) else { return }
        for (lane, list) in lists {
            for item in 0..<list.model.numberOfItems(inSection: 0) {
                let row = list.rowWidget(at: IndexPath(item: item, section: 0))
                if lane == current.lane && item == list.model.presentedIndexPath(forItemAt: IndexPath(item: current.index, section: 0)).item {
                    row?.addStyleClass("selected-card")
                } else {
                    row?.removeStyleClass("selected-card")
                }
            }
        }
        reporter?.setNeedsUpdate()
    }

    // MARK: - --dump-layout

    private func startReporting(to file: URL) {
        let reporter = LayoutReporter { report in Self.write(report, to: file) }
        reporter.track(window, group: "windows", name: "CacheMaker")
        for (lane, list) in lists {
            reporter.track(list.scroller, group: "lanes", name: lane.rawValue)
            let items = board.lane(lane).items
            reporter.trackRows(of: list, group: "cards.\(lane.rawValue)") { indexPath in
                items.rows.indices.contains(indexPath.item) ? items.rows[indexPath.item].geocache.name : nil
            }
        }
        reporter.track(nameEntry, group: "widgets", name: "name")
        reporter.track(banner, group: "widgets", name: "banner")
        self.reporter = reporter
    }

    /// `{"lanes": {"inProgress": R, "completed": R}, "cards": {"<name>": R
    /// plus "lane"}, "windows": ..., "widgets": ...}`, replaced atomically.
    private static func write(_ report: LayoutReport, to file: URL) {
        func rect(_ frame: CGRect) -> [String: Any] {
            ["x": Double(frame.minX), "y": Double(frame.minY), "width": Double(frame.width), "height": Double(frame.height)]
        }
        var cards: [String: Any] = [:]
        for lane in Lane.allCases {
            for (name, frame) in report["cards.\(lane.rawValue)"] {
                var card = rect(frame)
                card["lane"] = lane.rawValue
                cards[name] = card
            }
        }
        let object: [String: Any] = [
            "lanes": report["lanes"].mapValues(rect),
            "cards": cards,
            "windows": report["windows"].mapValues(rect),
            "widgets": report["widgets"].mapValues(rect),
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        try? AtomicFile.write(data, to: file)
    }

    private static let css = """
        .geocache-lane { background: alpha(@theme_fg_color, 0.04); border-radius: 8px; }
        .geocache-card { padding: 6px 10px; border-bottom: 1px solid alpha(@theme_fg_color, 0.1); }
        .card-name { font-weight: bold; }
        .selected-card { background: alpha(@theme_selected_bg_color, 0.35); }
        .heading { font-weight: bold; }
        """
}

extension Label: TextCell {}
