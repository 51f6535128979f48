import AppSupport
import Foundation
import Testing

@Suite("App options and files")
final class AppSupportTests {
    /// The folders this test made.
    private var made: [URL] = []

    deinit {
        for url in made { try? FileManager.default.removeItem(at: url) }
    }

    /// A new empty folder; removed, with what the test wrote, when the
    /// test ends (Swift Testing makes the suite afresh for each test).
    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("AppSupportTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        made.append(url)
        return url
    }

    @Test("--data-dir wins over XDG_DATA_HOME, and the folder is created")
    func dataDirOption() throws {
        let root = try temporaryFolder()
        let chosen = root.appendingPathComponent("board/nested")
        let options = try AppOptions.parse(["--data-dir", chosen.path])
        let folder = try options.dataDirectory(applicationID: "org.dragkit.Test", environment: ["XDG_DATA_HOME": root.path])
        #expect(folder.standardizedFileURL.path == chosen.standardizedFileURL.path)
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: chosen.path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    @Test("Without --data-dir the XDG data home holds a folder named by the application id")
    func xdgDefault() throws {
        let root = try temporaryFolder()
        let folder = try AppOptions.parse([]).dataDirectory(applicationID: "org.dragkit.Test", environment: ["XDG_DATA_HOME": root.path])
        #expect(folder.path == root.appendingPathComponent("org.dragkit.Test").path)
        let fallback = DataDirectory.xdgDataHome(environment: ["XDG_DATA_HOME": "relative/path", "HOME": "/home/ada"])
        #expect(fallback.path == "/home/ada/.local/share")
    }

    @Test("A data folder that is a file is refused with a message naming it")
    func fileAsDataDirectory() throws {
        let file = try temporaryFolder().appendingPathComponent("not-a-folder")
        try Data().write(to: file)
        let options = try AppOptions.parse(["--data-dir", file.path])
        #expect {
            try options.dataDirectory(applicationID: "org.dragkit.Test")
        } throws: { error in
            let error = error as? AppSupportError
            return error?.code == .dataDirectoryUnusable && error?.description.contains(file.path) == true
        }
    }

    @Test("--export-json and --dump-layout are parsed; unknown options are refused")
    func flags() throws {
        let options = try AppOptions.parse(["--export-json", "--dump-layout", "/tmp/layout.json"])
        #expect(options.exportJSON)
        #expect(options.dumpLayoutPath == "/tmp/layout.json")
        #expect(throws: (any Error).self) { try AppOptions.parse(["--export-jsn"]) }
    }

    @Test("Atomic JSON writes replace the whole file and leave no temporary file behind")
    func atomicWrite() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("layout.json")
        try AtomicFile.writeJSON(["rows": ["a": LayoutRect(x: 1, y: 2, width: 3, height: 4)]], to: file)
        try AtomicFile.writeJSON(["rows": ["b": LayoutRect(x: 5, y: 6, width: 7, height: 8)]], to: file)
        let decoded = try JSONDecoder().decode([String: [String: LayoutRect]].self, from: Data(contentsOf: file))
        #expect(decoded == ["rows": ["b": LayoutRect(x: 5, y: 6, width: 7, height: 8)]])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["layout.json"])
    }

    @Test("Writing into a missing folder fails with the path in the message")
    func atomicWriteFailure() {
        let file = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/layout.json")
        #expect {
            try AtomicFile.write(Data("x".utf8), to: file)
        } throws: { error in
            (error as? AppSupportError)?.description.contains(file.path) == true
        }
    }
}
