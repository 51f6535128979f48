import CGtk4

/// Keyboard shortcuts that work while the focus is in one widget (or, with
/// `global`, anywhere in its window), for keys that are not app or window
/// accelerators: Delete on a list, Escape in a panel.
///
/// ```swift
/// let keys = ShortcutController()
/// keys.add("Delete", action: "win.delete")
/// keys.add("<Alt>Right") { board.moveSelectionToNextLane(); return true }
/// list.scroller.addShortcuts(keys)
/// ```
@MainActor
public final class ShortcutController {
    package let reference: ObjectReference

    /// Creates an empty controller; `global` makes its shortcuts work
    /// anywhere in the widget's window.
    public init(global: Bool = false) {
        reference = ObjectReference(sinking: GPointer.raw(gtk_shortcut_controller_new()))
        gtk_shortcut_controller_set_scope(reference.opaque, global ? GTK_SHORTCUT_SCOPE_GLOBAL : GTK_SHORTCUT_SCOPE_LOCAL)
    }

    /// Runs the action `detailedName` (`"win.delete"`) on `trigger`, GTK's
    /// key syntax (`"Delete"`, `"<Control>Return"`).
    public func add(_ trigger: String, action detailedName: String) {
        add(trigger, gtkAction: gtk_named_action_new(detailedName))
    }

    /// Runs `handler` on `trigger`; return false to let the key go on to
    /// other handlers.
    public func add(_ trigger: String, handler: @escaping @MainActor () -> Bool) {
        let box = Unmanaged.passRetained(SignalHandlerBox<Trampoline.BoolHandler>(handler)).toOpaque()
        let callback: GtkShortcutFunc = { _, _, data in
            nonisolated(unsafe) let data = data
            return MainActor.assumeIsolated { SignalHandlerBox<Trampoline.BoolHandler>.from(data).handler() ? 1 : 0 }
        }
        let release: GDestroyNotify = { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        add(trigger, gtkAction: gtk_callback_action_new(callback, box, release))
    }

    private func add(_ trigger: String, gtkAction: OpaquePointer?) {
        // gtk_shortcut_new and gtk_shortcut_controller_add_shortcut take
        // ownership of what they are given.
        let shortcut = gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger), gtkAction)
        gtk_shortcut_controller_add_shortcut(reference.opaque, shortcut)
    }
}

extension Widget {
    /// Makes the shortcuts of `controller` work on this widget.
    public func addShortcuts(_ controller: ShortcutController) {
        add(controller: controller.reference)
    }
}
