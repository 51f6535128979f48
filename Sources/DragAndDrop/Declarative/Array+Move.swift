import Foundation

extension Array {
    /// Moves the elements at `source` so that they end up, in their order,
    /// before the element that was at `destination`; `destination` counts
    /// positions before the move and may be `count` (to the end). This is
    /// how SwiftUI's `onMove(perform:)` reports a move, and SwiftUI's own
    /// helper of the same name:
    ///
    /// ```swift
    /// var rows = ["A", "B", "C", "D"]
    /// rows.move(fromOffsets: [0], toOffset: 3)   // ["B", "C", "A", "D"]
    /// rows.move(fromOffsets: [3], toOffset: 0)   // ["D", "B", "C", "A"]
    /// ```
    ///
    /// - Complexity: O(n).
    public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        let moving = source.map { self[$0] }
        let before = source.count(in: 0..<destination)
        for offset in source.reversed() { remove(at: offset) }
        insert(contentsOf: moving, at: destination - before)
    }
}
