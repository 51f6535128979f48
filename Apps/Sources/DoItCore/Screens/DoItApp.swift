import DragAndDrop
import Foundation
import ItemProviders

/// Do It without a toolkit: the store, the drop handler, the windows and
/// what each shows. The GTK executable renders it; tests drive it with
/// DragDropTesting, on a desktop view node holding every window's node.
///
/// ```swift
/// let app = DoItApp(store: try TodoStore(directory: folder))
/// app.install(on: engine)                  // activity drags over no window open windows
/// app.onWindowOpened = { screen in desktop.addChild(screen.node) }
/// app.openMainWindow()
/// ```
@MainActor
public final class DoItApp {
    /// The reverse-DNS application id.
    public static let applicationID = "org.dragkit.DoIt"

    public let store: TodoStore
    public let dropHandler: TodoDropHandler
    public let windows: WindowManager
    /// The screens of the open windows, by window id.
    public private(set) var screens: [Int: WindowScreen] = [:]

    /// A window opened: show its screen.
    public var onWindowOpened: (@MainActor (WindowScreen) -> Void)?
    /// A window closed.
    public var onWindowClosed: (@MainActor (WindowScreen) -> Void)?
    /// The list or group shown beside Home changed.
    public var onSelectionChanged: (@MainActor (WindowScreen) -> Void)?
    /// A window's error message changed (shown or cleared).
    public var onErrorChanged: (@MainActor (WindowScreen) -> Void)?

    /// Where errors are logged with their technical details (the
    /// executable writes them to standard error; nil: nowhere).
    public var log: (@MainActor (String) -> Void)?

    private var pendingDrops: [Task<Void, Never>] = []
    /// The providers of items lifted in this app, weakly, with their items.
    private var liftedItems: [ObjectIdentifier: LiftedItem] = [:]

    private struct LiftedItem {
        weak var provider: ItemProvider?
        let id: UUID
    }
    private var nextFrameX = 0.0

    public init(store: TodoStore) {
        self.store = store
        dropHandler = TodoDropHandler(store: store)
        windows = WindowManager(store: store)
        windows.onOpen = { [unowned self] window in
            // Side by side on the desktop node, as windows on a screen.
            let screen = WindowScreen(windowID: window.id, content: window.content, app: self,
                                      origin: CGPoint(x: nextFrameX, y: 0))
            nextFrameX += screen.node.frame.width + 40
            screens[window.id] = screen
            onWindowOpened?(screen)
        }
        windows.onClose = { [unowned self] window in
            guard let screen = screens.removeValue(forKey: window.id) else { return }
            screen.close()
            onWindowClosed?(screen)
        }
        windows.onSelect = { [unowned self] window in
            guard let screen = screens[window.id] else { return }
            screen.showSelection(window.selection)
            onSelectionChanged?(screen)
        }
    }

    /// Opens the main window: Home, with the first list selected.
    @discardableResult
    public func openMainWindow() -> WindowScreen {
        let window = windows.openMain()
        if let first = store.lists().first { windows.select(.list(first.id), in: window.id) }
        return screens[window.id]!
    }

    /// Lets `engine` open a window when a list or item dragged out of the
    /// app is let go over no window (the seed app's scene activation).
    public func install(on engine: DragDropEngine) {
        engine.handleUserActivities(Set(ActivityTypes.all)) { [weak self] activity in
            self?.windows.openWindow(activityType: activity.activityType,
                                     targetContentIdentifier: activity.targetContentIdentifier)
        }
    }

    // MARK: - Dragging out

    /// The store's provider for `item`, with the activity that opens a
    /// window for it.
    public func itemProvider(forItem item: TodoItem) -> ItemProvider {
        let provider = store.itemProvider(forItem: item)
        liftedItems = liftedItems.filter { $0.value.provider != nil }
        liftedItems[ObjectIdentifier(provider)] = LiftedItem(provider: provider, id: item.id)
        provider.registerUserActivity(UserActivity(activityType: ActivityTypes.showItem, title: item.title,
                                                   targetContentIdentifier: item.id.uuidString))
        return provider
    }

    /// The store's provider for `list`, with the activity that opens a
    /// window for it.
    public func itemProvider(forList list: TodoList) -> ItemProvider {
        let provider = store.itemProvider(forList: list)
        provider.registerUserActivity(UserActivity(activityType: ActivityTypes.showList, title: list.name,
                                                   targetContentIdentifier: list.id.uuidString))
        return provider
    }

    /// The item a provider of this app drags, known while it hovers
    /// (its data stays sealed until the drop); nil for other providers.
    public func itemID(draggedBy provider: ItemProvider) -> UUID? {
        liftedItems[ObjectIdentifier(provider)].flatMap { $0.provider === provider ? $0.id : nil }
    }

    // MARK: - Dropping

    /// Starts reading and applying a drop; a refusal or failure becomes the
    /// window's error message.
    func drop(_ providers: [ItemProvider], at index: Int, on destination: TodoDestination, in windowID: Int) {
        let task = Task { @MainActor in
            do throws(DoItError) {
                try await dropHandler.drop(providers, at: index, on: destination)
                setError(nil, in: windowID)
            } catch {
                setError(error, in: windowID)
            }
        }
        pendingDrops.append(task)
    }

    /// Waits until every drop started so far has been applied or refused.
    public func waitForDrops() async {
        while !pendingDrops.isEmpty {
            let drops = pendingDrops
            pendingDrops = []
            for drop in drops { await drop.value }
        }
    }

    /// Runs a change; a failure becomes the window's error message.
    func report(in windowID: Int, _ body: () throws(DoItError) -> Void) {
        do {
            try body()
        } catch {
            setError(error, in: windowID)
        }
    }

    /// Shows `error` in a window (nil clears it); its technical details go
    /// to the log (standard error), never to the window.
    public func setError(_ error: DoItError?, in windowID: Int) {
        if let error { log?(error.details.isEmpty ? error.description : "\(error.description) [\(error.details)]") }
        guard let screen = screens[windowID], screen.errorMessage != error?.description else { return }
        screen.errorMessage = error?.description
        onErrorChanged?(screen)
    }

    // MARK: - Undo

    /// Undoes the last change (Ctrl+Z). A failure (a folder turned
    /// read-only) shows in the main window.
    public func undo() { reportUndo { store.undoHistory.undo() } }
    /// Redoes the last undone change (Ctrl+Shift+Z).
    public func redo() { reportUndo { store.undoHistory.redo() } }

    private func reportUndo(_ body: () -> Void) {
        store.lastRestoreError = nil
        body()
        if let error = store.lastRestoreError, let main = windows.windows.first {
            setError(error, in: main.id)
        }
    }
}
