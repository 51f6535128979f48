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
    /// The list or group shown beside Home.
    public internal(set) var selection: WindowContent?

    /// The index of the selected group, if a group is selected.
    public var selectedGroupIndex: Int? {
        guard case .group(let group) = selection else { return nil }
        return groups.firstIndex(of: group)
    }

    /// The index of the selected list, if a list is selected.
    public var selectedListIndex: Int? {
        guard case .list(let id) = selection else { return nil }
        return lists.firstIndex { $0.id == id }
    }

    private unowned let app: DoItApp
    private let windowID: Int
    private let groupRows = Rows<HomeGroup>()
    private let listRows = Rows<TodoList>()
    private var counts: [UUID: Int] = [:]
    private var groupCounts: [HomeGroup: Int] = [:]
    private var observation: StoreObservation?
    /// Held here: the list holds its drop delegate weakly.
    private var sidebarDrop: SidebarDropDelegate?

    /// What Home shows when there are no lists.
    public var emptyState: EmptyState? { lists.isEmpty ? .noLists : nil }

    init(app: DoItApp, windowID: Int, frame: CGRect) {
        self.app = app
        self.windowID = windowID
        node = ViewNode(name: "home", frame: frame)
        let groupsHeight = ScreenMetrics.rowHeight * Double(HomeGroup.allCases.count)
        let layout = { (width: Double) in ListRowLayout(width: width, rowHeight: CGFloat(ScreenMetrics.rowHeight)) }
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
        // Items dropped on a list's row go into that list; the rest
        // (lists, text) stays with the modifiers' delegate.
        if let modifiers = listsView.dropDelegate {
            let sidebar = SidebarDropDelegate(app: app, windowID: windowID, lists: { [listRows] in listRows.elements },
                                              fallback: modifiers)
            sidebarDrop = sidebar
            listsView.dropDelegate = sidebar
        }
        observation = app.store.observe { [weak self] _ in self?.reload() }
    }

    func close() {
        observation?.cancel()
    }

    /// The text of a group row ("Today  2").
    public func groupText(at index: Int) -> String {
        guard groups.indices.contains(index) else { return "" }
        return "\(groups[index].title)  \(groupCounts[groups[index]] ?? 0)"
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
        return RowContent(icon: icon, title: group.title, detail: "\(groupCounts[group] ?? 0)")
    }

    /// What a list row shows.
    public func listRow(at index: Int) -> RowContent {
        guard listRows.elements.indices.contains(index) else { return RowContent(icon: "", title: "") }
        let list = listRows.elements[index]
        return RowContent(icon: list.icon, color: list.color, title: list.name, detail: "\(counts[list.id] ?? 0)")
    }

    func reload() {
        listRows.elements = app.store.lists()
        counts = app.store.itemCounts()
        // Counted once per change, not per row shown; All holds every item,
        // which the lists' counts already add up to.
        for group in groups {
            groupCounts[group] = group == .all ? counts.values.reduce(0, +) : app.store.count(in: group)
        }
        groupsView.reloadData()
        listsView.reloadData()
    }
}
