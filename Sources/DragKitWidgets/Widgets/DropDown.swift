import CGtk4
import DragKitGTK

/// A choice among a few strings (GtkDropDown): a priority, a list's colour.
///
/// ```swift
/// let priority = DropDown(["None", "Low", "Medium", "High"], selected: 2)
/// priority.onSelectionChanged { item.priority = priority.selectedIndex }
/// ```
@MainActor
public final class DropDown: Widget {
    /// The choices, in order.
    public let choices: [String]

    /// Creates a drop-down offering `choices`, with `selected` chosen.
    public init(_ choices: [String], selected: Int = 0) {
        self.choices = choices
        let widget = withCStrings(choices) { strings in
            let terminated = Array(strings) + [nil]
            return terminated.withUnsafeBufferPointer { gtk_drop_down_new_from_strings($0.baseAddress) }
        }
        super.init(sinking: GPointer.raw(widget!))
        selectedIndex = selected
    }

    private var dropDownPointer: OpaquePointer { reference.opaque }

    /// The index of the chosen string (-1: none).
    public var selectedIndex: Int {
        get {
            let index = gtk_drop_down_get_selected(dropDownPointer)
            return index == GTK_INVALID_LIST_POSITION ? -1 : Int(index)
        }
        set { gtk_drop_down_set_selected(dropDownPointer, newValue < 0 ? GTK_INVALID_LIST_POSITION : UInt32(newValue)) }
    }

    /// Runs `handler` after every change of the choice.
    @discardableResult
    public func onSelectionChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signal.connect(reference, "notify::selected", trampoline: Signal.callback(Trampoline.ignoringArgument),
                       handler: handler as Trampoline.VoidHandler)
    }
}
