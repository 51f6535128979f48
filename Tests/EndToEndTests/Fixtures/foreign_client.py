#!/usr/bin/python3
"""A GTK 4 app that is not a DragKit app, written the way ordinary GTK apps
use drag and drop (GtkDropTarget with GTypes, GdkContentProvider values).

    foreign_client.py target                 # takes files and text, prints what arrived
    foreign_client.py target --accept MIME   # takes those MIME types (in that order
                                             # of preference), prints the bytes read
    foreign_client.py source TEXT FILE       # offers TEXT and FILE from two labels
    foreign_client.py source [--text TEXT] [--file PATH]... [--files PATH...]
                             [--bytes MIME PATH]...
    foreign_client.py liar HTML              # advertises text/plain but never produces it;
                                             # its HTML is real

A source shows one label per offer, named "text", "file" ("file-2", ...),
"files" (all the --files paths as one drag) and "bytes" ("bytes-2", ...:
the file's contents offered as MIME).

Prints one JSON object per line: "ready" (X11 window id and widget bounds
inside the window), "received" (kind "files", "text" or "bytes", and the
offered "formats"; with --accept also "mime", "length", "text" when the
bytes are UTF-8, and "path" of a copy of the bytes), "drag-end", and for a
liar "asked" (each MIME type requested of it).
"""
import argparse
import os
import sys
import tempfile

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
gi.require_version("GdkX11", "4.0")
from gi.repository import Gdk, Gio, GLib, GObject, Gtk  # noqa: E402

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from gtk_fixture import NativeRead, announce, emit  # noqa: E402



def labelled(text):
    label = Gtk.Label(label=text)
    label.set_size_request(200, 100)
    return label


def run_target(window, accept):
    label = labelled("Foreign drop target")
    if accept:
        label.add_controller(bytes_target(accept))
    else:
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


def bytes_target(accept):
    """A drop target reading the first of `accept` the drag offers."""
    target = Gtk.DropTargetAsync.new(Gdk.ContentFormats.new(accept), Gdk.DragAction.COPY | Gdk.DragAction.MOVE)
    reader = NativeRead()

    def on_drop(_target, drop, _x, _y):
        offered = list(drop.get_formats().get_mime_types() or [])
        wanted = [mime for mime in accept if mime in offered]
        if not wanted:
            emit("received", kind="refused", formats=offered)
            drop.finish(0)
            return False

        def on_read(mime, data):
            if mime is None:
                emit("received", kind="error", message="the source sent nothing", formats=offered)
                drop.finish(0)
                return
            handle, path = tempfile.mkstemp(prefix="foreign-drop-")
            os.write(handle, data)
            os.close(handle)
            fields = {"kind": "bytes", "mime": mime, "length": len(data), "path": path, "formats": offered}
            try:
                fields["text"] = data.decode("utf-8")
            except UnicodeDecodeError:
                pass
            emit("received", **fields)
            drop.finish(Gdk.DragAction.COPY)

        reader.read(drop, wanted, on_read)
        return True

    target.connect("drag-enter", lambda _t, _drop, _x, _y: Gdk.DragAction.COPY)
    target.connect("drag-motion", lambda _t, _drop, _x, _y: Gdk.DragAction.COPY)
    target.connect("drop", on_drop)
    return target


def run_source(window, offers):
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    widgets = {}
    for name, caption, provider in offers:
        label = labelled(caption)
        source = Gtk.DragSource(actions=Gdk.DragAction.COPY)
        source.set_content(provider)
        source.connect("drag-end", lambda _s, drag, _d: emit("drag-end", action=int(drag.get_selected_action())))
        label.add_controller(source)
        box.append(label)
        widgets[name] = label
    window.set_child(box)
    return widgets


def numbered(name, index):
    return name if index == 0 else f"{name}-{index + 1}"


def source_offers(arguments):
    # The original form: source TEXT FILE.
    if len(arguments) == 2 and not any(a.startswith("--") for a in arguments):
        arguments = ["--text", arguments[0], "--file", arguments[1]]
    parser = argparse.ArgumentParser(prog="foreign_client.py source")
    parser.add_argument("--text")
    parser.add_argument("--file", action="append", default=[])
    parser.add_argument("--files", nargs="+", default=[])
    parser.add_argument("--bytes", nargs=2, action="append", default=[], metavar=("MIME", "PATH"))
    options = parser.parse_args(arguments)

    def file_list(paths):
        return Gdk.FileList.new_from_list([Gio.File.new_for_path(path) for path in paths])

    offers = []
    if options.text is not None:
        offers.append(("text", "Foreign text", Gdk.ContentProvider.new_for_value(options.text)))
    for index, path in enumerate(options.file):
        offers.append((numbered("file", index), "Foreign file", Gdk.ContentProvider.new_for_value(file_list([path]))))
    if options.files:
        offers.append(("files", f"{len(options.files)} foreign files",
                       Gdk.ContentProvider.new_for_value(file_list(options.files))))
    for index, (mime, path) in enumerate(options.bytes):
        with open(path, "rb") as handle:
            data = GLib.Bytes.new(handle.read())
        offers.append((numbered("bytes", index), f"Foreign {mime}", Gdk.ContentProvider.new_for_bytes(mime, data)))
    return offers


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
        widgets = run_source(window, source_offers(sys.argv[2:]))
    elif role == "liar":
        widgets = run_liar(window, sys.argv[2])
    else:
        parser = argparse.ArgumentParser(prog="foreign_client.py target")
        parser.add_argument("--accept", action="append", default=[], metavar="MIME")
        widgets = run_target(window, parser.parse_args(sys.argv[2:]).accept)
    window.present()
    announce(window, role, widgets)
    GLib.MainLoop().run()


main()
