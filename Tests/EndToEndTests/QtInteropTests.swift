import DesktopTesting
import Foundation
import Testing

extension EndToEnd {
    /// A Qt 5 app that is not a DragKit app (Python, python3-pyqt5), as the
    /// source and the target of drags. GTK 4.8 alone loses drops from Qt
    /// sources; docs/Interop.md says why and how DragKit reads them.
    @Suite("With a Qt 5 app")
    struct QtInteropTests {
        static let text = "Grüße aus Qt"
        static let link = "https://example.org/page?from=qt"

        @Test("Text dragged from a Qt window arrives as UTF-8 text, and Qt hears the copy")
        func qtSourceText() async throws {
            let pair = try await Self.qtSourceBesideDragKitTarget()
            defer { pair.stop() }

            let received = try await pair.drop("text")
            #expect(received["text"] as? String == Self.text)
            #expect(received["type"] as? String == "public.utf8-plain-text")
            #expect(received["local"] as? Bool == false)
            let end = try await pair.source.waitFor("drag-end")
            #expect(end["action"] as? String == "copy")
        }

        @Test("A file dragged from a Qt window arrives as a file typed by its name; the next drag from Qt arrives too")
        func qtSourceFileThenText() async throws {
            let file = try ForeignClientTests.sampleFile()
            let pair = try await Self.qtSourceBesideDragKitTarget(file: file)
            defer { pair.stop() }

            ForeignClientTests.expectSampleFile(file, in: try await pair.drop("file"))

            // GTK alone keeps a stale drop after a Qt drop, and loses the next one.
            try Pointer.drag(from: pair.from.center(of: "text"), to: pair.to.center(of: "target"))
            let second = try await pair.target.waitFor("received") { $0["type"] as? String == "public.utf8-plain-text" }
            #expect(second["text"] as? String == Self.text)
        }

        @Test("A .txt file dragged from a Qt window arrives through its file representation with the file's bytes, not the URL's text")
        func qtSourcePlainTextFile() async throws {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("dragkit-e2e-\(getpid())-notes.txt")
            try Data("thirty-two bytes of plain text\n\n".utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let pair = try await Self.qtSourceBesideDragKitTarget(file: file)
            defer { pair.stop() }

            let received = try await pair.drop("file")
            #expect(received["paths"] as? [String] == [file.path])
            #expect(received["fileType"] as? String == "public.plain-text")
            #expect(received["fileBytes"] as? Int == 32, "\(received)")
        }

        @Test("A file without an extension dragged from a Qt window arrives as the file, never as the list's bytes")
        func qtSourceFileWithoutExtension() async throws {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("dragkit-e2e-\(getpid())-README")
            try Data(repeating: 0x42, count: 1000).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let pair = try await Self.qtSourceBesideDragKitTarget(file: file)
            defer { pair.stop() }

            let received = try await pair.drop("file")
            #expect(received["fileType"] as? String == "public.data")
            #expect(received["fileBytes"] as? Int == 1000, "\(received)")
        }

        @Test("A link dragged from a Qt window arrives as public.url")
        func qtSourceLink() async throws {
            let pair = try await Self.qtSourceBesideDragKitTarget(targetOptions: ["--prefer", "public.url"])
            defer { pair.stop() }

            let received = try await pair.drop("url")
            #expect(received["type"] as? String == "public.url")
            #expect(received["text"] as? String == Self.link)
        }

        @Test("Text from DragKit arrives in a Qt window, plain and as HTML")
        func qtTargetText() async throws {
            let pair = try await Self.dragKitSourceBesideQtTarget()
            defer { pair.stop() }

            let received = try await pair.drop("text")
            #expect(received["text"] as? String == "Hello from DragKit")
            #expect(received["html"] as? String == "<b>Hello from DragKit</b>")
            let end = try await pair.source.waitFor("drag-end")
            #expect(end["operation"] as? String == "copy")
        }

        @Test("A file from DragKit arrives in a Qt window as a local file")
        func qtTargetFile() async throws {
            let pair = try await Self.dragKitSourceBesideQtTarget()
            defer { pair.stop() }

            let received = try await pair.drop("file")
            let path = try #require((received["paths"] as? [String])?.first)
            #expect(path.hasSuffix(".png"))
            #expect(FileManager.default.contents(atPath: path)?.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        }

        @Test("A link from DragKit arrives in a Qt window as a URL")
        func qtTargetLink() async throws {
            let pair = try await Self.dragKitSourceBesideQtTarget()
            defer { pair.stop() }

            let received = try await pair.drop("link")
            #expect(received["urls"] as? [String] == ["https://example.org/dragkit?from=gallery"])
        }

        /// The Qt client's source window beside the gallery's target.
        private static func qtSourceBesideDragKitTarget(
            file: URL? = nil, targetOptions: [String] = []
        ) async throws -> ProcessPair {
            let path = try file ?? ForeignClientTests.sampleFile()
            return try await ProcessPair.place(
                AppProcess.qtClient(["source", text, path.path, link]), role: "source",
                beside: AppProcess.gallery("target", targetOptions), role: "target")
        }

        /// The gallery's sources window beside the Qt client's target.
        private static func dragKitSourceBesideQtTarget() async throws -> ProcessPair {
            try await ProcessPair.place(AppProcess.gallery("source"), role: "sources",
                                        beside: AppProcess.qtClient(["target"]), role: "target")
        }
    }
}
