import Foundation
import Testing
@testable import DragKitGTK

/// The mistakes a program can make with a `.ui` file, each reported with
/// what to fix. (Only non-widget objects are made here, so no display is
/// needed.)
@Suite("Builder errors") @MainActor
struct BuilderTests {
    private let adjustments = """
        <interface>
          <object class="GtkAdjustment" id="volume"><property name="upper">10</property></object>
          <object class="GtkAdjustment" id="balance"/>
        </interface>
        """

    @Test("A missing file names the path and GTK's reason")
    func missingFile() {
        let url = URL(fileURLWithPath: "/nonexistent/window.ui")
        #expect {
            _ = try Builder(contentsOf: url)
        } throws: { error in
            let error = error as? GtkBackendError
            return error?.code == .interfaceUnreadable && error?.description.contains("/nonexistent/window.ui") == true
        }
    }

    @Test("A class GTK does not know is refused with GTK's message naming it")
    func unknownClass() {
        #expect {
            _ = try Builder(xml: #"<interface><object class="GtkNoSuchWidget" id="x"/></interface>"#)
        } throws: { error in
            let error = error as? GtkBackendError
            return error?.code == .interfaceUnreadable && error?.description.contains("GtkNoSuchWidget") == true
                && error?.description.contains("GTK 4's .ui format") == true
        }
    }

    @Test("Text that is not XML is refused")
    func notXML() {
        #expect {
            _ = try Builder(xml: "<interface><object></interface>")
        } throws: { error in
            (error as? GtkBackendError)?.code == .interfaceUnreadable
        }
    }

    @Test("An unknown id is refused with the ids the file has")
    func unknownID() throws {
        let builder = try Builder(xml: adjustments)
        #expect(builder.ids.sorted() == ["balance", "volume"])
        #expect {
            _ = try builder.widget("window")
        } throws: { error in
            let error = error as? GtkBackendError
            return error?.code == .objectNotFound
                && error?.description == "The interface has no object with id 'window'. Its ids: 'balance', 'volume'."
        }
    }

    @Test("An object that is not a widget is refused with its type; it is still there for the C API")
    func notAWidget() throws {
        let builder = try Builder(xml: adjustments)
        #expect {
            _ = try builder.widget("volume")
        } throws: { error in
            let error = error as? GtkBackendError
            return error?.code == .notAWidget && error?.description.contains("is a GtkAdjustment, not a widget") == true
        }
        #expect(builder.object("volume") != nil)
        #expect(builder.object("missing") == nil)
    }
}
