import CGtk4
import CGtkShim
import Foundation

extension Widget {
    /// The widget's bounds on the screen, in root-window pixels (what
    /// `xdotool mousemove X Y` takes), or nil while it is not shown or the
    /// display is not X11. GTK 4 has no window-position API, so the
    /// window's place is asked from the X server.
    public var frameOnScreen: CGRect? {
        var origins: [UnsafeMutableRawPointer: CGPoint?] = [:]
        return frameOnScreen(windowOrigins: &origins)
    }

    /// ``frameOnScreen``, asking the X server once per window for many
    /// widgets: `windowOrigins` caches each native window's screen origin.
    package func frameOnScreen(windowOrigins: inout [UnsafeMutableRawPointer: CGPoint?]) -> CGRect? {
        guard isMapped, let inWindow = boundsInNativeWindow, let native = gtk_widget_get_native(widgetPointer) else { return nil }
        let key = GPointer.raw(native)
        let origin: CGPoint?
        if let cached = windowOrigins[key] {
            origin = cached
        } else {
            var x: Int32 = 0, y: Int32 = 0
            let found = dk_widget_x11_root_origin(GPointer.typed(key, as: GtkWidget.self), &x, &y) != 0
            origin = found ? CGPoint(x: Double(x), y: Double(y)) : nil
            windowOrigins[key] = .some(origin)
        }
        return origin.map { inWindow.offsetBy(dx: $0.x, dy: $0.y) }
    }
}
