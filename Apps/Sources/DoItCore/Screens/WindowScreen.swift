import DragAndDrop
import Foundation

/// What one window shows, toolkit-free, under a view node the drag engine
/// hit-tests: the main window has Home with the selected list or group
/// beside it; a window a drag out opened shows one list, group or item.
/// It also holds the error the window shows (a drop it refused, a change
/// that failed).
@MainActor
public final class WindowScreen {
    /// The window in ``WindowManager``.
    public let windowID: Int
    /// The window's root view node ("window 1", "window 2", …).
    public let node: ViewNode
    /// What the window shows.
    public let content: WindowContent
    /// Home, in the main window.
    public private(set) var home: HomeScreen?
    /// The list or group shown: the window's own, or the one selected
    /// beside Home.
    public private(set) var list: TodoListScreen?
    /// The item an item window shows.
    public var item: TodoItem? {
        guard case .item(let id) = content else { return nil }
        return app.store.item(withID: id)
    }
    /// The message the window shows about the last thing that failed in it,
    /// until the next drop that works or ``dismissError()``.
    public internal(set) var errorMessage: String?

    private unowned let app: DoItApp

    /// Width of Home beside the selected list.
    public static let homeWidth = 300.0

    init(windowID: Int, content: WindowContent, app: DoItApp, origin: CGPoint) {
        self.windowID = windowID
        self.content = content
        self.app = app
        let height = 600.0
        let width = content == .home ? Self.homeWidth + ScreenMetrics.width : ScreenMetrics.width
        node = ViewNode(name: "window \(windowID)", frame: CGRect(origin: origin, size: CGSize(width: width, height: height)))
        switch content {
        case .home:
            let home = HomeScreen(app: app, windowID: windowID, frame: CGRect(x: 0, y: 0, width: Self.homeWidth, height: height))
            node.addChild(home.node)
            self.home = home
        case .list, .group:
            show(content, at: 0)
        case .item:
            break
        }
    }

    /// The window's title.
    public var title: String { app.windows.title(for: content) }

    /// Forgets the error message.
    public func dismissError() {
        guard errorMessage != nil else { return }
        errorMessage = nil
        app.onErrorChanged?(self)
    }

    /// Shows the list or group selected beside Home (nil: nothing).
    func showSelection(_ selection: WindowContent?) {
        list?.close()
        list?.listView.node.removeFromParent()
        list = nil
        if let selection { show(selection, at: Self.homeWidth) }
        home?.selection = selection
    }

    private func show(_ content: WindowContent, at x: Double) {
        let frame = CGRect(x: x, y: 0, width: ScreenMetrics.width, height: node.frame.height)
        let list = TodoListScreen(content: content, app: app, windowID: windowID, frame: frame)
        node.addChild(list.listView.node)
        self.list = list
    }

    func close() {
        home?.close()
        list?.close()
        node.removeFromParent()
    }
}
