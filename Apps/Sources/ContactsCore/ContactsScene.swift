import DragAndDrop
import Foundation

/// The window's content, toolkit-free: the table on the left, the detail
/// view with the photo on the right, in one view tree. The GTK window
/// shows this scene; the headless tests drive it through DragDropTesting.
@MainActor
public final class ContactsScene {
    public let root: ViewNode
    public let store: ContactStore
    public let table: ContactsTable
    public let detail: ContactDetail

    public init(store: ContactStore, size: CGSize = CGSize(width: 720, height: 480)) throws {
        self.store = store
        root = ViewNode(name: "window", frame: CGRect(origin: .zero, size: size))
        let tableWidth = (size.width * 0.45).rounded()
        table = try ContactsTable(store: store, frame: CGRect(x: 0, y: 0, width: tableWidth, height: size.height))
        detail = ContactDetail(
            store: store,
            frame: CGRect(x: tableWidth, y: 0, width: size.width - tableWidth, height: size.height),
            photoFrame: CGRect(x: 24, y: 24, width: 128, height: 128))
        root.addChild(table.list.node)
        root.addChild(detail.node)
        // The detail shows what the table has selected, whatever changed it.
        table.onSelectionChanged = { [weak self] in self?.showCurrent() }
        detail.save = { [weak table] contact in try table?.edit(contact) }
        table.selection = ContactSelection(table.contacts.first?.id)
        showCurrent()
    }

    /// Shows the contact at `row` in the detail view.
    public func select(row: Int) {
        guard row >= 0, row < table.contacts.count else { return }
        table.selectedRows = [row]
    }

    /// Puts the table's current contact in the detail view.
    public func showCurrent() {
        detail.contact = table.currentContact
    }
}
