import AppTesting
import DesktopTesting
import Foundation
import Testing

/// The DoIt executable under Xvfb with real pointer drags (xdotool): what a
/// person does, judged by `--export-json` and by the windows it shows.
@Suite(.serialized, .exclusiveDesktop, .enabled(if: X11Tools.isDisplayAvailable, "needs an X display (scripts/with-xvfb)"))
struct DoItEndToEndTests {
    /// What `--export-json` prints.
    struct Export: Decodable {
        struct List: Decodable {
            let name: String
            let items: [Item]
        }

        struct Item: Decodable {
            let title: String
            let priority: String
            let completed: Bool
            /// `yyyy-MM-dd`, nil without a due date.
            let due: String?
        }

        let lists: [List]

        func titles(_ name: String) -> [String]? {
            lists.first { $0.name == name }?.items.map(\.title)
        }

        func list(_ name: String) -> List? { lists.first { $0.name == name } }
        func item(_ title: String) -> Item? { lists.flatMap(\.items).first { $0.title == title } }
    }

    /// A point on the screen where no window is.
    static let nowhere: Pointer.Point = (1_180, 740)

    private func launch() async throws -> (AppUnderTest, Layout) {
        let app = try AppUnderTest.launch("DoIt")
        let layout = try await app.waitForLayout {
            $0.rect("lists", "Work") != nil && $0.rect("rows", "Milk") != nil
        }
        return (app, layout)
    }

    private func windowTitles(_ layout: Layout) -> [String] {
        layout.json["windows"]?.array?.compactMap { $0["title"]?.string } ?? []
    }

    /// Drags the list `name` out of Home onto no window and waits for the
    /// window it opens, moved to `point`.
    private func dragOut(list name: String, of app: AppUnderTest, in layout: Layout, to point: Pointer.Point) async throws -> Layout {
        try Pointer.drag(from: layout.requireRect("lists", name).point(), to: Self.nowhere)
        _ = try await app.waitForLayout { windowTitles($0).contains(name) }
        try await app.moveWindow(titled: name, to: point)
        return try await app.waitForLayout { layout in
            (layout.rect(inArray: "windows", where: "title", is: name)?.x ?? 0) >= Double(point.x) - 1
        }
    }

    @Test func aListDraggedOutOntoNoWindowOpensASecondWindow() async throws {
        let (app, layout) = try await launch()
        defer { app.cleanUp() }
        #expect(windowTitles(layout) == ["Do It"])
        let after = try await dragOut(list: "Work", of: app, in: layout, to: (700, 0))
        #expect(windowTitles(after) == ["Do It", "Work"])
        #expect(after.rect("rows", "Book the meeting room") != nil, "the new window shows the list's items")
        #expect(try app.export(as: Export.self).lists.count == 3, "dragging out changed no data")
    }

    @Test func anItemDraggedToAnotherListsWindowMovesThere() async throws {
        let (app, layout) = try await launch()
        defer { app.cleanUp() }
        let after = try await dragOut(list: "Work", of: app, in: layout, to: (700, 0))
        // Lifting Work selected it beside Home; show Groceries there again.
        try Pointer.click(after.requireRect("lists", "Groceries"))
        let both = try await app.waitForLayout { ($0.rect("rows", "Milk")?.x ?? 1_000) < 700 }
        // Milk (Groceries, in the main window) onto the upper part of
        // "Book the meeting room": the gap before it, index 1 of Work.
        try Pointer.drag(from: both.requireRect("rows", "Milk"), to: both.requireRect("rows", "Book the meeting room"), y: 0.2)
        _ = try await app.waitForLayout { layout in
            guard let milk = layout.rect("rows", "Milk") else { return false }
            return milk.x >= 700
        }
        let export = try app.export(as: Export.self)
        #expect(export.titles("Work") == ["Write the report", "Milk", "Book the meeting room", "Answer the mail"])
        #expect(export.titles("Groceries") == ["Bread", "Apples"])
    }

    @Test func textFromAForeignAppBecomesAnItem() async throws {
        let (app, layout) = try await launch()
        defer { app.cleanUp() }
        let source = try await ForeignClient.source(.text("Oranges"), at: (760, 0))
        defer { source.stop() }
        // The lower part of the last row: the gap after it, the end.
        try Pointer.drag(from: source.rect("text"), to: layout.requireRect("rows", "Apples"), y: 0.8)
        _ = try await app.waitForLayout { $0.rect("rows", "Oranges") != nil }
        #expect(try app.export(as: Export.self).titles("Groceries") == ["Milk", "Bread", "Apples", "Oranges"])
    }

    @Test func aJSONFileFromAForeignAppBecomesAnItem() async throws {
        let (app, layout) = try await launch()
        defer { app.cleanUp() }
        let file = app.workFolder.appendingPathComponent("todo-item-drop.json")
        try Data(#"{"title": "Flour", "priority": "high", "notes": "for the bread"}"#.utf8).write(to: file)
        let source = try await ForeignClient.source(.file(file), at: (760, 0))
        defer { source.stop() }
        try Pointer.drag(from: source.rect("file"), to: layout.requireRect("rows", "Milk"), y: 0.2)
        _ = try await app.waitForLayout { $0.rect("rows", "Flour") != nil }
        let export = try app.export(as: Export.self)
        #expect(export.titles("Groceries") == ["Flour", "Milk", "Bread", "Apples"])
        #expect(export.lists.first { $0.name == "Groceries" }?.items.first?.priority == "high")
    }

    @Test func anItemDraggedToAForeignAppArrivesAsTextAndItsUUIDStaysInside() async throws {
        let (app, layout) = try await launch()
        defer { app.cleanUp() }
        let target = try await ForeignClient.target(accepting: ["text/plain;charset=utf-8", "text/plain"], at: (760, 0))
        defer { target.stop() }
        try Pointer.drag(from: layout.requireRect("rows", "Apples"), to: target.rect("target"))
        let drop = try await target.waitForDrop()
        // The sample apples are due tomorrow, whichever day the test runs.
        #expect(drop.text?.hasPrefix("[ ] Apples (due ") == true, "\(drop.text ?? "no text")")
        #expect(drop.formats.contains("application/vnd.dragkit.doit.item+json"))
        #expect(!drop.formats.contains { $0.contains("uuid") }, "the UUID representations never leave the app: \(drop.formats)")
        #expect(app.process.isRunning)
        #expect(try app.export(as: Export.self).titles("Groceries") == ["Milk", "Bread", "Apples"], "a copy out changes nothing")
    }
}
