import AppSupport
import ArgumentParser
import DoItCore
import Foundation

/// Do It: to-do lists with drag and drop (see DoItCore for everything it
/// decides; this executable only shows it with GTK).
struct DoItCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "DoIt",
        abstract: "To-do lists: drag items between lists, text and JSON in from other apps, lists out into new windows.")

    @OptionGroup var app: AppOptions
}

let command = DoItCommand.parseOrExit()
let status: Int32 = MainActor.assumeIsolated {
    do {
        let folder = try command.app.dataDirectory(applicationID: DoItApp.applicationID)
        let store = try TodoStore(directory: folder)
        if command.app.exportJSON {
            FileHandle.standardOutput.write(ExportDocument(store: store).jsonData())
            FileHandle.standardOutput.write(Data("\n".utf8))
            return 0
        }
        let layoutFile = command.app.dumpLayoutPath.map { URL(fileURLWithPath: $0) }
        return try DoItDesktop(app: DoItApp(store: store), layoutFile: layoutFile).run()
    } catch {
        FileHandle.standardError.write(Data("DoIt: \(error)\n".utf8))
        return 1
    }
}
exit(status)
