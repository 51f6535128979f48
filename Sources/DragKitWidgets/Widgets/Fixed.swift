import CGtk4
import DragKitGTK
import Foundation

/// Places children at exact positions (GtkFixed): the list widget lays rows
/// out where the list model's layout says they are.
@MainActor
public final class Fixed: Widget {
    private var children: [ObjectIdentifier: Widget] = [:]

    /// Creates an empty container.
    public init() {
        super.init(sinking: GPointer.raw(gtk_fixed_new()))
    }

    /// A container that assistive technologies see as `role` (a list).
    init(role: GtkAccessibleRole) {
        super.init(sinking: makeWidget(ofType: gtk_fixed_get_type(), role: role))
    }

    private var fixedPointer: UnsafeMutablePointer<GtkFixed> { reference.typed() }

    /// Adds `child` at `point`, or moves it there when already a child.
    public func place(_ child: Widget, at point: CGPoint) {
        if children[ObjectIdentifier(child)] == nil {
            children[ObjectIdentifier(child)] = child
            gtk_fixed_put(fixedPointer, child.widgetPointer, point.x, point.y)
        } else {
            gtk_fixed_move(fixedPointer, child.widgetPointer, point.x, point.y)
        }
    }

    /// Removes `child`.
    public func remove(_ child: Widget) {
        guard children.removeValue(forKey: ObjectIdentifier(child)) != nil else { return }
        gtk_fixed_remove(fixedPointer, child.widgetPointer)
    }
}
