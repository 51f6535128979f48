import DragAndDrop
import DragDropTesting
import Foundation
import Testing

/// How a list's delegate calls show up in the engine's reports.
@MainActor
@Suite struct ListTranscriptTests {
    @Test func listCallsAreReportedOnlyWhenAskedFor() async throws {
        let quiet = ScriptedList(["a", "b"])
        let plainHarness = DragDropHarness(root: quiet.window)
        let drag = try plainHarness.dragFromOtherProcess([textProvider("x")])
        try drag.move(to: "list", at: rowPoint(1, 0.2))
        #expect(try await drag.drop() == .copy)
        #expect(plainHarness.transcript.calls == [
            .destination("list", .canHandle(true)),
            .destination("list", .didEnter),
            .destination("list", .didUpdate(.copy)),
            .destination("list", .performDrop),
            .destination("list", .concludeDrop),
            .destination("list", .didEnd),
        ])
        #expect(plainHarness.transcript.listCalls(on: "list").isEmpty)
    }

    @Test func listCallsReadAsLinesWithTheirIndexPathsAndProposals() async throws {
        let scripted = ScriptedList(["a", "b"])
        let drag = try scripted.harness.dragFromOtherProcess([textProvider("x")])
        try drag.move(to: "list", at: rowPoint(1, 0.25))
        try drag.move(to: "list", at: CGPoint(x: 100, y: 300))
        #expect(try await drag.drop() == .copy)
        #expect(scripted.harness.transcript.lines.filter { $0.contains(" list list: ") } == [
            "drag#1 list list: canHandle -> true at (100, 55)",
            "drag#1 list list: dropSessionDidEnter at (100, 55)",
            "drag#1 list list: dropSessionDidUpdate at [0, 1] -> copy insertAtDestinationIndexPath at (100, 55)",
            "drag#1 list list: dropSessionDidUpdate at nil -> copy insertAtDestinationIndexPath at (100, 300)",
            "drag#1 list list: performDrop at nil copy insertAtDestinationIndexPath at (100, 300)",
            "drag#1 list list: dropSessionDidEnd at (100, 300)",
        ])
    }
}
