import ArgumentParser

/// `dragkit types ...`: uniform type identifiers.
struct TypesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types",
        abstract: "Look up uniform type identifiers, their conformance and tags.",
        discussion: """
            Types come from Apple's documented system types, the desktop's \
            shared MIME database (set DRAGKIT_MIME_DIR to read another one) and \
            the declarations given with --declarations.
            """,
        subcommands: [
            DescribeCommand.self,
            ConformsCommand.self,
            ForFileCommand.self,
            MIMEPackageCommand.self,
        ]
    )
}
