import AppSupport
import ContactsCore
import DragAndDrop
import DragKitGTK
import Foundation

/// The window: header bar, the table (with an empty state and an error
/// banner) on the left, the selected contact with its photo on the right.
/// All decisions are ContactsCore's; this file builds widgets and wires them.
@MainActor
final class ContactsWindow {
    private let scene: ContactsScene
    private let window: ApplicationWindow
    private let table: ListWidget
    private let banner = ErrorBanner()
    private let empty = StatusPage(
        iconName: "avatar-default-symbolic", title: "Drop vCards here",
        description: "Drag contacts or .vcf files onto this list, or press Ctrl+O to import a file.")
    private let picture = Picture()
    private let nameLabel = Label()
    private let infoLabel = Label()
    private let detailBox = Box(.vertical, spacing: 8)
    private var reporter: LayoutReporter?
    private var selection: Set<Int> = []

    init(application: Application, store: ContactStore, layoutFile: URL?) throws {
        scene = try ContactsScene(store: store)
        window = ApplicationWindow(application: application, title: "Contacts")
        window.setDefaultSize(width: 720, height: 480)
        StyleSheet.add("""
            .contacts-selected { background-color: @theme_selected_bg_color; color: @theme_selected_fg_color; }
            .contacts-photo { background-color: alpha(currentColor, 0.08); border-radius: 12px; }
            """)

        let coreTable = scene.table
        // Set before the list widget takes over onEvent (it calls the previous handler after its own).
        let relay = EventRelay()
        coreTable.list.onEvent = { _ in relay.run() }
        table = ListWidget(coreTable.list) { [rows = coreTable.rows] indexPath in rows[indexPath].displayName }
        coreTable.onProblem = { [weak self] problem in self?.banner.show(problem.message) }
        coreTable.onContactsChanged = { [weak self] in self?.refreshTable() }
        scene.detail.onProblem = { [weak self] problem in self?.banner.show(problem.message) }
        scene.detail.onPhotoChanged = { [weak self] contact in
            self?.scene.table.replace(contact)
            self?.showDetail()
        }

        relay.action = { [weak self] in self?.refreshTable() }
        buildActions()
        buildLayout()
        selectRows([0])
        window.present()
        if let layoutFile { reportLayout(to: layoutFile) }
    }

    // MARK: - Building

    private func buildActions() {
        let header = HeaderBar()
        let importAction = window.addAction("import", accelerators: ["<Control>o"]) { [weak self] in self?.chooseFiles() }
        window.addAction("select-all", accelerators: ["<Control>a"]) { [weak self] in
            guard let self else { return }
            selectRows(Set(0..<scene.table.contacts.count))
        }
        window.addAction("one-item-at-a-time") { [weak self] in self?.toggleOneItemAtATime() }
        header.packStart(Button(iconName: "document-open-symbolic", tooltip: "Import vCard Files (Ctrl+O)", action: importAction.detailedName))
        header.packEnd(MenuButton(iconName: "open-menu-symbolic", tooltip: "Main Menu", items: [
            ("Import vCard Files…", "win.import"),
            ("Select All", "win.select-all"),
            ("Take One Item per Drop (on/off)", "win.one-item-at-a-time"),
            ("Quit", "app.quit"),
        ]))
        window.titlebar = header

        let keys = ShortcutController()
        keys.add("Down") { [weak self] in self?.moveSelection(by: 1); return true }
        keys.add("Up") { [weak self] in self?.moveSelection(by: -1); return true }
        table.scroller.addShortcuts(keys)
    }

    private func buildLayout() {
        let clicks = GestureClick(on: table.scroller)
        clicks.onPressed { [weak self] press in self?.press(press) }
        table.scroller.setSizeRequest(width: 300, height: 200)

        let left = Box(.vertical, spacing: 0)
        left.append(banner)
        left.append(empty)
        left.append(table.scroller)
        left.setExpands(horizontally: true, vertically: true)

        picture.setSizeRequest(width: 128, height: 128)
        picture.addStyleClass("contacts-photo")
        picture.alternativeText = "Contact photo: drop a PNG or JPEG image here"
        picture.setAlignment(horizontal: .start, vertical: .start)
        nameLabel.addStyleClass("title-2")
        nameLabel.setAlignment(horizontal: .start, vertical: .start)
        infoLabel.wraps = true
        infoLabel.setAlignment(horizontal: .start, vertical: .start)
        detailBox.append(picture)
        detailBox.append(nameLabel)
        detailBox.append(infoLabel)
        detailBox.setMargins(24)
        detailBox.setSizeRequest(width: 300, height: -1)
        detailBox.setExpands(horizontally: true, vertically: true)
        detailBox.addInteraction(scene.detail.dropInteraction)
        scene.detail.photoFrame = { [picture, detailBox] in picture.bounds(in: detailBox) ?? .zero }

        let columns = Box(.horizontal, spacing: 0)
        columns.append(left)
        columns.append(detailBox)
        window.child = columns
        refreshTable()
    }

    // MARK: - Selection and detail

    private func press(_ press: GestureClick.Press) {
        guard let row = row(atX: press.x, y: press.y) else { return }
        if press.control {
            var rows = selection
            if rows.contains(row) { rows.remove(row) } else { rows.insert(row) }
            selectRows(rows, showing: row)
        } else if press.shift, let anchor = selection.min() {
            selectRows(Set(min(anchor, row)...max(anchor, row)), showing: row)
        } else if !selection.contains(row) || selection.count == 1 {
            // A press on a selected row keeps the selection, so it can be dragged.
            selectRows([row])
        }
    }

    /// The data source row under a point of the table's scroller.
    private func row(atX x: Double, y: Double) -> Int? {
        for index in scene.table.contacts.indices {
            let indexPath = IndexPath(item: index, section: 0)
            let presented = scene.table.list.presentedIndexPath(forItemAt: indexPath)
            guard let label = table.rowWidget(at: presented), let frame = label.bounds(in: table.scroller) else { continue }
            if frame.contains(CGPoint(x: x, y: y)) { return index }
        }
        return nil
    }

    private func selectRows(_ rows: Set<Int>, showing shown: Int? = nil) {
        selection = rows.filter { $0 < scene.table.contacts.count }
        scene.table.selectedRows = selection
        scene.detail.contact = (shown ?? selection.min()).flatMap { $0 < scene.table.contacts.count ? scene.table.contacts[$0] : nil }
        refreshTable()
        showDetail()
    }

    private func moveSelection(by step: Int) {
        let count = scene.table.contacts.count
        guard count > 0 else { return }
        let current = selection.min() ?? -step
        selectRows([min(max(0, current + step), count - 1)])
    }

    private func showDetail() {
        guard let contact = scene.detail.contact else {
            nameLabel.text = ""
            infoLabel.text = ""
            try? picture.setImage(nil)
            return
        }
        nameLabel.text = contact.displayName
        let card = contact.card
        var lines: [String] = []
        if let org = card.organization?.filter({ !$0.isEmpty }), !org.isEmpty { lines.append(org.joined(separator: ", ")) }
        if let title = card.title { lines.append(title) }
        lines += card.emails.map { "✉ \($0.value)" }
        lines += card.telephones.map { "☎ \($0.value)" }
        if let note = card.note { lines.append(note) }
        infoLabel.text = lines.joined(separator: "\n")
        do throws(GtkBackendError) {
            try picture.setImage(contact.photoData)
        } catch {
            banner.show("The photo of \(contact.displayName) cannot be shown: \(error.description)")
        }
    }

    private func refreshTable() {
        empty.isVisible = scene.table.contacts.isEmpty
        for index in scene.table.contacts.indices {
            let presented = scene.table.list.presentedIndexPath(forItemAt: IndexPath(item: index, section: 0))
            guard let label = table.rowWidget(at: presented) else { continue }
            if selection.contains(index) { label.addStyleClass("contacts-selected") } else { label.removeStyleClass("contacts-selected") }
        }
        reporter?.setNeedsUpdate()
    }

    // MARK: - Commands

    private func chooseFiles() {
        let chooser = FileChooserNative(
            title: "Import vCard Files", mode: .openMultiple, parent: window, acceptLabel: "_Import",
            filters: [.init(name: "vCard files", mimeTypes: ["text/vcard", "text/x-vcard"], patterns: ["*.vcf", "*.vcard"])])
        chooser.present { [weak self] urls in self?.scene.table.importFiles(urls) }
    }

    private func toggleOneItemAtATime() {
        let on = !scene.table.acceptsOneItemAtATime
        scene.table.acceptsOneItemAtATime = on
        do {
            try scene.store.setAcceptsOneItemAtATime(on)
        } catch {
            banner.show("The setting could not be saved (\(error)).")
        }
    }

    // MARK: - Layout file

    /// Keeps `file` as {"table": R, "rows": {"<fn>": R}, "photo": R} in root-window coordinates.
    private func reportLayout(to file: URL) {
        let reporter = LayoutReporter { report in
            var object: [String: LayoutFileValue] = [:]
            if let frame = report["table", "table"] { object["table"] = .rect(LayoutRect(frame)) }
            if let frame = report["photo", "photo"] { object["photo"] = .rect(LayoutRect(frame)) }
            object["rows"] = .rects(report["rows"].mapValues(LayoutRect.init))
            try? AtomicFile.writeJSON(object, to: file)
        }
        reporter.track(table.scroller, group: "table", name: "table")
        reporter.track(picture, group: "photo", name: "photo")
        reporter.trackRows(of: table, group: "rows") { [rows = scene.table.rows] indexPath in
            indexPath.item < rows.contacts.count ? rows[indexPath].displayName : nil
        }
        self.reporter = reporter
    }
}

/// Forwards list events to a handler set once the window exists.
@MainActor
private final class EventRelay {
    var action: (@MainActor () -> Void)?
    func run() { action?() }
}

/// A value of the layout file: one frame, or frames by name.
enum LayoutFileValue: Encodable {
    case rect(LayoutRect)
    case rects([String: LayoutRect])

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .rect(let rect): try container.encode(rect)
        case .rects(let rects): try container.encode(rects)
        }
    }
}

extension LayoutRect {
    init(_ frame: CGRect) {
        self.init(x: Double(frame.minX), y: Double(frame.minY), width: Double(frame.width), height: Double(frame.height))
    }
}
