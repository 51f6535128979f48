import CGtk4
import DragKitGTK

/// A message strip for errors, shown inside the window near what failed
/// (a ``Revealer`` holding a label and a close button): put it above the
/// content it speaks about and call ``show(_:)`` with words a person can act
/// on.
///
/// ```swift
/// let banner = ErrorBanner()
/// column.append(banner)
/// column.append(list.scroller)
/// banner.show("The dropped file is not a vCard. Drop a .vcf file.")
/// ```
@MainActor
public final class ErrorBanner: Widget {
    private let revealer = Revealer()
    private let label = Label()
    /// The close button, for tests and keyboard focus.
    public let closeButton = Button(iconName: "window-close-symbolic", tooltip: "Dismiss")
    private var dismissHandler: (@MainActor () -> Void)?

    /// Creates a hidden banner.
    public init() {
        super.init(composing: revealer)
        ErrorBanner.installStyle()
        let row = Box(.horizontal, spacing: 6)
        row.addStyleClass("dragkit-error-banner")
        label.wraps = true
        label.setExpands(horizontally: true, vertically: false)
        label.setAlignment(horizontal: .start, vertical: .center)
        closeButton.addStyleClass("flat")
        closeButton.onClicked { [weak self] in self?.dismiss() }
        row.append(label)
        row.append(closeButton)
        revealer.child = row
        revealer.transitionMilliseconds = 150
        // A hidden banner is no part of the window for a screen reader
        // either: no empty label, no Dismiss button that dismisses nothing.
        revealer.hideFromAssistiveTechnologies()
    }

    /// The message shown (empty while hidden and never shown).
    public var message: String { label.text }

    /// Whether the banner is shown.
    public var isShown: Bool { revealer.isRevealed }

    /// Shows `message`, replacing any earlier one.
    public func show(_ message: String) {
        label.text = message
        revealer.isRevealed = true
        revealer.setHiddenFromAssistiveTechnologies(false)
    }

    /// Hides the banner (as its close button does) and runs the dismiss handler.
    public func dismiss() {
        guard revealer.isRevealed else { return }
        revealer.isRevealed = false
        revealer.hideFromAssistiveTechnologies()
        dismissHandler?()
    }

    /// Runs `handler` when the banner is dismissed.
    public func onDismiss(_ handler: @escaping @MainActor () -> Void) {
        dismissHandler = handler
    }

    private static var styleInstalled = false

    private static func installStyle() {
        guard !styleInstalled else { return }
        styleInstalled = true
        StyleSheet.add("""
        .dragkit-error-banner { background-color: #c01c28; color: #ffffff; padding: 6px 6px 6px 12px; }
        .dragkit-error-banner button { color: #ffffff; }
        """)
    }
}
