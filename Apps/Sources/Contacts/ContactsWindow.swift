import AppSupport
import ContactsCore
import DragAndDrop
import DragKitGTK
import DragKitWidgets
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
    private let fieldsBox = Box(.vertical, spacing: 10)
    private var fieldRows: [Widget] = []
    private let detailBox = Box(.vertical, spacing: 8)
    private var reporter: LayoutReporter?
    /// The modifiers of the last press on a row, for the click's release.
    private var pressModifiers: ContactSelection.Modifiers = []
    private var undoAction: Action?
    private var redoAction: Action?
    private var deleteAction: Action?
    private let updateButton = Button(label: "Update")
    /// While an import or drop goes in, or a long undo or redo runs: how
    /// far it is, and Cancel.
    private let importRow = Box(.horizontal, spacing: 6)
    private let importLabel = Label()
    private let importCancel = Button(label: "Cancel")
    /// The problems shown in the banner until it is dismissed.
    private var problems = ContactsBanner()
    /// The search field: the list shows the matches as the person types.
    private let searchEntry = Entry(placeholder: "Search contacts")
    /// The right pane: the detail, or the edit form.
    private let pane = Stack()
    private var editor: ContactEditor?
    /// The contact being edited; nil while a new one is being made.
    private var editing: Contact?

    private let shell: AppShell

    init(shell: AppShell, store: ContactStore, layoutFile: URL?) throws {
        self.shell = shell
        scene = try ContactsScene(store: store)
        window = ApplicationWindow(application: shell.application, title: "Contacts")
        window.setDefaultSize(width: 720, height: 480)
        StyleSheet.add("""
            .contacts-selected { background-color: @theme_selected_bg_color; color: @theme_selected_fg_color; }
            .contacts-photo { background-color: alpha(currentColor, 0.08); border-radius: 12px; }
            .contacts-row { padding-left: 12px; padding-right: 12px; }
            """)

        let coreTable = scene.table
        // Set before the list widget takes over onEvent (it calls the previous handler after its own).
        let relay = EventRelay()
        coreTable.list.onEvent = { _ in relay.run() }
        // A row is drawn selected when it is filled in, so rows that scroll
        // into view (or are recycled) show the selection without a walk
        // over every contact; refreshTable() restyles the rows in view.
        table = ListWidget(coreTable.list, row: Self.makeRow) { [weak coreTable] label, indexPath in
            guard let coreTable, indexPath.item < coreTable.rows.contacts.count else { return }
            let contact = coreTable.rows[indexPath]
            label.text = contact.displayName
            Self.style(label, selected: contact.id.map(coreTable.selection.ids.contains) ?? false)
        }
        table.rowAccessibleName = { [rows = coreTable.rows] indexPath in
            indexPath.item < rows.contacts.count ? rows[indexPath].displayName : nil
        }
        coreTable.onProblem = { [weak self] problem in self?.show(problem) }
        coreTable.onContactsChanged = { [weak self] in self?.refreshTable() }
        coreTable.onImportProgress = { [weak self] running in self?.showImport(running) }
        scene.detail.onProblem = { [weak self] problem in self?.show(problem) }
        // The scene keeps the detail on the table's current contact; this shows it.
        coreTable.onSelectionChanged = { [weak self] in
            guard let self else { return }
            scene.showCurrent()
            refreshTable()
            showDetail()
            scrollCurrentIntoView()
        }
        coreTable.undo.onChange = { [weak self] in self?.refreshCommands() }
        table.onRowActivated { [weak self] indexPath in self?.released(on: indexPath.item) }

        relay.action = { [weak self] in self?.refreshTable() }
        buildActions()
        buildLayout()
        refreshCommands()
        showDetail()
        window.present()
        if let layoutFile { reportLayout(to: layoutFile) }
        // The first frame read only the rows it shows; the rest of the
        // contacts' texts come in off the main actor once the window is up.
        MainLoop.after(milliseconds: 500) { [weak self] in self?.scene.table.readAllTexts() }
    }

    // MARK: - Building

    private func buildActions() {
        let header = HeaderBar()
        let importAction = window.addAction("import", accelerators: ["<Control>o"]) { [weak self] in self?.chooseFiles() }
        // Ctrl+A is the list's own key (below), so a text field keeps its own Ctrl+A.
        window.addAction("select-all") { [weak self] in
            guard let self else { return }
            scene.table.selection.selectAll(in: scene.table.order)
        }
        window.addAction("one-item-at-a-time") { [weak self] in self?.toggleOneItemAtATime() }
        undoAction = window.addAction("undo", accelerators: ["<Control>z"]) { [weak self] in self?.scene.table.undoLast() }
        redoAction = window.addAction("redo", accelerators: ["<Control><Shift>z", "<Control>y"]) { [weak self] in
            self?.scene.table.redoLast()
        }
        // Delete is the list's own key (below), so it never eats a Delete typed in a text field.
        deleteAction = window.addAction("delete") { [weak self] in self?.deleteSelection() }
        header.packStart(Button(iconName: "document-open-symbolic", tooltip: "Import vCard Files (Ctrl+O)", action: importAction.detailedName))
        header.packStart(Button(iconName: "edit-undo-symbolic", tooltip: "Undo (Ctrl+Z)", action: "win.undo"))
        header.packStart(Button(iconName: "edit-redo-symbolic", tooltip: "Redo (Ctrl+Shift+Z)", action: "win.redo"))
        let new = window.addAction("new", accelerators: ["<Control>n"]) { [weak self] in self?.startEditing(nil) }
        window.addAction("edit", accelerators: ["<Control>e"]) { [weak self] in
            guard let self, let contact = scene.table.currentContact else { return }
            startEditing(contact)
        }
        window.addAction("search", accelerators: ["<Control>f"]) { [weak self] in _ = self?.searchEntry.grabFocus() }
        window.addAction("sort-given") { [weak self] in self?.sort(.givenName) }
        window.addAction("sort-family") { [weak self] in self?.sort(.familyName) }
        window.addAction("export", accelerators: ["<Control><Shift>e"]) { [weak self] in self?.chooseExportFile() }
        window.addAction("set-photo") { [weak self] in self?.choosePhoto() }
        header.packStart(Button(iconName: "contact-new-symbolic", tooltip: "New Contact (Ctrl+N)", action: new.detailedName))
        header.packEnd(shell.primaryMenuButton(sections: ContactsApp.menuSections))
        header.packEnd(Button(iconName: "user-trash-symbolic", tooltip: "Delete the Selected Contacts (Delete)", action: "win.delete"))
        header.packEnd(Button(iconName: "document-edit-symbolic", tooltip: "Edit Contact (Ctrl+E)", action: "win.edit"))
        window.titlebar = header

        let keys = ShortcutController()
        // The moves a list's keys make; a page is what the table shows, and
        // the ends are a move past them (moves stop at the first and last).
        let moves: [(key: String, step: @MainActor (ListWidget, Int) -> Int)] = [
            ("Down", { _, _ in 1 }), ("Up", { _, _ in -1 }),
            ("Page_Down", { table, _ in table.rowsPerPage }), ("Page_Up", { table, _ in -table.rowsPerPage }),
            ("End", { _, count in count }), ("Home", { _, count in -count }),
        ]
        for move in moves {
            for extending in [false, true] {
                keys.add((extending ? "<Shift>" : "") + move.key) { [weak self] in
                    guard let self else { return false }
                    let order = scene.table.order
                    scene.table.selection.move(by: move.step(table, order.count), in: order, extending: extending)
                    return true
                }
            }
        }
        keys.add("Delete") { [weak self] in self?.deleteSelection(); return true }
        // The clipboard keys are the list's own too, so a text field keeps
        // its Ctrl+C, Ctrl+X and Ctrl+V. They carry what a drag and a drop
        // carry; a cut is a delete, with undo.
        DesktopPasteboard.install()
        keys.add("<Control>c") { [weak self] in self?.copySelection() ?? false }
        keys.add("<Control>x") { [weak self] in
            guard let self, copySelection() else { return false }
            deleteSelection()
            return true
        }
        keys.add("<Control>v") { [weak self] in
            guard let self else { return false }
            do {
                try scene.table.paste(Pasteboard.general.itemProviders, engine: DesktopDragDrop.shared.engine)
            } catch {
                banner.show("The contacts could not be pasted: \(error).")
            }
            return true
        }
        keys.add("<Control>a") { [weak self] in
            guard let self else { return false }
            scene.table.selection.selectAll(in: scene.table.order)
            return true
        }
        keys.add("Return") { [weak self] in
            guard let self, let contact = scene.table.currentContact else { return false }
            startEditing(contact)
            return true
        }
        table.scroller.addShortcuts(keys)
        updateButton.onClicked { [weak self] in self?.applyUpdates() }
    }

    private func buildLayout() {
        let clicks = GestureClick(on: table.scroller)
        clicks.onPressed { [weak self] press in self?.press(press) }
        table.scroller.setSizeRequest(width: 300, height: 200)

        let left = Box(.vertical, spacing: 0)
        let bannerRow = Box(.horizontal, spacing: 0)
        banner.setExpands(horizontally: true, vertically: false)
        bannerRow.append(banner)
        updateButton.isVisible = false
        updateButton.tooltip = "Replace the contacts already here with the imported cards"
        updateButton.setAlignment(horizontal: .end, vertical: .center)
        bannerRow.append(updateButton)
        banner.onDismiss { [weak self] in
            self?.problems.dismiss()
            self?.updateButton.isVisible = false
            self?.scene.table.dismissUpdates()
        }
        searchEntry.tooltip = "Search contacts (Ctrl+F)"
        searchEntry.accessibleLabel = "Search contacts"
        searchEntry.setMargins(top: 6, leading: 6, bottom: 6, trailing: 6)
        searchEntry.onChanged { [weak self] in
            guard let self else { return }
            scene.table.search(searchEntry.text)
        }
        let searchKeys = ShortcutController()
        searchKeys.add("Escape") { [weak self] in
            guard let self, !searchEntry.text.isEmpty else { return false }
            searchEntry.text = ""
            return true
        }
        searchKeys.add("Down") { [weak self] in self?.table.grabFocus() ?? false }
        searchEntry.addShortcuts(searchKeys)
        left.append(searchEntry)
        left.append(bannerRow)
        importLabel.setAlignment(horizontal: .start, vertical: .center)
        importLabel.setExpands(horizontally: true, vertically: false)
        // "Undoing “Import 50000 Contacts”: 12000 of 50000…" is wider than
        // the list: it wraps rather than widening the window as it counts.
        importLabel.wraps = true
        importCancel.tooltip = "Stop the import; the contacts already imported stay (Undo removes them)"
        importCancel.onClicked { [weak self] in
            guard let self, let running = scene.table.runningImport else { return }
            running.cancel()
            showImport(running)
        }
        importRow.append(importLabel)
        importRow.append(importCancel)
        importRow.setMargins(top: 0, leading: 6, bottom: 6, trailing: 6)
        importRow.isVisible = false
        left.append(importRow)
        // The empty state is part of the list, so a drop on it lands there.
        table.emptyState = empty
        left.append(table.scroller)
        left.setExpands(horizontally: true, vertically: true)

        picture.setSizeRequest(width: 128, height: 128)
        picture.addStyleClass("contacts-photo")
        picture.alternativeText = "Contact photo: drop a PNG or JPEG image here"
        picture.accessibleLabel = "Contact photo"
        picture.setAlignment(horizontal: .start, vertical: .start)
        nameLabel.addStyleClass("title-2")
        nameLabel.setAlignment(horizontal: .start, vertical: .start)
        nameLabel.wraps = true
        detailBox.append(picture)
        detailBox.append(nameLabel)
        detailBox.append(fieldsBox)
        detailBox.setMargins(24)
        detailBox.setSizeRequest(width: 300, height: -1)
        detailBox.setExpands(horizontally: true, vertically: true)
        detailBox.addInteraction(scene.detail.dropInteraction)
        scene.detail.photoFrame = { [picture, detailBox] in picture.bounds(in: detailBox) ?? .zero }
        // A photo is decoded whole (gdk-pixbuf) before it replaces the old one.
        scene.detail.decodeImage = { data in _ = try ImageDecoder.decode(data) }

        let detailScroller = ScrolledWindow()
        detailScroller.child = detailBox
        detailScroller.setExpands(horizontally: true, vertically: true)
        pane.add(detailScroller, name: "detail")
        pane.setExpands(horizontally: true, vertically: true)
        pane.setSizeRequest(width: 340, height: -1)

        let columns = Box(.horizontal, spacing: 0)
        columns.append(left)
        columns.append(pane)
        window.child = columns
        refreshTable()
    }

    // MARK: - Selection and detail

    private func press(_ press: GestureClick.Press) {
        guard let row = row(atX: press.x, y: press.y), let id = scene.table.contacts[row].id else { return }
        var modifiers: ContactSelection.Modifiers = []
        if press.control { modifiers.insert(.control) }
        if press.shift { modifiers.insert(.shift) }
        pressModifiers = modifiers
        _ = table.grabFocus()
        scene.table.selection.press(id, in: scene.table.order, modifiers: modifiers)
    }

    /// A click on `row` ended without a drag.
    private func released(on row: Int) {
        guard row < scene.table.contacts.count, let id = scene.table.contacts[row].id else { return }
        scene.table.selection.release(id, modifiers: pressModifiers)
    }

    /// The data source row under a point of the table's scroller (only
    /// rows in view can be under the pointer).
    private func row(atX x: Double, y: Double) -> Int? {
        for (indexPath, widget) in contactRowsInView {
            guard let frame = widget.bounds(in: table.scroller), frame.contains(CGPoint(x: x, y: y)) else { continue }
            return indexPath.item
        }
        return nil
    }

    /// The contact rows that have widgets now (those in view and a margin),
    /// by data source index path; placeholders left out.
    private var contactRowsInView: [(indexPath: IndexPath, widget: Widget)] {
        table.rowsInView.compactMap { presented, widget in
            guard let item = scene.table.list.row(at: presented)?.itemIndexPath,
                  item.item < scene.table.contacts.count else { return nil }
            return (item, widget)
        }
    }

    private static func makeRow() -> Label {
        let label = Label()
        label.textAlignment = 0
        label.truncates = true
        label.addStyleClass("contacts-row")
        return label
    }

    private static func style(_ row: Widget, selected: Bool) {
        if selected { row.addStyleClass("contacts-selected") } else { row.removeStyleClass("contacts-selected") }
    }

    /// Scrolls so the current contact's row is on screen (after Up, Down, a delete).
    private func scrollCurrentIntoView() {
        guard let id = scene.table.selection.current, let row = scene.table.order.firstIndex(of: id) else { return }
        table.scrollToItem(at: IndexPath(item: row, section: 0))
    }

    private func showDetail() {
        fieldRows.forEach(fieldsBox.remove)
        fieldRows = []
        guard let contact = scene.detail.contact else {
            nameLabel.text = ""
            try? picture.setImage(nil)
            return
        }
        nameLabel.text = contact.displayName
        for field in contact.fields {
            let row = fieldRow(field)
            fieldsBox.append(row)
            fieldRows.append(row)
        }
        do throws(GtkBackendError) {
            try picture.setImage(contact.photoData)
        } catch {
            banner.show("The photo of \(contact.displayName) cannot be shown: \(error.description)")
        }
    }

    /// One field of the detail: its symbolic icon, its label small above its value.
    private func fieldRow(_ field: ContactField) -> Widget {
        let row = Box(.horizontal, spacing: 12)
        let icon = Image(iconName: field.iconName, pixelSize: 16, decorative: true)
        icon.setAlignment(horizontal: .center, vertical: .start)
        icon.tooltip = field.label
        let text = Box(.vertical, spacing: 2)
        let label = Label(field.label)
        label.addStyleClass("dim-label")
        label.addStyleClass("caption")
        label.setAlignment(horizontal: .start, vertical: .start)
        let value = Label(field.value)
        value.wraps = true
        value.setAlignment(horizontal: .start, vertical: .start)
        text.append(label)
        text.append(value)
        row.append(icon)
        row.append(text)
        return row
    }

    /// Restyles the rows in view after the selection or the contacts
    /// changed; rows coming into view are styled when they are filled in.
    private func refreshTable() {
        let ids = scene.table.selection.ids
        for (indexPath, widget) in contactRowsInView {
            Self.style(widget, selected: scene.table.contacts[indexPath.item].id.map(ids.contains) ?? false)
        }
        // The list's focus row and what a screen reader hears as selected
        // follow the table's own selection.
        let current = scene.table.selection.current
        let focus = current.flatMap { id in scene.table.contacts.firstIndex { $0.id == id } }
        table.showAppSelection(focus: focus.map { IndexPath(item: $0, section: 0) }) { [weak coreTable = scene.table] indexPath in
            guard let coreTable, indexPath.item < coreTable.contacts.count, let id = coreTable.contacts[indexPath.item].id else { return false }
            return coreTable.selection.ids.contains(id)
        }
        refreshCommands()
        reporter?.setNeedsUpdate()
    }

    /// Turns Undo, Redo and Delete on when they have something to act on
    /// (Undo and Redo stay off while a long undo or redo runs).
    private func refreshCommands() {
        undoAction?.isEnabled = scene.table.undo.canUndo
        redoAction?.isEnabled = scene.table.undo.canRedo
        deleteAction?.isEnabled = !scene.table.selection.ids.isEmpty
    }

    /// Shows the running import's count, or hides the row when none runs.
    private func showImport(_ running: ContactsImport?) {
        importRow.isVisible = running != nil
        guard let running else {
            reporter?.setNeedsUpdate()
            return
        }
        importLabel.text = running.status
        importCancel.tooltip = running.cancelHint
        importCancel.isSensitive = !running.isCancelled
        reporter?.setNeedsUpdate()
    }

    /// Shows `text` in the banner (the notice after a start afresh,
    /// saying where the old data is kept).
    func showNotice(_ text: String) {
        banner.show(text)
    }

    /// Adds `problem` to the banner, with Update when an import offers updates.
    private func show(_ problem: ContactsProblem) {
        problems.add(problem, updatesOffered: !scene.table.offeredUpdates.isEmpty)
        banner.show(problems.text)
        updateButton.isVisible = problems.offersUpdate
    }

    // MARK: - Editing

    /// Shows the edit form for `contact`, or for a new contact when nil.
    private func startEditing(_ contact: Contact?) {
        editing = contact
        let editor = ContactEditor(contact.map(ContactDraft.init) ?? ContactDraft())
        self.editor = editor
        let cancel = Button(label: "_Cancel")
        cancel.onClicked { [weak self] in self?.stopEditing() }
        let save = Button(label: contact == nil ? "_Add" : "_Done")
        save.addStyleClass("suggested-action")
        save.onClicked { [weak self] in self?.saveEdit() }
        editor.onSubmit = { [weak self] in self?.saveEdit() }
        let editorTitle = Label(contact.map { "Edit “\($0.displayName)”" } ?? "New Contact")
        editorTitle.truncates = true
        editorTitle.addStyleClass("heading")
        editorTitle.setExpands(horizontally: true, vertically: false)
        let bar = Box(.horizontal, spacing: 6)
        bar.setMargins(top: 12, leading: 18, bottom: 0, trailing: 18)
        bar.append(cancel)
        bar.append(editorTitle)
        bar.append(save)
        let page = Box(.vertical, spacing: 0)
        page.append(bar)
        page.append(editor.root)
        let keys = ShortcutController()
        keys.add("Escape") { [weak self] in self?.stopEditing(); return true }
        keys.add("<Control>s") { [weak self] in self?.saveEdit(); return true }
        keys.add("<Control>Return") { [weak self] in self?.saveEdit(); return true }
        page.addShortcuts(keys)
        pane.remove(name: "editor")
        pane.add(page, name: "editor")
        pane.visiblePageName = "editor"
        reporter?.track(editor.given, group: "editor", name: "given")
        reporter?.track(editor.family, group: "editor", name: "family")
        reporter?.track(save, group: "editor", name: "save")
        _ = editor.given.grabFocus()
    }

    private func saveEdit() {
        guard let editor else { return }
        let draft = editor.result
        do {
            if let editing, let current = scene.table.contacts.first(where: { $0.id == editing.id }) ?? Optional(editing) {
                try scene.table.edit(try draft.applied(to: current))
            } else {
                try scene.table.create(try draft.newCard())
            }
        } catch let problem as ContactsProblem {
            banner.show(problem.message)
            return
        } catch {
            banner.show("The contact could not be saved: \(StoreFailureReason.words(for: error)).")
            return
        }
        stopEditing()
    }

    private func stopEditing() {
        pane.visiblePageName = "detail"
        pane.remove(name: "editor")
        for name in ["given", "family", "save"] { reporter?.untrack(group: "editor", name: name) }
        editor = nil
        editing = nil
        _ = table.grabFocus()
        showDetail()
    }

    // MARK: - Commands

    private func sort(_ order: ContactSortOrder) {
        do { try scene.table.sort(by: order) } catch {
            banner.show("The contacts could not be sorted: \(StoreFailureReason.words(for: error)).")
        }
    }

    private func chooseExportFile() {
        let contacts = scene.table.selectedContacts
        guard !contacts.isEmpty else {
            banner.show("Select the contacts to export first (Ctrl+A selects all).")
            return
        }
        let chooser = FileChooserNative(
            title: "Export Contacts", mode: .save, parent: window, acceptLabel: "_Export",
            filters: [.init(name: "vCard files", mimeTypes: ["text/vcard"], patterns: ["*.vcf"])])
        chooser.present { [weak self] urls in
            guard let url = urls.first else { return }
            do {
                try AtomicFile.write(ContactsExport.vCard(contacts), to: url)
            } catch {
                self?.banner.show("The contacts could not be exported to “\(url.lastPathComponent)” (\(error)).")
            }
        }
    }

    private func choosePhoto() {
        guard scene.detail.contact != nil else { return }
        let chooser = FileChooserNative(
            title: "Set Photo", mode: .open, parent: window, acceptLabel: "_Set Photo",
            filters: [.init(name: "Images", mimeTypes: ["image/png", "image/jpeg"], patterns: ["*.png", "*.jpg", "*.jpeg"])])
        chooser.present { [weak self] urls in
            guard let url = urls.first else { return }
            self?.scene.detail.setPhoto(fromFile: url)
        }
    }

    /// Puts the selected contacts on the clipboard; false when none is selected.
    private func copySelection() -> Bool {
        let providers = scene.table.clipboardItemProviders
        guard !providers.isEmpty else { return false }
        Pasteboard.general.setItemProviders(providers)
        return true
    }

    private func deleteSelection() {
        do {
            let count = try scene.table.deleteSelection()
            guard count > 0 else { return }
        } catch {
            banner.show("The contacts could not be deleted: \(StoreFailureReason.words(for: error)).")
        }
    }

    private func applyUpdates() {
        updateButton.isVisible = false
        do {
            try scene.table.applyUpdates()
            banner.dismiss()
        } catch {
            banner.show("The contacts could not be updated: \(StoreFailureReason.words(for: error)).")
        }
    }

    private func chooseFiles() {
        let chooser = FileChooserNative(
            title: "Import vCard Files", mode: .openMultiple, parent: window, acceptLabel: "_Import",
            filters: [.init(name: "vCard files", mimeTypes: ["text/vcard", "text/x-vcard"], patterns: ["*.vcf", "*.vcard"])])
        chooser.present { [weak self] urls in self?.importFiles(urls) }
    }

    /// Imports vCard files as Import does: chosen in the file dialog, or
    /// opened with the app from the desktop or the command line.
    func importFiles(_ urls: [URL]) {
        scene.table.importFiles(urls)
    }

    private func toggleOneItemAtATime() {
        let on = !scene.table.acceptsOneItemAtATime
        scene.table.acceptsOneItemAtATime = on
        do {
            try scene.store.setAcceptsOneItemAtATime(on)
        } catch {
            banner.show("The setting could not be saved: \(StoreFailureReason.words(for: error)).")
        }
    }

    // MARK: - Layout file

    /// Keeps `file` as {"table": R, "rows": {"<fn>": R}, "photo": R, "widgets":
    /// {"search", "banner", "update", "import": R}, "editor": {"given", "family", "save": R},
    /// "selected": {"<fn>": R} (the rows drawn selected), "indicators":
    /// {"rows": R} (the insertion line while a drag hovers)}
    /// in root-window coordinates; a hidden widget is left out.
    private func reportLayout(to file: URL) {
        let reporter = LayoutReporter { [file = LayoutFile(url: file)] report in
            var members: [String: LayoutValue] = [:]
            if let frame = report["table", "table"] { members["table"] = .rect(frame) }
            if let frame = report["photo", "photo"] { members["photo"] = .rect(frame) }
            for group in ["widgets", "editor", "rows", "selected", "indicators"] { members[group] = .rects(report[group]) }
            try? file.write(members)
        }
        reporter.track(table.scroller, group: "table", name: "table")
        reporter.track(picture, group: "photo", name: "photo")
        reporter.track(searchEntry, group: "widgets", name: "search")
        reporter.track(banner, group: "widgets", name: "banner")
        reporter.track(updateButton, group: "widgets", name: "update")
        // Shown while an import or drop goes in: its end is when the row goes.
        reporter.track(importRow, group: "widgets", name: "import")
        reporter.track(empty, group: "widgets", name: "empty")
        reporter.trackInsertionLine(of: table, group: "indicators", name: "rows")
        reporter.trackRows(of: table, group: "rows") { [rows = scene.table.rows] indexPath in
            indexPath.item < rows.contacts.count ? rows[indexPath].displayName : nil
        }
        // The rows drawn as selected, as a person sees them (clipped to the list).
        reporter.track(group: "selected", clippedTo: table.scroller) { [weak self] in
            guard let self else { return [] }
            return contactRowsInView.compactMap { indexPath, row in
                row.hasStyleClass("contacts-selected") ? (scene.table.contacts[indexPath.item].displayName, row) : nil
            }
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
