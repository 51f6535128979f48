import DesktopTesting
import Foundation
import Testing

extension EndToEnd {
    /// A source that lies (`Fixtures/hostile_source.py`: a plain GTK app
    /// offering a crafted DragKit manifest and a socket of its own) against
    /// the gallery's target: each lie ends in a named error, the target
    /// stays alive with bounded descriptors and threads, and takes the next
    /// normal drop.
    @Suite("A hostile drag source")
    struct HostileSourceTests {
        /// Each lie, the error code the target must report, and words its
        /// description must hold.
        static let lies: [(scenario: String, code: String, words: String)] = [
            ("shrink", "malformedTransfer", "not sealed"),
            ("huge-file", "malformedTransfer", "memory file of 10 bytes"),
            ("negative", "malformedTransfer", "is not a byte count"),
            ("backwards", "malformedTransfer", "changed from 200 to 0"),
            ("overflow", "malformedTransfer", "over the channel's limit"),
            ("wait", "transferTimedOut", "longest a transfer may take"),
            ("no-newline", "malformedTransfer", "without a line break"),
            ("fd-flood", "malformedTransfer", "more than one file descriptor"),
            ("big-manifest", "malformedTransfer", "over the limit of 1048576 bytes"),
            ("newline-type", "malformedTransfer", "not a type identifier"),
            ("fifo", "fileUnavailable", "FIFO"),
        ]

        private static func descriptors(of pid: Int32) -> Int {
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
        }

        /// A number from /proc/PID/status (`Threads:`, `VmRSS:` in KiB).
        private static func status(_ field: String, of pid: Int32) -> Int {
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            return status.split(separator: "\n").first { $0.hasPrefix(field + ":") }
                .flatMap { Int($0.dropFirst(field.count + 1).split(whereSeparator: \.isWhitespace).first ?? "") } ?? -1
        }

        @Test("Lies in the channel's numbers and memory files: named errors, and the next honest drop arrives")
        func numbersAndMemoryFiles() async throws {
            try await run(Self.lies.filter { ["shrink", "huge-file", "negative", "backwards", "overflow"].contains($0.scenario) })
        }

        @Test("Hangs and floods (endless waiting, endless lines, a descriptor a line): named errors, bounded, and the next drop arrives")
        func hangsAndFloods() async throws {
            try await run(Self.lies.filter { ["wait", "no-newline", "fd-flood"].contains($0.scenario) })
        }

        @Test("Oversized and injecting manifests, and a FIFO dropped as a file: named errors, and the next drop arrives")
        func manifestsAndFiles() async throws {
            try await run(Self.lies.filter { ["big-manifest", "newline-type", "fifo"].contains($0.scenario) })
        }

        @Test("A drag of 3,000 items arrives as 3,000 items; loading fifty of them keeps the target's threads bounded")
        func manyItems() async throws {
            let pair = try await ProcessPair.place(
                AppProcess("hostile source", executable: Desktop.systemPython,
                           arguments: [Desktop.fixture("hostile_source.py").path, "many"]),
                role: "hostile",
                beside: AppProcess.gallery("target", ["--prefer", "public.vcard", "--load-items", "50"]),
                role: "target")
            defer { pair.stop() }
            let pid = pair.target.processIdentifier
            let threadsBefore = Self.status("Threads", of: pid)
            let received = try await pair.drop("many", seconds: 30)
            #expect(received["items"] as? Int == 3000, "\(received)")
            let texts = received["texts"] as? [String] ?? []
            #expect(texts.count == 50)
            #expect(texts.last?.contains("FN:Peer 49") == true, "\(texts.last ?? "")")
            let threads = Self.status("Threads", of: pid)
            #expect(threadsBefore > 0 && threads <= threadsBefore + 8, "threads \(threadsBefore) -> \(threads)")
            print("Many items: target threads \(threadsBefore) -> \(threads), load \(received["loadMillis"] ?? "?") ms")
        }

        @Test("Another user's process, given a drag's token during the drag, is refused by the gallery's source; its own user is served (skipped unless root)")
        func anotherUserIsRefused() async throws {
            guard let user = try Self.secondUser() else { return }

            let pair = try await ProcessPair.place(
                AppProcess.gallery("source"), role: "sources",
                beside: AppProcess("thief", executable: Desktop.systemPython,
                                   arguments: [Desktop.fixture("hostile_source.py").path, "--thief", user]),
                role: "thief")
            defer { pair.stop() }
            let received = try await pair.drop("text", onto: "thief", seconds: 30)
            // Closed before a byte was read: no answer at all, not even an error.
            #expect(received["other"] as? String == "closed", "\(received)")
            let own = received["own"] as? String ?? ""
            #expect(own.hasPrefix("progress") || own.hasPrefix("file") || own.hasPrefix("wait"), "\(received)")
            #expect(pair.source.isRunning)
        }

        /// The user `dragkit-peer`, made if missing; nil (with a message) when
        /// this process is not root and cannot make one.
        private static func secondUser() throws -> String? {
            guard geteuid() == 0 else {
                print("Skipped: a second user can only be made (useradd) and used (runuser) as root.")
                return nil
            }
            let useradd = try Process.run(URL(fileURLWithPath: "/usr/sbin/useradd"),
                                          arguments: ["--no-create-home", "--shell", "/usr/sbin/nologin", "dragkit-peer"])
            useradd.waitUntilExit()
            // 9: it exists already, from an earlier run.
            #expect([0, 9].contains(useradd.terminationStatus))
            return "dragkit-peer"
        }

        /// Drops the honest offer, each of `lies`, then the honest one again
        /// on one gallery target, checking each outcome and that the
        /// target's descriptors and threads came back near the first drop's.
        private func run(_ lies: [(scenario: String, code: String, words: String)]) async throws {
            let pair = try await ProcessPair.place(
                AppProcess(
                    "hostile source", executable: Desktop.systemPython,
                    arguments: [Desktop.fixture("hostile_source.py").path] + lies.map(\.scenario) + ["honest"]),
                role: "hostile",
                beside: AppProcess.gallery("target", ["--prefer", "public.data", "--stall-ms", "2000"],
                                           environment: ["DRAGKIT_TRANSFER_DEADLINE_MS": "4000"]),
                role: "target")
            defer { pair.stop() }
            var round = 0

            func drop(_ scenario: String) async throws -> [String: any Sendable] {
                round += 1
                let expected = round
                try Pointer.drag(from: pair.from.center(of: scenario), to: pair.to.center(of: "target"))
                try await pair.target.waitFor("received", seconds: 15) { _ in
                    pair.target.events(named: "received").count >= expected
                }
                return try #require(pair.target.events(named: "received").last)
            }

            let first = try await drop("honest")
            #expect(first["bytes"] as? Int == 25, "\(first)")
            let pid = pair.target.processIdentifier
            let baseline = (descriptors: Self.descriptors(of: pid), threads: Self.status("Threads", of: pid),
                            memory: Self.status("VmRSS", of: pid))
            #expect(baseline.descriptors > 0 && baseline.threads > 0 && baseline.memory > 0, "\(baseline)")

            for lie in lies {
                let received = try await drop(lie.scenario)
                #expect(received["errorCode"] as? String == lie.code, "\(lie.scenario): \(received)")
                let error = received["error"] as? String ?? ""
                #expect(error.contains(lie.words), "\(lie.scenario): \(error)")
                #expect(received["bytes"] == nil, "\(lie.scenario): data reached the app")
                #expect((received["loadMillis"] as? Double ?? .infinity) < 10_000, "\(lie.scenario): \(received)")
                #expect(pair.target.isRunning, "the target died on \(lie.scenario)")
            }

            let last = try await drop("honest")
            #expect(last["bytes"] as? Int == 25 && last["error"] == nil, "\(last)")
            // Descriptors and threads came back near where they were.
            let descriptors = Self.descriptors(of: pid)
            let threads = Self.status("Threads", of: pid)
            let memory = Self.status("VmRSS", of: pid)
            #expect(descriptors <= baseline.descriptors + 8, "descriptors \(baseline.descriptors) -> \(descriptors)")
            #expect(threads <= baseline.threads + 8, "threads \(baseline.threads) -> \(threads)")
            // No lie made the target keep (or allocate up front) what it announced.
            #expect(memory <= baseline.memory + 64 << 10, "resident KiB \(baseline.memory) -> \(memory)")
            print("Hostile source: target descriptors \(baseline.descriptors) -> \(descriptors), threads \(baseline.threads) -> \(threads), resident KiB \(baseline.memory) -> \(memory)")
            #expect(pair.target.errorText.contains("CRITICAL") == false && pair.target.errorText.contains("WARNING") == false,
                    "\(pair.target.errorText)")
        }
    }
}
