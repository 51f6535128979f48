import DragAndDrop
import DragKitGTK
import DragKitWidgets
import Foundation
import ItemProviders
import UniformTypes

/// The to-do scene: a small Do It built only from the SwiftUI-style
/// modifiers. `DragKitGallery todo` shows one window:
///
///     lists   the to-do lists; a row drags its name with a "show this list"
///             user activity: let go over no window, it opens a window for
///             that list; dropped on another process's lists, the activity
///             arrives intact (onDrag, onMove, onInsert)
///     items   the Groceries items (onDrag, onMove, onInsert)
///     done    takes items, decoded as GalleryTodo (dropDestination)
///     trash   deletes items, through a DropDelegate (onDrop(of:delegate:))
///
/// Windows opened for an activity show that list's items ("ready" with role
/// "list-window"), and take items dropped from the other windows.
@MainActor
enum TodoScene {
    static var windows: [Window] = []
    static var names = ListItems(["Groceries", "Chores"])
    static var listsWidget: ListWidget?
    static var keep: [AnyObject] = []

    /// Shows the to-do window; `openingChores` also opens the Chores list
    /// in a window of its own, as a drag of it over no window does.
    static func start(openingChores: Bool = false) {
        DesktopDragDrop.shared.handleUserActivities([GalleryTodo.showListActivityType]) { activity in
            EventLog.emit("open-window", activityFields(activity))
            openListWindow(for: activity)
        }
        // Programs other than DragKit read one item: several items, dragged
        // or copied, reach them as their titles, one a line.
        DesktopDragDrop.shared.combinedItem = { items in
            let providers = items.map(\.itemProvider)
            let combined = ItemProvider()
            combined.registerDataRepresentation(for: .utf8PlainText) {
                var titles: [String] = []
                for provider in providers { titles.append(try await provider.loadObject(ofClass: String.self)) }
                return Data(titles.joined(separator: "\n").utf8)
            }
            return combined
        }
        let window = Window(title: "DragKit Gallery Todo")
        window.isDecorated = false
        let row = Box(.horizontal, spacing: 12)
        let lists = makeListsWidget()
        let items = TodoItemsList(name: "Groceries")
        keep.append(items)
        for (name, widget) in [("lists", lists.scroller), ("items", items.widget.scroller)] {
            widget.name = name
            widget.setSizeRequest(width: 180, height: 200)
            row.append(widget)
        }
        let tiles = Box(.vertical, spacing: 8)
        let done = tile("Done", name: "done")
        done.dropDestination(for: GalleryTodo.self, action: { todos, point in
            EventLog.emit("done", ["titles": todos.map(\.title), "x": Int(point.x), "y": Int(point.y)])
            return true
        }, isTargeted: { [done] in toggle(done, $0) }, onFailure: { error in
            EventLog.emit("done-failed", ["code": error.code.description, "description": error.description])
        })
        let trash = tile("Trash", name: "trash")
        trash.onDrop(of: [.galleryTodo], delegate: TrashDropDelegate(tile: trash))
        tiles.append(done)
        tiles.append(trash)
        row.append(tiles)
        window.child = row
        window.setDefaultSize(width: 520, height: 200)
        window.present()
        windows.append(window)
        Gallery.announce(window, role: "todo",
                         widgets: ["lists": lists.scroller, "items": items.widget.scroller, "done": done, "trash": trash])
        items.log()
        logLists()
        if openingChores { openListWindow(for: GalleryTodo.showListActivity("Chores")) }
    }

    /// The list of to-do lists: rows drag their name with a user activity.
    private static func makeListsWidget() -> ListWidget {
        let model = ListView(name: "lists", dataSource: names, layout: ListRowLayout(width: 180, rowHeight: { _ in 32 }))
        let widget = ListWidget(model) { names[$0] }
            .onDrag { index in
                let name = names.items[index]
                let provider = ItemProvider(object: name)
                provider.registerUserActivity(GalleryTodo.showListActivity(name))
                return provider
            }
            .onMove { offsets, destination in
                var all = names.items
                all.move(fromOffsets: offsets, toOffset: destination)
                for (index, name) in all.enumerated() { names[IndexPath(item: index, section: 0)] = name }
                Task { @MainActor in logLists() }
            }
            .onInsert(of: [.userActivity, .plainText]) { index, providers in
                Task { await insertLists(providers, at: index) }
            }
        listsWidget = widget
        return widget
    }

    /// A list dropped from elsewhere: by its activity when it has one (from
    /// another process of this app), else by its text.
    private static func insertLists(_ providers: [ItemProvider], at index: Int) async {
        for provider in providers {
            let name: String
            if provider.hasItemConforming(to: .userActivity), let activity = try? await provider.loadUserActivity() {
                EventLog.emit("activity-received", activityFields(activity))
                name = activity.title ?? activity.activityType
            } else if let text = try? await provider.loadObject(ofClass: String.self) {
                name = text
            } else {
                continue
            }
            let at = IndexPath(item: min(index, names.items.count), section: 0)
            names.insert(name, at: at)
            try? listsWidget?.model.insertItems(at: [at])
        }
        logLists()
    }

    private static func openListWindow(for activity: UserActivity) {
        let name = activity.title ?? "Untitled"
        let window = Window(title: "DragKit Gallery Todo: \(name)")
        window.isDecorated = false
        let items = TodoItemsList(name: name)
        items.widget.scroller.name = "opened"
        items.widget.scroller.setSizeRequest(width: 180, height: 200)
        window.child = items.widget.scroller
        window.setDefaultSize(width: 200, height: 200)
        window.present()
        windows.append(window)
        keep.append(items)
        Gallery.announce(window, role: "list-window", widgets: ["opened": items.widget.scroller])
        items.log()
    }

    private static func tile(_ text: String, name: String) -> Label {
        let label = Label(text)
        label.name = name
        label.addStyleClass("tile")
        label.setSizeRequest(width: 120, height: 90)
        return label
    }

    private static func toggle(_ widget: Widget, _ on: Bool) {
        if on { widget.addStyleClass("drop-hover") } else { widget.removeStyleClass("drop-hover") }
        EventLog.emit("targeted", ["widget": widget.name, "on": on])
    }

    private static func logLists() {
        EventLog.emit("todo-lists", ["items": names.items, "shown": listsWidget?.shownTexts.first ?? []])
    }

    private static func activityFields(_ activity: UserActivity) -> [String: any Sendable] {
        ["activityType": activity.activityType, "title": activity.title ?? "",
         "target": activity.targetContentIdentifier ?? "", "userInfo": activity.userInfo]
    }
}
