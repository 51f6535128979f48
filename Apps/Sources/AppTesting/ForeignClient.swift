import Foundation

/// A GTK 4 app that is not a DragKit app (Python with python3-gi, the
/// fixture Tests/EndToEndTests/Fixtures/foreign_client.py of the DragKit
/// package): a drag source offering text, files or bytes of a MIME type, or
/// a drop target printing what arrived. Its window is placed where the test
/// says.
///
/// ```swift
/// let source = try await ForeignClient.source(.text("Buy milk"), .file(vcf), at: (700, 0))
/// defer { source.stop() }
/// try Pointer.drag(from: source.rect("text"), to: layout.requireRect("lists", "Groceries"))
///
/// let target = try await ForeignClient.target(accepting: ["text/vcard", "text/plain"], at: (700, 0))
/// try Pointer.drag(from: layout.requireRect("rows", "Ada Lovelace"), to: target.rect("target"))
/// let drop = try await target.waitForDrop()   // drop.mime, drop.text, drop.path, drop.formats
/// ```
public final class ForeignClient: Sendable {
    /// What a source offers; each offer is its own label to drag from.
    public enum Offer: Sendable {
        /// Text (as GTK's string value: text/plain;charset=utf-8 and friends), from the label "text".
        case text(String)
        /// One file, from "file" (then "file-2", ...).
        case file(URL)
        /// Several files as one drag, from "files".
        case files([URL])
        /// The contents of a file offered as `mime`, from "bytes" (then "bytes-2", ...).
        case bytes(mime: String, contentsOf: URL)

        var arguments: [String] {
            switch self {
            case .text(let text): ["--text", text]
            case .file(let url): ["--file", url.path]
            case .files(let urls): ["--files"] + urls.map(\.path)
            case .bytes(let mime, let url): ["--bytes", mime, url.path]
            }
        }
    }

    /// What arrived at a target.
    public struct Drop: Sendable {
        /// "text", "files" or "bytes" (or "refused", "error").
        public let kind: String
        /// The MIME type read (bytes), or nil.
        public let mime: String?
        /// The text (text drops, and bytes that are UTF-8).
        public let text: String?
        /// The paths of dropped files, or of the copy of dropped bytes.
        public let paths: [String]
        /// The number of bytes read.
        public let length: Int?
        /// Every MIME type the drag offered (targets with `accepting`).
        public let formats: [String]
    }

    /// The Python process.
    public let process: AppProcess
    /// Its window.
    public let window: ScreenWindow
    /// Its labels' frames on the screen, by name.
    public let widgets: [String: LayoutRect]

    /// Starts a source offering `offers`, its window's top-left corner at `point`.
    public static func source(_ offers: Offer..., at point: Pointer.Point) async throws -> ForeignClient {
        try await ForeignClient(["source"] + offers.flatMap(\.arguments), at: point)
    }

    /// Starts a target, its window's top-left corner at `point`. With
    /// `mimeTypes` it reads the first of them the drag offers (in this
    /// order) and reports the bytes; without, it takes files and text as
    /// ordinary GTK apps do.
    public static func target(accepting mimeTypes: [String] = [], at point: Pointer.Point) async throws -> ForeignClient {
        try await ForeignClient(["target"] + mimeTypes.flatMap { ["--accept", $0] }, at: point)
    }

    /// Starts the lying source of the DragKit package's end-to-end tests
    /// (Tests/EndToEndTests/Fixtures/hostile_source.py), one label per
    /// scenario ("shrink", "huge-file", "wait", ...), its lies declared as
    /// `type` (`mime`) so that an app taking only that type reads them.
    public static func hostileSource(_ scenarios: [String], declaring type: String, mime: String,
                                     at point: Pointer.Point) async throws -> ForeignClient {
        try await ForeignClient(["--type", type, mime] + scenarios, at: point,
                                script: script.deletingLastPathComponent().appendingPathComponent("hostile_source.py"),
                                name: "hostile source")
    }

    private init(_ arguments: [String], at point: Pointer.Point, script: URL = ForeignClient.script,
                 name: String? = nil) async throws {
        let process = try AppProcess(name ?? "foreign \(arguments[0])", executable: Self.python, arguments: [script.path] + arguments)
        do {
            let ready = try await process.waitFor("ready")
            let window = ScreenWindow(id: ready["xid"] as? Int ?? 0)
            try await window.move(to: point)
            self.window = window
            let rects = ready["widgets"] as? [String: [Int]] ?? [:]
            widgets = rects.mapValues { LayoutRect(x: Double(point.x + $0[0]), y: Double(point.y + $0[1]),
                                                   width: Double($0[2]), height: Double($0[3])) }
            self.process = process
        } catch {
            process.stop()
            throw error
        }
    }

    /// The frame of the label `name` ("text", "file", "files", "bytes", "target").
    public func rect(_ name: String) -> LayoutRect {
        widgets[name] ?? LayoutRect(x: 0, y: 0, width: 0, height: 0)
    }

    /// Waits for the next drop on a target (the `index`-th, from 0) and returns what arrived.
    public func waitForDrop(index: Int = 0, seconds: Double = 15) async throws -> Drop {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let received = process.events(named: "received")
            if received.count > index {
                let event = received[index]
                let paths = event["paths"] as? [String] ?? (event["path"] as? String).map { [$0] } ?? []
                return Drop(kind: event["kind"] as? String ?? "", mime: event["mime"] as? String, text: event["text"] as? String,
                            paths: paths, length: event["length"] as? Int, formats: event["formats"] as? [String] ?? [])
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw process.timeout("received no drop within \(seconds) s")
    }

    /// Waits until a drag from this source has ended (GTK's `drag-end`, once
    /// the target finished with the drop), and returns whether it ended in
    /// a copy or move (GDK's action other than none). Until then the pointer
    /// belongs to the drag: a click sent earlier would be lost.
    @discardableResult
    public func waitForDragEnd(seconds: Double = 15) async throws -> Bool {
        let event = try await process.waitFor("drag-end", seconds: seconds)
        return (event["action"] as? Int ?? 0) != 0
    }

    /// Stops the client and removes the copies of bytes it received.
    public func stop() {
        process.stop()
        for event in process.events(named: "received") {
            if let path = event["path"] as? String { try? FileManager.default.removeItem(atPath: path) }
        }
    }

    static var script: URL { libraryFixture("foreign_client.py") }

    /// Debian's Python, which has python3-gi (a pyenv python on PATH may not).
    static let python = URL(fileURLWithPath: "/usr/bin/python3")
}

/// A fixture of the library's end-to-end tests, reached by path in the
/// DragKit package (Apps/ sits inside it).
func libraryFixture(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // AppTesting
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()  // Apps
        .deletingLastPathComponent()  // the DragKit package
        .appendingPathComponent("Tests/EndToEndTests/Fixtures/\(name)")
}
