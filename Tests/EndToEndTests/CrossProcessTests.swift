import Foundation
import Testing

extension EndToEnd {
    @Suite("Between DragKit processes")
    struct CrossProcessTests {
        @Test("Text dragged to another process arrives; only the type read is produced; ownProcess types stay home")
        func textBetweenProcesses() async throws {
            let source = try AppProcess.gallery("source")
            let target = try AppProcess.gallery("target")
            defer { source.stop(); target.stop() }
            let from = try await source.place(role: "sources", at: 0, 0)
            let to = try await target.place(role: "target", at: 600, 0)

            try Pointer.drag(from: from.center(of: "text"), to: to.center(of: "target"))

            let received = try await target.waitFor("received")
            #expect(received["text"] as? String == "Hello from DragKit")
            #expect(received["type"] as? String == "public.utf8-plain-text")
            #expect(received["local"] as? Bool == false)
            #expect(received["localObject"] == nil)
            let entered = try #require(target.events(named: "enter").first)
            let types = entered["types"] as? [String] ?? []
            #expect(types.contains("public.html") && types.contains("public.utf8-plain-text"))
            #expect(!types.contains("org.dragkit.gallery.secret"))
            let end = try await source.waitFor("drag-end")
            #expect(end["operation"] as? String == "copy")
            #expect(source.events(named: "produced").compactMap { $0["mime"] as? String } == ["text/plain;charset=utf-8"])
        }

        @Test("A destination preferring HTML reads only HTML from the source")
        func lazyProduction() async throws {
            let source = try AppProcess.gallery("source")
            let target = try AppProcess.gallery("target", ["--prefer", "public.html"])
            defer { source.stop(); target.stop() }
            let from = try await source.place(role: "sources", at: 0, 0)
            let to = try await target.place(role: "target", at: 600, 0)

            try Pointer.drag(from: from.center(of: "text"), to: to.center(of: "target"))

            let received = try await target.waitFor("received")
            #expect(received["type"] as? String == "public.html")
            #expect(received["text"] as? String == "<b>Hello from DragKit</b>")
            try await source.waitFor("drag-end")
            #expect(source.events(named: "produced").compactMap { $0["mime"] as? String } == ["text/html"])
        }

        @Test("A 64 MiB data representation arrives whole in another process")
        func largeRepresentation() async throws {
            let source = try AppProcess.gallery("source")
            let target = try AppProcess.gallery("target", ["--prefer", "public.data"])
            defer { source.stop(); target.stop() }
            let from = try await source.place(role: "sources", at: 0, 0)
            let to = try await target.place(role: "target", at: 600, 0)

            try Pointer.drag(from: from.center(of: "big"), to: to.center(of: "target"))

            let received = try await target.waitFor("received", seconds: 30)
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

        @Test("Dropping on nothing cancels the drag and produces nothing")
        func dropOnNothingCancels() async throws {
            let source = try AppProcess.gallery("source")
            let target = try AppProcess.gallery("target")
            defer { source.stop(); target.stop() }
            let from = try await source.place(role: "sources", at: 0, 0)
            _ = try await target.place(role: "target", at: 600, 0)

            try Pointer.drag(from: from.center(of: "text"), to: (900, 600))

            let end = try await source.waitFor("drag-end")
            #expect(end["operation"] as? String == "cancel")
            #expect(source.events(named: "produced").isEmpty)
            #expect(target.events(named: "received").isEmpty)
        }
    }
}
