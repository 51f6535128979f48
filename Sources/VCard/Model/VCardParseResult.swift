/// What a vCard file held: the cards that were read whole, and an error for
/// every card (or stretch of the file) that was not.
public struct VCardParseResult: Sendable {
    /// The valid cards, in file order.
    public var cards: [VCard]
    /// The problems, in file order; a card with an error is not in ``cards``.
    public var errors: [VCardError]
    /// How many cards the file began, valid or not.
    public var cardCount: Int

    public init(cards: [VCard] = [], errors: [VCardError] = [], cardCount: Int = 0) {
        self.cards = cards
        self.errors = errors
        self.cardCount = cardCount
    }

    /// True when every card was read and nothing else was wrong.
    public var isValid: Bool { errors.isEmpty }
}
