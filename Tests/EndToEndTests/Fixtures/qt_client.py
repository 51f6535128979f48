#!/usr/bin/python3
"""A Qt 5 app that is not a DragKit app, written the way ordinary Qt widgets
use drag and drop (QDrag with QMimeData; dragEnterEvent/dropEvent).

    qt_client.py source TEXT FILE URL   # offers TEXT, FILE and URL from three labels
    qt_client.py target                 # prints what gets dropped on it

Prints one JSON object per line: "ready" (X11 window id and widget bounds
inside the window), "received" (the formats offered and what Qt decoded),
"drag-end".
"""
import json
import sys

from PyQt5.QtCore import QMimeData, QPoint, Qt, QTimer, QUrl
from PyQt5.QtGui import QDrag
from PyQt5.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget


def emit(event, **fields):
    print(json.dumps({"event": event, **fields}, sort_keys=True), flush=True)


class SourceLabel(QLabel):
    """A label that starts a drag of `mime` once the pointer moves while pressed."""

    def __init__(self, text, mime):
        super().__init__(text)
        self.mime = mime
        self.press = None
        self.setFixedSize(200, 80)
        self.setAlignment(Qt.AlignCenter)
        self.setStyleSheet("background: #efe; border: 1px solid #9c9;")

    def mousePressEvent(self, event):
        self.press = event.pos()

    def mouseMoveEvent(self, event):
        if self.press is None or (event.pos() - self.press).manhattanLength() < QApplication.startDragDistance():
            return
        self.press = None
        drag = QDrag(self)
        drag.setMimeData(self.mime())
        action = drag.exec_(Qt.CopyAction | Qt.MoveAction, Qt.CopyAction)
        emit("drag-end", action={Qt.CopyAction: "copy", Qt.MoveAction: "move"}.get(action, "none"))


class TargetLabel(QLabel):
    """A label that takes any drop and reports it: every offered format, and
    Qt's own reading of text, URLs and HTML."""

    def __init__(self):
        super().__init__("Qt drop target")
        self.setFixedSize(220, 200)
        self.setAlignment(Qt.AlignCenter)
        self.setAcceptDrops(True)

    def dragEnterEvent(self, event):
        event.acceptProposedAction()

    def dragMoveEvent(self, event):
        event.acceptProposedAction()

    def dropEvent(self, event):
        data = event.mimeData()
        event.acceptProposedAction()
        fields = {"formats": list(data.formats())}
        if data.hasUrls():
            urls = data.urls()
            fields["urls"] = [url.toString() for url in urls]
            fields["paths"] = [url.toLocalFile() for url in urls if url.isLocalFile()]
        if data.hasText():
            fields["text"] = data.text()
        if data.hasHtml():
            fields["html"] = data.html()
        emit("received", **fields)


def text_mime(text):
    def make():
        mime = QMimeData()
        mime.setText(text)
        return mime
    return make


def file_mime(path):
    def make():
        mime = QMimeData()
        mime.setUrls([QUrl.fromLocalFile(path)])
        return mime
    return make


def url_mime(url):
    def make():
        mime = QMimeData()
        mime.setUrls([QUrl(url)])
        mime.setText(url)
        return mime
    return make


def announce(window, role, widgets):
    def attempt():
        if not window.isVisible() or window.winId() == 0:
            QTimer.singleShot(20, attempt)
            return
        rects = {}
        for name, widget in widgets.items():
            origin = widget.mapTo(window, QPoint(0, 0))
            rects[name] = [origin.x(), origin.y(), widget.width(), widget.height()]
        emit("ready", role=role, xid=int(window.winId()), widgets=rects)
    QTimer.singleShot(50, attempt)


def main():
    app = QApplication(sys.argv[:1])
    role = sys.argv[1] if len(sys.argv) > 1 else "target"
    window = QWidget(flags=Qt.FramelessWindowHint)
    window.setWindowTitle(f"Qt client {role}")
    layout = QVBoxLayout(window)
    if role == "source":
        text, path, url = sys.argv[2], sys.argv[3], sys.argv[4]
        widgets = {
            "text": SourceLabel("Qt text", text_mime(text)),
            "file": SourceLabel("Qt file", file_mime(path)),
            "url": SourceLabel("Qt link", url_mime(url)),
        }
    else:
        widgets = {"target": TargetLabel()}
    for widget in widgets.values():
        layout.addWidget(widget)
    window.show()
    announce(window, role, widgets)
    sys.exit(app.exec_())


main()
