import DesktopTesting
import Foundation
import Testing

extension EndToEnd {
    /// Loads from another process that cannot finish: each side reports
    /// what happened, and both take the next drag normally.
    @Suite("Failed transfers between processes")
    struct TransferFailureTests {
        /// 64 MiB at 16 MiB/s: about four seconds of bytes crossing.
        private static let throttled = ["--rate-limit-mib", "16"]

        private static func galleries(source: [String] = [], target: [String] = []) async throws -> ProcessPair {
            try await ProcessPair.place(AppProcess.gallery("source", source), role: "sources",
                                        beside: AppProcess.gallery("target", target), role: "target")
        }

        /// What every failed load must show: its code, the bytes that had
        /// arrived (fewer than all), and no data handed to the app.
        private func expectFailure(_ received: [String: any Sendable], code: String, partial: Bool) {
            #expect(received["errorCode"] as? String == code, "\(received)")
            #expect(received["bytes"] == nil, "partial data reached the app: \(received)")
            let error = received["error"] as? String ?? ""
            #expect(error.contains("public.data") && error.contains("item 1 of 1") && error.contains("none were kept"), "\(error)")
            let arrived = received["receivedBytes"] as? Int ?? -1
            if partial {
                #expect(arrived > 0 && arrived < 64 << 20, "received \(arrived)")
            }
        }

        @Test("The source killed while bytes cross: the destination reports that it died, and takes the next drag")
        func sourceKilled() async throws {
            let pair = try await Self.galleries(source: Self.throttled, target: ["--prefer", "public.data"])
            defer { pair.stop() }

            try Pointer.drag(from: pair.from.center(of: "big"), to: pair.to.center(of: "target"))
            try await Task.sleep(for: .seconds(1))
            pair.source.kill()

            let received = try await pair.target.waitFor("received", seconds: 10)
            expectFailure(received, code: "sourceProcessDied", partial: true)

            let next = try await ProcessPair.place(AppProcess.gallery("source"), role: "sources", beside: pair.target, role: "target")
            defer { next.source.stop() }
            try Pointer.drag(from: next.from.center(of: "text"), to: next.to.center(of: "target"))
            let text = try await pair.target.waitFor("received") { $0["text"] != nil }
            #expect(text["text"] as? String == "<b>Hello from DragKit</b>")
        }

        @Test("The source stopped while bytes cross: the load stalls after the destination's stall time; both go on")
        func sourceStopped() async throws {
            let pair = try await Self.galleries(source: Self.throttled, target: ["--prefer", "public.data", "--stall-ms", "1500"])
            defer { pair.stop() }

            try Pointer.drag(from: pair.from.center(of: "big"), to: pair.to.center(of: "target"))
            try await Task.sleep(for: .seconds(1))
            pair.source.send(SIGSTOP)
            let received = try await pair.target.waitFor("received", seconds: 10)
            pair.source.send(SIGCONT)

            expectFailure(received, code: "transferStalled", partial: true)
            #expect((received["error"] as? String ?? "").contains("stopped"))
            // The source learns the destination gave up; its drag ends.
            let produced = try await pair.source.waitFor("produced") { $0["error"] != nil }
            #expect(produced["item"] as? Int == 0)
            try await pair.source.waitFor("drag-end")

            try Pointer.drag(from: pair.from.center(of: "text"), to: pair.to.center(of: "target"))
            let text = try await pair.target.waitFor("received") { $0["text"] != nil }
            #expect(text["text"] as? String == "<b>Hello from DragKit</b>")
        }

        @Test("A source whose handler takes longer than the stall time but keeps working is not a stall")
        func slowSourceIsNotAStall() async throws {
            let pair = try await Self.galleries(target: ["--prefer", "public.data", "--stall-ms", "1500"])
            defer { pair.stop() }

            // The handler takes about four seconds before the first byte.
            let received = try await pair.drop("slow", seconds: 20)
            #expect(received["bytes"] as? Int == 16 << 20, "\(received)")
            #expect(received["error"] == nil)
            #expect((received["loadMillis"] as? Double ?? 0) > 1500)
        }

        @Test("The destination killed mid-transfer: the source's handler is cancelled, its drag ends as cancel, and it drags again")
        func destinationKilled() async throws {
            let pair = try await Self.galleries(target: ["--prefer", "public.data"])
            defer { pair.stop() }

            try Pointer.drag(from: pair.from.center(of: "slow"), to: pair.to.center(of: "target"))
            try await pair.source.waitFor("handler-start")
            try await Task.sleep(for: .milliseconds(500))
            pair.target.kill()

            try await pair.source.waitFor("handler-cancelled")
            let end = try await pair.source.waitFor("drag-end")
            #expect(end["operation"] as? String == "cancel")
            let produced = try await pair.source.waitFor("produced")
            #expect((produced["error"] as? String ?? "").contains("process ended"))

            let next = try await ProcessPair.place(pair.source, role: "sources", beside: AppProcess.gallery("target"), role: "target")
            defer { next.target.stop() }
            let text = try await next.drop("text")
            #expect(text["text"] as? String == "Hello from DragKit")
        }

        @Test("The destination cancels its load: the transfer stops on both sides and the source's handler sees it")
        func destinationCancels() async throws {
            let pair = try await Self.galleries(target: ["--prefer", "public.data", "--cancel-after", "1000"])
            defer { pair.stop() }

            let received = try await pair.drop("slow")
            #expect(received["errorCode"] as? String == "cancelled")
            #expect(received["bytes"] == nil)
            let cancelled = try await pair.source.waitFor("handler-cancelled")
            // Cancelled well before its 32 steps were done.
            #expect((cancelled["step"] as? Int ?? 32) < 24)
            let produced = try await pair.source.waitFor("produced")
            #expect(produced["error"] != nil)
            try await pair.source.waitFor("drag-end")

            try Pointer.drag(from: pair.from.center(of: "text"), to: pair.to.center(of: "target"))
            let text = try await pair.target.waitFor("received") { $0["text"] != nil }
            #expect(text["text"] as? String == "<b>Hello from DragKit</b>")
        }

        @Test("A foreign source advertising text it never produces: a clear error, then the next readable representation on request")
        func foreignSourceThatLies() async throws {
            let pair = try await ProcessPair.place(
                AppProcess.foreignClient(["liar", "<p>Hello from the liar</p>"]), role: "liar",
                beside: AppProcess.gallery("target", ["--prefer", "public.text", "--fallback"]), role: "target")
            defer { pair.stop() }

            for round in 1...2 {
                try Pointer.drag(from: pair.from.center(of: "liar"), to: pair.to.center(of: "target"))
                try await pair.target.waitFor("received") { _ in pair.target.events(named: "received").count >= round }
                let received = try #require(pair.target.events(named: "received").last)
                #expect(received["firstErrorCode"] as? String == "advertisedTypeNotProduced")
                let error = received["firstError"] as? String ?? ""
                #expect(error.contains("text/plain") && error.contains("public.utf8-plain-text") && error.contains("item 1 of 1"), "\(error)")
                #expect(received["fallbackType"] as? String == "public.html")
                #expect(received["text"] as? String == "<p>Hello from the liar</p>")
                try await pair.source.waitFor("drag-end") { _ in pair.source.events(named: "drag-end").count >= round }
            }
            #expect(pair.source.events(named: "asked").compactMap { $0["mime"] as? String }
                == ["text/plain", "text/html", "text/plain", "text/html"])
        }
    }
}
