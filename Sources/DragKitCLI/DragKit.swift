import ArgumentParser

/// The `dragkit` tool. Each area of DragKit gets a subcommand group: `types`
/// looks up uniform type identifiers, `vcard` reads vCard files, `demo` runs scripted drags headlessly.
@main
struct DragKitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dragkit",
        abstract: "Apple-style drag and drop for Swift on Linux: inspect and exercise DragKit.",
        subcommands: [
            TypesCommand.self,
            DemoCommand.self,
            VcardCommand.self,
        ]
    )
}
