import ArgumentParser
import Foundation
import UniformTypes

/// `--declarations FILE`, shared by the `types` commands, so an app's
/// declaration file can be checked and explored from the shell.
struct DeclarationOptions: ParsableArguments {
    @Option(name: .customLong("declarations"),
            help: ArgumentHelp("A JSON file of type declarations to load first.", valueName: "file"))
    var files: [String] = []

    /// Loads the files; a refused file ends the command with exit code 2.
    func load() throws {
        for file in files {
            do {
                try UTType.declare(contentsOf: URL(fileURLWithPath: file))
            } catch {
                throw CommandFailure(error.description)
            }
        }
    }
}

/// An error that ends a command with exit code 2 and its message on
/// standard error.
struct CommandFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

extension ParsableCommand {
    /// Runs `body`, turning a ``CommandFailure`` into its message on standard
    /// error and exit code 2.
    func reportingFailures(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let failure as CommandFailure {
            FileHandle.standardError.write(Data("dragkit: \(failure.message)\n".utf8))
            throw ExitCode(2)
        }
    }
}

/// A known type for an identifier given on the command line.
func knownType(_ identifier: String) throws -> UTType {
    let type: UTType
    do {
        type = try UTType(validating: identifier)
    } catch {
        throw CommandFailure(error.description)
    }
    guard type.isDeclared || type.isDynamic else {
        throw CommandFailure(
            "Unknown type identifier '\(identifier)': it is not a system type, not in the shared MIME database "
            + "and not declared. Try `dragkit types describe --mime TYPE` or `--ext EXTENSION`, "
            + "or pass the app's declarations with --declarations FILE.")
    }
    return type
}
