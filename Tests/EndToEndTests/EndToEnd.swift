import Testing

/// Every end-to-end test shares one pointer and one screen, so they run one
/// after another; all of them need an X display.
@Suite(.serialized, .enabled(if: Desktop.isAvailable, Desktop.skipReason), .timeLimit(.minutes(1)))
struct EndToEnd {}
