import Foundation
import ItemProviders
import Synchronization
import UniformTypes

extension ItemProvider {
    /// Attaches `activity` to the item: it is offered as a
    /// ``UniformTypes/UTType/userActivity`` representation (after the ones
    /// registered so far), and, when a drag of the item is let go over no
    /// window, an app that handles the activity's type opens a window for it
    /// (``DragAndDrop/DragDropEngine/handleUserActivities(_:open:)``).
    ///
    /// ```swift
    /// let provider = ItemProvider(transferable: list)
    /// provider.registerUserActivity(list.userActivity)
    /// ```
    public func registerUserActivity(_ activity: UserActivity) {
        register(activity)
        UserActivityRegistry.shared.record(activity, for: self)
    }

    /// The user activity attached to the item, loaded through its
    /// representation (so it works for items from another process too).
    ///
    /// - Throws: `ItemProviderError` (`.typeNotRegistered` when the item
    ///   carries no activity, `.sealed` before the drop).
    public func loadUserActivity() async throws -> UserActivity {
        try await loadTransferable(type: UserActivity.self)
    }
}

/// The activities registered on this process's providers, found without
/// loading anything: a drag let go over nothing must be answered at once
/// (open a window, ending the drag as a copy, or not), and loads are
/// asynchronous. Providers are held weakly.
final class UserActivityRegistry: Sendable {
    static let shared = UserActivityRegistry()

    private struct Entry {
        weak var provider: ItemProvider?
        var activities: [UserActivity]
    }

    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])

    func record(_ activity: UserActivity, for provider: ItemProvider) {
        entries.withLock { entries in
            entries = entries.filter { $0.value.provider != nil }
            let key = ObjectIdentifier(provider)
            var entry = entries[key] ?? Entry(provider: provider, activities: [])
            entry.activities.append(activity)
            entries[key] = entry
        }
    }

    /// The activities registered on `provider` itself, in order.
    func activities(of provider: ItemProvider) -> [UserActivity] {
        entries.withLock { entries in
            guard let entry = entries[ObjectIdentifier(provider)], entry.provider === provider else { return [] }
            return entry.activities
        }
    }
}
