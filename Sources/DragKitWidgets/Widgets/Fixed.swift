import CGtk4
import CGtkShim
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
    /// With `drawsOnlyShownChildren`, it draws only the children its
    /// scrolled window shows: a list's rows kept made beyond the view cost
    /// no drawing at every frame.
    init(role: GtkAccessibleRole, drawsOnlyShownChildren: Bool = false) {
        let type = drawsOnlyShownChildren ? dk_shown_children_fixed_get_type() : gtk_fixed_get_type()
        super.init(sinking: makeWidget(ofType: type, role: role))
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
