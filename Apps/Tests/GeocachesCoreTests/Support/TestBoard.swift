import DragAndDrop
import DragDropTesting
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ItemProviders
import UniformTypes
@testable import GeocachesCore

/// A board in a fresh temporary folder: lanes 200 wide with 44-point rows
/// ("in progress" at x 0, "completed" at x 250), and to their right a notes
/// view taking plain text and a photos view taking PNG, standing for other
/// apps.
@MainActor
final class TestBoard {
    let folder: URL
    let board: CacheBoard
    let notes = Collector(accepting: .plainText)
    let photos = Collector(accepting: .png)
    let harness: DragDropHarness

    init(inProgress: [String] = ["Bridge", "Oak", "Pier", "Tower"], completed: [String] = ["Lake", "Mill"],
         folder: URL = temporaryFolder()) throws {
        self.folder = folder
        let samples = Self.rows(inProgress, .inProgress) + Self.rows(completed, .completed)
        board = try CacheBoard(store: GeocacheStore(folder: folder, samples: samples),
                               laneWidth: 200, laneHeight: 600, rowHeight: 44, spacing: 50)
        board.window.frame = CGRect(x: 0, y: 0, width: 1100, height: 600)
        for (name, x, collector) in [("notes", 500.0, notes), ("photos", 800.0, photos)] {
            let view = ViewNode(name: name, frame: CGRect(x: x, y: 0, width: 280, height: 600))
            view.addInteraction(DropInteraction(delegate: collector))
            board.window.addChild(view)
        }
        harness = DragDropHarness(root: board.window)
        harness.engine.reportsListDelegateCalls = true
    }

    var inProgress: [String] { board.inProgress.geocaches.map(\.name) }
    var completed: [String] { board.completed.geocaches.map(\.name) }

    /// The board as a restarted app would read it from the store.
    func reopened() throws -> [Lane: [String]] {
        try GeocacheStore(folder: folder).loadBoard().mapValues { $0.map(\.geocache.name) }
    }

    /// Sample rows named `names`, each with a summary, a place and (for
    /// every other one) a picture.
    static func rows(_ names: [String], _ lane: Lane) -> [StoredGeocache] {
        names.enumerated().map { index, name in
            StoredGeocache(
                geocache: Geocache(name: name, summary: "\(name) summary", latitude: Double(index) + 0.5,
                                   longitude: -Double(index) - 0.25, image: index.isMultiple(of: 2) ? tinyPNG : nil),
                lane: lane, position: Double(index) * LanePosition.spacing)
        }
    }
}

/// A fresh, empty temporary folder, inside one folder per test process
/// that is removed when the process exits (a run leaves no boards behind).
func temporaryFolder() -> URL {
    let url = scratchRoot.appendingPathComponent("geocaches-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

private func scratchRootPath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("dragkit-geocaches-tests-\(getpid())").path
}

private let scratchRoot: URL = {
    let path = scratchRootPath()
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: scratchRootPath()) }
    return URL(fileURLWithPath: path, isDirectory: true)
}()

/// A drop target for another app that copies in whatever `type` data it gets.
@MainActor
final class Collector: DropInteractionDelegate {
    let type: UTType
    private(set) var received: [Data] = []
    private var loads: [Task<Void, Never>] = []

    init(accepting type: UTType) { self.type = type }

    var texts: [String] { received.map { String(decoding: $0, as: UTF8.self) } }

    func finishLoads() async {
        while !loads.isEmpty { await loads.removeFirst().value }
    }

    func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
        session.hasItemsConforming(to: type)
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        .copy
    }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        let providers = session.items.map(\.itemProvider)
        let type = type
        loads.append(Task { @MainActor in
            for provider in providers {
                if let data = try? await provider.loadDataRepresentation(for: type) { self.received.append(data) }
            }
        })
    }
}

/// A cell as a toolkit would make it for a placeholder row.
final class TestCell: TextCell {
    var text = ""
}
