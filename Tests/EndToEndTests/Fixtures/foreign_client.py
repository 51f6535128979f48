#!/usr/bin/python3
"""A GTK 4 app that is not a DragKit app, written the way ordinary GTK apps
use drag and drop (GtkDropTarget with GTypes, GdkContentProvider values).

    foreign_client.py target                 # takes files and text, prints what arrived
    foreign_client.py target --accept MIME   # takes those MIME types (in that order
                                             # of preference), prints the bytes read
    foreign_client.py source TEXT FILE       # offers TEXT and FILE from two labels
    foreign_client.py source [--text TEXT] [--file PATH]... [--files PATH...]
                             [--bytes MIME PATH]...

A source shows one label per offer, named "text", "file" ("file-2", ...),
"files" (all the --files paths as one drag) and "bytes" ("bytes-2", ...:
the file's contents offered as MIME).

Prints one JSON object per line: "ready" (X11 window id and widget bounds
inside the window), "received" (kind "files", "text" or "bytes"; with
--accept also the offered "formats", and "mime", "length", "text" when the
bytes are UTF-8, and "path" of a copy of the bytes), "drag-end".
"""
import argparse
import json
import os
import sys
import tempfile

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


def run_target(window, accept):
    label = labelled("Foreign drop target")
    if accept:
        label.add_controller(bytes_target(accept))
    else:
        target = Gtk.DropTarget.new(GObject.TYPE_NONE, Gdk.DragAction.COPY | Gdk.DragAction.MOVE)
        target.set_gtypes([Gdk.FileList, GObject.TYPE_STRING])

        def on_drop(_target, value, _x, _y):
            if isinstance(value, Gdk.FileList):
                emit("received", kind="files", paths=[f.get_path() for f in value.get_files()])
            else:
                emit("received", kind="text", text=value)
            return True

        target.connect("drop", on_drop)
        label.add_controller(target)
    window.set_child(label)
    return {"target": label}


def bytes_target(accept):
    """A drop target reading the first of `accept` the drag offers."""
    target = Gtk.DropTargetAsync.new(Gdk.ContentFormats.new(accept), Gdk.DragAction.COPY | Gdk.DragAction.MOVE)

    def on_drop(_target, drop, _x, _y):
        offered = list(drop.get_formats().get_mime_types() or [])
        wanted = [mime for mime in accept if mime in offered]
        if not wanted:
            emit("received", kind="refused", formats=offered)
            drop.finish(0)
            return False

        def on_read(drop, result):
            try:
                stream, mime = drop.read_finish(result)
            except GLib.Error as error:
                emit("received", kind="error", message=error.message, formats=offered)
                drop.finish(0)
                return
            output = Gio.MemoryOutputStream.new_resizable()

            def on_spliced(output, result):
                output.splice_finish(result)
                data = output.steal_as_bytes().get_data()
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

            output.splice_async(stream, Gio.OutputStreamSpliceFlags.CLOSE_SOURCE | Gio.OutputStreamSpliceFlags.CLOSE_TARGET,
                                GLib.PRIORITY_DEFAULT, None, on_spliced)

        drop.read_async(wanted, GLib.PRIORITY_DEFAULT, None, on_read)
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


def main():
    Gtk.init()
    role = sys.argv[1] if len(sys.argv) > 1 else "target"
    window = Gtk.Window(title=f"Foreign client {role}")
    window.set_decorated(False)
    window.set_default_size(240, 220)
    if role == "source":
        widgets = run_source(window, source_offers(sys.argv[2:]))
    else:
        parser = argparse.ArgumentParser(prog="foreign_client.py target")
        parser.add_argument("--accept", action="append", default=[], metavar="MIME")
        widgets = run_target(window, parser.parse_args(sys.argv[2:]).accept)
    window.present()
    announce(window, role, widgets)
    GLib.MainLoop().run()


main()
