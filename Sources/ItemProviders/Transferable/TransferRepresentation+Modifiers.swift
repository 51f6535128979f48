import Foundation

extension TransferRepresentation {
    /// Limits who receives the exported representations.
    ///
    /// ```swift
    /// DataRepresentation(exportedContentType: .todoItemID) { Data($0.id.uuidString.utf8) }
    ///     .visibility(.ownProcess)
    /// ```
    public func visibility(_ visibility: RepresentationVisibility) -> some TransferRepresentation<Item> {
        ModifiedTransferRepresentation(base: self) { $0.visibility = visibility }
    }

    /// The name (without extension) for files made from these
    /// representations; also the provider's suggested name if it has none.
    public func suggestedFileName(_ fileName: String) -> some TransferRepresentation<Item> {
        ModifiedTransferRepresentation(base: self) { $0.suggestedFileName = { _ in fileName } }
    }

    /// A file name computed from the item; `nil` leaves it unnamed.
    public func suggestedFileName(_ fileName: @escaping @Sendable (Item) -> String?) -> some TransferRepresentation<Item> {
        ModifiedTransferRepresentation(base: self) { $0.suggestedFileName = fileName }
    }

    /// Exports the representations only for items where `condition` holds
    /// (checked when the item is registered); importing is unaffected.
    ///
    /// ```swift
    /// DataRepresentation(exportedContentType: .png) { $0.data }
    ///     .exportingCondition { $0.format == .png }
    /// ```
    public func exportingCondition(_ condition: @escaping @Sendable (Item) -> Bool) -> some TransferRepresentation<Item> {
        ModifiedTransferRepresentation(base: self) { entry in
            let earlier = entry.exportingCondition
            entry.exportingCondition = { item in (earlier?(item) ?? true) && condition(item) }
        }
    }
}

/// A representation with one setting changed on each of its entries.
struct ModifiedTransferRepresentation<Item: Transferable>: TransferRepresentation, TransferEntrySource {
    let entries: [TransferEntry<Item>]

    init<Base: TransferRepresentation>(base: Base, modify: (inout TransferEntry<Item>) -> Void) where Base.Item == Item {
        entries = base.flattenedEntries.map { entry in
            var entry = entry
            modify(&entry)
            return entry
        }
    }

    var body: Never {
        return preconditionFailure("a modified representation has no body")
    }
}
