import CGtk
import TileditGtk
import TileditServices
import TileditViewModels

/// The new-document sheet (`DocumentListModel.Destination.newDocument`)
/// as a dialog: the kind (a post or a page, as toggle buttons) and the
/// title, sent to the document list as they change; the form's message
/// says why Create cannot make it yet (it stays open), Escape or Cancel
/// dismisses it.
@MainActor
final class NewDocumentDialog {
    let dialog: AlertDialog
    private let documents: DocumentListModel
    private let title = Entry()
    private let message = Label()
    private var kinds: [(kind: DocumentTemplate.Kind, button: ToggleButton)] = []
    private var observer: StateObserver?
    private var isRendering = false

    /// - Parameter run: runs an action that awaits (its owner keeps the task).
    init(_ documents: DocumentListModel, parent: ApplicationWindow, run: @escaping @MainActor (@escaping @MainActor () async -> Void) -> Void) {
        self.documents = documents
        let column = Box(GTK_ORIENTATION_VERTICAL, spacing: 8)
        let kindRow = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 0)
        kindRow.addStyleClass("linked")
        for kind in NewDocumentForm.kinds {
            let button = ToggleButton(label: kind == .post ? "Post" : "Page")
            button.setAccessibleLabel(kind == .post ? "Post" : "Page")
            button.setTooltip(kind == .post ? "A dated post in posts/" : "A page at the top of the folder")
            if let first = kinds.first { button.setGroup(first.button) }
            kinds.append((kind, button))
            kindRow.append(button)
        }
        title.setAccessibleLabel("Title")
        title.setPlaceholder("Title")
        message.setTextAlignment(0)
        message.addStyleClass("dim-label")
        message.setAccessibleDescription("Form message")
        column.append(kindRow)
        column.append(title)
        column.append(message)
        // Refused while the form has a message: the dialog stays.
        let confirm: @MainActor () -> Void = { run { await documents.onConfirmedNewDocument() } }
        dialog = AlertDialog(
            parent: parent, title: "New document", message: "A post goes in posts/ with today's date, a page at the top of the folder.",
            choices: [
                .init("Cancel", style: .cancel) { documents.onDismissed() },
                .init("Create", style: .suggested, closes: false, action: confirm),
            ],
            content: column, focus: title, dismissed: { documents.onDismissed() })
        title.onActivate(confirm)
        title.onChanged { [weak self] in
            guard let self, !self.isRendering, self.title.text != self.documents.destination?.newDocument?.title else { return }
            self.documents.onChangedNewDocumentTitle(self.title.text)
        }
        for (kind, button) in kinds {
            button.onToggled { [weak self, weak button] in
                guard let self, let button, !self.isRendering, button.isActive, var form = self.documents.destination?.newDocument, form.kind != kind else { return }
                form.kind = kind
                self.documents.onChangedNewDocument(form)
            }
        }
        observer = StateObserver { [weak self] in self?.render() }
    }

    private func render() {
        guard let form = documents.destination?.newDocument else { return }
        isRendering = true
        defer { isRendering = false }
        for (kind, button) in kinds { button.isActive = kind == form.kind }
        title.text = form.title
        message.text = form.message ?? "Enter creates it and opens it."
        dialog.buttons.last?.isSensitive = form.message == nil
    }

    /// Closes the dialog (the form went away).
    func close() {
        observer?.stop()
        dialog.close()
    }
}
