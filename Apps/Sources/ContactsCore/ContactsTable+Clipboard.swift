import DragAndDrop
import Foundation
import ItemProviders

extension ContactsTable {
    /// What Ctrl+C puts on the clipboard: the selected contacts as a drag
    /// of them offers another app, one item holding every card in one
    /// vCard and every text block in one text (the desktop's clipboard
    /// holds one item). Empty when nothing is selected.
    public var clipboardItemProviders: [ItemProvider] {
        let contacts = selectedContacts
        return contacts.isEmpty ? [] : [ContactItemProvider.combined(contacts)]
    }

    /// Ctrl+V: drops `providers` in the gap after the current contact (at
    /// the end when none is current) as a drop from another program there
    /// would land, through the table's own drop rules: vCards and `.vcf`
    /// files only, cards whose UID is already here offered as updates,
    /// unreadable ones reported, the whole paste one undo step.
    ///
    /// - Returns: `.cancel` when the clipboard held nothing the table takes
    ///   (a problem says so), `.copy` otherwise.
    @discardableResult
    public func paste(_ providers: [ItemProvider], engine: DragDropEngine) throws(DragDropError) -> DropOperation {
        guard !providers.isEmpty else {
            report(ContactsProblem(.notAVCard, "The clipboard is empty; copy contacts or a vCard first."))
            return .cancel
        }
        let point: CGPoint
        if let id = selection.current, let row = rows.contacts.firstIndex(where: { $0.id == id }),
           let frame = list.frameForItem(at: list.presentedIndexPath(forItemAt: IndexPath(item: row, section: 0))) {
            point = CGPoint(x: frame.midX, y: frame.minY + frame.height * 0.9)
        } else if let last = list.frameForItem(at: IndexPath(item: max(0, list.numberOfItems(inSection: 0) - 1), section: 0)) {
            point = CGPoint(x: last.midX, y: last.minY + last.height * 0.9)
        } else {
            point = list.node.boundsCenter
        }
        let operation = try engine.paste(providers, into: list.node, at: point)
        if !operation.performsDrop {
            report(ContactsProblem(.notAVCard, "The clipboard holds no contacts (no vCard or .vcf file); nothing was pasted."))
        }
        return operation
    }
}
