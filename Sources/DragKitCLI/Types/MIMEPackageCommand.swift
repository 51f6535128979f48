import ArgumentParser
import Foundation
import UniformTypes

/// `dragkit types mime-package FILE... [--output PATH]`
struct MIMEPackageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mime-package",
        abstract: "Write an app's type declarations as a freedesktop shared-mime-info package.",
        discussion: """
            Put the package in $XDG_DATA_HOME/mime/packages/ (~/.local/share/mime/packages/) \
            and run update-mime-database on $XDG_DATA_HOME/mime: file managers and every \
            GIO program then know the types, their globs and their parents.
            """
    )

    @Argument(help: ArgumentHelp("JSON files of type declarations.", valueName: "file"))
    var files: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the XML to PATH instead of standard output.", valueName: "path"))
    var output: String?

    func run() throws {
        try reportingFailures {
            var declarations: [UTTypeDeclaration] = []
            for file in files {
                do {
                    declarations += try UTTypeDeclaration.load(contentsOf: URL(fileURLWithPath: file))
                } catch {
                    throw CommandFailure("\(error)")
                }
            }
            let package: FreedesktopMIMEPackage
            do {
                package = try FreedesktopMIMEPackage(declarations: declarations)
            } catch {
                throw CommandFailure("\(error)")
            }
            guard let output else {
                print(package.xml, terminator: "")
                return
            }
            do {
                try package.xml.write(toFile: output, atomically: true, encoding: .utf8)
            } catch {
                throw CommandFailure("Cannot write \(output): \(error.localizedDescription)")
            }
        }
    }
}
