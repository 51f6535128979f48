#!/usr/bin/python3
"""A GTK 3 program that is not a DragKit app, using the clipboard the way
ordinary GTK 3 programs do (GtkClipboard with set_text and wait_for_text).

    gtk3_clipboard.py copy TEXT   # puts TEXT on the clipboard and keeps it there
    gtk3_clipboard.py watch       # reports what the clipboard holds whenever it changes

Prints one JSON object per line: "ready", then for watch "clipboard" (the
offered targets and the text GTK 3 decodes).
"""
import json
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402


def emit(event, **fields):
    print(json.dumps({"event": event, **fields}, sort_keys=True), flush=True)


def main():
    Gtk.init(sys.argv[:1])
    clipboard = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD)
    role = sys.argv[1] if len(sys.argv) > 1 else "watch"
    if role == "copy":
        clipboard.set_text(sys.argv[2], -1)
        emit("ready", role="copy", gtk=Gtk.get_major_version())
    else:
        last = []

        def look():
            ok, atoms = clipboard.wait_for_targets()
            targets = sorted(atom.name() for atom in atoms) if ok and atoms else []
            text = clipboard.wait_for_text() or "" if targets else ""
            seen = [targets, text]
            if seen != last and targets:
                last[:] = seen
                emit("clipboard", formats=targets, text=text)
            return True

        GLib.timeout_add(200, look)
        emit("ready", role="watch", gtk=Gtk.get_major_version())
    Gtk.main()


if __name__ == "__main__":
    main()
