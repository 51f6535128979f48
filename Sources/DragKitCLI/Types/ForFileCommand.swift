import ArgumentParser
import Foundation
import UniformTypes

/// `dragkit types for-file PATH`
struct ForFileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "for-file",
        abstract: "Tell a file's type and what decided it: its name or its contents.",
        discussion: """
            The name is matched against the shared MIME database's globs and the known \
            extensions; the first bytes against its magic rules. The file need not \
            exist when --name-only is given.
            """
    )

    @Argument(help: "The file.")
    var path: String

    @Flag(help: "Decide by the name alone; do not read the file.")
    var nameOnly = false

    @Flag(help: "Print one JSON object: the describe keys plus decidedBy and detail.")
    var json = false

    @OptionGroup var declarations: DeclarationOptions

    func run() throws {
        try reportingFailures {
            try declarations.load()
            let url = URL(fileURLWithPath: path)
            if !nameOnly && !FileManager.default.fileExists(atPath: url.path) {
                throw CommandFailure("\(path): no such file. Use --name-only to decide by the name alone.")
            }
            let found = UTType.identifyFile(at: url, readingContents: !nameOnly)
            if json {
                print(ForFileReport(path: path, found: found).json())
            } else {
                print("\(path): \(found.type.identifier)")
                print("  decided by:   \(found.method) (\(found.detail))")
                print(TypeDescription(found.type).text().split(separator: "\n").dropFirst().joined(separator: "\n"))
            }
        }
    }
}

/// `for-file --json`: the type as `describe --json` prints it, plus what
/// decided it.
private struct ForFileReport {
    let path: String
    let found: UTTypeFileIdentification

    func json() -> String {
        JSONText.object([("path", .string(path))] + TypeDescription(found.type).jsonFields + [
            ("decidedBy", .string(found.method.rawValue)),
            ("detail", .string(found.detail)),
        ])
    }
}
