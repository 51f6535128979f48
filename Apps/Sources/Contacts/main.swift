import AppSupport
import ArgumentParser
import ContactsCore
import DragKitGTK
import DragKitWidgets
import Foundation

/// `Contacts [--data-dir DIR] [--export-json] [--dump-layout FILE]`
struct ContactsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "Contacts",
        abstract: "A contacts table with a detail view; drag contacts out as vCards, drop vCards and photos in.")

    @OptionGroup var app: AppOptions
}

let options: ContactsCommand
do {
    options = try ContactsCommand.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    ContactsCommand.exit(withError: error)
}

let startup = StoreStartup(options: options.app, appName: "Contacts", applicationID: ContactsApp.id,
                           fileName: ContactStore.fileName) { try ContactStore(folder: $0) }
if options.app.exportJSON {
    startup.exportAndExit { try ContactsExport.json($0.contacts()) }
}

exit(MainActor.assumeIsolated {
    ContactsApp.run(startup, layoutFile: options.app.dumpLayoutPath.map { URL(fileURLWithPath: $0) })
})
