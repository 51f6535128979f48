import CGtk4
import DragAndDrop
import Foundation

extension DesktopDragDrop {
    /// Declares the user activity types this app handles and how it opens a
    /// window for one: a drag from this process carrying such an activity
    /// (`ItemProvider/registerUserActivity(_:)`) and let go
    /// over no window of this app makes it call `open` (see
    /// `DragDropEngine/handleUserActivities(_:open:)`).
    ///
    /// ```swift
    /// DesktopDragDrop.shared.handleUserActivities([TodoList.activityType]) { activity in
    ///     openWindow(for: activity)
    /// }
    /// ```
    ///
    /// GTK reports such a drag as cancelled for want of a target; the
    /// bridge checks that the pointer is over none of this app's windows
    /// (a drop on one of them that no widget took is just cancelled). A
    /// drop on another app's window that refuses it counts as over nothing:
    /// GTK does not tell the two apart.
    public func handleUserActivities(_ activityTypes: Set<String>, open: @escaping @MainActor (UserActivity) -> Void) {
        engine.handleUserActivities(activityTypes, open: open)
    }

    /// GTK cancelled this process's drag for want of a target: when the
    /// pointer is over none of this app's windows, the engine learns the
    /// drag was let go over nothing (its ``DragAndDrop/DragDropEngine/dropOverNothingHandler``
    /// decides); otherwise the drag is cancelled.
    func endOverNoTarget(_ drag: Drag) {
        guard !Self.isPointerOverAppWindow(drag) else {
            try? engine.cancel(pointer)
            return
        }
        _ = try? engine.move(pointer, to: .zero, in: nil)
        _ = try? engine.drop(pointer)
    }

    /// Whether `drag`'s pointer is inside one of this process's shown
    /// windows.
    static func isPointerOverAppWindow(_ drag: Drag) -> Bool {
        guard let device = gdk_drag_get_device(drag.reference.opaque) else { return false }
        let toplevels = gtk_window_get_toplevels()
        for index in 0..<g_list_model_get_n_items(toplevels) {
            guard let item = g_list_model_get_item(toplevels, index) else { continue }
            defer { g_object_unref(item) }
            let widget = item.assumingMemoryBound(to: GtkWidget.self)
            guard gtk_widget_get_mapped(widget) != 0, let native = gtk_widget_get_native(widget),
                  let surface = gtk_native_get_surface(native) else { continue }
            var x = 0.0, y = 0.0
            var mask = GdkModifierType(rawValue: 0)
            gdk_surface_get_device_position(surface, device, &x, &y, &mask)
            if x >= 0, y >= 0, x < Double(gdk_surface_get_width(surface)), y < Double(gdk_surface_get_height(surface)) {
                return true
            }
        }
        return false
    }
}
