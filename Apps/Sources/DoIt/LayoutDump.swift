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
    private let file: URL
    private(set) var reporter: LayoutReporter!
    /// The messages the windows show now (error banners, the start-up
    /// problem), written with the frames so a test can read what a person
    /// is told.
    var messages: @MainActor () -> [String] = { [] }

    init(file: URL) {
        self.file = file
        reporter = LayoutReporter { [weak self, file] report in
            LayoutDump.write(report, messages: self?.messages() ?? [], to: file)
        }
    }

    /// The file's JSON.
    struct Document: Encodable {
        struct Window: Encodable {
            let title: String
            let x, y, width, height: Double
        }

        let windows: [Window]
        let lists: [String: LayoutRect]
        let groups: [String: LayoutRect]
        let rows: [String: LayoutRect]
        /// The insertion line a hovering drag shows, by list ("lists" on
        /// Home, "rows" in the shown list); absent when none shows.
        let indicators: [String: LayoutRect]
        let messages: [String]
    }

    /// Window names are "<id> <title>" so that two windows of one list
    /// are both reported; the id orders them and is dropped here.
    static func windowName(id: Int, title: String) -> String {
        "\(id) \(title)"
    }

    private static func write(_ report: LayoutReport, messages: [String], to file: URL) {
        func rect(_ frame: CGRect) -> LayoutRect {
            LayoutRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height)
        }
        let windows = report["windows"]
            .map { (name: $0.key, frame: $0.value) }
            .sorted { (Int($0.name.prefix { $0 != " " }) ?? 0) < (Int($1.name.prefix { $0 != " " }) ?? 0) }
            .map { entry in
                Document.Window(title: String(entry.name.drop { $0 != " " }.dropFirst()),
                                x: entry.frame.minX, y: entry.frame.minY,
                                width: entry.frame.width, height: entry.frame.height)
            }
        let document = Document(windows: windows, lists: report["lists"].mapValues(rect),
                                groups: report["groups"].mapValues(rect), rows: report["rows"].mapValues(rect),
                                indicators: report["indicators"].mapValues(rect), messages: messages)
        try? AtomicFile.writeJSON(document, to: file)
    }
}
