import AppTesting
import Foundation
import Testing

/// AppTesting against a stand-in app (a shell script speaking the apps'
/// options), and the foreign GTK client under Xvfb.
@Suite("AppTesting")
struct AppTestingTests {
    static let fakeApp = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/fake_app.sh")

    @Test("Layout reads rects by path, names in a group, and window rects by title")
    func layoutReading() throws {
        let json = try JSONValue(parsing: Data("""
        {"windows": [{"title": "Groceries", "x": 5, "y": 6, "width": 300, "height": 200}],
         "rows": {"Milk": {"x": 10, "y": 20, "width": 100, "height": 30}, "Eggs": {"x": 10, "y": 50, "width": 100, "height": 30}},
         "lanes": {"inProgress": {"x": 0, "y": 0, "width": 1}}}
        """.utf8))
        let layout = Layout(json: json)

        #expect(layout.rect("rows", "Milk") == LayoutRect(x: 10, y: 20, width: 100, height: 30))
        #expect(layout.names("rows") == ["Eggs", "Milk"])
        #expect(layout.rect(inArray: "windows", where: "title", is: "Groceries")?.x == 5)
        #expect(layout.rect("lanes", "inProgress") == nil, "a rect needs x, y, width and height")
        #expect(layout.rect("rows", "Bread") == nil)
        #expect(LayoutRect(x: 10, y: 20, width: 100, height: 30).point() == (60, 35))
        let error = #expect(throws: DesktopTestingError.self) { try layout.requireRect("rows", "Bread") }
        #expect(error?.description.contains("Names there: [\"Eggs\", \"Milk\"]") == true)
    }

    @Test("An app starts with a temporary data folder and layout file; the harness waits for a settled layout naming a row")
    func launchAndWaitForLayout() async throws {
        let app = try AppUnderTest.launch(executable: Self.fakeApp)
        defer { app.cleanUp() }

        let beta = try await app.waitForRect("rows", "Beta")

        #expect(beta == LayoutRect(x: 10, y: 70, width: 280, height: 30))
        #expect(app.dataDirectory.path.hasPrefix(app.workFolder.path))
        #expect(FileManager.default.fileExists(atPath: app.dataDirectory.path))
        #expect(app.process.events(named: "started").count == 1)
    }

    @Test("A layout that never shows the awaited name fails with the last layout in the message")
    func layoutTimeout() async throws {
        let app = try AppUnderTest.launch(executable: Self.fakeApp)
        defer { app.cleanUp() }

        let error = await #expect(throws: DesktopTestingError.self) {
            try await app.waitForLayout("Gamma shows", seconds: 1) { $0.rect("rows", "Gamma") != nil }
        }
        #expect(error?.code == .timedOut)
        #expect(error?.description.contains("Gamma shows") == true)
        #expect(error?.description.contains("Alpha") == true)
    }

    @Test("--export-json runs on the app's data folder and decodes; a failing export reports its stderr")
    func exportJSON() throws {
        struct Export: Decodable { let dataDirectory: String; let rows: [String] }
        let app = try AppUnderTest.launch(executable: Self.fakeApp)
        defer { app.cleanUp() }

        let export = try app.export(as: Export.self)

        #expect(export.dataDirectory == app.dataDirectory.path)
        #expect(export.rows == ["Alpha", "Beta"])
        #expect(try app.export()["rows"]?[1]?.string == "Beta")

        let damaged = try AppUnderTest.launch(executable: Self.fakeApp, environment: ["FAKE_APP_FAIL": "1"])
        defer { damaged.cleanUp() }
        let error = #expect(throws: DesktopTestingError.self) { try damaged.exportJSON() }
        #expect(error?.description.contains("exited with status 3: The store in \(damaged.dataDirectory.path) is damaged.") == true)
    }

    @Test("A relaunch on the same data folder; kill ends the app at once; cleanUp removes the temporary folder")
    func relaunchKillAndCleanUp() async throws {
        let first = try AppUnderTest.launch(executable: Self.fakeApp)
        let second = try AppUnderTest.launch(executable: Self.fakeApp, dataDirectory: first.dataDirectory)
        #expect(second.dataDirectory == first.dataDirectory)

        second.kill()
        #expect(!second.process.isRunning)
        second.cleanUp()
        #expect(FileManager.default.fileExists(atPath: first.dataDirectory.path))
        first.cleanUp()
        #expect(!first.process.isRunning)
        #expect(!FileManager.default.fileExists(atPath: first.workFolder.path))
    }
}

extension AppTestingTests {
    /// The foreign client's sources and targets, dragged between with the
    /// real pointer. Needs an X display (scripts/with-xvfb).
    @Suite("Foreign client", .serialized, .exclusiveDesktop, .enabled(if: X11Tools.isDisplayAvailable, "No DISPLAY: run under scripts/with-xvfb."))
    struct ForeignClientTests {
        @Test("Bytes offered under a MIME type arrive at a target accepting that type, with the offered formats")
        func bytesOfAType() async throws {
            let card = FileManager.default.temporaryDirectory.appendingPathComponent("apptesting-\(getpid()).vcf")
            try Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nEND:VCARD\r\n".utf8).write(to: card)
            defer { try? FileManager.default.removeItem(at: card) }
            let source = try await ForeignClient.source(.bytes(mime: "text/vcard", contentsOf: card), at: (0, 0))
            defer { source.stop() }
            let target = try await ForeignClient.target(accepting: ["text/vcard", "text/plain"], at: (600, 0))
            defer { target.stop() }

            try Pointer.drag(from: source.rect("bytes"), to: target.rect("target"))

            let drop = try await target.waitForDrop()
            #expect(drop.kind == "bytes")
            #expect(drop.mime == "text/vcard")
            #expect(drop.text?.contains("FN:Ada Lovelace") == true)
            #expect(drop.formats.contains("text/vcard"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: try #require(drop.paths.first))) == Data(contentsOf: card))
        }

        @Test("Several files offered as one drag arrive as every path; text arrives as text")
        func filesAndText() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apptesting-files-\(getpid())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let files = try ["a.json", "b.json"].map { name in
                let url = folder.appendingPathComponent(name)
                try Data("{}".utf8).write(to: url)
                return url
            }
            let source = try await ForeignClient.source(.text("Buy milk"), .files(files), at: (0, 0))
            defer { source.stop() }
            let target = try await ForeignClient.target(at: (600, 0))
            defer { target.stop() }

            try Pointer.drag(from: source.rect("files"), to: target.rect("target"))
            let filesDrop = try await target.waitForDrop()
            try Pointer.drag(from: source.rect("text"), to: target.rect("target"))
            let textDrop = try await target.waitForDrop(index: 1)

            #expect(filesDrop.kind == "files")
            #expect(filesDrop.paths == files.map(\.path))
            #expect(textDrop.kind == "text")
            #expect(textDrop.text == "Buy milk")
        }
    }
}
