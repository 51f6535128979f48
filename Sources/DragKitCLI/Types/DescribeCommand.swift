import ArgumentParser
import UniformTypes

/// `dragkit types describe ID | --mime M | --ext E [--json]`
struct DescribeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "describe",
        abstract: "Show a type's parents, supertypes and tags.",
        discussion: """
            Give an identifier, or a MIME type or filename extension to look the type \
            up by. An unknown MIME type or extension gives a dynamic type.
            """
    )

    @Argument(help: "A type identifier, such as public.png.")
    var identifier: String?

    @Option(name: .customLong("mime"), help: ArgumentHelp("Look the type up by MIME type.", valueName: "mime-type"))
    var mimeType: String?

    @Option(name: .customLong("ext"), help: ArgumentHelp("Look the type up by filename extension.", valueName: "extension"))
    var filenameExtension: String?

    @Flag(help: "Print one JSON object.")
    var json = false

    @OptionGroup var declarations: DeclarationOptions

    func validate() throws {
        let given = [identifier, mimeType, filenameExtension].compactMap { $0 }.count
        if given != 1 {
            throw ValidationError("Give exactly one of an identifier, --mime or --ext.")
        }
    }

    func run() throws {
        try reportingFailures {
            try declarations.load()
            let type = try lookUp()
            let description = TypeDescription(type)
            print(json ? description.json() : description.text())
        }
    }

    private func lookUp() throws -> UTType {
        if let identifier { return try knownType(identifier) }
        if let mimeType {
            guard let type = UTType(mimeType: mimeType) else {
                throw CommandFailure("'\(mimeType)' is not a valid MIME type: expected TYPE/SUBTYPE, as in image/png.")
            }
            return type
        }
        let pathExtension = filenameExtension ?? ""
        guard let type = UTType(filenameExtension: pathExtension) else {
            let why = pathExtension.isEmpty
                ? "it is empty; give one such as png."
                : "give it without the leading dot and without slashes, spaces or control characters, as in png."
            throw CommandFailure("'\(pathExtension)' is not a valid filename extension: \(why)")
        }
        return type
    }
}
