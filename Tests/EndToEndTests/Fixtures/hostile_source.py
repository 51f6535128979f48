#!/usr/bin/python3
"""A drag source that lies to DragKit destinations: a plain GTK 4 app (not
a DragKit app) that offers a crafted application/x-dragkit-manifest naming
an abstract Unix socket of its own, and answers requests on it with each
lie a hostile peer could tell.

    hostile_source.py [SCENARIO...]     # default: every scenario
    hostile_source.py --type UTI MIME SCENARIO...
                                        # the lies declared as UTI (MIME), for
                                        # a destination that takes only that
                                        # (public.vcard text/vcard for Contacts)
    hostile_source.py --thief USER      # a target that tries a DragKit drag's
                                        # channel as USER, then as itself

One label per scenario, named after it:
    shrink        an unsealed memory file, shrunk to 0 bytes once passed
    huge-file     "file 1073741824" with a sealed 10-byte memory file
    negative      "progress -1 1"
    backwards     "progress 100 200" then "progress 0 0"
    overflow      a progress total near Int64.max
    wait          "wait" five times a second, for ever
    no-newline    endless bytes without a line break
    fd-flood      a descriptor attached to every one of 500 progress lines
    big-manifest  a manifest of 100,000 items (about 7 MB)
    newline-type  a manifest whose type identifier holds a newline
    fifo          not a DragKit drag: a text/uri-list naming a FIFO
    honest        a sealed memory file with HONEST_TEXT (the control case)
    many          3,000 items, each an honest vCard (a load of every item
                  at once must not take a thread each)

Prints one JSON object per line: "ready" (window id and widget bounds),
"request" (each request line the socket heard, with the peer's uid),
"drag-end"; the thief prints "received" with "other" and "own": the
first answer each got (the answer's first line, or "closed").

The thief reads a DragKit drag's manifest on the drop and, before it
finishes the drop (the drag's token stays valid until then), asks the
source's channel for the first item's first type: once as USER (through
runuser), once as its own user.
"""
import fcntl
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from gtk_fixture import NativeRead, announce, emit  # noqa: E402

MANIFEST = "application/x-dragkit-manifest"
HONEST_TEXT = b"Hello from an honest peer"
SCENARIOS = ["shrink", "huge-file", "negative", "backwards", "overflow", "wait", "no-newline",
             "fd-flood", "big-manifest", "newline-type", "fifo", "honest", "many"]
CHANNEL = "dragkit-hostile-%d" % os.getpid()
SEALS = fcntl.F_SEAL_SHRINK | fcntl.F_SEAL_GROW | fcntl.F_SEAL_WRITE



def boot_id():
    with open("/proc/sys/kernel/random/boot_id") as handle:
        return handle.read().strip()


DECLARED = ("public.data", "application/octet-stream")


def manifest(scenario):
    kind, mime = DECLARED
    if scenario == "newline-type":
        kind = kind + "\nget hostile-honest 0 " + kind
    items = [{"name": scenario, "types": [{"type": kind, "mime": mime}]}]
    if scenario == "many":
        items = [{"name": "Peer %d" % index, "types": [{"type": "public.vcard", "mime": "text/vcard"}]}
                 for index in range(3000)]
    if scenario == "big-manifest":
        items = [{"types": [{"type": "public.data", "mime": "application/octet-stream"}]}] * 100_000
    return json.dumps({"version": 1, "process": os.getpid(), "boot": boot_id(), "channel": CHANNEL,
                       "token": "hostile-" + scenario, "items": items}).encode()


def memory_file(data, sealed):
    fd = os.memfd_create("hostile", os.MFD_ALLOW_SEALING if sealed else 0)
    os.write(fd, data)
    if sealed:
        fcntl.fcntl(fd, fcntl.F_ADD_SEALS, SEALS)
    return fd


def send_line(connection, line, fd=None):
    data = (line + "\n").encode()
    if fd is None:
        connection.sendall(data)
    else:
        socket.send_fds(connection, [data], [fd])


def answer(connection, scenario, item):
    if scenario == "many":
        card = ("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Peer %d\r\nN:%d;Peer;;;\r\nEND:VCARD\r\n" % (item, item)).encode()
        fd = memory_file(card, sealed=True)
        send_line(connection, "file %d" % len(card), fd)
        os.close(fd)
    elif scenario == "shrink":
        size = 16 << 20
        fd = memory_file(b"\x5a" * size, sealed=False)
        send_line(connection, "progress %d %d" % (size, size))
        send_line(connection, "file %d" % size, fd)
        os.ftruncate(fd, 0)
        os.close(fd)
    elif scenario == "huge-file":
        fd = memory_file(b"0123456789", sealed=True)
        send_line(connection, "file %d" % (1 << 30), fd)
        os.close(fd)
    elif scenario == "negative":
        send_line(connection, "progress -1 1")
    elif scenario == "backwards":
        send_line(connection, "progress 100 200")
        send_line(connection, "progress 0 0")
    elif scenario == "overflow":
        send_line(connection, "progress 1 %d" % (2**63 - 2))
    elif scenario == "wait":
        while True:
            send_line(connection, "wait")
            time.sleep(0.2)
    elif scenario == "no-newline":
        chunk = b"A" * 65536
        while True:
            connection.sendall(chunk)
    elif scenario == "fd-flood":
        for step in range(1, 501):
            fd = memory_file(b"x", sealed=True)
            send_line(connection, "progress %d 1000" % step, fd)
            os.close(fd)
    elif scenario == "honest":
        fd = memory_file(HONEST_TEXT, sealed=True)
        send_line(connection, "progress %d %d" % (len(HONEST_TEXT), len(HONEST_TEXT)))
        send_line(connection, "file %d" % len(HONEST_TEXT), fd)
        os.close(fd)
    # Stay until the destination hangs up, as a source would.
    connection.settimeout(30)
    try:
        while connection.recv(4096):
            pass
    except OSError:
        pass


def serve_one(connection):
    try:
        uid = connection.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12)
        peer_uid = int.from_bytes(uid[4:8], sys.byteorder)
        request = b""
        while not request.endswith(b"\n") and len(request) < 4096:
            chunk = connection.recv(1)
            if not chunk:
                return
            request += chunk
        line = request.decode(errors="replace").rstrip("\n")
        emit("request", line=line, uid=peer_uid)
        words = line.split(" ")
        token = words[1] if len(words) > 1 else ""
        item = int(words[2]) if len(words) > 2 and words[2].isdigit() else 0
        answer(connection, token[len("hostile-"):], item)
    except OSError:
        pass
    finally:
        connection.close()


def serve():
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind("\0" + CHANNEL)
    listener.listen(16)
    while True:
        connection, _ = listener.accept()
        threading.Thread(target=serve_one, args=(connection,), daemon=True).start()


def fifo_list():
    folder = tempfile.mkdtemp(prefix="hostile-fifo-")
    path = os.path.join(folder, "pipe")
    os.mkfifo(path)
    return ("file://%s\r\n" % path).encode()


def provider(scenario):
    if scenario == "fifo":
        return Gdk.ContentProvider.new_for_bytes("text/uri-list", GLib.Bytes.new(fifo_list()))
    return Gdk.ContentProvider.new_for_bytes(MANIFEST, GLib.Bytes.new(manifest(scenario)))


# Asks an abstract socket for one representation, as a destination would.
PROBE = """
import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect("\\0" + sys.argv[1])
s.settimeout(5)
try:
    s.sendall(("get %s 0 %s\\n" % (sys.argv[2], sys.argv[3])).encode())
    answer = s.recv(200)
    print(answer.decode(errors="replace").split("\\n")[0] if answer else "closed")
except (BrokenPipeError, ConnectionResetError):
    print("closed")
"""


def probe(prefix, channel, token, kind):
    command = prefix + ["/usr/bin/python3", "-c", PROBE, channel, token, kind]
    result = subprocess.run(command, capture_output=True, text=True, timeout=20)
    return (result.stdout.strip() or result.stderr.strip())


def run_thief(window, user):
    label = Gtk.Label(label="Thief")
    label.set_size_request(200, 100)
    target = Gtk.DropTargetAsync.new(Gdk.ContentFormats.new([MANIFEST]), Gdk.DragAction.COPY)
    reader = NativeRead()

    def on_drop(_target, drop, _x, _y):
        def on_read(_mime, data):
            manifest = json.loads(data)
            kind = manifest["items"][0]["types"][0]["type"]

            def attempt():
                other = probe(["/usr/sbin/runuser", "-u", user, "--"], manifest["channel"], manifest["token"], kind)
                own = probe([], manifest["channel"], manifest["token"], kind)

                def report():
                    emit("received", other=other, own=own, type=kind)
                    drop.finish(Gdk.DragAction.COPY)
                GLib.idle_add(report)
            threading.Thread(target=attempt, daemon=True).start()
        reader.read(drop, [MANIFEST], on_read)
        return True

    target.connect("drag-enter", lambda _t, _drop, _x, _y: Gdk.DragAction.COPY)
    target.connect("drag-motion", lambda _t, _drop, _x, _y: Gdk.DragAction.COPY)
    target.connect("drop", on_drop)
    label.add_controller(target)
    window.set_child(label)
    window.present()
    announce(window, "thief", {"thief": label})


def main():
    Gtk.init()
    if sys.argv[1:2] == ["--thief"]:
        window = Gtk.Window(title="Thief")
        window.set_decorated(False)
        run_thief(window, sys.argv[2])
        GLib.MainLoop().run()
        return
    arguments = sys.argv[1:]
    if arguments[:1] == ["--type"]:
        global DECLARED
        DECLARED = (arguments[1], arguments[2])
        arguments = arguments[3:]
    scenarios = arguments or SCENARIOS
    threading.Thread(target=serve, daemon=True).start()
    window = Gtk.Window(title="Hostile source")
    window.set_decorated(False)
    grid = Gtk.Grid()
    widgets = {}
    for index, scenario in enumerate(scenarios):
        label = Gtk.Label(label=scenario)
        label.set_size_request(180, 60)
        source = Gtk.DragSource(actions=Gdk.DragAction.COPY)
        source.set_content(provider(scenario))
        source.connect("drag-end", lambda _s, drag, _d: emit("drag-end", action=int(drag.get_selected_action())))
        label.add_controller(source)
        grid.attach(label, index % 3, index // 3, 1, 1)
        widgets[scenario] = label
    window.set_child(grid)
    window.present()
    announce(window, "hostile", widgets, channel=CHANNEL)
    GLib.MainLoop().run()


main()
