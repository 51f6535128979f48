import Foundation

/// A delegate call as the engine reports it to
/// ``DragDropEngine/delegateCallObserver``: which call, for which drag, when
/// and where.
public struct DelegateCallRecord: Sendable, Hashable, CustomStringConvertible {
    /// The call and its result.
    public let call: DelegateCall
    /// The drag it was made for.
    public let session: DragSessionID
    /// The pointer driving that drag.
    public let pointer: PointerID
    /// The drag's location in the interaction's view at the time, when the
    /// interaction is attached to a view.
    public let location: CGPoint?
    /// The engine's clock reading at the time.
    public let time: Duration

    /// A record of `call`, made for `session` driven by `pointer`, at
    /// `location` and clock reading `time`.
    public init(call: DelegateCall, session: DragSessionID, pointer: PointerID, location: CGPoint?, time: Duration) {
        self.call = call
        self.session = session
        self.pointer = pointer
        self.location = location
        self.time = time
    }

    public var description: String {
        var text = "\(session) \(call)"
        if let location {
            text += " at (\(Self.format(location.x)), \(Self.format(location.y)))"
        }
        return text
    }

    /// Whole numbers without a fraction, others with up to two decimals.
    static func format(_ value: CGFloat) -> String {
        let double = Double(value)
        if double.rounded() == double, abs(double) < 1e15 { return String(Int(double)) }
        return String(format: "%.2f", double)
    }
}
