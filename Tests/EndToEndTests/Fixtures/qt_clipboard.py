#!/usr/bin/python3
"""A Qt 5 program that is not a DragKit app, using the clipboard the way
ordinary Qt programs do (QClipboard with QMimeData).

    qt_clipboard.py copy TEXT   # puts TEXT on the clipboard and keeps it there
    qt_clipboard.py watch       # reports what the clipboard holds whenever it changes

Prints one JSON object per line: "ready", then for watch "clipboard" (the
offered formats and the text Qt decodes).
"""
import json
import sys

from PyQt5.QtCore import QTimer
from PyQt5.QtWidgets import QApplication


def emit(event, **fields):
    print(json.dumps({"event": event, **fields}, sort_keys=True), flush=True)


def main():
    app = QApplication(sys.argv[:1])
    role = sys.argv[1] if len(sys.argv) > 1 else "watch"
    clipboard = app.clipboard()
    if role == "copy":
        clipboard.setText(sys.argv[2])
        emit("ready", role="copy")
    else:
        last = []

        def look():
            data = clipboard.mimeData()
            formats = list(data.formats()) if data is not None else []
            text = data.text() if data is not None and data.hasText() else ""
            seen = [formats, text]
            if seen != last and formats:
                last[:] = seen
                emit("clipboard", formats=formats, text=text)

        timer = QTimer()
        timer.timeout.connect(look)
        timer.start(200)
        emit("ready", role="watch")
    sys.exit(app.exec_())


if __name__ == "__main__":
    main()
