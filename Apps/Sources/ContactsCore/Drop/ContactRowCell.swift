/// A row cell whose text a placeholder can set ("Loading…"). The GTK app
/// makes its row label conform; tests use their own cell.
@MainActor
public protocol ContactRowCell: AnyObject {
    var text: String { get set }
}
