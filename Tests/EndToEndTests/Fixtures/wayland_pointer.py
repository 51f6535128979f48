#!/usr/bin/python3
"""Moves a pointer on a wlroots compositor (sway) the way a person does,
through the compositor's virtual-pointer protocol
(zwlr_virtual_pointer_manager_v1), speaking the Wayland wire protocol
directly so no binding library is needed.

    wayland_pointer.py WIDTH HEIGHT COMMAND...
        move X Y | down | up | sleep SECONDS

Connects to $WAYLAND_DISPLAY (a name in $XDG_RUNTIME_DIR, or a path).
"""
import os
import socket
import struct
import sys
import time

BTN_LEFT = 0x110


class Connection:
    def __init__(self):
        name = os.environ.get("WAYLAND_DISPLAY", "wayland-0")
        path = name if name.startswith("/") else os.path.join(os.environ["XDG_RUNTIME_DIR"], name)
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.next_id = 2
        self.buffer = b""

    def new_id(self):
        self.next_id += 1
        return self.next_id - 1

    def send(self, obj, opcode, payload=b""):
        self.sock.sendall(struct.pack("<II", obj, ((8 + len(payload)) << 16) | opcode) + payload)

    def read_event(self):
        while len(self.buffer) < 8:
            self.buffer += self.sock.recv(4096)
        obj, word = struct.unpack("<II", self.buffer[:8])
        size = word >> 16
        while len(self.buffer) < size:
            self.buffer += self.sock.recv(4096)
        event, self.buffer = self.buffer[:size], self.buffer[size:]
        return obj, word & 0xFFFF, event[8:]


def string(text):
    data = text.encode() + b"\0"
    return struct.pack("<I", len(data)) + data + b"\0" * (-len(data) % 4)


def read_string(payload, offset):
    (length,) = struct.unpack_from("<I", payload, offset)
    text = payload[offset + 4:offset + 4 + length - 1].decode()
    return text, offset + 4 + length + (-length % 4)


def main():
    width, height = int(sys.argv[1]), int(sys.argv[2])
    commands = sys.argv[3:]
    wl = Connection()
    registry = wl.new_id()
    wl.send(1, 1, struct.pack("<I", registry))  # wl_display.get_registry
    callback = wl.new_id()
    wl.send(1, 0, struct.pack("<I", callback))  # wl_display.sync
    globals_ = {}
    while True:
        obj, opcode, payload = wl.read_event()
        if obj == registry and opcode == 0:
            (name,) = struct.unpack_from("<I", payload, 0)
            interface, offset = read_string(payload, 4)
            (version,) = struct.unpack_from("<I", payload, offset)
            globals_[interface] = (name, version)
        elif obj == callback:
            break
        elif obj == 1 and opcode == 0:
            sys.exit("wayland error: " + repr(payload))

    def bind(interface, version):
        if interface not in globals_:
            sys.exit(f"The compositor has no {interface}: it must be a wlroots compositor such as sway.")
        new = wl.new_id()
        name, _ = globals_[interface]
        wl.send(registry, 0, struct.pack("<I", name) + string(interface) + struct.pack("<II", version, new))
        return new

    seat = bind("wl_seat", 1)
    manager = bind("zwlr_virtual_pointer_manager_v1", 1)
    pointer = wl.new_id()
    wl.send(manager, 0, struct.pack("<II", seat, pointer))  # create_virtual_pointer

    def stamp():
        return int(time.monotonic() * 1000) & 0xFFFFFFFF

    index = 0
    while index < len(commands):
        command = commands[index]
        if command == "move":
            x, y = int(commands[index + 1]), int(commands[index + 2])
            wl.send(pointer, 1, struct.pack("<IIIII", stamp(), x, y, width, height))  # motion_absolute
            wl.send(pointer, 4)  # frame
            index += 3
        elif command in ("down", "up"):
            wl.send(pointer, 2, struct.pack("<III", stamp(), BTN_LEFT, 1 if command == "down" else 0))
            wl.send(pointer, 4)
            index += 1
        elif command == "sleep":
            time.sleep(float(commands[index + 1]))
            index += 2
        else:
            sys.exit(f"unknown command {command}")
    # A round trip, so every request reached the compositor before exiting.
    done = wl.new_id()
    wl.send(1, 0, struct.pack("<I", done))
    while wl.read_event()[0] != done:
        pass


main()
