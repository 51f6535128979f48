import Foundation
import ItemProviders
import Testing
import UniformTypes
@testable import DragKitGTK

/// The errors a destination's load from another process ends with.
@Suite("Failed transfers from another process")
struct TransferContextTests {
    private func context(source: Int32?) -> TransferContext {
        TransferContext(type: .png, mime: "image/png", item: 1, itemCount: 3, itemName: "Swatch",
                        sourceProcess: source, stallTimeout: .seconds(2))
    }

    /// A process that has ended: a child that exited and was reaped.
    private func endedProcess() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test("A transfer that ended early while its source still runs is 'closed early', naming type, item and bytes")
    func closedEarly() async {
        let error = await context(source: getpid()).error(.ended(nil), received: 10, expected: 40)
        #expect(error.code == .transferClosedEarly)
        #expect(error.contentType == .png)
        #expect(error.receivedByteCount == 10)
        #expect(error.description.contains("public.png (image/png) of item 2 of 3 (“Swatch”)"))
        #expect(error.description.contains("10 of 40 bytes had arrived and none were kept"))
        #expect(error.isTransferFailure)
    }

    @Test("A transfer whose source process ended is 'source died'")
    func sourceDied() async throws {
        let error = await context(source: try endedProcess()).error(.ended(nil), received: 512, expected: nil)
        #expect(error.code == .sourceProcessDied)
        #expect(error.description.contains("512 bytes had arrived"))
    }

    @Test("Stalls and types never produced have their own codes and say what to do")
    func stalledAndNotProduced() async {
        let stalled = await context(source: nil).error(.stalled, received: 0, expected: 100)
        #expect(stalled.code == .transferStalled)
        #expect(stalled.description.contains("2.0 seconds") && stalled.description.contains("transferStallTimeout"))
        let lied = await context(source: nil).error(.notProduced("it answered with no bytes at all"), received: 0, expected: nil)
        #expect(lied.code == .advertisedTypeNotProduced)
        #expect(lied.description.contains("loadDataRepresentation(for:excluding:)"))
    }

    @Test("A broken protocol and a passed deadline have their own codes, say what the source sent, and count as transfer failures")
    func malformedAndTimedOut() async {
        let malformed = await context(source: nil).error(.malformed("its progress went back from 100 to 0 bytes"), received: 100, expected: 200)
        #expect(malformed.code == .malformedTransfer)
        #expect(malformed.description.contains("broke the transfer protocol for public.png (image/png) of item 2 of 3"))
        #expect(malformed.description.contains("its progress went back from 100 to 0 bytes"))
        #expect(malformed.description.contains("100 of 200 bytes had arrived and none were kept"))
        #expect(malformed.isTransferFailure)
        let late = await context(source: nil).error(.timedOut(.seconds(600)), received: 7, expected: nil)
        #expect(late.code == .transferTimedOut)
        #expect(late.description.contains("after 600.0 seconds") && late.description.contains("DesktopDragDrop.transferDeadline"))
        #expect(late.isTransferFailure)
    }

    @Test("Process states come from /proc: this process runs, a reaped child has ended")
    func liveness() throws {
        #expect(ProcessLiveness.state(of: getpid()) == .running)
        #expect(ProcessLiveness.state(of: try endedProcess()) == .ended)
        #expect(ProcessLiveness.state(of: -1) == .ended)
    }

    @Test("A manifest is read back exactly; another format version or another boot is not used")
    func manifest() throws {
        let manifest = TransferManifest(version: TransferManifest.currentVersion, process: 42, boot: TransferManifest.currentBoot,
                                        channel: "dragkit-42-x", token: "t",
                                        items: [.init(name: "A", types: [.init(type: "public.png", mime: "image/png")])])
        #expect(try TransferManifest.decode(manifest.encoded()) == manifest)
        #expect(manifest.isReachable)
        var elsewhere = manifest
        elsewhere.boot = "another-machine"
        #expect(!elsewhere.isReachable)
        var future = manifest
        future.version = 99
        #expect(try TransferManifest.decode(future.encoded()) == nil)
        #expect(throws: ChannelProtocol.Violation.self) { try TransferManifest.decode(Data("not json".utf8)) }
    }
}
