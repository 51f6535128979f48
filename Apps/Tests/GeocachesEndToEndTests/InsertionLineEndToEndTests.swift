import AppTesting
import DesktopTesting
import Foundation
import Testing

/// The insertion line a person sees while dragging a card sits where the
/// card then lands (read from `--dump-layout`, which reports the line).
@Suite(.serialized, .exclusiveDesktop, .enabled(if: X11Tools.isDisplayAvailable, "No DISPLAY: run under scripts/with-xvfb."),
       .timeLimit(.minutes(2)))
struct InsertionLineEndToEndTests {
    @Test("Between lanes: the line shows above Canal Bridge, and the card lands there")
    func theLineIsWhereTheCardLands() async throws {
        let maker = try await AppUnderTest.cacheMaker()
        defer { maker.cleanUp() }
        let dune = try maker.rect("cards", "Dune Top")
        let bridge = try maker.rect("cards", "Canal Bridge")

        try Pointer.press(at: dune.point(), andMoveTo: bridge.point(y: 0.2))
        var hovering: Layout?
        var failure: (any Error)?
        do {
            hovering = try await maker.waitForLayout("the insertion line shows") { $0.rect("indicators", "completed") != nil }
        } catch {
            failure = error
        }
        try Pointer.release(at: bridge.point(y: 0.2))
        if let failure { throw failure }
        let line = try #require(hovering?.rect("indicators", "completed"))
        #expect(abs(line.center.y - bridge.y) <= 4, "line at \(line.center.y), Canal Bridge's top at \(bridge.y)")
        #expect(hovering?.rect("indicators", "inProgress") == nil)

        try await maker.waitForLanes(Lanes(inProgress: ["Old Oak", "Harbour Light", "Mill Race"],
                                           completed: ["Station Clock", "Dune Top", "Canal Bridge"]))
        _ = try await maker.waitForLayout("no line is left") { $0.rect("indicators", "completed") == nil }
    }
}
