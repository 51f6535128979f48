import Synchronization

/// A one-way switch that keeps a provider's data sealed: while closed, loads
/// through ``ItemProvider/sealed(by:)`` fail with
/// ``ItemProviderError/Code/sealed``; type queries keep working.
///
/// The drag engine hands destinations a sealed view while they hover and
/// opens the gate when the drop is performed.
public final class LoadGate: Sendable {
    private let state = Mutex(false)

    /// Creates a closed gate.
    public init() {}

    /// Opens the gate for good; loads through sealed views work from now on.
    public func open() {
        state.withLock { $0 = true }
    }

    /// Whether ``open()`` has been called.
    public var isOpen: Bool {
        state.withLock { $0 }
    }
}
