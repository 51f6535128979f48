/// Which contacts are selected, by id, so the selection stays on the same
/// contacts when rows move, arrive above it or go away, and the rules a
/// list follows for clicks and keys (as in GNOME's lists):
///
/// - a click selects one contact; Ctrl+click adds or removes one;
///   Shift+click selects the range from the anchor;
/// - a press on a contact already in a larger selection keeps the
///   selection (so the whole selection can be dragged), and the release of
///   that click, when no drag started, selects that one contact;
/// - Up and Down move to the next contact, Shift+Up and Shift+Down extend;
/// - after a delete, the contact after the deleted ones is selected (or the
///   one before, at the end).
///
/// ``current`` is the contact the detail view shows and the keyboard is on.
///
/// ```swift
/// var selection = ContactSelection()
/// selection.click(ada, in: order)
/// selection.click(grace, in: order, modifiers: .shift)   // Ada through Grace
/// table.selection = selection
/// ```
public struct ContactSelection: Hashable, Sendable {
    /// The modifier keys held during a click or a key press.
    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let control = Modifiers(rawValue: 1)
        public static let shift = Modifiers(rawValue: 2)
    }

    /// The selected contacts' ids.
    public private(set) var ids: Set<Int64> = []
    /// The contact shown and under the keyboard; nil when nothing is selected.
    public private(set) var current: Int64?
    /// Where a Shift range starts.
    public private(set) var anchor: Int64?

    public init() {}

    /// Exactly `id` selected (nil: nothing).
    public init(_ id: Int64?) {
        select(id)
    }

    /// Selects only `id` (nil: nothing).
    public mutating func select(_ id: Int64?) {
        ids = id.map { [$0] } ?? []
        current = id
        anchor = id
    }

    /// Selects exactly `ids`; the first is current and the anchor.
    public mutating func select(all ids: [Int64]) {
        self.ids = Set(ids)
        current = ids.first
        anchor = ids.first
    }

    /// A press on `id`; `order` is every id in table order.
    public mutating func press(_ id: Int64, in order: [Int64], modifiers: Modifiers = []) {
        if modifiers.contains(.shift), let start = anchor ?? current, let from = order.firstIndex(of: start),
           let to = order.firstIndex(of: id) {
            let range = Set(order[min(from, to)...max(from, to)])
            ids = modifiers.contains(.control) ? ids.union(range) : range
            current = id
        } else if modifiers.contains(.control) {
            if ids.contains(id) { ids.remove(id) } else { ids.insert(id) }
            current = ids.contains(id) ? id : ids.isEmpty ? nil : current.flatMap { ids.contains($0) ? $0 : nil } ?? ids.min()
            anchor = id
        } else if ids.contains(id), ids.count > 1 {
            // Kept for a drag of the whole selection; the release decides.
            current = id
        } else {
            select(id)
        }
    }

    /// The release of a plain click on `id` that started no drag: it leaves
    /// `id` alone selected, even inside a larger selection.
    public mutating func release(_ id: Int64, modifiers: Modifiers = []) {
        guard modifiers.isEmpty else { return }
        select(id)
    }

    /// A click (press and release, no drag).
    public mutating func click(_ id: Int64, in order: [Int64], modifiers: Modifiers = []) {
        press(id, in: order, modifiers: modifiers)
        release(id, modifiers: modifiers)
    }

    /// Every contact in `order`; the current one stays current.
    public mutating func selectAll(in order: [Int64]) {
        ids = Set(order)
        if current == nil || !ids.contains(current!) { current = order.first }
        anchor = anchor ?? current
    }

    /// Up (`step` -1) or Down (+1); with Shift the selection grows from the anchor.
    public mutating func move(by step: Int, in order: [Int64], extending: Bool = false) {
        guard !order.isEmpty else { return }
        let position = current.flatMap { order.firstIndex(of: $0) }
        let next = position.map { min(max(0, $0 + step), order.count - 1) } ?? (step > 0 ? 0 : order.count - 1)
        if extending, anchor != nil || current != nil {
            press(order[next], in: order, modifiers: .shift)
        } else {
            select(order[next])
        }
    }

    /// After contacts left the table: keeps the ids still in `order`; when
    /// the current contact left, the one now at its old position (`oldOrder`
    /// is the order before) becomes current, or the last one.
    public mutating func keep(in order: [Int64], before oldOrder: [Int64]) {
        let present = Set(order)
        ids.formIntersection(present)
        if anchor.map(present.contains) == false { anchor = nil }
        guard let shown = current, !present.contains(shown) else { return }
        // The first contact after the old current one that is still here.
        let oldIndex = oldOrder.firstIndex(of: shown) ?? 0
        let after = oldOrder[oldIndex...].first(where: present.contains)
        let before = oldOrder[..<oldIndex].last(where: present.contains)
        if ids.isEmpty {
            select(after ?? before)
        } else {
            // The first selected one in table order, in one pass over it.
            current = order.first(where: ids.contains)
        }
    }

    /// The selected rows of `order` (positions), ascending.
    public func rows(in order: [Int64]) -> [Int] {
        order.indices.filter { ids.contains(order[$0]) }
    }
}
