import Synchronization

/// What a provider and all its views share: the representations, the
/// names, and the loads in flight (so views coalesce with each other too).
final class ProviderStorage: Sendable {
    struct State {
        var representations: [Representation] = []
        var nextRepresentationID = 0
        var suggestedName: String?
        /// Works out ``suggestedName`` the first time it is asked for
        /// (``ItemProvider/registerSuggestedName(_:)``).
        var nameSource: (@Sendable () -> String?)?
        var teamIdentifier: String?
        var inFlight: [LoadKey: InFlightEntry] = [:]
    }

    let state = Mutex(State())

    init() {}
}

/// Which load of which representation; equal keys share one handler run.
struct LoadKey: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case data
        case file
        case fileInPlace
    }
    let representationID: Int
    let kind: Kind
}

/// A load that is running. Most loads have no company, so the entry only
/// allocates a shared waiting place once a second request arrives, and a
/// progress only when the run has some to report.
enum InFlightEntry: Sendable {
    /// The first request runs alone, with the run's progress if it has one.
    case running(RunProgress?)
    /// Later requests wait in the shared place, which holds the progress.
    case shared(InFlightLoad)
}
