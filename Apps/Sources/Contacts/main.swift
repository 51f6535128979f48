import AppSupport
import ArgumentParser
import ContactsCore
import DragKitGTK
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

let store: ContactStore
do {
    store = try ContactStore(folder: try options.app.dataDirectory(applicationID: ContactsApp.id))
} catch {
    FileHandle.standardError.write(Data("Contacts: cannot open the contacts store: \(error)\n".utf8))
    exit(1)
}

if options.app.exportJSON {
    do {
        FileHandle.standardOutput.write(try ContactsExport.json(store.contacts()))
        FileHandle.standardOutput.write(Data("\n".utf8))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("Contacts: cannot read the contacts: \(error)\n".utf8))
        exit(1)
    }
}

exit(MainActor.assumeIsolated {
    ContactsApp.run(store: store, layoutFile: options.app.dumpLayoutPath.map { URL(fileURLWithPath: $0) })
})
