"""What the Python GTK 4 fixtures share: their JSON event lines, and the
"ready" event that tells a test where the window's widgets are."""
import json

import gi

gi.require_version("GdkX11", "4.0")
from gi.repository import GdkX11, GLib  # noqa: E402


def emit(event, **fields):
    print(json.dumps({"event": event, **fields}, sort_keys=True), flush=True)


def announce(window, role, widgets, **extra):
    """Emits "ready" (the X11 window id, each widget's bounds inside the
    window, and `extra`) once the window is mapped and laid out."""
    def attempt():
        surface = window.get_surface()
        if surface is None or not isinstance(surface, GdkX11.X11Surface):
            return True
        dx, dy = window.get_surface_transform()
        rects = {}
        for name, widget in widgets.items():
            ok, r = widget.compute_bounds(window)
            if not ok or r.size.width <= 0:
                return True
            rects[name] = [int(r.origin.x + dx), int(r.origin.y + dy), int(r.size.width), int(r.size.height)]
        emit("ready", role=role, xid=surface.get_xid(), widgets=rects, **extra)
        return False
    GLib.timeout_add(20, attempt)
