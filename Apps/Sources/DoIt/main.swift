import AppSupport
import ArgumentParser
import DoItCore
import Foundation
import UniformTypes

/// Do It: to-do lists with drag and drop (see DoItCore for everything it
/// decides; this executable only shows it with GTK).
struct DoItCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "DoIt",
        abstract: "To-do lists: drag items between lists, text and JSON in from other apps, lists out into new windows.")

    @OptionGroup var app: AppOptions
    @OptionGroup var types: ExportedTypesOptions
}

let command = DoItCommand.parseOrExit()
command.types.printPackageIfAsked(appName: "DoIt", declarations: UTTypeDeclaration.doItExported)
let status: Int32 = MainActor.assumeIsolated {
    let folder: URL
    do {
        folder = try command.app.dataDirectory(applicationID: DoItApp.applicationID)
    } catch {
        let problem = StartupProblem(diagnosing: error, appName: "Do It",
                                     folder: URL(fileURLWithPath: command.app.dataDirectoryPath ?? "."),
                                     databaseFile: URL(fileURLWithPath: "/nonexistent"))
        FileHandle.standardError.write(Data("DoIt: \(problem.logText)\n".utf8))
        return 1
    }
    let databaseFile = folder.appendingPathComponent(TodoStore.fileName)
    var store: TodoStore?
    var problem: StartupProblem?
    do {
        store = try TodoStore(directory: folder)
    } catch {
        problem = StartupProblem(diagnosing: error, appName: "Do It", folder: folder, databaseFile: databaseFile,
                                 databaseIsDamaged: (error as? DoItError)?.code == .databaseUnreadable)
    }
    if command.app.exportJSON {
        guard let store else {
            FileHandle.standardError.write(Data("DoIt: \(problem?.logText ?? "")\n".utf8))
            return 1
        }
        FileHandle.standardOutput.write(ExportDocument(store: store).jsonData())
        FileHandle.standardOutput.write(Data("\n".utf8))
        return 0
    }
    let layoutFile = command.app.dumpLayoutPath.map { URL(fileURLWithPath: $0) }
    do {
        // After a damaged file is kept aside the app starts empty, without
        // the sample lists: the person's data is in the kept file.
        return try DoItDesktop(layoutFile: layoutFile).run(store: store, problem: problem) {
            try TodoStore(directory: folder, sampleData: false)
        }
    } catch {
        if let problem { FileHandle.standardError.write(Data("DoIt: \(problem.logText)\n".utf8)) }
        FileHandle.standardError.write(Data("DoIt: \(error)\n".utf8))
        return 1
    }
}
exit(status)
