#!/usr/bin/python3
"""A GTK 4 app that is not a DragKit app, written the way ordinary GTK apps
use drag and drop (GtkDropTarget with GTypes, GdkContentProvider values).

    foreign_client.py target   # prints what gets dropped on it, and the offered formats
    foreign_client.py source TEXT FILE  # offers TEXT and FILE from two labels
    foreign_client.py liar HTML  # advertises text/plain but never produces it; HTML is real

Prints one JSON object per line: "ready" (X11 window id and widget bounds
inside the window), "received", "drag-end".
"""
import json
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
gi.require_version("GdkX11", "4.0")
from gi.repository import Gdk, GdkX11, Gio, GLib, GObject, Gtk  # noqa: E402


def emit(event, **fields):
    print(json.dumps({"event": event, **fields}, sort_keys=True), flush=True)


def announce(window, role, widgets):
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
        emit("ready", role=role, xid=surface.get_xid(), widgets=rects)
        return False
    GLib.timeout_add(20, attempt)


def labelled(text):
    label = Gtk.Label(label=text)
    label.set_size_request(200, 100)
    return label


def run_target(window):
    label = labelled("Foreign drop target")
    target = Gtk.DropTarget.new(GObject.TYPE_NONE, Gdk.DragAction.COPY | Gdk.DragAction.MOVE)
    target.set_gtypes([Gdk.FileList, GObject.TYPE_STRING])

    def on_drop(target, value, _x, _y):
        drop = target.get_current_drop()
        formats = list(drop.get_formats().get_mime_types() or []) if drop is not None else []
        if isinstance(value, Gdk.FileList):
            emit("received", kind="files", paths=[f.get_path() for f in value.get_files()], formats=formats)
        else:
            emit("received", kind="text", text=value, formats=formats)
        return True

    target.connect("drop", on_drop)
    label.add_controller(target)
    window.set_child(label)
    return {"target": label}


def run_source(window, text, path):
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    text_label = labelled("Foreign text")
    file_label = labelled("Foreign file")
    for label, value in ((text_label, text), (file_label, Gdk.FileList.new_from_list([Gio.File.new_for_path(path)]))):
        source = Gtk.DragSource(actions=Gdk.DragAction.COPY)
        source.set_content(Gdk.ContentProvider.new_for_value(value))
        source.connect("drag-end", lambda _s, drag, _d: emit("drag-end", action=int(drag.get_selected_action())))
        label.add_controller(source)
        box.append(label)
    window.set_child(box)
    return {"text": text_label, "file": file_label}


class Liar(Gdk.ContentProvider):
    """Advertises text/plain and fails every request for it, as some
    programs do; its HTML is real."""

    def __init__(self, html):
        super().__init__()
        self.html = html

    def do_ref_formats(self):
        return Gdk.ContentFormats.new(["text/plain", "text/html"])

    def do_write_mime_type_async(self, mime_type, stream, io_priority, cancellable, callback, *data):
        task = Gio.Task.new(self, cancellable, callback)
        if mime_type == "text/html":
            stream.write_all(self.html.encode(), None)
            task.return_boolean(True)
        else:
            task.return_error(GLib.Error.new_literal(Gio.io_error_quark(), "the liar has no text", Gio.IOErrorEnum.FAILED))
        emit("asked", mime=mime_type)

    def do_write_mime_type_finish(self, result):
        return result.propagate_boolean()


def run_liar(window, html):
    label = labelled("Foreign liar")
    source = Gtk.DragSource(actions=Gdk.DragAction.COPY)
    source.set_content(Liar(html))
    source.connect("drag-end", lambda _s, drag, _d: emit("drag-end", action=int(drag.get_selected_action())))
    label.add_controller(source)
    window.set_child(label)
    return {"liar": label}


def main():
    Gtk.init()
    role = sys.argv[1] if len(sys.argv) > 1 else "target"
    window = Gtk.Window(title=f"Foreign client {role}")
    window.set_decorated(False)
    window.set_default_size(240, 220)
    if role == "source":
        widgets = run_source(window, sys.argv[2], sys.argv[3])
    elif role == "liar":
        widgets = run_liar(window, sys.argv[2])
    else:
        widgets = run_target(window)
    window.present()
    announce(window, role, widgets)
    GLib.MainLoop().run()


main()
