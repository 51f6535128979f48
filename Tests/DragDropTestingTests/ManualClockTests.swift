import DragDropTesting
import Testing

@Suite("ManualClock")
struct ManualClockTests {
    @Test("Time moves only when advanced")
    func advancing() {
        let clock = ManualClock()
        let start = clock.now
        #expect(start.offset == .zero)
        clock.advance(by: .milliseconds(250))
        clock.advance(by: .zero)
        #expect(start.duration(to: clock.now) == .milliseconds(250))
        #expect(start < clock.now)
    }

    @Test("A sleeper wakes when the clock reaches its deadline, not before")
    func sleeping() async throws {
        let clock = ManualClock()
        let woke = Flag()
        let sleeper = Task {
            try await clock.sleep(for: .seconds(2))
            await woke.set()
        }
        while clock.sleeperCount == 0 { await Task.yield() }
        clock.advance(by: .seconds(1))
        #expect(clock.sleeperCount == 1)
        #expect(await woke.value == false)
        clock.advance(by: .seconds(1))
        try await sleeper.value
        #expect(await woke.value)
    }

    @Test("A cancelled sleeper ends with CancellationError")
    func cancelling() async {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }

    @Test("A deadline already passed returns at once")
    func pastDeadline() async throws {
        let clock = ManualClock()
        clock.advance(by: .seconds(5))
        try await clock.sleep(until: ManualClock.Instant(offset: .seconds(1)))
    }
}

actor Flag {
    var value = false
    func set() { value = true }
}
