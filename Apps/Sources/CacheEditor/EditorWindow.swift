import AppSupport
import DragKitGTK
import DragKitWidgets
import Foundation
import GeocachesCore

/// CacheEditor's window: a card showing the geocache (drag it out, drop one
/// on it), the editing form with an error under each coordinate, and the
/// picture (drop an image on it or choose a file). Closing the window saves
/// the form, or stays open to say why it cannot (``EditorClosing``). The
/// logic is in ``CacheDetail`` and ``GeocacheEdit``; this shows it and
/// wires it up.
@MainActor
final class EditorWindow {
    let detail: CacheDetail
    let window: ApplicationWindow
    let banner = ErrorBanner()
    let detailArea = Box(.vertical, spacing: 0)
    let card = Box(.horizontal, spacing: 12)
    let thumbnail = Picture()
    let title = Label()
    let subtitle = Label()
    let name = Entry(placeholder: "Name")
    let summary = Entry(placeholder: "Where to look")
    let latitude = Entry(placeholder: "Latitude, e.g. 52.37")
    let longitude = Entry(placeholder: "Longitude, e.g. 4.89")
    let latitudeError = Label()
    let longitudeError = Label()
    let nameError = Label()
    let picture = Picture()
    let empty = StatusPage(iconName: "mark-location-symbolic", title: "No Geocache",
                           description: "Drag a geocache here from CacheMaker, or type one in below and press Ctrl+S.")
    private var reporter: LayoutReporter?
    /// Set when a close was refused for changes that cannot be saved: the
    /// next close discards them. Any typing clears it.
    private var discardAsked = false

    /// What the About dialog says.
    static let about = AboutDialog.Info(
        name: "CacheEditor", iconName: "document-edit-symbolic", version: "1.0",
        comments: "Shows and edits one geocache; drop one from CacheMaker on it, drag it back when done.")

    /// The Keyboard Shortcuts window's groups: every key the window takes.
    static let shortcutGroups: [ShortcutsWindow.Group] = [
        .init(title: "Geocache", shortcuts: [
            .init("Save the Changes", action: "win.save"),
            .init("Save the Changes (in a field)", keys: "Return"),
            .init("Choose a Picture", action: "win.choose-picture"),
        ]),
    ]

    init(shell: AppShell, detail: CacheDetail, layoutFile: URL?) {
        self.detail = detail
        window = ApplicationWindow(application: shell.application, title: "CacheEditor")
        window.setDefaultSize(width: 520, height: 600)
        StyleSheet.add(Self.css)

        let save = window.addAction("save", accelerators: ["<Control>s"]) { [unowned self] in saveForm() }
        let choose = window.addAction("choose-picture", accelerators: ["<Control>o"]) { [unowned self] in choosePicture() }
        let remove = window.addAction("remove-picture") { [unowned self] in
            do throws(GeocacheError) { try detail.removeImage() } catch { banner.show(error.description) }
        }
        let header = HeaderBar()
        header.packStart(Button(iconName: "document-save-symbolic", tooltip: "Save the changes (Ctrl+S)", action: save.detailedName))
        header.packStart(Button(iconName: "image-x-generic-symbolic", tooltip: "Choose a picture (Ctrl+O)", action: choose.detailedName))
        header.packEnd(shell.primaryMenuButton(sections: [
            [("Save", save.detailedName), ("Choose Picture…", choose.detailedName), ("Remove Picture", remove.detailedName)],
        ]))
        window.titlebar = header

        // The card: the geocache as one thing to drag out or drop onto.
        thumbnail.setSizeRequest(width: 64, height: 64)
        // The picture below shows (and names) the same image.
        thumbnail.hideFromAssistiveTechnologies()
        title.addStyleClass("heading")
        title.setAlignment(horizontal: .start, vertical: .center)
        subtitle.setAlignment(horizontal: .start, vertical: .center)
        let texts = Box(.vertical, spacing: 2)
        texts.append(title)
        texts.append(subtitle)
        card.append(thumbnail)
        card.append(texts)
        card.addStyleClass("geocache-card")
        card.tooltip = "Drag this geocache to CacheMaker, or drop a geocache here to edit it"
        // The card and the empty state share one area that takes drops, so
        // a geocache can be dropped whether one is shown or not.
        detailArea.append(card)
        detailArea.append(empty)
        detailArea.setMargins(12)
        detailArea.addInteraction(detail.dragInteraction)
        detailArea.addInteraction(detail.dropInteraction)

        // The form, with an error line under each field that can be wrong.
        let form = Grid(rowSpacing: 4, columnSpacing: 12)
        form.setMargins(top: 0, leading: 12, bottom: 12, trailing: 12)
        var row = 0
        for (label, entry, error) in [("Name", name, Optional(nameError)), ("Summary", summary, nil),
                                      ("Latitude", latitude, latitudeError), ("Longitude", longitude, longitudeError)] {
            form.attach(Label(label), column: 0, row: row)
            form.attach(entry, column: 1, row: row)
            // The label beside the entry names it for a screen reader too.
            entry.accessibleLabel = label
            entry.setExpands(horizontally: true, vertically: false)
            entry.onChanged { [unowned self] in
                discardAsked = false
                checkForm()
            }
            entry.onActivate { [unowned self] in saveForm() }
            row += 1
            if let error {
                error.addStyleClass("error")
                error.wraps = true
                error.setAlignment(horizontal: .start, vertical: .center)
                error.isVisible = false
                form.attach(error, column: 1, row: row)
                row += 1
            }
        }
        picture.setSizeRequest(width: 200, height: 160)
        picture.tooltip = "Drop a PNG image here, or press Ctrl+O to choose one"
        picture.addStyleClass("picture-well")
        picture.addInteraction(detail.pictureDropInteraction)
        picture.accessibleLabel = "Picture"
        form.attach(Label("Picture"), column: 0, row: row)
        form.attach(picture, column: 1, row: row)

        let page = Box(.vertical, spacing: 6)
        page.append(banner)
        page.append(detailArea)
        page.append(form)
        window.child = page

        detail.onChange = { [unowned self] geocache in show(geocache) }
        detail.onError = { [unowned self] error in banner.show(error.description) }
        show(detail.geocache)
        // Closing saves what the form holds, or stays open to say why it cannot.
        window.onCloseRequest { [unowned self] in
            switch detail.closing(with: edit, confirmedDiscard: discardAsked) {
            case .close, .saved:
                return false
            case .keepOpen(let error):
                discardAsked = true
                checkForm()
                banner.show(error.description)
                return true
            }
        }
        window.present()
        if let layoutFile { startReporting(to: layoutFile) }
    }

    /// Shows `text` in the window's banner (the notice after a start
    /// afresh, saying where the old data is kept).
    func showNotice(_ text: String) {
        banner.show(text)
    }

    // MARK: - Showing

    private func show(_ geocache: Geocache?) {
        empty.isVisible = geocache == nil
        card.isVisible = geocache != nil
        guard let geocache else { return }
        title.text = geocache.name
        subtitle.text = geocache.detailText
        do {
            try thumbnail.setImage(geocache.image)
            try picture.setImage(geocache.image)
        } catch {
            banner.show("The geocache's picture could not be shown: \(error.description)")
        }
        let form = GeocacheEdit(geocache)
        name.text = form.name
        summary.text = form.summary
        latitude.text = form.latitude
        longitude.text = form.longitude
        checkForm()
        reporter?.setNeedsUpdate()
    }

    /// Marks each field the form cannot save as it is, saying why below it.
    private func checkForm() {
        let problems = edit.problems
        for (code, entry, label) in [(GeocacheError.Code.emptyName, name, nameError),
                                     (.invalidLatitude, latitude, latitudeError),
                                     (.invalidLongitude, longitude, longitudeError)] {
            let problem = problems.first { $0.code == code }
            entry.showsError = problem != nil
            label.text = problem?.description ?? ""
            label.isVisible = problem != nil
        }
    }

    private var edit: GeocacheEdit {
        GeocacheEdit(name: name.text, summary: summary.text, latitude: latitude.text, longitude: longitude.text)
    }

    // MARK: - Commands

    private func saveForm() {
        do {
            try detail.apply(edit)
            banner.dismiss()
        } catch {
            checkForm()
            banner.show("Not saved: \(error.description)")
        }
    }

    private func choosePicture() {
        let chooser = FileChooserNative(title: "Choose a Picture", mode: .open, parent: window,
                                        filters: [.init(name: "PNG images", mimeTypes: ["image/png"])])
        chooser.present { [weak self] urls in
            guard let self, let url = urls.first else { return }
            do throws(GeocacheError) { try detail.setImage(contentsOf: url) } catch { banner.show(error.description) }
        }
    }

    // MARK: - --dump-layout

    private func startReporting(to file: URL) {
        let reporter = LayoutReporter { [file = LayoutFile(url: file)] report in Self.write(report, to: file) }
        reporter.track(window, group: "windows", name: "CacheEditor")
        reporter.track(detailArea, group: "widgets", name: "detail")
        reporter.track(picture, group: "widgets", name: "picture")
        reporter.track(banner, group: "widgets", name: "banner")
        for (label, entry) in [("name", name), ("summary", summary), ("latitude", latitude), ("longitude", longitude)] {
            reporter.track(entry, group: "widgets", name: label)
        }
        self.reporter = reporter
    }

    /// `{"windows": {...}, "widgets": {"detail": R, "picture": R, ...}}`,
    /// replaced atomically.
    private static func write(_ report: LayoutReport, to file: LayoutFile) {
        try? file.write(groups: report.groups)
    }

    private static let css = """
        .geocache-card { padding: 12px; border-radius: 8px; background: alpha(@theme_fg_color, 0.05); }
        .picture-well { border: 2px dashed alpha(@theme_fg_color, 0.25); border-radius: 8px; }
        .heading { font-weight: bold; font-size: larger; }
        .error { color: @error_color; font-size: smaller; }
        """
}
