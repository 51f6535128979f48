/// Which drags hover over a modifier's view, turned into `isTargeted`
/// changes: true when the first starts hovering, false when the last stops.
@MainActor
struct HoverTracker {
    private var hovering: Set<DragSessionID> = []

    /// Notes that `session` is (or is no longer) over the view, telling
    /// `isTargeted` when that changes whether anything is.
    mutating func set(_ session: DragSessionID, isOver: Bool, telling isTargeted: (Bool) -> Void) {
        let wasTargeted = !hovering.isEmpty
        if isOver { hovering.insert(session) } else { hovering.remove(session) }
        if hovering.isEmpty == wasTargeted { isTargeted(!hovering.isEmpty) }
    }
}
