import ContactsCore
import DragKitGTK
import DragKitWidgets
import Foundation

/// The edit form of one contact (GNOME Contacts' editor): names, nickname,
/// organization and title; phones, emails, addresses and web addresses,
/// each with its label and an Add button; birthday, categories and note.
/// It reads a ``ContactDraft`` and gives one back; the rules (what is kept,
/// what is valid) are the draft's.
@MainActor
final class ContactEditor {
    /// The form, scrollable.
    let root = ScrolledWindow()
    private let form = Box(.vertical, spacing: 10)
    private var draft: ContactDraft

    /// Called when Enter is pressed in any one-line field: the form's
    /// default action (Add or Done), as in a dialog with a default button.
    var onSubmit: (@MainActor () -> Void)?

    let given = Entry(placeholder: "First Name")
    let family = Entry(placeholder: "Last Name")
    private let nickname = Entry(placeholder: "Nickname")
    private let organization = Entry(placeholder: "Organization")
    private let title = Entry(placeholder: "Job Title")
    private let birthday = Entry(placeholder: "Birthday (1815-12-10)")
    private let categories = Entry(placeholder: "Categories (comma-separated)")
    private let note = TextView()

    private var phones: [EntryRow] = []
    private var emails: [EntryRow] = []
    private var urls: [EntryRow] = []
    private var addresses: [AddressRow] = []
    private let phoneBox = Box(.vertical, spacing: 6)
    private let emailBox = Box(.vertical, spacing: 6)
    private let urlBox = Box(.vertical, spacing: 6)
    private let addressBox = Box(.vertical, spacing: 6)

    /// The one-line fields and the draft's values they show.
    private var textFields: [(Entry, WritableKeyPath<ContactDraft, String>)] {
        [(given, \.given), (family, \.family), (nickname, \.nickname), (organization, \.organization),
         (title, \.title), (birthday, \.birthday), (categories, \.categories)]
    }

    /// A labelled value row: the label menu, the entry, a remove button.
    private struct EntryRow {
        let row: Box
        let label: DropDown
        let entry: Entry
        let choices: [ContactDraft.Label]
    }

    private struct AddressRow {
        let row: Box
        let label: DropDown
        let choices: [ContactDraft.Label]
        let street, postalCode, locality, region, country: Entry
    }

    init(_ draft: ContactDraft) {
        self.draft = draft
        form.setMargins(18)
        root.child = form
        root.setExpands(horizontally: true, vertically: true)

        for (entry, field) in textFields { entry.text = draft[keyPath: field] }
        note.text = draft.note
        // A placeholder vanishes once there is text: each field gets a
        // name a screen reader says whatever it holds.
        for (entry, name) in [(given, "First Name"), (family, "Last Name"), (nickname, "Nickname"),
                              (organization, "Organization"), (title, "Job Title"), (birthday, "Birthday"),
                              (categories, "Categories")] {
            entry.accessibleLabel = name
        }
        note.accessibleLabel = "Note"
        for (entry, _) in textFields { submitsOnEnter(entry) }

        section("Name", icon: "avatar-default-symbolic", [given, family, nickname])
        section("Work", icon: "emblem-documents-symbolic", [organization, title])
        section("Phones", icon: "phone-symbolic", [phoneBox, addButton("Add Phone") { [unowned self] in
            addEntry(to: &phones, in: phoneBox, labels: ContactDraft.Label.phoneLabels, .mobile, "", placeholder: "Phone")
        }])
        section("Emails", icon: "mail-unread-symbolic", [emailBox, addButton("Add Email") { [unowned self] in
            addEntry(to: &emails, in: emailBox, labels: ContactDraft.Label.placeLabels, .home, "", placeholder: "Email")
        }])
        section("Addresses", icon: "mark-location-symbolic", [addressBox, addButton("Add Address") { [unowned self] in
            addAddress(ContactDraft.Address(label: .home))
        }])
        section("Websites", icon: "web-browser-symbolic", [urlBox, addButton("Add Website") { [unowned self] in
            addEntry(to: &urls, in: urlBox, labels: ContactDraft.Label.placeLabels, .home, "", placeholder: "https://", name: "Website")
        }])
        section("Birthday", icon: "x-office-calendar-symbolic", [birthday])
        section("Categories", icon: "bookmark-new-symbolic", [categories])
        note.setSizeRequest(width: -1, height: 80)
        note.addStyleClass("contacts-note")
        section("Note", icon: "document-edit-symbolic", [note])

        for phone in draft.phones {
            addEntry(to: &phones, in: phoneBox, labels: phone.choices, phone.label, phone.value, placeholder: "Phone")
        }
        for email in draft.emails {
            addEntry(to: &emails, in: emailBox, labels: email.choices, email.label, email.value, placeholder: "Email")
        }
        for url in draft.urls {
            addEntry(to: &urls, in: urlBox, labels: url.choices, url.label, url.value, placeholder: "https://", name: "Website")
        }
        draft.addresses.forEach(addAddress)
    }

    /// The draft with what the form holds now.
    var result: ContactDraft {
        var result = draft
        for (entry, field) in textFields { result[keyPath: field] = entry.text }
        result.note = note.text
        result.phones = Self.read(phones, into: draft.phones)
        result.emails = Self.read(emails, into: draft.emails)
        result.urls = Self.read(urls, into: draft.urls)
        result.addresses = addresses.enumerated().map { index, row in
            var address = index < draft.addresses.count ? draft.addresses[index] : ContactDraft.Address(label: .home)
            address.label = row.choices[row.label.selectedIndex]
            address.street = row.street.text
            address.postalCode = row.postalCode.text
            address.locality = row.locality.text
            address.region = row.region.text
            address.country = row.country.text
            return address
        }
        return result
    }

    /// Existing entries keep what they were read from; rows past them are new.
    private static func read(_ rows: [EntryRow], into entries: [ContactDraft.Entry]) -> [ContactDraft.Entry] {
        rows.enumerated().map { index, row in
            var entry = index < entries.count ? entries[index] : ContactDraft.Entry(label: .other, value: "")
            entry.label = row.choices[row.label.selectedIndex]
            entry.value = row.entry.text
            return entry
        }
    }

    // MARK: - Building

    private func section(_ heading: String, icon: String, _ children: [Widget]) {
        let row = Box(.horizontal, spacing: 12)
        let image = Image(iconName: icon, pixelSize: 16, decorative: true)
        image.setAlignment(horizontal: .center, vertical: .start)
        image.tooltip = heading
        let column = Box(.vertical, spacing: 6)
        column.setExpands(horizontally: true, vertically: false)
        let label = Label(heading)
        label.addStyleClass("heading")
        label.setAlignment(horizontal: .start, vertical: .center)
        column.append(label)
        children.forEach(column.append)
        row.append(image)
        row.append(column)
        form.append(row)
    }

    private func submitsOnEnter(_ entry: Entry) {
        entry.onActivate { [unowned self] in onSubmit?() }
    }

    private func addButton(_ title: String, action: @escaping @MainActor () -> Void) -> Widget {
        let button = Button(label: title)
        button.addStyleClass("flat")
        button.setAlignment(horizontal: .start, vertical: .center)
        button.onClicked(action)
        return button
    }

    private func addEntry(
        to rows: inout [EntryRow], in box: Box, labels: [ContactDraft.Label], _ label: ContactDraft.Label,
        _ value: String, placeholder: String, name: String? = nil
    ) {
        let name = name ?? placeholder
        let menu = DropDown(labels.map(\.title), selected: labels.firstIndex(of: label) ?? labels.count - 1)
        menu.tooltip = "\(name) label"
        menu.accessibleLabel = "\(name) label"
        let entry = Entry(text: value, placeholder: placeholder)
        entry.accessibleLabel = name
        entry.setExpands(horizontally: true, vertically: false)
        submitsOnEnter(entry)
        let row = Box(.horizontal, spacing: 6)
        row.append(menu)
        row.append(entry)
        let remove = Button(iconName: "list-remove-symbolic", tooltip: "Remove this \(name.lowercased())")
        remove.addStyleClass("flat")
        // An emptied entry is dropped when the contact is saved.
        remove.onClicked { [weak row, weak entry] in
            entry?.text = ""
            row?.isVisible = false
        }
        row.append(remove)
        box.append(row)
        rows.append(EntryRow(row: row, label: menu, entry: entry, choices: labels))
        if value.isEmpty { _ = entry.grabFocus() }
    }

    private func addAddress(_ address: ContactDraft.Address) {
        let labels = address.choices
        let menu = DropDown(labels.map(\.title), selected: labels.firstIndex(of: address.label) ?? labels.count - 1)
        menu.tooltip = "Address label"
        menu.accessibleLabel = "Address label"
        let fields = [("Street", address.street), ("Postal Code", address.postalCode), ("City", address.locality),
                      ("Region", address.region), ("Country", address.country)].map { name, value in
            let entry = Entry(text: value, placeholder: name)
            entry.accessibleLabel = name
            submitsOnEnter(entry)
            return entry
        }
        let column = Box(.vertical, spacing: 4)
        column.setExpands(horizontally: true, vertically: false)
        fields.forEach(column.append)
        let row = Box(.horizontal, spacing: 6)
        menu.setAlignment(horizontal: .start, vertical: .start)
        row.append(menu)
        row.append(column)
        let remove = Button(iconName: "list-remove-symbolic", tooltip: "Remove this address")
        remove.addStyleClass("flat")
        remove.setAlignment(horizontal: .center, vertical: .start)
        remove.onClicked { [weak row] in
            fields.forEach { $0.text = "" }
            row?.isVisible = false
        }
        row.append(remove)
        addressBox.append(row)
        if address.street.isEmpty && address.locality.isEmpty { _ = fields[0].grabFocus() }
        addresses.append(AddressRow(row: row, label: menu, choices: labels, street: fields[0], postalCode: fields[1], locality: fields[2],
                                    region: fields[3], country: fields[4]))
    }
}
