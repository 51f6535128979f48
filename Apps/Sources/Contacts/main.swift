import AppSupport
import ArgumentParser
import ContactsCore
import DragKitGTK
import DragKitWidgets
import Foundation

/// `Contacts [--data-dir DIR] [--export-json] [--dump-layout FILE] [FILE.vcf ...]`
struct ContactsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "Contacts",
        abstract: "A contacts table with a detail view; drag contacts out as vCards, drop vCards and photos in.")

    @OptionGroup var app: AppOptions

    @Argument(help: ArgumentHelp("vCard files to import (the desktop passes the files opened with Contacts).",
                                 valueName: "file"))
    var files: [String] = []
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
// The table's order is read on another thread while GTK starts; the window
// takes it when it opens.
startup.store?.readContactsAhead()

exit(MainActor.assumeIsolated {
    ContactsApp.run(startup, layoutFile: options.app.dumpLayoutPath.map { URL(fileURLWithPath: $0) },
                    files: options.files.map { URL(fileURLWithPath: $0) })
})
