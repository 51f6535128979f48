import Foundation
import Synchronization
@testable import UniformTypes

/// A shared MIME database written to a temporary directory, and a registry
/// reading it whose reports are collected instead of printed.
final class MIMEFixture: Sendable {
    let directory: URL
    let reports = Mutex<[(heading: String, problems: [UTTypeDiagnostic])]>([])

    /// `files` maps a file name (`types`, `subclasses`, `text/x-foo.xml`) to its contents.
    init(_ files: [String: String]) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("dragkit-mime-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, contents) in files {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func registry(languages: [String] = [], mapsDatabase: Bool = true) -> TypeRegistry {
        TypeRegistry(location: .directory(directory.path), reporter: { heading, problems in
            self.reports.withLock { $0.append((heading, problems)) }
        }, languages: languages, mapsDatabase: mapsDatabase)
    }

    /// A small, well-formed database: enough to exercise every rule.
    static let wellFormed: [String: String] = [
        "types": """
            application/octet-stream
            application/x-widget
            application/x-widget-pack
            image/png
            image/x-sketch
            inode/directory
            inode/x-weird
            text/plain
            text/x-recipe
            text/x-csrc
            audio/x-chirp

            """,
        "subclasses": """
            application/x-widget-pack application/x-widget
            text/x-csrc text/plain

            """,
        "aliases": """
            text/x-c text/x-csrc
            application/x-gadget application/x-widget
            image/x-png image/png

            """,
        "globs2": """
            # generated for a test
            80:application/x-widget-pack:*.widget.pack
            60:text/x-recipe:RECIPE:cs
            50:application/x-widget:*.widget
            50:text/x-csrc:*.c:cs
            50:text/x-csrc:*.c
            50:image/png:*.png
            50:image/x-sketch:*.sketch
            50:image/x-sketch:sketch-*.dat
            50:text/plain:*.txt

            """,
    ]
}

/// Identifiers no other test uses, because declarations are process-wide.
func uniqueDomain(_ function: String = #function) -> String {
    let name = function.lowercased().filter { $0.isLetter || $0.isNumber }
    return "com.example.\(name).\(UUID().uuidString.prefix(8).lowercased())"
}
