import ArgumentParser

/// `dragkit vcard ...`: vCard files.
struct VcardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vcard",
        abstract: "Read vCard (.vcf) files: versions 2.1, 3.0 and 4.0.",
        subcommands: [
            VcardParseCommand.self,
        ]
    )
}
