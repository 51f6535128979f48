import CGtk4
import DragKitGTK

/// A check box with a label (GtkCheckButton): "Completed", settings.
///
/// ```swift
/// let done = CheckButton(label: "Completed", isActive: item.completed)
/// done.onToggled { store.setCompleted(done.isActive, for: item) }
/// ```
@MainActor
public final class CheckButton: Widget {
    /// Creates a check box showing `label` (an underscore marks the mnemonic).
    public init(label: String, isActive: Bool = false) {
        super.init(sinking: GPointer.raw(gtk_check_button_new_with_mnemonic(label)))
        // GTK 4.8 names the check box by its text with the underscore left in.
        accessibleLabel = Self.withoutMnemonic(label)
        self.isActive = isActive
    }

    private var checkPointer: UnsafeMutablePointer<GtkCheckButton> { reference.typed() }

    /// Whether the box is checked.
    public var isActive: Bool {
        get { gtk_check_button_get_active(checkPointer) != 0 }
        set { gtk_check_button_set_active(checkPointer, newValue ? 1 : 0) }
    }

    /// Runs `handler` after every change of ``isActive`` (a click, Space, or code).
    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signal.connect(reference, "toggled", handler: handler)
    }
}
