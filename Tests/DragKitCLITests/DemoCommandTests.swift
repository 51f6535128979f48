import Testing

@Suite("dragkit demo")
struct DemoCommandTests {
    @Test("The scripted board ends with a reorder, a move, a copy through a placeholder, and a cancel")
    func demoBoard() throws {
        let result = try DragkitProcess.run(["demo"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let steps = result.stdout.components(separatedBy: "\n\n")
        #expect(steps.count == 5)
        #expect(steps[1].contains("-> move\n  In progress: Quarry, Old Mill, Lighthouse\n  Completed: Bridge"))
        #expect(steps[2].contains("-> move\n  In progress: Quarry, Old Mill\n  Completed: Lighthouse, Bridge"))
        #expect(steps[3].contains("-> copy\n  In progress: Quarry, Old Mill\n  Completed: Lighthouse, Castle Ruin, Bridge"))
        #expect(steps[4].contains("-> cancel\n  In progress: Quarry, Old Mill\n  Completed: Lighthouse, Castle Ruin, Bridge"))
    }

    @Test("--transcript prints the delegate calls of each drag, source and destination, in order")
    func transcript() throws {
        let result = try DragkitProcess.run(["demo", "--transcript"])
        #expect(result.status == 0)
        let copyStep = try #require(result.stdout.components(separatedBy: "\n\n").dropFirst(3).first)
        let calls = copyStep.split(separator: "\n").filter { $0.hasPrefix("    drag#") }
            .map { $0.split(separator: ":", maxSplits: 1)[1].split(separator: " at ")[0].trimmingCharacters(in: .whitespaces) }
        #expect(calls == ["canHandle -> true", "didEnter", "didUpdate -> copy", "performDrop", "concludeDrop", "didEnd"])
    }
}
