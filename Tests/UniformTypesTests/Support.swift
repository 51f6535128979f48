import Foundation
import Synchronization
@testable import UniformTypes
#if canImport(Glibc)
import Glibc
#endif

/// The folders tests write files into, under one folder per test process
/// that is removed when the process exits, so a run leaves nothing behind
/// in the temporary directory (not even for a test that stops early).
enum ScratchFolders {
    private static func rootPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("dragkit-uniformtypes-tests-\(getpid())").path
    }

    private static let root: URL = {
        let path = rootPath()
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: ScratchFolders.rootPath()) }
        return URL(fileURLWithPath: path, isDirectory: true)
    }()

    /// A new empty folder whose name starts with `prefix`.
    static func make(_ prefix: String) throws -> URL {
        let url = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A shared MIME database written to a temporary directory, and a registry
/// reading it whose reports are collected instead of printed.
final class MIMEFixture: Sendable {
    let directory: URL
    let reports = Mutex<[(heading: String, problems: [UTTypeDiagnostic])]>([])

    /// `files` maps a file name (`types`, `subclasses`, `text/x-foo.xml`) to its contents.
    init(_ files: [String: String]) throws {
        directory = try ScratchFolders.make("mime")
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

/// A user database (as `~/.local/share/mime` is) written by the desktop's
/// own `update-mime-database` from a package that adds types, re-declares
/// desktop types with more parents and globs, and gives desktop aliases
/// another meaning (`text/x-c`, and `audio/wav`, an Apple tag that makes
/// the desktop's `audio/x-wav` a system type): ahead of the desktop's
/// database, it exercises every rule of merging two.
final class UserMIMEDatabase: Sendable {
    let fixture: MIMEFixture
    /// The user database then the desktop's, as the XDG directories list
    /// them.
    let location: MIMEDatabaseLocation

    static let package = """
        <?xml version="1.0" encoding="UTF-8"?>
        <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
          <mime-type type="application/x-dragkit-board">
            <comment>DragKit board</comment>
            <sub-class-of type="application/json"/>
            <glob pattern="*.dkboard"/>
            <alias type="application/x-dk-board"/>
          </mime-type>
          <mime-type type="text/x-DragKit-Note">
            <comment>DragKit note</comment>
            <sub-class-of type="text/plain"/>
            <glob pattern="*.dknote"/>
          </mime-type>
          <mime-type type="text/x-dragkit-code">
            <comment>DragKit code</comment>
            <sub-class-of type="text/plain"/>
            <glob pattern="*.dkcode"/>
            <alias type="text/x-c"/>
          </mime-type>
          <mime-type type="text/x-csrc">
            <sub-class-of type="text/x-dragkit-code"/>
            <glob pattern="*.csource"/>
          </mime-type>
          <mime-type type="audio/x-dragkit-wave">
            <comment>DragKit wave</comment>
            <alias type="audio/wav"/>
            <glob pattern="*.dkwave"/>
          </mime-type>
          <mime-type type="image/png">
            <alias type="image/x-dragkit-png"/>
            <glob pattern="*.dkpng"/>
          </mime-type>
        </mime-info>

        """

    /// `nil` when there is no desktop database or `update-mime-database`.
    static let shared: UserMIMEDatabase? = try? UserMIMEDatabase()

    private init() throws {
        guard let desktop = MIMECacheTests.desktopDirectory() else { throw CocoaError(.fileNoSuchFile) }
        fixture = try MIMEFixture(["packages/dragkit-test.xml": Self.package])
        let update = Process()
        update.executableURL = URL(fileURLWithPath: "/usr/bin/update-mime-database")
        update.arguments = [fixture.directory.path]
        update.standardError = FileHandle.nullDevice
        try update.run()
        update.waitUntilExit()
        guard update.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        location = MIMEDatabaseLocation(directories: [fixture.directory.path, desktop], isExplicit: false)
    }
}
