import Foundation
import ItemProviders

extension DragDropEngine {
    /// Declares the user activity types this app handles, and how it opens
    /// a window for one (an app's `NSUserActivityTypes` and scene
    /// connection, in one call).
    ///
    /// From then on, a drag that started in this process and is let go over
    /// no window, carrying an item with a registered activity of one of
    /// `activityTypes` (``ItemProviders/ItemProvider/registerUserActivity(_:)``),
    /// makes the engine call `open` with the first such activity and end
    /// the drag as a copy. A drag let go on a window is dropped as usual and
    /// the activity is ignored; a drag without a handled activity let go
    /// over no window is cancelled.
    ///
    /// ```swift
    /// engine.handleUserActivities([TodoList.activityType]) { activity in
    ///     guard let id = activity.targetContentIdentifier.flatMap(UUID.init),
    ///           let list = store.list(withID: id) else { return }
    ///     openWindow(showing: list)
    /// }
    /// ```
    ///
    /// It sets ``dropOverNothingHandler``.
    public func handleUserActivities(_ activityTypes: Set<String>, open: @escaping @MainActor (UserActivity) -> Void) {
        dropOverNothingHandler = { session in
            for item in session.items {
                let activities = UserActivityRegistry.shared.activities(of: item.itemProvider)
                if let activity = activities.first(where: { activityTypes.contains($0.activityType) }) {
                    open(activity)
                    return true
                }
            }
            return false
        }
    }
}
