/// The filters a view of a provider applies: every audience it was made
/// for must permit a representation, and every gate must be open to load.
/// Every tracker counts the view's loads.
struct ProviderAccess: Sendable {
    var audiences: [ProviderAudience] = []
    var gates: [LoadGate] = []
    var trackers: [LoadTracker] = []

    func permits(_ visibility: RepresentationVisibility, providerTeam: String?) -> Bool {
        audiences.allSatisfy { $0.permits(visibility, providerTeam: providerTeam) }
    }

    /// Whether loads stay inside the process, so objects may be handed
    /// over as they are instead of through their bytes.
    var isOwnProcessOnly: Bool {
        audiences.allSatisfy { $0 == .ownProcess }
    }

    var isSealed: Bool {
        gates.contains { !$0.isOpen }
    }

    /// The narrowest audience, named for error messages.
    var audienceDescription: String {
        (audiences.last { $0 != .ownProcess } ?? .ownProcess).description
    }
}
