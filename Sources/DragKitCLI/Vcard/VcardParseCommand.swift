import ArgumentParser
import Foundation
import VCard

/// `dragkit vcard parse FILE`: the file's cards as a JSON array on standard
/// output; every problem on standard error, and exit status 1 when there was
/// one or when the file holds no card at all.
struct VcardParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Print the cards of a vCard file as a JSON array.",
        discussion: """
            Each card becomes an object with fn, n (family, given, additional, \
            prefixes, suffixes), org, title, tels and emails ({value, types}), \
            adrs, urls, bday, note, uid and hasPhoto. Cards that cannot be read \
            are left out and reported on standard error with their card and line \
            number; the exit status is then 1. A file with no card at all \
            (empty, or no BEGIN:VCARD ... END:VCARD) is an error too.
            """
    )

    @Argument(help: "The vCard file to read ('-' for standard input).")
    var file: String

    func run() throws {
        let result: VCardParseResult
        do {
            if file == "-" {
                result = VCardParser().parse(FileHandle.standardInput.readDataToEndOfFile())
            } else {
                result = try VCardParser().parse(contentsOf: URL(fileURLWithPath: file))
            }
        } catch {
            FileHandle.standardError.write(Data(
                "error: Cannot read '\(file)': \((error as NSError).localizedDescription). Check the path and that the file is readable.\n".utf8))
            throw ExitCode(1)
        }

        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let json = try encoder.encode(result.cards.map(VCardSummary.init))
        FileHandle.standardOutput.write(json)
        FileHandle.standardOutput.write(Data("\n".utf8))

        if result.cardCount == 0, result.errors.allSatisfy({ $0.code == .outsideCard }) {
            // Checked before the other errors: "line 1: not inside BEGIN:VCARD"
            // says less than "this is no vCard file".
            let what = result.errors.isEmpty ? "is empty" : "holds no vCard (no BEGIN:VCARD ... END:VCARD)"
            FileHandle.standardError.write(Data(
                "error: \(file) \(what); there are no cards to print. Check that it is the vCard export you meant.\n".utf8))
            throw ExitCode(1)
        }
        guard result.isValid else {
            for error in result.errors {
                FileHandle.standardError.write(Data("error: \(file): \(error) [\(error.code)]\n".utf8))
            }
            let skipped = result.cardCount - result.cards.count
            FileHandle.standardError.write(Data("\(result.cards.count) of \(result.cardCount) cards read; \(skipped) skipped.\n".utf8))
            throw ExitCode(1)
        }
    }
}
