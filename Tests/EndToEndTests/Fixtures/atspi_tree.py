#!/usr/bin/python3
"""Reads a program's accessibility tree over AT-SPI, as a screen reader does.
Run inside its own D-Bus session:

    dbus-run-session -- /usr/bin/python3 atspi_tree.py PROGRAM NAME [ARGS...] -- STEP...

Starts the accessibility bus (at-spi-bus-launcher), then PROGRAM with
GTK_A11Y=atspi, waits for the application called NAME in the registry and
moves its window to the screen's corner, then runs the steps:

    dump              prints every accessible of the application
    until:TEXT        waits (up to 60 seconds) until an accessible whose name
                      contains TEXT is shown, then dumps at once: for a part
                      shown only while something runs (a count and Cancel)
    click:TEXT        clicks the middle of the accessible named TEXT
    key:KEYS          presses KEYS (xdotool syntax)
    sleep:SECONDS

Prints one JSON object per line: "ready", "node" (dump number, depth,
role, name, description, states, actions) and "done".
"""
import json
import os
import subprocess
import sys
import time


def emit(event, **fields):
    print(json.dumps({"event": event, **fields}, sort_keys=True), flush=True)


def quiet_cache_race():
    """libatspi asks every application on the bus for its cache of
    accessibles as the registry lists it; an application that has just
    registered may not have exported the cache yet, and libatspi prints a
    warning for that in this reader (the application is asked again when it
    announces its objects). Only that message is dropped: the application's
    own warnings and every other reader warning still fail a test."""
    from gi.repository import GLib

    def handler(domain, level, message, _data):
        if "Error in GetItems" in message and "/org/a11y/atspi/cache" in message:
            return
        GLib.log_default_handler(domain, level, message, None)

    GLib.log_set_handler("dbind", GLib.LogLevelFlags.LEVEL_WARNING, handler, None)


def main():
    split = sys.argv.index("--")
    program, app_name, program_args = sys.argv[1], sys.argv[2], sys.argv[3:split]
    steps = sys.argv[split + 1:]
    launcher = subprocess.Popen(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"])
    time.sleep(1)
    env = dict(os.environ, GTK_A11Y="atspi")
    app_process = subprocess.Popen([program] + program_args, env=env, stdout=subprocess.DEVNULL)
    try:
        import pyatspi
        quiet_cache_race()
        app = None
        for _ in range(100):
            desktop = pyatspi.Registry.getDesktop(0)
            app = next((a for a in desktop if a is not None and a.name == app_name and a.childCount > 0), None)
            if app is not None:
                break
            time.sleep(0.1)
        if app is None:
            emit("error", message="no application named %s on the accessibility bus" % app_name)
            return 1
        window_id = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(app_process.pid)],
                                   capture_output=True, text=True).stdout.split()[0]
        subprocess.run(["xdotool", "windowmove", "--sync", window_id, "0", "0"])
        time.sleep(0.5)
        emit("ready", application=app.name)
        dumps = 0
        for step in steps:
            kind, _, value = step.partition(":")
            if kind == "dump" or kind == "until":
                if kind == "until" and not wait_for(app, value):
                    emit("error", message="nothing named with %s in 60 seconds" % value)
                    continue
                dumps += 1
                # Read every property fresh, as a screen reader asking after
                # a change would, not from the client's cache.
                app.clear_cache()
                walk(pyatspi, app, 0, dumps)
            elif kind == "click":
                node = find(app, value)
                if node is None:
                    emit("error", message="nothing named %s" % value)
                    continue
                x, y, w, h = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
                subprocess.run(["xdotool", "mousemove", str(x + w // 2), str(y + h // 2), "click", "1"])
                time.sleep(0.4)
            elif kind == "key":
                subprocess.run(["xdotool", "key", "--clearmodifiers", value])
                time.sleep(0.4)
            elif kind == "sleep":
                time.sleep(float(value))
        emit("done")
        return 0
    finally:
        # A program started by a test runner can inherit a blocked SIGTERM:
        # give it a moment, then kill it.
        app_process.terminate()
        try:
            app_process.wait(timeout=3)
        except subprocess.TimeoutExpired:
            app_process.kill()
            app_process.wait()
        launcher.terminate()


def wait_for(app, text):
    """Whether an accessible whose name contains text shows within 60 seconds."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        app.clear_cache()
        if find(app, text, matches=lambda name: text in name) is not None:
            return True
        time.sleep(0.05)
    return False


def find(node, name, depth=0, matches=None):
    if node is None or depth > 40:
        return None
    if (matches(node.name or "") if matches else node.name == name):
        return node
    for child in node:
        found = find(child, name, depth + 1, matches)
        if found is not None:
            return found
    return None


def walk(pyatspi, node, depth, dump):
    if node is None or depth > 40:
        return
    states = node.getState()
    names = [pyatspi.stateToString(s) for s in states.getStates()]
    actions = []
    try:
        action = node.queryAction()
        actions = [action.getName(i) for i in range(action.nActions)]
    except NotImplementedError:
        pass
    emit("node", dump=dump, depth=depth, role=node.getRoleName(), name=node.name or "",
         description=node.description or "", states=names, actions=actions)
    for child in node:
        walk(pyatspi, child, depth + 1, dump)


if __name__ == "__main__":
    sys.exit(main())
