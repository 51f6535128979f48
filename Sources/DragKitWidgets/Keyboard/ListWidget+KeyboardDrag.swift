import DragAndDrop
import DragKitGTK
import Foundation

extension ListWidget {
    /// Alt+Up and Alt+Down move the focused row one place through the
    /// list's drop delegate (so its rules and undo apply), and keyboard
    /// drags name rows as the accessibility tree does and start from the
    /// focused row.
    func installKeyboardDragKeys(in keys: ShortcutController) {
        let keyboard = DesktopKeyboardDrag.shared
        keyboard.registerList(model, in: content) { [weak self] in
            guard let self else { return .zero }
            return CGRect(x: 0, y: scroller.verticalOffset, width: content.size.width, height: scroller.visibleHeight)
        }
        if let name = model.node.accessibilityLabel ?? model.node.name { content.accessibleLabel = name }
        if model.accessibilityRowLabel == nil {
            model.accessibilityRowLabel = { [weak self] indexPath in self?.spokenName(ofItemAt: indexPath) }
        }
        keys.add("<Alt>Up") { [weak self] in
            guard let self else { return false }
            return keyboard.reorderFocusedRow(of: model, by: -1)
        }
        keys.add("<Alt>Down") { [weak self] in
            guard let self else { return false }
            return keyboard.reorderFocusedRow(of: model, by: 1)
        }
    }

    /// What screen readers call the list, and keyboard drags say ("Insert
    /// before Milk in Groceries"); by default the model's view node name.
    public var accessibleName: String? {
        get { model.node.accessibilityLabel ?? model.node.name }
        set {
            model.node.accessibilityLabel = newValue
            content.accessibleLabel = newValue
        }
    }

    /// The name a row is read out by: ``rowAccessibleName``, else the text
    /// of a text row in view.
    func spokenName(ofItemAt indexPath: IndexPath) -> String? {
        if let name = rowAccessibleName?(indexPath) { return name }
        return (rowWidget(at: model.presentedIndexPath(forItemAt: indexPath)) as? Label)?.text
    }
}
