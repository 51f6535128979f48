import CGtk4
import DragKitGTK

/// Pages of which one shows at a time (GtkStack): a home page and a list
/// page, or a list and its empty state.
///
/// ```swift
/// let pages = Stack()
/// pages.add(home, name: "home")
/// pages.add(listPage, name: "list")
/// pages.visiblePageName = "list"
/// ```
@MainActor
public final class Stack: Widget {
    private var pages: [String: Widget] = [:]

    /// Creates an empty stack; pages cross-fade when they change.
    public init() {
        super.init(sinking: GPointer.raw(gtk_stack_new()))
        gtk_stack_set_transition_type(stackPointer, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
    }

    private var stackPointer: OpaquePointer { reference.opaque }

    /// Adds `page` named `name` (the first page added shows first).
    public func add(_ page: Widget, name: String) {
        pages[name] = page
        gtk_stack_add_named(stackPointer, page.widgetPointer, name)
    }

    /// Removes the page named `name`.
    public func remove(name: String) {
        guard let page = pages.removeValue(forKey: name) else { return }
        gtk_stack_remove(stackPointer, page.widgetPointer)
    }

    /// The name of the page shown.
    public var visiblePageName: String? {
        get { gtk_stack_get_visible_child_name(stackPointer).map { String(cString: $0) } }
        set { if let newValue { gtk_stack_set_visible_child_name(stackPointer, newValue) } }
    }

    /// The page shown.
    public var visiblePage: Widget? {
        visiblePageName.flatMap { pages[$0] }
    }
}
