/// Builds a list of representations from the statements of a
/// `transferRepresentation` or `body`, best first; `if`/`else` choose
/// representations when the list is made.
@resultBuilder
public enum TransferRepresentationBuilder<Item: Transferable> {
    public static func buildExpression<Representation: TransferRepresentation>(
        _ representation: Representation
    ) -> TransferRepresentationGroup<Item> where Representation.Item == Item {
        TransferRepresentationGroup(entries: representation.flattenedEntries)
    }

    public static func buildBlock(_ parts: TransferRepresentationGroup<Item>...) -> TransferRepresentationGroup<Item> {
        TransferRepresentationGroup(entries: parts.flatMap(\.entries))
    }

    public static func buildOptional(_ part: TransferRepresentationGroup<Item>?) -> TransferRepresentationGroup<Item> {
        part ?? TransferRepresentationGroup(entries: [])
    }

    public static func buildEither(first: TransferRepresentationGroup<Item>) -> TransferRepresentationGroup<Item> {
        first
    }

    public static func buildEither(second: TransferRepresentationGroup<Item>) -> TransferRepresentationGroup<Item> {
        second
    }

    public static func buildLimitedAvailability(_ part: TransferRepresentationGroup<Item>) -> TransferRepresentationGroup<Item> {
        part
    }
}

/// Representations listed together by ``TransferRepresentationBuilder``.
public struct TransferRepresentationGroup<Item: Transferable>: TransferRepresentation, TransferEntrySource {
    let entries: [TransferEntry<Item>]

    public var body: Never {
        return preconditionFailure("a representation group has no body")
    }
}
