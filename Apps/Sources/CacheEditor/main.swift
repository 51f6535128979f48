import AppDesktop
import AppSupport
import ArgumentParser
import DragKitGTK
import DragKitWidgets
import Foundation
import GeocachesCore

/// CacheEditor: one geocache's details, edited, dragged out and dropped in;
/// `CacheEditor FILE.geocache` opens a geocache file.
struct CacheEditorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "CacheEditor",
        abstract: "Shows and edits one geocache.",
        discussion: "Drop a geocache from CacheMaker on it to edit that one; drag it back when done.")

    @OptionGroup var app: AppOptions
    @OptionGroup var types: ExportedTypesOptions

    @Argument(help: ArgumentHelp("A geocache JSON file to open (the desktop passes the file opened with CacheEditor).",
                                 valueName: "file"))
    var files: [String] = []
}

let applicationID = "org.dragkit.CacheEditor"
let command = CacheEditorCommand.parseOrExit()
command.types.printPackageIfAsked(appName: "CacheEditor", declarations: [.geocache])

let startup = StoreStartup(options: command.app, appName: "CacheEditor", applicationID: applicationID,
                           fileName: EditorStore.fileName) { try EditorStore(folder: $0) }
if command.app.exportJSON {
    startup.exportAndExit { try EditorExport(geocache: $0.load().map(BoardExport.Entry.init)).jsonData() }
}

let layoutFile = command.app.dumpLayoutPath.map { URL(fileURLWithPath: $0) }
let application = Application(id: applicationID)
let shell = AppShell(application: application, about: EditorWindow.about, shortcuts: EditorWindow.shortcutGroups)
let recovery = StartupRecovery(application: application, appName: "CacheEditor", layoutFile: layoutFile)
var editorWindow: EditorWindow?
// Quit closes the window, so an unsaved edit is saved (or kept, with the
// reason) as on a close. It replaces the shell's plain Quit; Ctrl+Q stays.
application.addAction("quit", accelerators: ["<Control>q"]) {
    if let window = editorWindow?.window { window.close() } else { application.quit() }
}

/// Opens the editor window on `store`, with `notice` in its banner.
@MainActor
func openEditor(_ store: EditorStore, notice: String?) throws {
    let window = EditorWindow(shell: shell, detail: try CacheDetail(store: store), layoutFile: layoutFile)
    if let notice { window.showNotice(notice) }
    editorWindow = window
}

/// Shows the editor window, opening it on the store the first time.
@MainActor
func showEditor() {
    if let editorWindow {
        editorWindow.window.present()
        return
    }
    // After a damaged file is kept aside the editor starts empty: the
    // person's geocache is in the kept file, not the sample.
    recovery.start(startup, freshStore: { try EditorStore(folder: startup.folder, sample: nil) }, open: { store, notice in
        try openEditor(store, notice: notice)
    })
}

application.onActivate { showEditor() }
// A geocache file given on the command line or by the desktop replaces the
// shown geocache, as a dropped one does.
application.onOpen { urls in
    showEditor()
    editorWindow?.detail.open(urls)
}
do {
    exit(try application.run(files: command.files.map { URL(fileURLWithPath: $0) }))
} catch {
    recovery.log("\(error)")
    exit(2)
}
