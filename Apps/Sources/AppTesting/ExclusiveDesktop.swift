import Testing

/// A trait that gives a suite the screen and pointer to itself: suites with
/// it run one after another, even across test targets of one test run
/// (Swift Testing runs suites in parallel, and two suites dragging on one
/// display would steal each other's pointer). Combine it with `.serialized`
/// for the tests inside the suite.
///
/// ```swift
/// @Suite(.serialized, .exclusiveDesktop, .enabled(if: X11Tools.isDisplayAvailable, "Run under scripts/with-xvfb."))
/// struct ContactsEndToEndTests { … }
/// ```
public struct ExclusiveDesktop: SuiteTrait, TestTrait, TestScoping {
    /// The suite (or test) holds the desktop as a whole, not test by test.
    public var isRecursive: Bool { false }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await DesktopLock.shared.acquire()
        do {
            try await function()
        } catch {
            await DesktopLock.shared.release()
            throw error
        }
        await DesktopLock.shared.release()
    }
}

extension Trait where Self == ExclusiveDesktop {
    /// Runs the suite with the screen and pointer to itself.
    public static var exclusiveDesktop: Self { ExclusiveDesktop() }
}

/// Hands the desktop to one holder at a time, in the order they asked.
actor DesktopLock {
    static let shared = DesktopLock()
    private var isHeld = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        guard isHeld else {
            isHeld = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            isHeld = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
