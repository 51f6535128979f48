#!/usr/bin/python3
"""Serves a page for a browser on 127.0.0.1 and prints what the page reports.

    browser_page.py   # prints {"event": "listening", "url": ...} first

The page offers a link and a draggable text (with HTML) as drag sources and a
drop zone whose JavaScript drop handler posts everything that arrived back
here. Every report is printed as one JSON line: "ready" (the widgets' bounds
inside the browser window, title bar included), "received" (the types and
data of a drop, and any files' names, sizes and first bytes), "drag-end".
"""
import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>DragKit browser fixture</title>
<style>
  body { margin: 0; font: 16px sans-serif; }
  .box { position: absolute; left: 10px; width: 220px; height: 80px; border: 1px solid #999;
         display: flex; align-items: center; justify-content: center; user-select: none; }
  #link { top: 10px; } #text { top: 100px; } #drop { top: 190px; height: 140px; background: #eef; }
</style></head>
<body>
<a id="link" class="box" href="https://example.org/chromium?from=page">Example Page ü</a>
<div id="text" class="box" draggable="true">Grüße aus Chromium</div>
<div id="drop" class="box">Drop here</div>
<script>
function post(event) { fetch("/event", { method: "POST", body: JSON.stringify(event) }); }
document.getElementById("text").addEventListener("dragstart", (e) => {
  e.dataTransfer.setData("text/plain", "Grüße aus Chromium");
  e.dataTransfer.setData("text/html", "<b>Grüße</b> aus Chromium");
});
for (const id of ["link", "text"]) {
  document.getElementById(id).addEventListener("dragend", (e) =>
    post({ event: "drag-end", source: id, dropEffect: e.dataTransfer.dropEffect }));
}
const drop = document.getElementById("drop");
drop.addEventListener("dragover", (e) => { e.preventDefault(); e.dataTransfer.dropEffect = "copy"; });
drop.addEventListener("drop", async (e) => {
  e.preventDefault();
  const types = [...e.dataTransfer.types];
  const data = {};
  for (const type of types) { if (type !== "Files") data[type] = e.dataTransfer.getData(type); }
  const files = [];
  for (const file of e.dataTransfer.files) {
    const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
    files.push({ name: file.name, size: file.size, head: [...head] });
  }
  post({ event: "received", types, data, files });
});
function announce() {
  // Bounds inside the window: the page's own title bar (no window manager
  // under Xvfb) sits above the content.
  const top = window.outerHeight - window.innerHeight, left = window.outerWidth - window.innerWidth;
  const widgets = {};
  for (const id of ["link", "text", "drop"]) {
    const r = document.getElementById(id).getBoundingClientRect();
    widgets[id] = [Math.round(r.x + left), Math.round(r.y + top), Math.round(r.width), Math.round(r.height)];
  }
  post({ event: "ready", role: "page", widgets });
}
window.addEventListener("load", () => setTimeout(announce, 100));
</script>
</body></html>
"""


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        body = PAGE.encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        event = json.loads(self.rfile.read(length) or b"{}")
        print(json.dumps(event, sort_keys=True, ensure_ascii=False), flush=True)
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(json.dumps({"event": "listening", "url": f"http://127.0.0.1:{server.server_port}/"}), flush=True)
    server.serve_forever()


main()
