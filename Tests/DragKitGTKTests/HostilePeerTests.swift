import CDragKitChannel
import Foundation
import ItemProviders
import Synchronization
import Testing
@testable import DragKitGTK

/// A drag source of its own that lies: it listens on a channel socket and
/// answers each request with `answer`, run on its own thread with the
/// connection's descriptor.
private final class LyingSource: Sendable {
    let name = "dragkit-liar-\(UUID().uuidString.prefix(8).lowercased())"
    private let listener: Int32

    init(_ answer: @escaping @Sendable (Int32) -> Void) throws {
        listener = dk_channel_listen(name)
        guard listener >= 0 else { throw CocoaError(.fileWriteUnknown) }
        let listener = listener
        Thread.detachNewThread {
            while true {
                let fd = dk_channel_accept(listener)
                guard fd >= 0 else {
                    // Closed only here, once accept has failed: closed in
                    // stop(), its number could be reused by the next
                    // source's socket while this loop still accepts on it.
                    close(listener)
                    return
                }
                Thread.detachNewThread {
                    // The request line first, as a real source would read it.
                    var byte: UInt8 = 0
                    while recv(fd, &byte, 1, 0) == 1, byte != UInt8(ascii: "\n") {}
                    answer(fd)
                    close(fd)
                }
            }
        }
    }

    /// Stops accepting (the accepting thread closes the socket).
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
    }

    func request(stall: Duration = .seconds(2), deadline: Duration = .seconds(30)) -> ChannelClient.Request {
        ChannelClient.Request(channel: name, token: "liar-token", item: 0, typeIdentifier: "public.data",
                              stallTimeout: stall, deadline: deadline)
    }

    static func send(_ fd: Int32, _ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = dk_channel_send_all(fd, bytes, bytes.count)
    }

    static func send(_ fd: Int32, _ line: String, with file: Int32) {
        let bytes = Array((line + "\n").utf8)
        _ = dk_channel_send_with_fd(fd, bytes, bytes.count, file)
    }

    /// Answers as a source does: `count` bytes in a memory file (sealed or
    /// not), a progress line, and the file; `after` runs once it is passed.
    static func sendMemoryFile(_ fd: Int32, _ count: Int, sealed: Bool, after: (Int32) -> Void = { _ in }) {
        let file = memoryFile(count, sealed: sealed)
        send(fd, "progress \(count) \(count)")
        send(fd, "file \(count)", with: file)
        after(file)
        close(file)
        waitForClose(fd)
    }

    /// A memory file holding `count` bytes, sealed or not.
    static func memoryFile(_ count: Int, sealed: Bool) -> Int32 {
        let file = dk_memory_file_new()
        let bytes = [UInt8](repeating: 0x5A, count: count)
        _ = dk_write_all(file, bytes, count)
        if sealed { _ = dk_memory_file_seal(file) }
        return file
    }

    /// Waits until the destination closed its end.
    static func waitForClose(_ fd: Int32) {
        var byte: UInt8 = 0
        _ = dk_channel_receive(fd, &byte, 1, 10_000)
    }
}

/// This process's open descriptors.
private func openDescriptors() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
}

/// The descriptors of this process that are memory files named `name`: a
/// count other tests running in parallel cannot change.
private func openMemoryFiles(named name: String) -> Int {
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return descriptors.count { descriptor in
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")) ?? ""
        return target.hasPrefix("/memfd:\(name) ")
    }
}

/// Each lie the issue found, told to a destination's fetch: the fetch ends
/// with a named failure (never a crash, a hang or part of the data), and
/// the process keeps its descriptors and threads.
@Suite("A destination fetching from a lying source", .serialized)
struct HostilePeerTests {
    private func fetch(from source: LyingSource, stall: Duration = .seconds(2), deadline: Duration = .seconds(30))
        async -> ChannelClient.Failure?
    {
        defer { source.stop() }
        do {
            let data = try await ChannelClient.fetch(source.request(stall: stall, deadline: deadline)) { _, _ in }
            Issue.record("the lie was believed: \(data.count) bytes")
            return nil
        } catch {
            return error
        }
    }

    private func malformedReason(_ failure: ChannelClient.Failure?) -> String? {
        if case .malformed(let reason)? = failure?.kind { return reason }
        Issue.record("not refused as malformed: \(String(describing: failure))")
        return nil
    }

    @Test("A memory file shrunk after it was passed (unsealed) is refused, not mapped")
    func shrunkMemoryFile() async throws {
        let source = try LyingSource { fd in
            LyingSource.sendMemoryFile(fd, 256 << 10, sealed: false) { _ = ftruncate($0, 0) }
        }
        #expect(malformedReason(await fetch(from: source))?.contains("not sealed") == true)
    }

    @Test("A 'file' reply declaring 1 GiB with a 10-byte sealed memory file is refused")
    func fileLongerThanItsMemoryFile() async throws {
        let source = try LyingSource { fd in
            let file = LyingSource.memoryFile(10, sealed: true)
            LyingSource.send(fd, "file \(1 << 30)", with: file)
            close(file)
            LyingSource.waitForClose(fd)
        }
        #expect(malformedReason(await fetch(from: source))?.contains("announced 1073741824 bytes in a memory file of 10 bytes") == true)
    }

    @Test("Negative, backwards and near-Int64.max progress is refused")
    func lyingProgress() async throws {
        for lines in [["progress -1 1"], ["progress 100 200", "progress 0 0"], ["progress 1 \(Int64.max - 1)"]] {
            let source = try LyingSource { fd in
                lines.forEach { LyingSource.send(fd, $0) }
                LyingSource.waitForClose(fd)
            }
            #expect(malformedReason(await fetch(from: source)) != nil, "\(lines)")
        }
    }

    @Test("A source that says 'wait' for ever is stopped at the overall deadline")
    func waitsForEver() async throws {
        let source = try LyingSource { fd in
            while dk_channel_send_all(fd, "wait\n", 5) == 0 { usleep(100_000) }
        }
        let clock = ContinuousClock()
        let start = clock.now
        let failure = await fetch(from: source, stall: .seconds(1), deadline: .milliseconds(1500))
        #expect(failure?.kind == .timedOut)
        #expect(start.duration(to: clock.now) < .seconds(4))
    }

    @Test("Endless bytes without a newline end the fetch at the line limit")
    func endlessLine() async throws {
        let source = try LyingSource { fd in
            let chunk = [UInt8](repeating: 0x41, count: 4096)
            while dk_channel_send_all(fd, chunk, chunk.count) == 0 {}
        }
        #expect(malformedReason(await fetch(from: source))?.contains("without a line break") == true)
    }

    @Test("A descriptor attached to every progress line is closed on arrival and the fetch refused; none leak")
    func descriptorFlood() async throws {
        let before = openDescriptors()
        let source = try LyingSource { fd in
            for step in 1...200 {
                let file = LyingSource.memoryFile(1, sealed: true)
                LyingSource.send(fd, "progress \(step) 1000", with: file)
                close(file)
            }
            LyingSource.waitForClose(fd)
        }
        #expect(malformedReason(await fetch(from: source))?.contains("more than one file descriptor") == true)
        try await Task.sleep(for: .milliseconds(200))
        // 200 descriptors were sent: a leak shows as ~200 more. The margin
        // is for other suites of this process opening files meanwhile.
        #expect(openDescriptors() <= before + 32, "descriptors: \(before) before, \(openDescriptors()) after")
    }

    @Test("Eight descriptors on one line (more than the kernel hands over, as near the descriptor limit) are refused; none leak")
    func descriptorsDroppedByTheKernel() async throws {
        let name = "dragkit-liar-\(UUID().uuidString.prefix(8).lowercased())"
        // Python's send_fds attaches them all to one message.
        let script = """
            import os, socket, sys
            listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            listener.bind("\\0" + sys.argv[1])
            listener.listen(1)
            print("listening", flush=True)
            connection, _ = listener.accept()
            connection.recv(4096)
            files = [os.memfd_create("dragkit-liar-eight") for _ in range(8)]
            socket.send_fds(connection, [b"progress 1 2\\n"], files)
            connection.recv(1)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, name]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer { process.terminate() }
        _ = output.fileHandleForReading.availableData  // "listening"
        let request = ChannelClient.Request(channel: name, token: "liar-token", item: 0, typeIdentifier: "public.data",
                                            stallTimeout: .seconds(2))
        do {
            _ = try await ChannelClient.fetch(request) { _, _ in }
            Issue.record("eight descriptors were taken")
        } catch {
            #expect(error.kind == .malformed(ChannelProtocol.Violation.extraDescriptors.reason))
        }
        try await Task.sleep(for: .milliseconds(200))
        #expect(openMemoryFiles(named: "dragkit-liar-eight") == 0, "the liar's memory files stayed open")
    }

    @Test("A 'data' reply declaring 1 GiB that sends 10 bytes ends early, without allocating the gigabyte")
    func dataLongerThanSent() async throws {
        let source = try LyingSource { fd in
            LyingSource.send(fd, "data \(1 << 30)")
            _ = dk_channel_send_all(fd, "0123456789", 10)
        }
        let failure = await fetch(from: source)
        #expect(failure?.kind == .closedEarly)
        #expect(failure?.received == 10 && failure?.expected == 1 << 30)
    }

    @Test("Many fetches at once share a bounded pool of threads")
    func boundedFetches() async throws {
        let source = try LyingSource { fd in
            LyingSource.send(fd, "wait")
            usleep(200_000)
            LyingSource.send(fd, "error no")
        }
        defer { source.stop() }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<40 {
                group.addTask { _ = try? await ChannelClient.fetch(source.request()) { _, _ in } }
            }
        }
        #expect(BlockingPool.fetches.threadCount <= BlockingPool.fetches.width)
    }

    @Test("An honest sealed memory file still arrives whole")
    func honestSource() async throws {
        let source = try LyingSource { fd in LyingSource.sendMemoryFile(fd, 3 << 20, sealed: true) }
        defer { source.stop() }
        let data = try await ChannelClient.fetch(source.request()) { _, _ in }
        #expect(data == Data(repeating: 0x5A, count: 3 << 20))
    }
}

/// The source's side: requests from a destination that lies, or from a
/// process that is not the source's user, get nothing but a refusal.
@Suite("A source serving a lying destination", .serialized)
@MainActor
struct LyingDestinationTests {
    private func drag() async throws -> (OutgoingProduction, TransferManifest) {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { Data("png bytes".utf8) }
        let production = OutgoingProduction(providers: [provider]) { _ in }
        let data = try await production.produce(TransferManifest.mimeType)
        return (production, try #require(try TransferManifest.decode(data)))
    }

    /// Sends `line` on a new connection and returns the first line of the
    /// answer (nil when the source closed without one).
    private nonisolated func ask(_ channel: String, _ line: String?) async -> String? {
        await Task.detached {
            let connection = ChannelConnection(fd: dk_channel_connect(channel))
            defer { connection.close() }
            if let line { _ = connection.send(line: line) }
            return connection.readLine(timeoutMilliseconds: 5000)
        }.value
    }

    @Test("A request for item Int.max, a type with control characters, or a malformed token is refused; the source serves on")
    func lyingRequests() async throws {
        let (production, manifest) = try await drag()
        defer { production.finish() }
        let huge = await ask(manifest.channel, "get \(manifest.token) \(Int.max) public.png")
        #expect(huge?.hasPrefix("error ") == true && huge?.contains("not an item index") == true, "\(String(describing: huge))")
        let control = await ask(manifest.channel, "get \(manifest.token) 0 public.png\u{1B}[2J")
        #expect(control?.contains("not a type identifier") == true, "\(String(describing: control))")
        let badToken = await ask(manifest.channel, "get ../../x 0 public.png")
        #expect(badToken?.contains("token is malformed") == true)

        let request = ChannelClient.Request(channel: manifest.channel, token: manifest.token, item: 0,
                                            typeIdentifier: "public.png", stallTimeout: .seconds(5))
        #expect(try await ChannelClient.fetch(request) { _, _ in } == Data("png bytes".utf8))
    }

    @Test("A connection that sends no request is closed within the request time")
    func silentConnection() async throws {
        let (production, manifest) = try await drag()
        defer { production.finish() }
        let clock = ContinuousClock()
        let start = clock.now
        #expect(await ask(manifest.channel, nil) == nil)
        let waited = start.duration(to: clock.now)
        #expect(waited >= .milliseconds(ChannelServer.requestTimeoutMilliseconds - 100) && waited < .milliseconds(4500), "\(waited)")
    }

    @Test("Another user's process, given the drag's token, is refused before it is heard (skipped unless root)")
    func anotherUser() async throws {
        guard geteuid() == 0 else {
            print("Skipped: creating a second user needs root (useradd, runuser).")
            return
        }
        let user = "dragkit-peer"
        _ = try run("/usr/sbin/useradd", ["--no-create-home", "--shell", "/usr/sbin/nologin", user])
        let (production, manifest) = try await drag()
        defer { production.finish() }
        // Python speaks to the abstract socket as a destination would.
        let script = """
            import socket, sys
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect("\\0" + sys.argv[1])
            s.settimeout(5)
            try:
                s.sendall(("get %s 0 public.png\\n" % sys.argv[2]).encode())
                answer = s.recv(100)
                print(answer.decode() if answer else "closed")
            except (BrokenPipeError, ConnectionResetError):
                print("closed")
            """
        let asOther = try await Task.detached {
            try run("/usr/sbin/runuser", ["-u", user, "--", "/usr/bin/python3", "-c", script, manifest.channel, manifest.token])
        }.value
        // Closed at once, before the request is read: never a reply.
        #expect(asOther.trimmingCharacters(in: .whitespacesAndNewlines) == "closed", "\(asOther)")
        let asOwner = try await Task.detached {
            try run("/usr/bin/python3", ["-c", script, manifest.channel, manifest.token])
        }.value
        #expect(asOwner.contains("progress") || asOwner.contains("file") || asOwner.contains("wait"), "\(asOwner)")
    }
}

/// Runs `executable` and returns what it printed (exit status 9 from
/// useradd, "already exists", counts as success).
private func run(_ executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 || (executable.hasSuffix("useradd") && process.terminationStatus == 9) else {
        throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(executable) failed: \(text)"])
    }
    return text
}
