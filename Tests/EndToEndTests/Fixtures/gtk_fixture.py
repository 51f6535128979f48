"""What the Python GTK 4 fixtures share: their JSON event lines, the
"ready" event that tells a test where the window's widgets are, and
reading a drop's bytes (NativeRead)."""
import ctypes
import json

import gi

gi.require_version("GdkX11", "4.0")
from gi.repository import GdkX11, Gio, GLib  # noqa: E402


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


class NativeRead:
    """gdk_drop_read_async through ctypes: PyGObject 3.42 frees the
    transfer-none MIME type gdk_drop_read_finish returns and aborts, so the
    read and the copy into memory run in C, calling back into Python."""

    callback_type = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)

    def __init__(self):
        self.gtk = ctypes.CDLL("libgtk-4.so.1")
        self.gtk.gdk_drop_read_finish.restype = ctypes.c_void_p
        self.gtk.gdk_drop_read_finish.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ctypes.c_char_p), ctypes.c_void_p]
        self.gtk.gdk_drop_read_async.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_char_p), ctypes.c_int,
                                                 ctypes.c_void_p, self.callback_type, ctypes.c_void_p]
        self.gtk.g_output_stream_splice_async.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_int,
                                                          ctypes.c_void_p, self.callback_type, ctypes.c_void_p]
        self.gtk.g_output_stream_splice_finish.restype = ctypes.c_ssize_t
        self.gtk.g_output_stream_splice_finish.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
        self.gtk.g_object_unref.argtypes = [ctypes.c_void_p]
        ctypes.pythonapi.PyCapsule_GetPointer.restype = ctypes.c_void_p
        ctypes.pythonapi.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
        self.pending = []

    @staticmethod
    def pointer(gobject):
        return ctypes.pythonapi.PyCapsule_GetPointer(gobject.__gpointer__, None)

    def read(self, drop, mime_types, done):
        """Reads the first of `mime_types` the drop offers; done(mime, data) or done(None, None)."""
        output = Gio.MemoryOutputStream.new_resizable()
        state = {}

        def spliced(_source, result, _data):
            self.gtk.g_output_stream_splice_finish(self.pointer(output), result, None)
            self.pending.remove(state)
            done(state["mime"], output.steal_as_bytes().get_data())

        def read_finished(_source, result, _data):
            mime = ctypes.c_char_p()
            stream = self.gtk.gdk_drop_read_finish(self.pointer(drop), result, ctypes.byref(mime), None)
            if not stream:
                self.pending.remove(state)
                done(None, None)
                return
            state["mime"] = mime.value.decode()
            flags = int(Gio.OutputStreamSpliceFlags.CLOSE_SOURCE | Gio.OutputStreamSpliceFlags.CLOSE_TARGET)
            self.gtk.g_output_stream_splice_async(self.pointer(output), stream, flags, GLib.PRIORITY_DEFAULT, None,
                                                  state["spliced"], None)
            self.gtk.g_object_unref(stream)

        state["spliced"] = self.callback_type(spliced)
        state["read"] = self.callback_type(read_finished)
        state["keep"] = (drop, output)
        self.pending.append(state)
        names = (ctypes.c_char_p * (len(mime_types) + 1))(*[m.encode() for m in mime_types], None)
        self.gtk.gdk_drop_read_async(self.pointer(drop), names, GLib.PRIORITY_DEFAULT, None, state["read"], None)
