import DesktopTesting
import Foundation
import Testing

/// The harness's own failure reports: a test that fails on a window that
/// never came must say why.
@Suite struct HarnessTests {
    @Test("Looking for the window of a process that has exited gives up at once, saying so")
    func aWindowSearchStopsWhenTheProcessIsGone() async throws {
        let process = try AppProcess("exits at once", executable: URL(fileURLWithPath: "/bin/true"), arguments: [])
        _ = try await process.waitForExit(seconds: 10)
        do {
            _ = try await ScreenWindow.find(pid: process.processIdentifier, seconds: 60) { process.isRunning }
            Issue.record("found a window of a process that showed none")
        } catch let error as DesktopTestingError {
            #expect(error.code == .launchFailed, "not a timeout: \(error)")
            #expect(error.description.contains("exited"))
        }
    }

    @Test("A timeout of a running process says what each of its threads is doing")
    func aTimeoutDescribesTheThreads() throws {
        let process = try AppProcess("sleeper", executable: URL(fileURLWithPath: "/bin/sleep"), arguments: ["30"])
        defer { process.stop() }
        let description = process.timeout("never reported 'ready'").description
        #expect(description.contains("sleeper never reported 'ready'"))
        #expect(description.contains("threads:"))
        // sleep's one thread: its id, its name, and a state.
        #expect(description.contains("\(process.processIdentifier) sleep: "), "\(description)")
    }
}
