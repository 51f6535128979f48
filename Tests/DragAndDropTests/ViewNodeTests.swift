import DragAndDrop
import Foundation
import Testing

@MainActor
@Suite("ViewNode")
struct ViewNodeTests {
    func tree() -> (root: ViewNode, back: ViewNode, front: ViewNode, inner: ViewNode) {
        let root = ViewNode(name: "root", frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let back = ViewNode(name: "back", frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        let front = ViewNode(name: "front", frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        let inner = ViewNode(name: "inner", frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        root.addChild(back)
        root.addChild(front)
        front.addChild(inner)
        return (root, back, front, inner)
    }

    @Test("The front-most child containing the point is hit")
    func frontMost() {
        let (root, back, front, inner) = tree()
        #expect(root.hitTest(CGPoint(x: 20, y: 20)) === back)
        #expect(root.hitTest(CGPoint(x: 60, y: 60)) === inner)
        #expect(root.hitTest(CGPoint(x: 100, y: 100)) === front)
        #expect(root.hitTest(CGPoint(x: 190, y: 10)) === root)
        #expect(root.hitTest(CGPoint(x: 250, y: 10)) == nil)
    }

    @Test("Hidden and non-interactive views and their children are never hit")
    func hiddenAndDisabled() {
        let (root, back, front, _) = tree()
        front.isHidden = true
        #expect(root.hitTest(CGPoint(x: 60, y: 60)) === back)
        front.isHidden = false
        front.isUserInteractionEnabled = false
        #expect(root.hitTest(CGPoint(x: 60, y: 60)) === back)
        #expect(root.hitTest(CGPoint(x: 140, y: 140)) === root)
    }

    @Test("Children outside their parent's bounds are not hit")
    func clippedToParent() {
        let (root, _, front, _) = tree()
        let sticking = ViewNode(name: "sticking", frame: CGRect(x: 90, y: 90, width: 50, height: 50))
        front.addChild(sticking)
        #expect(root.hitTest(CGPoint(x: 145, y: 145)) === sticking)
        #expect(root.hitTest(CGPoint(x: 160, y: 160)) === root)
    }

    @Test("Scrolling a parent (bounds origin) moves its children")
    func scrolled() {
        let (root, _, front, inner) = tree()
        front.bounds.origin = CGPoint(x: 10, y: 10)
        #expect(root.hitTest(CGPoint(x: 52, y: 52)) === inner)
        #expect(root.hitTest(CGPoint(x: 75, y: 75)) === front)
        #expect(inner.convert(CGPoint.zero, to: root) == CGPoint(x: 50, y: 50))
    }

    @Test("Points convert between views, across trees through screen space")
    func conversion() {
        let (root, back, _, inner) = tree()
        #expect(inner.convert(CGPoint(x: 1, y: 2), to: root) == CGPoint(x: 61, y: 62))
        #expect(inner.convert(CGPoint(x: 1, y: 2), to: back) == CGPoint(x: 51, y: 52))
        #expect(back.convert(CGPoint(x: 51, y: 52), to: inner) == CGPoint(x: 1, y: 2))
        #expect(root.convert(CGPoint(x: 61, y: 62), from: nil) == CGPoint(x: 61, y: 62))

        let otherWindow = ViewNode(name: "window2", frame: CGRect(x: 1000, y: 500, width: 300, height: 300))
        #expect(inner.convert(CGPoint.zero, to: otherWindow) == CGPoint(x: -940, y: -440))
        #expect(otherWindow.convert(CGPoint(x: 10, y: 10), to: nil) == CGPoint(x: 1010, y: 510))
        #expect(inner.convert(CGRect(x: 0, y: 0, width: 5, height: 5), to: root)
                == CGRect(x: 60, y: 60, width: 5, height: 5))
    }

    @Test("Moving a child between parents and naming lookups")
    func treeEditing() {
        let (root, back, front, inner) = tree()
        back.addChild(inner)
        #expect(front.children.isEmpty)
        #expect(inner.parent === back)
        #expect(root.descendant(named: "inner") === inner)
        #expect(root.descendant(named: "missing") == nil)
        #expect(inner.root === root)
        inner.removeFromParent()
        #expect(inner.parent == nil)
        #expect(root.descendant(named: "inner") == nil)
        back.insertChild(inner, at: 0)
        #expect(back.children.first === inner)
    }

    @Test("Interactions move between views and are detached on removal")
    func interactions() {
        final class Delegate: DropInteractionDelegate {}
        let delegate = Delegate()
        let (_, back, front, _) = tree()
        let interaction = DropInteraction(delegate: delegate)
        back.addInteraction(interaction)
        #expect(interaction.view === back)
        front.addInteraction(interaction)
        #expect(interaction.view === front)
        #expect(back.interactions.isEmpty)
        front.removeInteraction(interaction)
        #expect(interaction.view == nil)
        #expect(front.interactions.isEmpty)
    }

    @Test("Thousands of children: the spatial index finds the same views as a scan")
    func manyChildren() {
        let root = ViewNode(name: "grid", frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        for row in 0..<50 {
            for column in 0..<50 {
                root.addChild(ViewNode(name: "\(row),\(column)",
                                       frame: CGRect(x: column * 20, y: row * 20, width: 20, height: 20)))
            }
        }
        // A big overlay above everything but in the top-left quarter only,
        // and an overlapping child added last.
        let overlay = ViewNode(name: "overlay", frame: CGRect(x: 0, y: 0, width: 500, height: 500))
        root.addChild(overlay)
        let top = ViewNode(name: "top", frame: CGRect(x: 590, y: 590, width: 30, height: 30))
        root.addChild(top)

        #expect(root.hitTest(CGPoint(x: 100, y: 100))?.name == "overlay")
        #expect(root.hitTest(CGPoint(x: 505, y: 745))?.name == "37,25")
        #expect(root.hitTest(CGPoint(x: 600, y: 600))?.name == "top")
        #expect(root.hitTest(CGPoint(x: 999, y: 999))?.name == "49,49")

        overlay.isHidden = true
        #expect(root.hitTest(CGPoint(x: 100, y: 100))?.name == "5,5")
        root.children[0].frame = CGRect(x: 900, y: 0, width: 10, height: 10)
        #expect(root.hitTest(CGPoint(x: 905, y: 5))?.name == "0,45")
        root.descendant(named: "0,45")?.isHidden = true
        #expect(root.hitTest(CGPoint(x: 905, y: 5))?.name == "0,0")
        #expect(root.hitTest(CGPoint(x: 5, y: 5)) === root)
    }
}
