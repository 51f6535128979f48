import AppSupport
import ArgumentParser
import DragKitGTK
import Foundation
import GeocachesCore

/// CacheEditor: one geocache's details, edited, dragged out and dropped in.
struct CacheEditorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "CacheEditor",
        abstract: "Shows and edits one geocache.",
        discussion: "Drop a geocache from CacheMaker on it to edit that one; drag it back when done.")

    @OptionGroup var app: AppOptions
}

let applicationID = "org.dragkit.CacheEditor"
let command = CacheEditorCommand.parseOrExit()

let store = StoreLaunch.open(command.app, appName: "CacheEditor", applicationID: applicationID,
                            store: { try EditorStore(folder: $0) },
                            export: { try EditorExport(geocache: $0.load().map(BoardExport.Entry.init)).jsonData() })

let application = Application(id: applicationID)
var editorWindow: EditorWindow?
// Quit closes the window, so an unsaved edit is saved (or kept, with the reason) as on a close.
application.addAction("quit", accelerators: ["<Control>q"]) {
    if let window = editorWindow?.window { window.close() } else { application.quit() }
}
application.onActivate {
    do {
        editorWindow = EditorWindow(application: application, detail: try CacheDetail(store: store),
                                    layoutFile: command.app.dumpLayoutPath.map { URL(fileURLWithPath: $0) })
    } catch {
        StoreLaunch.fail("CacheEditor", error, status: 1)
    }
}
do {
    exit(try application.run())
} catch {
    StoreLaunch.fail("CacheEditor", error, status: 2)
}
