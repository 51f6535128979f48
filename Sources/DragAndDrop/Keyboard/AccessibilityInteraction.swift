import Foundation

/// Holds a node's accessibility information (its label, drag source and
/// drop point descriptors, a list's row labels). It is an interaction so
/// that a node carries it without ViewNode growing stored properties for
/// what most nodes never set; the `ViewNode` and `ListView` accessors
/// create it on first use.
@MainActor
final class AccessibilityInteraction: Interaction {
    private(set) weak var view: ViewNode?
    var label: String?
    var dragSourceDescriptors: [AccessibilityLocationDescriptor] = []
    var dropPointDescriptors: [AccessibilityLocationDescriptor] = []
    var rowLabel: (@MainActor (IndexPath) -> String?)?

    func willMove(to view: ViewNode?) {}
    func didMove(to view: ViewNode?) { self.view = view }
}

extension ViewNode {
    /// The node's accessibility record, if one was made.
    var accessibilityRecord: AccessibilityInteraction? {
        interactions.lazy.compactMap { $0 as? AccessibilityInteraction }.first
    }

    /// The node's accessibility record, made when missing.
    var ensuredAccessibilityRecord: AccessibilityInteraction {
        if let record = accessibilityRecord { return record }
        let record = AccessibilityInteraction()
        addInteraction(record)
        return record
    }

    /// What assistive technologies call the node ("Groceries"); keyboard
    /// drags say it. Nil falls back to ``name``.
    public var accessibilityLabel: String? {
        get { accessibilityRecord?.label }
        set { ensuredAccessibilityRecord.label = newValue }
    }

    /// The places in the node a keyboard or assistive-technology drag can
    /// start from, as UIKit's `accessibilityDragSourceDescriptors`. Empty
    /// (the default): the node's center, where it has a drag interaction.
    public var accessibilityDragSourceDescriptors: [AccessibilityLocationDescriptor] {
        get { accessibilityRecord?.dragSourceDescriptors ?? [] }
        set { ensuredAccessibilityRecord.dragSourceDescriptors = newValue }
    }

    /// The places in the node a keyboard or assistive-technology drag can
    /// drop on, each with its name, as UIKit's
    /// `accessibilityDropPointDescriptors`. Empty (the default): the center
    /// of each drop interaction's node, and each insertion position and row
    /// of a list.
    public var accessibilityDropPointDescriptors: [AccessibilityLocationDescriptor] {
        get { accessibilityRecord?.dropPointDescriptors ?? [] }
        set { ensuredAccessibilityRecord.dropPointDescriptors = newValue }
    }

    /// The label a person hears for the node: its accessibility label, else
    /// its name.
    var spokenName: String? { accessibilityLabel ?? name }
}

extension ListView {
    /// What assistive technologies call the item at a data source index
    /// path ("Milk"); keyboard drags say it ("Insert before Milk in
    /// Groceries"). Nil, or nil for a row: "item 3".
    public var accessibilityRowLabel: (@MainActor (IndexPath) -> String?)? {
        get { node.accessibilityRecord?.rowLabel }
        set { node.ensuredAccessibilityRecord.rowLabel = newValue }
    }

    /// The spoken name of the presented row at `indexPath`.
    func spokenName(ofPresentedRow indexPath: IndexPath) -> String {
        guard let item = row(at: indexPath)?.itemIndexPath else { return "the item being dropped" }
        return accessibilityRowLabel?(item) ?? "item \(item.item + 1)"
    }

    /// The list's spoken name ("the list" when it has none).
    var spokenListName: String { node.spokenName ?? "the list" }
}
