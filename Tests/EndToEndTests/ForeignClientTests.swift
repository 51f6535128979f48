import DesktopTesting
import Foundation
import Testing

extension EndToEnd {
    /// A GTK app that is not a DragKit app (Python, python3-gi).
    @Suite("With a foreign GTK client")
    struct ForeignClientTests {
        @Test("A foreign target receives text from a DragKit source")
        func foreignTargetReceivesText() async throws {
            let pair = try await Self.dragKitSourceBesideForeignTarget()
            defer { pair.stop() }

            let received = try await pair.drop("text")
            #expect(received["kind"] as? String == "text")
            #expect(received["text"] as? String == "Hello from DragKit")
            // The representations' own MIME types, and one DragKit format.
            let formats = received["formats"] as? [String] ?? []
            #expect(formats.filter { $0.hasPrefix("application/x-dragkit") } == ["application/x-dragkit-manifest"], "\(formats)")
            #expect(formats.contains("text/html") && formats.contains("text/plain;charset=utf-8"), "\(formats)")
        }

        @Test("A foreign target receives a DragKit file representation as a file")
        func foreignTargetReceivesFile() async throws {
            let pair = try await Self.dragKitSourceBesideForeignTarget()
            defer { pair.stop() }

            let received = try await pair.drop("file")
            #expect(received["kind"] as? String == "files")
            let path = try #require((received["paths"] as? [String])?.first)
            #expect(path.hasSuffix(".png"))
            #expect(FileManager.default.contents(atPath: path)?.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
            #expect(pair.source.events(named: "produced").compactMap { $0["mime"] as? String } == ["text/uri-list"])
        }

        @Test("Text from a foreign source arrives in a DragKit target")
        func foreignSourceText() async throws {
            let file = try Self.sampleFile()
            let pair = try await Self.foreignSourceBesideDragKitTarget(offering: file)
            defer { pair.stop() }

            let received = try await pair.drop("text")
            #expect(received["text"] as? String == "Hello from Python")
            #expect(received["local"] as? Bool == false)
        }

        @Test("A file from a foreign source arrives as a file representation typed by its name")
        func foreignSourceFile() async throws {
            let file = try Self.sampleFile()
            let pair = try await Self.foreignSourceBesideDragKitTarget(offering: file)
            defer { pair.stop() }

            Self.expectSampleFile(file, in: try await pair.drop("file"))
        }

        /// The gallery's sources window beside the foreign client's target.
        private static func dragKitSourceBesideForeignTarget() async throws -> ProcessPair {
            try await ProcessPair.place(AppProcess.gallery("source"), role: "sources",
                                        beside: AppProcess.foreignClient(["target"]), role: "target")
        }

        /// The foreign client's source window, offering text and `file`,
        /// beside the gallery's target.
        private static func foreignSourceBesideDragKitTarget(offering file: URL) async throws -> ProcessPair {
            try await ProcessPair.place(AppProcess.foreignClient(["source", "Hello from Python", file.path]), role: "source",
                                        beside: AppProcess.gallery("target"), role: "target")
        }

        /// What a DragKit target must report for ``sampleFile()`` dropped
        /// from another app: a file representation typed by its name.
        static func expectSampleFile(_ file: URL, in received: [String: any Sendable]) {
            #expect(received["type"] as? String == "public.file-url")
            #expect(received["paths"] as? [String] == [file.path])
            #expect(received["fileType"] as? String == "public.comma-separated-values-text")
            #expect(received["fileBytes"] as? Int == 12)
        }

        /// A small CSV file, typed by its extension on the receiving side.
        static func sampleFile() throws -> URL {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("dragkit-e2e-\(getpid()).csv")
            try Data("a,b\n1,2\n3,4\n".utf8).write(to: url)
            return url
        }
    }
}
