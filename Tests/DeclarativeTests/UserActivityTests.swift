import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing
import UniformTypes

@MainActor
@Suite("User activities: a list dragged out over no window opens a new window")
struct UserActivityTests {
    static let showList = "org.dragkit.tests.ShowTodoList"
    let activity = UserActivity(activityType: showList, title: "Groceries",
                                targetContentIdentifier: "8E0F2B1C-LIST", userInfo: ["filter": "open"])
    let row = view("row", x: 0)
    let zone = view("zone", x: 200)
    let harness: DragDropHarness
    var opened: [UserActivity] = []

    init() {
        (_, harness) = window([row, zone])
        row.onDrag { [activity] in
            let provider = ItemProvider(transferable: Todo(title: "Groceries"))
            provider.registerUserActivity(activity)
            return provider
        }
    }

    func handle(_ types: Set<String>) -> OpenedWindows {
        let windows = OpenedWindows()
        harness.engine.handleUserActivities(types) { windows.activities.append($0) }
        return windows
    }

    @Test("over nothing: the app is asked to open a window; the drag ends as a copy")
    func overNothing() async throws {
        let windows = handle([Self.showList])
        let drag = try harness.lift(from: "row")
        try drag.moveOutside()
        #expect(try await drag.drop() == .copy)
        #expect(windows.activities == [activity])
        #expect(harness.transcript.calls(on: "row").suffix(2) == [
            .source("row", .willEnd(.copy)), .source("row", .didEnd(.copy)),
        ])
    }

    @Test("a point outside the root, hit-tested, is over nothing too")
    func hitTestedOutside() async throws {
        let windows = handle([Self.showList])
        let drag = try harness.lift(from: "row")
        try drag.move(to: CGPoint(x: 900, y: 900))
        #expect(try await drag.drop() == .copy)
        #expect(windows.activities.count == 1)
    }

    @Test("on a window: a target drops as usual; a view without one cancels; no window opens")
    func overAWindow() async throws {
        let windows = handle([Self.showList])
        var dropped: [Todo] = []
        zone.dropDestination(for: Todo.self) { items, _ in dropped += items; return true }
        let onTarget = try harness.lift(from: "row")
        try onTarget.moveOutside()
        try onTarget.move(to: "zone")
        #expect(try await onTarget.drop() == .copy)
        #expect(dropped == [Todo(title: "Groceries")])

        let onWindow = try harness.lift(from: "row")
        try onWindow.moveOutside()
        try onWindow.move(to: CGPoint(x: 500, y: 500))      // the window itself, no target
        #expect(try await onWindow.drop() == .cancel)
        #expect(windows.activities.isEmpty)
    }

    @Test("an activity the app does not handle, or no activity: over nothing cancels")
    func notHandled() async throws {
        let windows = handle(["org.dragkit.tests.Other"])
        let drag = try harness.lift(from: "row")
        try drag.moveOutside()
        #expect(try await drag.drop() == .cancel)

        #expect(windows.activities.isEmpty)

        let handling = handle([Self.showList])
        row.onDrag { textProvider("no activity") }
        let plain = try harness.lift(from: "row")
        try plain.moveOutside()
        #expect(try await plain.drop() == .cancel)
        #expect(handling.activities.isEmpty)
    }

    @Test("the activity crosses to another process intact, under its own MIME type")
    func crossesProcesses() async throws {
        let provider = ItemProvider()
        provider.registerUserActivity(activity)
        let outside = provider.view(for: .otherProcess)
        #expect(outside.registeredContentTypes == [.userActivity])
        #expect(UTType.userActivity.preferredMIMEType == "application/x-dragkit-user-activity+json")
        #expect(UTType.userActivity.conforms(to: .json))
        #expect(try await outside.loadUserActivity() == activity)
        // Bytes as another process reads them, decoded there.
        let bytes = try await outside.loadDataRepresentation(for: .userActivity)
        #expect(try JSONDecoder().decode(UserActivity.self, from: bytes) == activity)
    }

    @Test("a drop on a window ignores the activity: a destination sees only the item")
    func dropIgnoresActivity() async throws {
        let windows = handle([Self.showList])
        var providers: [ItemProvider] = []
        zone.onDrop(of: [.testTodo]) { providers = $0; return true }
        let drag = try harness.lift(from: "row")
        try drag.move(to: "zone")
        #expect(try await drag.drop() == .copy)
        #expect(providers.count == 1)
        #expect(windows.activities.isEmpty)
    }
}

@MainActor
final class OpenedWindows {
    var activities: [UserActivity] = []
}
