import AppTesting
import DesktopTesting
import Foundation
import Testing

/// The insertion line a person sees while dragging a row sits where the
/// row then lands (read from `--dump-layout`, which reports the line).
@Suite(.serialized, .exclusiveDesktop, .enabled(if: X11Tools.isDisplayAvailable, "needs an X display (scripts/with-xvfb)"))
struct DoItIndicatorEndToEndTests {
    @Test func theInsertionLineIsWhereTheRowLands() async throws {
        let app = try AppUnderTest.launch("DoIt")
        defer { app.cleanUp() }
        let layout = try await app.waitForLayout { $0.rect("rows", "Apples") != nil && $0.rect("rows", "Bread") != nil }
        let bread = try layout.requireRect("rows", "Bread")
        let apples = try layout.requireRect("rows", "Apples")

        // Apples onto the upper part of Bread, held there.
        try Pointer.press(at: apples.point(), andMoveTo: bread.point(y: 0.2))
        var hovering: Layout?
        var failure: (any Error)?
        do {
            hovering = try await app.waitForLayout { $0.rect("indicators", "rows") != nil }
        } catch {
            failure = error
        }
        try Pointer.release(at: bread.point(y: 0.2))
        if let failure { throw failure }
        let line = try #require(hovering?.rect("indicators", "rows"))
        // The line is drawn on the boundary above Bread, across the list.
        #expect(abs(line.center.y - bread.y) <= 4, "line at \(line.center.y), Bread's top at \(bread.y)")
        #expect(line.width >= bread.width * 0.9)

        // And that is where Apples lands: just above Bread.
        _ = try await app.waitForLayout { ($0.rect("rows", "Apples")?.y ?? .infinity) < ($0.rect("rows", "Bread")?.y ?? 0) }
        let titles = try app.export(as: DoItEndToEndTests.Export.self).titles("Groceries") ?? []
        #expect(Array(titles.suffix(2)) == ["Apples", "Bread"])
        // Once dropped, no line is left.
        _ = try await app.waitForLayout { $0.rect("indicators", "rows") == nil }
    }
}
