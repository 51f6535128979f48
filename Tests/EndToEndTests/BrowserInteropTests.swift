import DesktopTesting
import Foundation
import Testing

extension EndToEnd {
    /// Chromium (headful, Debian's package) showing a local page, as the
    /// source and the target of drags; the page's JavaScript drop handler
    /// reports what arrived. One browser serves every test here.
    @Suite("With Chromium", .enabled(if: Browser.isInstalled, "Debian's chromium is not installed: run scripts/setup."))
    struct BrowserInteropTests {
        @Test("A link dragged from Chromium arrives as public.url, with the link's text as suggested name")
        func chromiumLink() async throws {
            let received = try await Self.dropFromChromium("link")
            let loaded = received["loaded"] as? [String: any Sendable] ?? [:]
            #expect(loaded["public.url"] as? String == "https://example.org/chromium?from=page")
            #expect(received["suggestedName"] as? String == "Example Page ü")
        }

        @Test("Text dragged from Chromium arrives as UTF-8 text and UTF-8 HTML; Chromium's own formats stay hidden")
        func chromiumText() async throws {
            let received = try await Self.dropFromChromium("text")
            let loaded = received["loaded"] as? [String: any Sendable] ?? [:]
            #expect(loaded["public.utf8-plain-text"] as? String == "Grüße aus Chromium")
            #expect((loaded["public.html"] as? String)?.contains("<b>Grüße</b> aus Chromium") == true)
            #expect(loaded.keys.sorted() == ["public.html", "public.utf8-plain-text"])
        }

        @Test("Text from DragKit arrives in Chromium's page, plain and as HTML")
        func chromiumTargetText() async throws {
            let received = try await Self.dropOnChromium("text")
            let data = received["data"] as? [String: any Sendable] ?? [:]
            #expect(data["text/plain"] as? String == "Hello from DragKit")
            #expect((data["text/html"] as? String)?.contains("<b>Hello from DragKit</b>") == true)
        }

        @Test("A file from DragKit arrives in Chromium's page as a file")
        func chromiumTargetFile() async throws {
            let received = try await Self.dropOnChromium("file")
            let file = try #require((received["files"] as? [[String: any Sendable]])?.first)
            #expect((file["name"] as? String)?.hasSuffix(".png") == true)
            #expect((file["head"] as? [Int])?.prefix(4) == [0x89, 0x50, 0x4E, 0x47])
        }

        @Test("A link from DragKit arrives in Chromium's page as a URL")
        func chromiumTargetLink() async throws {
            let received = try await Self.dropOnChromium("link")
            let data = received["data"] as? [String: any Sendable] ?? [:]
            #expect((data["text/uri-list"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines)
                    == "https://example.org/dragkit?from=gallery")
        }

        // MARK: - Drags

        /// Drags `widget` of the page onto the shared gallery target and
        /// returns what the target received.
        private static func dropFromChromium(_ widget: String) async throws -> [String: any Sendable] {
            let browser = try await Browser.shared()
            defer { browser.hide() }
            let earlier = (received: browser.target.events(named: "received").count,
                           ends: browser.page.events(named: "drag-end").count)
            let from = try await browser.show(at: 0, 0)
            let to = try await browser.showTarget(at: 600, 0)
            try Pointer.drag(from: from.center(of: widget), to: to.center(of: "target"))
            let received = try await browser.target.waitFor("received", skipping: earlier.received)
            // Chromium's drag is over before the next test (its page reports
            // "none" for any drop into another app).
            try await browser.page.waitFor("drag-end", skipping: earlier.ends)
            return received
        }

        /// Drags the gallery's `handle` onto the page's drop zone and
        /// returns what the page's drop handler reported.
        private static func dropOnChromium(_ handle: String) async throws -> [String: any Sendable] {
            let browser = try await Browser.shared()
            defer { browser.hide() }
            let source = try AppProcess.gallery("source")
            defer { source.stop() }
            let earlier = browser.page.events(named: "received").count
            let from = try await source.place(role: "sources", at: 0, 0)
            let to = try await browser.show(at: 600, 0)
            try Pointer.drag(from: from.center(of: handle), to: to.center(of: "drop"))
            return try await browser.page.waitFor("received", skipping: earlier)
        }
    }
}
