import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import Testing

@MainActor
@Suite("README's SwiftUI-style example")
struct ReadmeSwiftUIExampleTests {
    @Test("The badge written with dropDestination takes a name from another process")
    func badge() async throws {
        // The README's code, kept compiling and true.
        var name = ""
        let badge = ViewNode(name: "badge", frame: CGRect(x: 0, y: 0, width: 200, height: 80))
            .dropDestination(for: String.self) { names, _ in
                name = names.first ?? ""
                return true
            }

        let harness = DragDropHarness(root: badge)
        let drag = try harness.dragFromOtherProcess(objects: ["Ada Lovelace"])
        try drag.move(to: "badge")
        #expect(try await drag.drop() == .copy)
        #expect(name == "Ada Lovelace")
    }
}
