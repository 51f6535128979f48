import Benchmark
import ContactsCore
import DragAndDrop
import DragDropTesting
import Foundation
import ItemProviders
import VCard

// Contacts at scale, each figure against a baseline in the same run:
// - opening the table (store, rows, list, selection: what the window needs
//   before its first frame) with 100,000 contacts against 1,000;
// - Ctrl+A and a lift of 50,000 contacts through the drag engine against a
//   lift of 1,000 (the drag's items, its local context, nothing written);
// - the 50,000-contact vCard a destination loads when the drag is dropped
//   (written then, not at the lift) against the 1,000-contact one.

/// A data folder holding `count` contacts, made once per run.
func folder(holding count: Int) -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("contacts-bench-\(count)-\(getpid())")
    if FileManager.default.fileExists(atPath: folder.appendingPathComponent(ContactStore.fileName).path) { return folder }
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let store = try! ContactStore(folder: folder)
    try! store.removeAllContacts()
    let cards = (0..<count).map { number in
        VCard(version: .v3_0, properties: [
            .text("FN", "Person \(number)"),
            .text("EMAIL", "person\(number)@example.com"), .text("TEL", "+1 555 \(number)"),
            .text("ORG", "Company \(number % 500)"),
        ])
    }
    try! store.insert(cards, at: 0)
    return folder
}

/// The table opened from `folder` with every contact selected, as after
/// Ctrl+A. The caller keeps the scene: the list holds its delegate weakly.
@MainActor
func openedScene(_ folder: URL) -> (ContactsScene, DragDropHarness) {
    let scene = try! ContactsScene(store: try! ContactStore(folder: folder))
    scene.table.selection.selectAll(in: scene.table.order)
    return (scene, DragDropHarness(root: scene.root))
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: 1,
        maxDuration: .seconds(10),
        maxIterations: 20
    )

    for count in [1_000, 100_000] {
        let name = count == 1_000 ? "Baseline: open the contacts table, 1,000 contacts" : "Open the contacts table, 100,000 contacts"
        Benchmark(name) { benchmark in
            let folder = folder(holding: count)
            // The harness waits for this closure, so handing it to the main
            // actor for the measurement races with nothing.
            nonisolated(unsafe) let benchmark = benchmark
            await MainActor.run {
                benchmark.startMeasurement()
                let scene = try! ContactsScene(store: try! ContactStore(folder: folder))
                benchmark.stopMeasurement()
                precondition(scene.table.contacts.count == count && scene.detail.contact?.displayName == "Person 0")
            }
        }
    }

    for count in [1_000, 50_000] {
        let name = count == 1_000 ? "Baseline: Ctrl+A and lift 1,000 contacts" : "Ctrl+A and lift 50,000 contacts"
        Benchmark(name) { benchmark in
            let folder = folder(holding: count)
            nonisolated(unsafe) let benchmark = benchmark
            await MainActor.run {
                let (scene, harness) = openedScene(folder)
                benchmark.startMeasurement()
                let drag = try! harness.lift(from: ContactsTable.name, at: CGPoint(x: 100, y: 66))
                benchmark.stopMeasurement()
                precondition(drag.dragSession?.items.count == count)
                try! drag.cancel()
                withExtendedLifetime(scene) {}
            }
        }
    }

    for count in [1_000, 50_000] {
        let name = count == 1_000
            ? "Baseline: the 1,000-contact vCard, written when loaded"
            : "The 50,000-contact vCard, written when loaded"
        Benchmark(name) { benchmark in
            let folder = folder(holding: count)
            nonisolated(unsafe) let benchmark = benchmark
            await Task { @MainActor in
                let (scene, harness) = openedScene(folder)
                let drag = try! harness.lift(from: ContactsTable.name, at: CGPoint(x: 100, y: 66))
                let combined = ContactItemProvider.combined(for: drag.dragSession!.items)!
                benchmark.startMeasurement()
                let data = try! await combined.loadDataRepresentation(for: .vCard)
                benchmark.stopMeasurement()
                precondition(data.count > count * 50)
                try! drag.cancel()
                withExtendedLifetime(scene) {}
            }.value
        }
    }
}
