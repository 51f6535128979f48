import DragAndDrop
import DragKitGTK
import DragKitWidgets
import Foundation
import ItemProviders
import UniformTypes

/// A drop target that accepts the types it prefers, logs what it sees while
/// hovering, and loads the first preferred type after the drop, logging the
/// fractions its load's Progress went through (`progressFractions`).
@MainActor
final class GalleryTarget: DropInteractionDelegate {
    let name: String
    /// Types in the order this destination wants them.
    let preferred: [UTType]
    let widget: Widget
    /// Whether every registered type is loaded too (`--load-all`), reported
    /// as `loaded`: text and links as text, other types as byte counts.
    static var loadsEverything = false
    /// Progress reported by the GTK backend while drops from other processes are read.
    static var progressReports = 0
    static var bytesReported: UInt64 = 0
    /// When the backend first and last reported bytes of the current drop:
    /// the transfer alone, without the source's handler making the bytes.
    static var transferTimes: (first: ContinuousClock.Instant?, last: ContinuousClock.Instant?) = (nil, nil)
    /// Cancel each load's Progress this many milliseconds after the drop.
    static var cancelAfter: Int?
    /// Load only this many of a drop's items (all when nil).
    static var itemLimit: Int?
    /// After a failed transfer, ask for the next representation.
    static var fallsBack = false
    /// Load from a plain Task that first waits this long, without
    /// `trackingLoad`, as app code often does (`--late-load MS`).
    static var lateLoad: Duration?

    init(name: String, preferred: [UTType], widget: Widget) {
        self.name = name
        self.preferred = preferred
        self.widget = widget
    }

    func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
        session.hasItemsConforming(to: preferred)
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession) {
        widget.addStyleClass("drop-hover")
        let types = session.items.first?.itemProvider.registeredContentTypes.map(\.identifier) ?? []
        EventLog.emit("enter", ["target": name, "local": session.localDragSession != nil, "types": types])
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        let point = session.location(in: widget.viewNode)
        // The right quarter of a target refuses drops, to show a forbidden cursor.
        if point.x > widget.size.width * 0.75 { return .forbidden }
        return session.localDragSession != nil && session.allowsMoveOperation ? .move : .copy
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession) {
        widget.removeStyleClass("drop-hover")
        EventLog.emit("exit", ["target": name])
    }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        widget.removeStyleClass("drop-hover")
        let local = session.localDragSession
        let point = session.location(in: widget.viewNode)
        var info: [String: any Sendable] = [
            "target": name, "local": local != nil,
            "x": Int(point.x), "y": Int(point.y),
        ]
        if let context = local?.localContext as? String { info["localContext"] = context }
        if let object = session.items.first?.localObject as? String { info["localObject"] = object }
        guard let provider = session.items.first?.itemProvider else { return }
        let preferred = preferred
        let clock = ContinuousClock()
        let start = clock.now
        Self.transferTimes = (nil, nil)
        let others = session.items.dropFirst().prefix((Self.itemLimit ?? session.items.count) - 1).map(\.itemProvider)
        info["items"] = session.items.count
        let lateLoad = Self.lateLoad
        Task { @MainActor in
            @MainActor func receive() async {
                await Self.load(provider, preferred: preferred, into: &info)
                // Every further item, each loaded on its own.
                if session.items.count > 1 {
                    var texts = [info["text"] as? String ?? info["error"] as? String ?? ""]
                    for other in others {
                        var each: [String: any Sendable] = [:]
                        await Self.load(other, preferred: preferred, into: &each)
                        texts.append(each["text"] as? String ?? each["error"] as? String ?? "")
                    }
                    info["texts"] = texts
                }
                if Self.loadsEverything { info["loaded"] = await Self.loadEverything(provider) }
            }
            if let lateLoad {
                // This Task is the drop's work all the same: the session
                // keeps the drop open until it ends.
                try? await Task.sleep(for: lateLoad)
                await receive()
            } else {
                await session.trackingLoad { await receive() }
            }
            let elapsed = start.duration(to: clock.now)
            info["progressReports"] = Self.progressReports
            info["progressBytes"] = Int(Self.bytesReported)
            info["loadMillis"] = Self.milliseconds(elapsed)
            if let first = Self.transferTimes.first, let last = Self.transferTimes.last {
                info["transferMillis"] = Self.milliseconds(first.duration(to: last))
            }
            EventLog.emit("received", info)
        }
    }

    private static func loadEverything(_ provider: ItemProvider) async -> [String: any Sendable] {
        var loaded: [String: any Sendable] = [:]
        for type in provider.registeredContentTypes {
            guard let data = try? await provider.loadDataRepresentation(for: type) else {
                loaded[type.identifier] = "error"
                continue
            }
            let readable = type.conforms(to: .text) || type == .url
            loaded[type.identifier] = readable ? String(decoding: data, as: UTF8.self) : data.count
        }
        return loaded
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    private static func load(_ provider: ItemProvider, preferred: [UTType], into info: inout [String: any Sendable]) async {
        // The preferred type itself if offered, else the first type conforming to it.
        let offered = provider.registeredContentTypes
        guard let type = preferred.lazy.compactMap({ wanted in
            offered.contains(wanted) ? wanted : provider.registeredContentTypes(conformingTo: wanted).first
        }).first else {
            info["error"] = "no preferred type"
            return
        }
        info["type"] = type.identifier
        do {
            if type == .fileURL {
                let list = try await provider.loadDataRepresentation(for: .fileURL)
                let paths = String(decoding: list, as: UTF8.self).split(whereSeparator: \.isNewline)
                    .compactMap { URL(string: String($0)) }.map(\.path)
                info["paths"] = paths
                if let first = paths.first {
                    let fileType = UTType(filenameExtension: URL(fileURLWithPath: first).pathExtension) ?? .data
                    info["fileType"] = fileType.identifier
                    info["fileBytes"] = try await provider.withFileRepresentation(for: fileType) { url in
                        try Data(contentsOf: url).count
                    }
                }
                return
            }
            // The destination's view of the load: its own Progress, sampled
            // while the bytes arrive.
            let progress = Progress(totalUnitCount: 1)
            let sampler = ProgressSampler(progress)
            if let cancelAfter {
                MainLoop.after(milliseconds: UInt32(cancelAfter)) { progress.cancel() }
            }
            var data: Data
            do {
                data = try await provider.loadDataRepresentation(for: type, progress: progress)
            } catch let error as ItemProviderError where error.isTransferFailure && fallsBack {
                // What the person would be told, then the next readable representation.
                info["firstError"] = "\(error)"
                info["firstErrorCode"] = error.code.description
                let wanted = preferred.first { provider.hasItemConforming(to: $0) } ?? type
                do {
                    data = try await provider.loadDataRepresentation(for: wanted, excluding: [type])
                } catch {
                    info["progressFractions"] = sampler.stop()
                    throw error
                }
                info["fallbackType"] = provider.registeredContentTypes(conformingTo: wanted).first { $0 != type }?.identifier
            } catch {
                info["progressFractions"] = sampler.stop()
                throw error
            }
            info["progressFractions"] = sampler.stop()
            info["bytes"] = data.count
            if type.conforms(to: .text) || type == .url {
                info["text"] = String(decoding: data, as: UTF8.self)
            }
            if let name = provider.suggestedName { info["suggestedName"] = name }
        } catch {
            info["error"] = "\(error)"
            if let error = error as? ItemProviderError {
                info["errorCode"] = error.code.description
                if let received = error.receivedByteCount { info["receivedBytes"] = Int(received) }
            }
        }
    }
}
