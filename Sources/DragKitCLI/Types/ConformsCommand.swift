import ArgumentParser
import UniformTypes

/// `dragkit types conforms A B`
struct ConformsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conforms",
        abstract: "Tell whether type A conforms to type B.",
        discussion: "Prints true (exit 0) or false (exit 1); an invalid or unknown identifier exits 2."
    )

    @Argument(help: "The type to check, such as public.png.")
    var type: String

    @Argument(help: "The supertype, such as public.image.")
    var supertype: String

    @OptionGroup var declarations: DeclarationOptions

    func run() throws {
        var result = false
        try reportingFailures {
            try declarations.load()
            let subject = try knownType(type)
            let target = try knownType(supertype)
            result = subject.conforms(to: target)
        }
        print(result)
        if !result { throw ExitCode(1) }
    }
}
