import Foundation

/// One reading of an app's `--dump-layout` file: frames in root-window
/// pixels, in the shape the app documents (for example
/// `{"rows": {"Milk": R}, "windows": [{"title": "Groceries", ...R}]}`).
///
/// ```swift
/// let layout = try await app.waitForLayout { $0.rect("rows", "Milk") != nil }
/// let milk = try layout.requireRect("rows", "Milk")
/// ```
public struct Layout: Sendable, Hashable {
    /// The whole file.
    public let json: JSONValue

    public init(json: JSONValue) {
        self.json = json
    }

    /// The rect at a path of object keys (`rect("cards", "Lost Lake")`).
    public func rect(_ path: String...) -> LayoutRect? {
        json.value(at: path)?.rect
    }

    /// The rect at a path, or an error naming the path and what the file holds.
    public func requireRect(_ path: String...) throws(DesktopTestingError) -> LayoutRect {
        guard let rect = json.value(at: path)?.rect else {
            throw DesktopTestingError(code: .timedOut,
                description: "The layout has no rect at \(path.joined(separator: " / ")). Names there: \(names(Array(path.dropLast())))")
        }
        return rect
    }

    /// The keys of the object at a path (`names("rows")`: every row shown).
    public func names(_ path: String...) -> [String] {
        names(path)
    }

    private func names(_ path: [String]) -> [String] {
        (json.value(at: path)?.object.map { Array($0.keys) } ?? []).sorted()
    }

    /// The rect of the element of the array at `path` whose `field` is
    /// `value`: `rect(inArray: "windows", where: "title", is: "Groceries")`.
    public func rect(inArray path: String..., where field: String, is value: String) -> LayoutRect? {
        json.value(at: path)?.array?.first { $0[field]?.string == value }?.rect
    }
}
