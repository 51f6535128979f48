import ArgumentParser
import Foundation
import UniformTypes

/// `--mime-package`, for the apps that export types of their own: prints
/// the app's exported type declarations as a freedesktop shared-mime-info
/// package (``FreedesktopMIMEPackage``), which `scripts/install` puts in the
/// person's MIME database so the desktop knows the app's files.
///
/// ```swift
/// struct CacheEditorCommand: ParsableCommand {
///     @OptionGroup var app: AppOptions
///     @OptionGroup var types: ExportedTypesOptions
/// }
/// command.types.printPackageIfAsked(appName: "CacheEditor", declarations: [.geocache])
/// ```
public struct ExportedTypesOptions: ParsableArguments, Sendable {
    @Flag(name: .customLong("mime-package"), help: ArgumentHelp(
        "Print the types the app exports as a freedesktop shared-mime-info package (XML) and exit."))
    public var printMIMEPackage = false

    public init() {}

    /// With `--mime-package`: prints the package of `declarations` and
    /// exits, before the app opens its data (so an installer creates no
    /// data folder); a declaration that cannot be written exits with status
    /// 1 and the reason. Without it, returns.
    public func printPackageIfAsked(appName: String, declarations: [UTTypeDeclaration]) {
        guard printMIMEPackage else { return }
        do {
            FileHandle.standardOutput.write(Data(try FreedesktopMIMEPackage(declarations: declarations).xml.utf8))
            Foundation.exit(0)
        } catch {
            FileHandle.standardError.write(Data("\(appName): \(error.description)\n".utf8))
            Foundation.exit(1)
        }
    }
}
