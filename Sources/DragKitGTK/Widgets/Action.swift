import CGtk4

/// A named command (GSimpleAction) of an ``Application`` (`app.<name>`) or
/// an ``ApplicationWindow`` (`win.<name>`). Buttons, menu items and keyboard
/// accelerators refer to it by ``detailedName``; disabling it greys all of
/// them out at once.
@MainActor
public final class Action {
    let reference: ObjectReference
    /// The name without scope, for example `undo`.
    public let name: String
    /// The name with its scope, for example `win.undo`: what buttons and
    /// menus take.
    public let detailedName: String

    init(name: String, scope: String, handler: @escaping @MainActor () -> Void) {
        self.name = name
        detailedName = "\(scope).\(name)"
        reference = ObjectReference(adopting: GPointer.raw(g_simple_action_new(name, nil)))
        _ = Signal.connect(reference, "activate", trampoline: Signal.callback(Trampoline.ignoringArgument),
                           handler: handler as Trampoline.VoidHandler)
    }

    /// Whether the action can run now (buttons and shortcuts follow it).
    public var isEnabled: Bool {
        get { g_action_get_enabled(reference.opaque) != 0 }
        set { g_simple_action_set_enabled(reference.opaque, newValue ? 1 : 0) }
    }

    /// Runs the action as a click or shortcut would (nothing when disabled).
    public func activate() {
        g_action_activate(reference.opaque, nil)
    }
}
