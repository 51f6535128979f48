import Foundation
import Testing
@testable import UniformTypes

@Suite("The registry's lock")
struct TableLockTests {
    /// A lock shared by tasks, as the registry's are: inside a class.
    final class Counts: Sendable {
        let lock = TableLock((increments: 0, inside: 0, overlaps: 0))
    }

    @Test("Threads changing the value under the lock lose no change")
    func exclusive() async {
        let counts = Counts()
        let threads = 4, rounds = 20_000
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<threads {
                group.addTask {
                    for _ in 0..<rounds {
                        counts.lock.withLock { value in
                            // A second holder would find `inside` already set.
                            if value.inside != 0 { value.overlaps += 1 }
                            value.inside = 1
                            value.increments += 1
                            value.inside = 0
                        }
                    }
                }
            }
        }
        let (increments, overlaps) = counts.lock.withLock { ($0.increments, $0.overlaps) }
        #expect(increments == threads * rounds)
        #expect(overlaps == 0)
    }

    @Test("What the body returns or throws comes out of withLock, and the lock is free after a throw")
    func resultAndError() {
        struct Refused: Error {}
        let names = TableLock(["public.png"])
        #expect(names.withLock { $0.count } == 1)
        #expect(throws: Refused.self) {
            try names.withLock { (names: inout [String]) throws(Refused) in
                names.append("public.jpeg")
                throw Refused()
            }
        }
        // Not left locked by the throw, and the change before it was kept.
        #expect(names.withLock { $0 } == ["public.png", "public.jpeg"])
    }

    @Test("The value is released with the lock")
    func releasesValue() {
        final class Payload {}
        weak var released: Payload?
        do {
            let payload = Payload()
            released = payload
            let lock = TableLock(payload)
            #expect(lock.withLock { $0 === payload })
        }
        #expect(released == nil)
    }
}
