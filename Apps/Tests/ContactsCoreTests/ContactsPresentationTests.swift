import ContactsCore
import Foundation
import Testing
import VCard

/// What the window shows and what a drag carries as text: every field the
/// VCard library reads, labelled; the selection rules of the table.
@Suite struct ContactsPresentationTests {
    static let grace = Contact(card: VCard(version: .v3_0, properties: [
        .structured("N", ["Hopper", "Grace", "", "", ""]),
        .text("FN", "Grace Hopper"),
        .text("NICKNAME", "Amazing Grace"),
        .structured("ORG", ["US Navy"]),
        .text("TITLE", "Rear Admiral"),
        .text("TEL", "+1 202 555 0143", types: ["cell"]),
        .text("TEL", "+1 202 555 0199", types: ["work", "fax"]),
        .text("EMAIL", "grace@example.org", types: ["work"]),
        .text("EMAIL", "g@example.com", group: "item1"),
        VCardProperty(name: "X-ABLABEL", value: "_$!<Other>!$_", group: "item1"),
        .structured("ADR", ["", "", "1 Navy Way", "Arlington", "VA", "22202", "USA"], types: ["work"]),
        .text("URL", "https://example.org/grace"),
        .text("BDAY", "1906-12-09"),
        VCardProperty(name: "CATEGORIES", value: "navy,computing"),
        .text("NOTE", "Wrote the first compiler."),
    ]))

    @Test func theDetailShowsEveryFieldWithItsLabelAndIcon() {
        let fields = Self.grace.fields
        #expect(fields.map(\.label) == [
            "Organization", "Job Title", "Nickname", "Mobile", "Work Fax", "Work", "Other", "Work", "Website",
            "Birthday", "Categories", "Note",
        ])
        #expect(fields.map(\.kind) == [
            .organization, .title, .nickname, .phone, .phone, .email, .email, .address, .url, .birthday, .categories, .note,
        ])
        #expect(fields[7].value == "1 Navy Way\n22202 Arlington\nVA\nUSA")
        #expect(fields.allSatisfy { $0.iconName.hasSuffix("-symbolic") })
        #expect(fields[3].iconName == "phone-symbolic")
    }

    @Test func theTextOfADraggedContactIsAReadableBlock() {
        #expect(Self.grace.textBlock == """
            Grace Hopper
            Organization: US Navy
            Job Title: Rear Admiral
            Nickname: Amazing Grace
            Mobile: +1 202 555 0143
            Work Fax: +1 202 555 0199
            Work email: grace@example.org
            Other email: g@example.com
            Work address:
              1 Navy Way
              22202 Arlington
              VA
              USA
            Website: https://example.org/grace
            Birthday: 1906-12-09
            Categories: navy, computing
            Note: Wrote the first compiler.
            """)
    }

    @Test func clicksAndKeysFollowTheListRules() {
        let order: [Int64] = [1, 2, 3, 4, 5]
        var selection = ContactSelection()
        selection.click(2, in: order)
        selection.click(4, in: order, modifiers: .shift)
        #expect(selection.ids == [2, 3, 4])
        selection.click(3, in: order, modifiers: .control)
        #expect(selection.ids == [2, 4])
        selection.selectAll(in: order)
        // A press inside a larger selection keeps it (for a drag)...
        selection.press(5, in: order)
        #expect(selection.ids == [1, 2, 3, 4, 5])
        #expect(selection.current == 5)
        // ...and the release of a plain click leaves that one contact.
        selection.release(5)
        #expect(selection.ids == [5])
        selection.move(by: -1, in: order)
        #expect(selection.ids == [4])
        selection.move(by: -1, in: order, extending: true)
        selection.move(by: -1, in: order, extending: true)
        #expect(selection.ids == [2, 3, 4])
        #expect(selection.current == 2)
    }

    @Test func theSelectionStaysOnItsContactsWhenRowsChange() {
        var selection = ContactSelection(3)
        // Rows arrive above: the ids do not change, so nothing to do; rows leave:
        selection.keep(in: [1, 2, 4, 5], before: [1, 2, 3, 4, 5])
        #expect(selection.ids == [4])
        #expect(selection.current == 4)
        selection.keep(in: [1, 2], before: [1, 2, 4, 5])
        #expect(selection.ids == [2])
    }
}
