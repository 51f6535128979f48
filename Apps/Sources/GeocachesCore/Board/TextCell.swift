/// A toolkit cell the board can write a line of text into: what a
/// placeholder row shows while a dropped geocache loads ("Loading…").
@MainActor
public protocol TextCell: AnyObject {
    var text: String { get set }
}
