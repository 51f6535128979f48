import CGtk4
import DragKitGTK

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

    /// An on/off action (a setting): menus show it with a check mark, and
    /// activating it flips ``isOn`` and runs `handler` with the new value.
    init(name: String, scope: String, isOn: Bool, handler: @escaping @MainActor (Bool) -> Void) {
        self.name = name
        detailedName = "\(scope).\(name)"
        reference = ObjectReference(adopting: GPointer.raw(g_simple_action_new_stateful(name, nil, g_variant_new_boolean(isOn ? 1 : 0))))
        let action = reference.opaque
        // Without an "activate" handler, GLib turns an activation of a
        // boolean action into a change to the opposite state.
        _ = Signal.connect(reference, "change-state", trampoline: Signal.callback(Trampoline.object),
                           handler: { value in
            g_simple_action_set_state(action, value)
            handler(g_variant_get_boolean(value) != 0)
        } as Trampoline.ObjectHandler)
    }

    /// Whether an on/off action is on (false for other actions). Setting it
    /// does not run the handler.
    public var isOn: Bool {
        get {
            guard let state = g_action_get_state(reference.opaque) else { return false }
            defer { g_variant_unref(state) }
            return g_variant_get_boolean(state) != 0
        }
        set { g_simple_action_set_state(reference.opaque, g_variant_new_boolean(newValue ? 1 : 0)) }
    }

    /// Adds the action to the GActionMap `map` (an application or a window),
    /// gives it `accelerators` in `application`, and returns it.
    func added(to map: ObjectReference, accelerators: [String], in application: Application) -> Action {
        g_action_map_add_action(map.opaque, reference.opaque)
        if !accelerators.isEmpty {
            application.setAccelerators(accelerators, for: detailedName)
        }
        return self
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
