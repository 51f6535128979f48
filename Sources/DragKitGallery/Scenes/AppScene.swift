import DragKitGTK
import DragKitWidgets
import Foundation

/// The `app` scene: a GtkApplication window built from the app widgets
/// (header bar with an action button and a menu, a form with entries, a
/// picture, an error banner, an empty state, a word list with rows of its
/// own), with a layout
/// file kept up to date in root-window coordinates. The end-to-end tests aim
/// the real pointer and keyboard at it.
///
///     DragKitGallery app [--dump-layout FILE] [--open IMAGE]
///
/// Prints "action" (name), "toggle" (name, isOn), "selected" and
/// "activated" (word), "changed" (field, text, error; active), "banner"
/// (shown, message), "picture" (width, height; path when chosen with
/// Ctrl+O in the file chooser) and "chosen" (cancelled) events.
@MainActor
enum AppScene {
    static var application: Application?
    private static var reporter: LayoutReporter?
    private static var list: GalleryListController?

    static func run(options: [String]) -> Int32 {
        let layoutFile = Gallery.option("--dump-layout", in: options).map { URL(fileURLWithPath: $0) }
        let app = Application(id: "org.dragkit.Gallery")
        application = app
        app.addAction("quit", accelerators: ["<Control>q"]) {
            EventLog.emit("action", ["name": "quit"])
            app.quit()
        }
        app.onActivate { showWindow(app, layoutFile: layoutFile) }
        // Files given with --open reach the open handler instead of activate.
        let files = Gallery.option("--open", in: options).map { [URL(fileURLWithPath: $0)] } ?? []
        app.onOpen { urls in showWindow(app, layoutFile: layoutFile, image: urls.first) }
        do throws(GtkBackendError) {
            return try app.run(files: files)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            return 2
        }
    }

    private static func showWindow(_ app: Application, layoutFile: URL?, image: URL? = nil) {
        let window = ApplicationWindow(application: app, title: "DragKit Gallery App")
        window.setDefaultSize(width: 520, height: 600)

        let banner = ErrorBanner()
        banner.onDismiss { EventLog.emit("banner", ["shown": false, "message": banner.message]) }
        let picture = Picture()
        picture.accessibleLabel = "Picture"
        picture.setSizeRequest(width: 64, height: 64)

        let add = window.addAction("add", accelerators: ["<Control>n"]) { EventLog.emit("action", ["name": "add"]) }
        window.addAction("show-error", accelerators: ["<Control>e"]) {
            do throws(GtkBackendError) {
                try picture.setImage(Data("not an image".utf8))
            } catch {
                banner.show(error.description)
                EventLog.emit("banner", ["shown": true, "message": banner.message, "code": error.code.rawValue])
            }
        }
        window.addAction("open", accelerators: ["<Control>o"]) {
            let chooser = FileChooserNative(title: "Choose a Picture", mode: .open, parent: window,
                                            filters: [.init(name: "Images", mimeTypes: ["image/png", "image/jpeg"])])
            chooser.present { urls in
                guard let url = urls.first else { return EventLog.emit("chosen", ["paths": [String]()]) }
                do throws(GtkBackendError) {
                    try picture.setImage(FileManager.default.contents(atPath: url.path))
                    EventLog.emit("picture", ["width": picture.imagePixelSize?.width ?? 0, "height": picture.imagePixelSize?.height ?? 0,
                                              "path": url.path])
                } catch {
                    banner.show(error.description)
                }
            }
        }
        let header = HeaderBar()
        let addButton = Button(iconName: "list-add-symbolic", tooltip: "Add", action: add.detailedName)
        header.packStart(addButton)
        header.packEnd(MenuButton(iconName: "open-menu-symbolic", tooltip: "Main menu",
                                  items: [("Open a Picture…", "win.open"), ("Show an Error", "win.show-error"),
                                          ("One at a Time", "win.one-at-a-time"), ("Quit", "app.quit")]))
        window.titlebar = header

        let name = Entry(placeholder: "Name")
        let latitude = Entry(placeholder: "Latitude, e.g. 51.5")
        name.onChanged { EventLog.emit("changed", ["field": "name", "text": name.text, "error": name.showsError]) }
        latitude.onChanged {
            latitude.showsError = !latitude.text.isEmpty && Double(latitude.text) == nil
            EventLog.emit("changed", ["field": "latitude", "text": latitude.text, "error": latitude.showsError])
        }
        let form = Grid(rowSpacing: 6, columnSpacing: 12)
        let nameLabel = Label("Name")
        let latitudeLabel = Label("Latitude")
        name.labelled(by: nameLabel)
        latitude.labelled(by: latitudeLabel)
        form.attach(nameLabel, column: 0, row: 0)
        form.attach(name, column: 1, row: 0)
        form.attach(latitudeLabel, column: 0, row: 1)
        form.attach(latitude, column: 1, row: 1)
        form.attach(picture, column: 2, row: 0, height: 2)
        form.setMargins(12)
        name.setExpands(horizontally: true, vertically: false)

        let empty = StatusPage(iconName: "folder-symbolic", title: "Nothing Here",
                               description: "Drop words on the list below.")
        let words = GalleryListController(name: "words", words: ["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta"],
                                          width: 480, iconRows: true)
        list = words
        words.widget.scroller.setSizeRequest(width: 480, height: 120)

        words.widget.allowsSelection = true
        words.widget.activatesOnSingleClick = false
        words.widget.onSelectionChanged { indexPath in
            EventLog.emit("selected", ["word": indexPath.map { words.words[$0] } ?? ""])
        }
        words.widget.onRowActivated { indexPath in EventLog.emit("activated", ["word": words.words[indexPath]]) }
        window.addToggleAction("one-at-a-time", isOn: false, accelerators: ["<Control>t"]) { isOn in
            EventLog.emit("toggle", ["name": "one-at-a-time", "isOn": isOn])
        }
        let done = CheckButton(label: "_Done")
        done.onToggled { EventLog.emit("changed", ["field": "done", "active": done.isActive]) }
        form.attach(done, column: 1, row: 2)

        let column = Box(.vertical, spacing: 6)
        column.append(banner)
        column.append(form)
        column.append(empty)
        column.append(words.widget.scroller)
        window.child = column
        window.present()

        do throws(GtkBackendError) {
            try picture.setImage(image.flatMap { FileManager.default.contents(atPath: $0.path) } ?? GallerySource.swatchPNG)
            EventLog.emit("picture", ["width": picture.imagePixelSize?.width ?? 0, "height": picture.imagePixelSize?.height ?? 0,
                                      "path": image?.path ?? ""])
        } catch {
            banner.show(error.description)
        }

        guard let layoutFile else { return }
        let reporter = LayoutReporter { report in
            write(report, to: layoutFile)
        }
        reporter.track(window, group: "windows", name: window.title)
        for (label, widget) in [("add", addButton as Widget), ("name", name), ("latitude", latitude),
                                ("picture", picture), ("banner", banner), ("done", done), ("bannerClose", banner.closeButton),
                                ("empty", empty), ("list", words.widget.scroller)] {
            reporter.track(widget, group: "widgets", name: label)
        }
        reporter.trackRows(of: words.widget, group: "rows") { words.words[$0] }
        self.reporter = reporter
    }

    /// `{"group": {"name": {"x", "y", "width", "height"}}}`, replaced atomically.
    private static func write(_ report: LayoutReport, to file: URL) {
        let object = report.groups.mapValues { frames in
            frames.mapValues { ["x": Double($0.minX), "y": Double($0.minY), "width": Double($0.width), "height": Double($0.height)] }
        }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        try? data.write(to: file, options: .atomic)
    }
}
