import AppSupport
import ArgumentParser
import DragKitGTK
import Foundation
import GeocachesCore

/// CacheMaker: a Kanban board of geocaches (In progress, Completed).
struct CacheMakerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "CacheMaker",
        abstract: "A board of geocaches in two lanes, In progress and Completed.",
        discussion: "Drag geocaches between the lanes, to CacheEditor, or to any app that takes text or PNG images.")

    @OptionGroup var app: AppOptions
}

let applicationID = "org.dragkit.CacheMaker"
let command = CacheMakerCommand.parseOrExit()

let store = StoreLaunch.open(command.app, appName: "CacheMaker", applicationID: applicationID,
                            store: { try GeocacheStore(folder: $0) },
                            export: { try BoardExport(store: $0).jsonData() })

let application = Application(id: applicationID)
var boardWindow: BoardWindow?
application.addAction("quit", accelerators: ["<Control>q"]) { application.quit() }
application.onActivate {
    do {
        let board = try CacheBoard(store: store, laneWidth: BoardWindow.laneWidth, rowHeight: BoardWindow.rowHeight)
        boardWindow = BoardWindow(application: application, board: board,
                                  layoutFile: command.app.dumpLayoutPath.map { URL(fileURLWithPath: $0) })
    } catch {
        StoreLaunch.fail("CacheMaker", error, status: 1)
    }
}
do {
    exit(try application.run())
} catch {
    StoreLaunch.fail("CacheMaker", error, status: 2)
}
