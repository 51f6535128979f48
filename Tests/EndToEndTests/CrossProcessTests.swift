import DesktopTesting
import Foundation
import Testing

extension EndToEnd {
    @Suite("Between DragKit processes")
    struct CrossProcessTests {
        @Test("Text dragged to another process arrives; only the type read is produced; ownProcess types stay home")
        func textBetweenProcesses() async throws {
            let pair = try await Self.galleries()
            defer { pair.stop() }

            let received = try await pair.drop("text")
            #expect(received["text"] as? String == "Hello from DragKit")
            #expect(received["type"] as? String == "public.utf8-plain-text")
            #expect(received["local"] as? Bool == false)
            #expect(received["localObject"] == nil)
            let entered = try #require(pair.target.events(named: "enter").first)
            let types = entered["types"] as? [String] ?? []
            #expect(types.contains("public.html") && types.contains("public.utf8-plain-text"))
            #expect(!types.contains("org.dragkit.gallery.secret"))
            let end = try await pair.source.waitFor("drag-end")
            #expect(end["operation"] as? String == "copy")
            #expect(pair.source.events(named: "produced").compactMap { $0["mime"] as? String } == ["text/plain;charset=utf-8"])
        }

        @Test("A destination that loads from a plain Task a second after the drop still gets the data; the drag ends after")
        func lateLoadKeepsTheDropOpen() async throws {
            let pair = try await Self.galleries(targetOptions: ["--late-load", "1000"])
            defer { pair.stop() }

            let received = try await pair.drop("text")
            #expect(received["text"] as? String == "Hello from DragKit", "\(received)")
            #expect(received["error"] == nil)
            // The source's drag ended only once the data had been read.
            let end = try await pair.source.waitFor("drag-end")
            #expect(end["operation"] as? String == "copy")
            #expect(pair.source.events(named: "produced").compactMap { $0["mime"] as? String } == ["text/plain;charset=utf-8"])
            let order = pair.source.events.compactMap { $0["event"] as? String }.filter { $0 == "produced" || $0 == "drag-end" }
            #expect(order == ["produced", "drag-end"])
        }

        @Test("A destination whose work reads nothing for the stall time has its drop finished; its late load fails clearly")
        func quietDestinationWorkIsGivenUp() async throws {
            let pair = try await Self.galleries(targetOptions: ["--late-load", "4000", "--stall-ms", "1000"])
            defer { pair.stop() }

            try Pointer.drag(from: pair.from.center(of: "text"), to: pair.to.center(of: "target"))
            // The drag ends at the stall time, before the destination loads.
            try await pair.source.waitFor("drag-end", seconds: 4)
            #expect(pair.target.events(named: "received").isEmpty)
            let received = try await pair.target.waitFor("received", seconds: 10)
            #expect(received["text"] == nil)
            #expect((received["error"] as? String ?? "").contains("already finished"), "\(received)")
            #expect(pair.source.events(named: "produced").isEmpty)
        }

        @Test("A destination preferring HTML reads only HTML from the source")
        func lazyProduction() async throws {
            let pair = try await Self.galleries(targetOptions: ["--prefer", "public.html"])
            defer { pair.stop() }

            let received = try await pair.drop("text")
            #expect(received["type"] as? String == "public.html")
            #expect(received["text"] as? String == "<b>Hello from DragKit</b>")
            try await pair.source.waitFor("drag-end")
            #expect(pair.source.events(named: "produced").compactMap { $0["mime"] as? String } == ["text/html"])
        }

        @Test("A 64 MiB data representation arrives whole in another process")
        func largeRepresentation() async throws {
            let pair = try await Self.galleries(targetOptions: ["--prefer", "public.data"])
            defer { pair.stop() }

            let received = try await pair.drop("big", seconds: 30)
            #expect(received["bytes"] as? Int == 64 << 20)
            #expect(received["type"] as? String == "public.data")
            // Progress came in many steps, ending at every byte.
            #expect((received["progressReports"] as? Int ?? 0) > 10)
            #expect(received["progressBytes"] as? Int == 64 << 20)
            // The destination's own load Progress moved while the bytes
            // arrived (the source announced their count), and ended done.
            let fractions = (received["progressFractions"] as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
            #expect(fractions.contains { $0 > 0 && $0 < 1 }, "fractions seen: \(fractions)")
            #expect(fractions.last == 1)
        }

        @Test("Several items arrive as several items, each produced only when the destination reads it")
        func severalItems() async throws {
            let pair = try await Self.galleries(targetOptions: ["--load-items", "2"])
            defer { pair.stop() }

            let received = try await pair.drop("multi")
            #expect(received["items"] as? Int == 3)
            #expect(received["texts"] as? [String] == ["Item 1", "Item 2"])
            try await pair.source.waitFor("drag-end")
            // Only the two items read, and only the type read of each.
            let produced = pair.source.events(named: "produced")
            #expect(produced.compactMap { $0["item"] as? Int } == [0, 1])
            #expect(produced.allSatisfy { $0["mime"] as? String == "text/plain;charset=utf-8" && $0["channel"] as? Bool == true })
        }

        @Test("Dropping on nothing cancels the drag and produces nothing")
        func dropOnNothingCancels() async throws {
            let pair = try await Self.galleries()
            defer { pair.stop() }

            try Pointer.drag(from: pair.from.center(of: "text"), to: (900, 600))

            let end = try await pair.source.waitFor("drag-end")
            #expect(end["operation"] as? String == "cancel")
            #expect(pair.source.events(named: "produced").isEmpty)
            #expect(pair.target.events(named: "received").isEmpty)
        }

        /// A gallery's sources window beside another gallery's target
        /// (started with `targetOptions`).
        private static func galleries(targetOptions: [String] = []) async throws -> ProcessPair {
            try await ProcessPair.place(AppProcess.gallery("source"), role: "sources",
                                        beside: AppProcess.gallery("target", targetOptions), role: "target")
        }
    }
}
