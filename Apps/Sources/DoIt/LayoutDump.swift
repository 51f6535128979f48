import AppSupport
import DragKitGTK
import DragKitWidgets
import Foundation

/// Keeps the `--dump-layout` file current: every window (by title; the
/// start-up error window as "Problem"), every list and group on Home (by
/// name) and every item row shown (by title), in root-window pixels,
/// written atomically after each change.
///
/// ```json
/// {"windows": [{"title": "Do It", "x": 0, "y": 0, "width": 660, "height": 600}],
///  "lists": {"Groceries": {"x": …}}, "groups": {"Today": {"x": …}}, "rows": {"Milk": {"x": …}},
///  "indicators": {"rows": {"x": …}}, "messages": ["Do It can't save changes: …"]}
/// ```
@MainActor
final class LayoutDump {
    private(set) var reporter: LayoutReporter!
    /// The messages the windows show now (error banners, the start-up
    /// problem), written with the frames so a test can read what a person
    /// is told.
    var messages: @MainActor () -> [String] = { [] }

    init(file: URL) {
        reporter = LayoutReporter { [weak self, file = LayoutFile(url: file)] report in
            LayoutDump.write(report, messages: self?.messages() ?? [], to: file)
        }
    }

    /// Window names are "<id> <title>" so that two windows of one list
    /// are both reported; the id orders them and is dropped here.
    static func windowName(id: Int, title: String) -> String {
        "\(id) \(title)"
    }

    private static func write(_ report: LayoutReport, messages: [String], to file: LayoutFile) {
        func id(_ name: String) -> Int { Int(name.prefix { $0 != " " }) ?? 0 }
        func title(_ name: String) -> String { String(name.drop { $0 != " " }.dropFirst()) }
        let windows: [LayoutValue] = report["windows"]
            .sorted { id($0.key) < id($1.key) }
            .map { name, frame in .rect(frame, fields: ["title": title(name)]) }
        try? file.write([
            "windows": .array(windows),
            "lists": .rects(report["lists"]),
            "groups": .rects(report["groups"]),
            "rows": .rects(report["rows"]),
            // The insertion line a hovering drag shows, by list ("lists" on
            // Home, "rows" in the shown list); empty when none shows.
            "indicators": .rects(report["indicators"]),
            "messages": .strings(messages),
        ])
    }
}
