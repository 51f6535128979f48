import AppDesktop
import AppSupport
import ArgumentParser
import DragKitGTK
import DragKitWidgets
import Foundation
import GeocachesCore

/// CacheMaker: a Kanban board of geocaches (In progress, Completed).
struct CacheMakerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "CacheMaker",
        abstract: "A board of geocaches in two lanes, In progress and Completed.",
        discussion: "Drag geocaches between the lanes, to CacheEditor, or to any app that takes text or PNG images.")

    @OptionGroup var app: AppOptions
    @OptionGroup var types: ExportedTypesOptions
}

let applicationID = "org.dragkit.CacheMaker"
let command = CacheMakerCommand.parseOrExit()
command.types.printPackageIfAsked(appName: "CacheMaker", declarations: [.geocache])

let startup = StoreStartup(options: command.app, appName: "CacheMaker", applicationID: applicationID,
                           fileName: GeocacheStore.fileName) { try GeocacheStore(folder: $0) }
if command.app.exportJSON {
    startup.exportAndExit { try BoardExport(store: $0).jsonData() }
}

let layoutFile = command.app.dumpLayoutPath.map { URL(fileURLWithPath: $0) }
let application = Application(id: applicationID)
let shell = AppShell(application: application, about: BoardWindow.about, shortcuts: BoardWindow.shortcutGroups)
let recovery = StartupRecovery(application: application, appName: "CacheMaker", layoutFile: layoutFile)
var boardWindow: BoardWindow?

/// Opens the board window on `store`, with `notice` in its banner.
@MainActor
func openBoard(_ store: GeocacheStore, notice: String?) throws {
    let board = try CacheBoard(store: store, laneWidth: BoardWindow.laneWidth, rowHeight: BoardWindow.rowHeight)
    let window = BoardWindow(shell: shell, board: board, layoutFile: layoutFile)
    if let notice { window.showNotice(notice) }
    boardWindow = window
}

application.onActivate {
    if let boardWindow {
        boardWindow.window.present()
        return
    }
    // After a damaged file is kept aside the board starts empty: the
    // person's geocaches are in the kept file, not the samples.
    recovery.start(startup, freshStore: { try GeocacheStore(folder: startup.folder, samples: []) }, open: { store, notice in
        try openBoard(store, notice: notice)
    })
}
do {
    exit(try application.run())
} catch {
    recovery.log("\(error)")
    exit(2)
}
