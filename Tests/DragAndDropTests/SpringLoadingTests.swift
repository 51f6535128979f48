import DragAndDrop
import DragDropTesting
import Foundation
import Testing

@MainActor
@Suite("Spring loading")
struct SpringLoadingTests {
    /// A window with a drag source and a spring-loaded "folder".
    @MainActor
    struct FolderScene {
        let scene = Scene()
        let folder = ViewNode(name: "folder", frame: CGRect(x: 100, y: 200, width: 60, height: 60))
        let spring: SpringLoadedInteraction
        let opened: Counter

        init(delay: Duration = .milliseconds(500)) {
            let opened = Counter()
            self.opened = opened
            spring = SpringLoadedInteraction(delay: delay) { _, context in
                opened.count += 1
                opened.locations.append(context.location(in: context.targetView))
            }
            folder.addInteraction(spring)
            scene.window.addChild(folder)
        }
    }

    @MainActor
    final class Counter {
        var count = 0
        var locations: [CGPoint] = []
    }

    @Test("Hovering for the delay fires once; shorter hovers do not")
    func firesAfterDelay() throws {
        let setup = FolderScene()
        let drag = try setup.scene.harness.lift(from: "photo")
        try drag.move(to: "folder")
        try drag.hover(for: .milliseconds(499))
        #expect(setup.opened.count == 0)
        try drag.hover(for: .milliseconds(1))
        #expect(setup.opened.count == 1)
        #expect(setup.opened.locations == [CGPoint(x: 30, y: 30)])
        try drag.hover(for: .seconds(5))
        try drag.move(to: "folder", at: CGPoint(x: 10, y: 10))
        #expect(setup.opened.count == 1)
        #expect(setup.scene.harness.transcript.calls(on: "folder") == [.springLoaded("folder", .activated)])
    }

    @Test("Leaving before the delay resets the timer; coming back fires again")
    func leavingResets() throws {
        let setup = FolderScene()
        let drag = try setup.scene.harness.lift(from: "photo")
        try drag.move(to: "folder")
        try drag.hover(for: .milliseconds(400))
        try drag.move(to: "label")
        try drag.hover(for: .milliseconds(400))
        try drag.move(to: "folder")
        try drag.hover(for: .milliseconds(400))
        #expect(setup.opened.count == 0)
        try drag.hover(for: .milliseconds(100))
        #expect(setup.opened.count == 1)
        try drag.move(to: "label")
        try drag.move(to: "folder")
        try drag.hover(for: .milliseconds(500))
        #expect(setup.opened.count == 2)
    }

    @Test("A move after the delay fires without a tick, and the engine says when to tick")
    func moveFiresAndDeadline() throws {
        let setup = FolderScene()
        let harness = setup.scene.harness
        let drag = try harness.lift(from: "photo")
        #expect(harness.engine.timeUntilNextSpringLoad == nil)
        try drag.move(to: "folder")
        #expect(harness.engine.timeUntilNextSpringLoad == .milliseconds(500))
        harness.clock.advance(by: .milliseconds(600))
        #expect(setup.opened.count == 0)
        try drag.move(to: "folder", at: CGPoint(x: 5, y: 5))
        #expect(setup.opened.count == 1)
        #expect(harness.engine.timeUntilNextSpringLoad == nil)
    }

    @Test("shouldActivate can refuse, and disabled interactions never fire")
    func refusedAndDisabled() throws {
        let setup = FolderScene()
        setup.spring.shouldActivate = { _, _ in false }
        let drag = try setup.scene.harness.lift(from: "photo")
        try drag.move(to: "folder")
        try drag.hover(for: .seconds(1))
        #expect(setup.opened.count == 0)
        #expect(setup.scene.harness.transcript.calls(on: "folder") == [.springLoaded("folder", .shouldActivate(false))])

        setup.spring.shouldActivate = nil
        setup.spring.isEnabled = false
        try drag.move(to: "label")
        try drag.move(to: "folder")
        try drag.hover(for: .seconds(1))
        #expect(setup.opened.count == 0)
    }

    @Test("Spring loading works for drags from another process")
    func externalDrag() throws {
        let setup = FolderScene()
        let drag = try setup.scene.harness.dragFromOtherProcess(objects: ["x"])
        try drag.move(to: "folder")
        try drag.hover(for: .seconds(1))
        #expect(setup.opened.count == 1)
    }
}
