import DragKitGTK
import DragKitWidgets
import Foundation
import GeocachesCore

/// One geocache on the board: its picture (when it has one), its name and
/// its summary.
@MainActor
final class CardView: Widget {
    let picture = Picture()
    let title = Label()
    let summary = Label()

    init() {
        picture.setSizeRequest(width: 40, height: 40)
        picture.accessibleLabel = "Picture"
        title.addStyleClass("card-name")
        title.setAlignment(horizontal: .start, vertical: .center)
        summary.addStyleClass("dim-label")
        summary.setAlignment(horizontal: .start, vertical: .center)
        let texts = Box(.vertical, spacing: 2)
        texts.append(title)
        texts.append(summary)
        texts.setAlignment(horizontal: .start, vertical: .center)
        let row = Box(.horizontal, spacing: 10)
        row.append(picture)
        row.append(texts)
        row.addStyleClass("geocache-card")
        super.init(composing: row)
    }

    /// Fills the card in with `geocache`.
    func show(_ geocache: Geocache) {
        title.text = geocache.name
        summary.text = geocache.summary
        // A picture GTK cannot read shows as none; the geocache keeps it.
        try? picture.setImage(geocache.image)
        picture.isVisible = geocache.image != nil
    }
}
