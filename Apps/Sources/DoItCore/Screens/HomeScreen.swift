import DragAndDrop
import Foundation
import ItemProviders

/// The toolkit-free Home screen: the groups (Today, Scheduled, Overdue, All)
/// with their counts, and the lists, written with the SwiftUI-style
/// modifiers as the seed app's Home is: lists drag out (`onDrag`: UUID,
/// JSON with the items, text, and the activity that opens a window for the
/// list over no window), reorder (`onMove`), and Home takes lists and text
/// (`onInsert`), making a new list.
@MainActor
public final class HomeScreen {
    /// Holds ``groupsView`` above ``listsView``.
    public let node: ViewNode
    /// The groups; they take no drops.
    public let groupsView: ListView
    /// The lists.
    public let listsView: ListView
    /// The lists as shown, in order.
    public var lists: [TodoList] { listRows.elements }
    /// The groups as shown.
    public let groups = HomeGroup.allCases
    /// The list or group shown beside Home, drawn selected.
    public internal(set) var selection: WindowContent? {
        didSet {
            groupsView.reloadData()
            listsView.reloadData()
        }
    }

    private unowned let app: DoItApp
    private let windowID: Int
    private let groupRows = Rows<HomeGroup>()
    private let listRows = Rows<TodoList>()
    private var counts: [UUID: Int] = [:]
    private var observation: StoreObservation?

    init(app: DoItApp, windowID: Int, frame: CGRect) {
        self.app = app
        self.windowID = windowID
        node = ViewNode(name: "home", frame: frame)
        let groupsHeight = ScreenMetrics.rowHeight * Double(HomeGroup.allCases.count)
        let layout = { (width: Double) in ListRowLayout(width: width) { _ in CGFloat(ScreenMetrics.rowHeight) } }
        groupRows.elements = HomeGroup.allCases
        groupsView = ListView(name: "groups", frame: CGRect(x: 0, y: 0, width: frame.width, height: groupsHeight),
                              dataSource: groupRows, layout: layout(frame.width))
        listsView = ListView(name: "lists", frame: CGRect(x: 0, y: groupsHeight, width: frame.width,
                                                          height: max(0, frame.height - groupsHeight)),
                             dataSource: listRows, layout: layout(frame.width))
        node.addChild(groupsView.node)
        node.addChild(listsView.node)
        reload()
        // Held weakly, as in the list screen.
        listsView.onDrag { [weak app, listRows] index in
            app?.itemProvider(forList: listRows.elements[index]) ?? ItemProvider()
        }
        listsView.onMove { [weak app] offsets, destination in
            app?.report(in: windowID) { () throws(DoItError) in
                try app?.store.moveLists(fromOffsets: offsets, to: destination)
            }
        }
        listsView.onInsert(of: DropRules.acceptedTypes(for: .home)) { [weak app] index, providers in
            app?.drop(providers, at: index, on: .home, in: windowID)
        }
        observation = app.store.observe { [weak self] _ in self?.reload() }
    }

    func close() {
        observation?.cancel()
    }

    /// The text of a group row ("Today  2").
    public func groupText(at index: Int) -> String {
        guard groups.indices.contains(index) else { return "" }
        return "\(groups[index].title)  \(app.store.items(in: groups[index]).count)"
    }

    /// The text of a list row ("● Groceries  3").
    public func listText(at index: Int) -> String {
        guard listRows.elements.indices.contains(index) else { return "" }
        let list = listRows.elements[index]
        return "● \(list.name)  \(counts[list.id] ?? 0)"
    }

    /// What a group row shows.
    public func groupRow(at index: Int) -> RowContent {
        guard groups.indices.contains(index) else { return RowContent(icon: "", title: "") }
        let group = groups[index]
        let icon = switch group {
        case .today: "x-office-calendar-symbolic"
        case .scheduled: "alarm-symbolic"
        case .overdue: "dialog-warning-symbolic"
        case .all: "view-list-symbolic"
        }
        var row = RowContent(icon: icon, title: group.title, detail: "\(app.store.items(in: group).count)")
        row.isSelected = selection == .group(group)
        return row
    }

    /// What a list row shows.
    public func listRow(at index: Int) -> RowContent {
        guard listRows.elements.indices.contains(index) else { return RowContent(icon: "", title: "") }
        let list = listRows.elements[index]
        var row = RowContent(icon: list.icon, color: list.color, title: list.name, detail: "\(counts[list.id] ?? 0)")
        row.isSelected = selection == .list(list.id)
        return row
    }

    func reload() {
        listRows.elements = app.store.lists()
        counts = Dictionary(grouping: app.store.allItems(), by: \.listID).mapValues(\.count)
        groupsView.reloadData()
        listsView.reloadData()
    }
}
