import Foundation

/// The app's windows, toolkit-free: the main window (Home, with the selected
/// list or group beside it) and the windows a drag out of the app opened, each
/// showing one list or item with a Done button that closes it.
///
/// A drag of a list or item carries a user activity (see
/// ``ActivityTypes``); when it ends over no window, the app hands the
/// activity to ``openWindow(activityType:targetContentIdentifier:)``.
///
/// ```swift
/// let windows = WindowManager(store: store)
/// windows.onOpen = { window in gtkWindows.present(window) }
/// _ = windows.openMain()
/// windows.openWindow(activityType: ActivityTypes.showList, targetContentIdentifier: groceries.id.uuidString)
/// ```
///
/// Every window reads the same ``TodoStore`` and refreshes on its change
/// notifications, so two windows of one list stay in sync.
@MainActor
public final class WindowManager {
    /// One window.
    public struct Window: Identifiable, Hashable, Sendable {
        public let id: Int
        /// What it shows: Home for the main window, one list, group or
        /// item for the others.
        public let content: WindowContent
        /// What the main window shows beside Home (the list or group
        /// selected there), if anything.
        public var selection: WindowContent?
        /// Opened by a drag out: shows one thing and has a Done button.
        public let isSecondary: Bool
    }

    public let store: TodoStore
    /// The open windows, oldest first.
    public private(set) var windows: [Window] = []
    /// Called when a window opens (the toolkit creates it).
    public var onOpen: (@MainActor (Window) -> Void)?
    /// Called when a window closes (the toolkit destroys it).
    public var onClose: (@MainActor (Window) -> Void)?
    /// Called when the list or group selected beside Home changes.
    public var onSelect: (@MainActor (Window) -> Void)?
    private var nextID = 1

    public init(store: TodoStore) {
        self.store = store
    }

    /// Opens the main window on Home.
    @discardableResult
    public func openMain() -> Window {
        open(.home, isSecondary: false)
    }

    /// Opens a window showing `content`.
    @discardableResult
    public func open(_ content: WindowContent, isSecondary: Bool = true) -> Window {
        let window = Window(id: nextID, content: content, selection: nil, isSecondary: isSecondary)
        nextID += 1
        windows.append(window)
        onOpen?(window)
        return window
    }

    /// Closes a window (its Done button, or the window manager's close).
    public func close(_ id: Int) {
        guard let index = windows.firstIndex(where: { $0.id == id }) else { return }
        let window = windows.remove(at: index)
        onClose?(window)
    }

    /// Shows `selection` (a list or group) beside Home in a window that
    /// shows Home.
    public func select(_ selection: WindowContent?, in id: Int) {
        guard let index = windows.firstIndex(where: { $0.id == id }), windows[index].content == .home,
              windows[index].selection != selection else { return }
        windows[index].selection = selection
        onSelect?(windows[index])
    }

    /// The window with this id, if open.
    public func window(_ id: Int) -> Window? {
        windows.first { $0.id == id }
    }

    /// The title a window showing `content` has.
    public func title(for content: WindowContent) -> String {
        switch content {
        case .home: "Do It"
        case .list(let id): store.list(withID: id)?.name ?? "Deleted List"
        case .group(let group): group.title
        case .item(let id): store.item(withID: id)?.title ?? "Deleted Item"
        }
    }

    // MARK: - Activities

    /// What a window for this activity would show, or nil when the activity
    /// is not Do It's or names nothing in the store.
    public func content(activityType: String, targetContentIdentifier: String?) -> WindowContent? {
        guard let identifier = targetContentIdentifier, let uuid = UUID(uuidString: identifier) else { return nil }
        switch activityType {
        case ActivityTypes.showList where store.list(withID: uuid) != nil: return .list(uuid)
        case ActivityTypes.showItem where store.item(withID: uuid) != nil: return .item(uuid)
        default: return nil
        }
    }

    /// Opens a secondary window for the activity a drag out of the app
    /// carried. Returns false (and opens nothing) for an activity that is
    /// not Do It's or names nothing in the store.
    @discardableResult
    public func openWindow(activityType: String, targetContentIdentifier: String?) -> Bool {
        guard let content = content(activityType: activityType, targetContentIdentifier: targetContentIdentifier) else {
            return false
        }
        open(content, isSecondary: true)
        return true
    }
}

/// The user activity types Do It declares and handles: dragging a list or
/// an item out of the app and dropping it on no window opens a window for
/// it. The activity's target content identifier is the UUID.
public enum ActivityTypes {
    /// Shows one list.
    public static let showList = "org.dragkit.DoIt.ShowTodoList"
    /// Shows one item.
    public static let showItem = "org.dragkit.DoIt.ShowTodoItem"
    /// Both, as the app declares them.
    public static let all = [showList, showItem]
}
