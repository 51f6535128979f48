#!/bin/sh
# Stands in for an app executable in AppTesting's own tests: understands
# --data-dir, --dump-layout and --export-json the way DragKit apps do.
#   fake_app.sh --data-dir DIR --export-json   prints {"dataDirectory": DIR, "rows": [...]}
#   fake_app.sh --data-dir DIR --dump-layout F writes F (a row moves after 0.3 s), then waits
# FAKE_APP_FAIL=1 makes --export-json fail the way a damaged store would.
set -eu
data="" layout="" export=0
while [ $# -gt 0 ]; do
    case "$1" in
        --data-dir) data="$2"; shift 2 ;;
        --dump-layout) layout="$2"; shift 2 ;;
        --export-json) export=1; shift ;;
        *) shift ;;
    esac
done
mkdir -p "$data"
if [ "$export" = 1 ]; then
    if [ "${FAKE_APP_FAIL:-0}" = 1 ]; then
        echo "The store in $data is damaged." >&2
        exit 3
    fi
    printf '{"dataDirectory": "%s", "rows": ["Alpha", "Beta"]}\n' "$data"
    exit 0
fi
write() {
    printf '%s' "$1" > "$layout.tmp" && mv "$layout.tmp" "$layout"
}
echo '{"event": "started"}'
write '{"windows": [{"title": "Fake", "x": 0, "y": 0, "width": 300, "height": 200}], "rows": {"Alpha": {"x": 10, "y": 40, "width": 280, "height": 30}}}'
sleep 0.3
write '{"windows": [{"title": "Fake", "x": 0, "y": 0, "width": 300, "height": 200}], "rows": {"Alpha": {"x": 10, "y": 40, "width": 280, "height": 30}, "Beta": {"x": 10, "y": 70, "width": 280, "height": 30}}}'
exec sleep 60
