import CGtk
import TileditGtk
import TileditViewModels

/// The prompt that renames or moves a document (`DocumentListModel.Destination.rename`)
/// as a dialog: the new path, filled with the path now and checked by the
/// form as it is typed (its message under the entry, what moves and
/// follows below); "Show changes" (or Enter) plans the rename and shows
/// every change before anything is written; Escape or Cancel dismisses it.
@MainActor
final class RenameDialog {
    let dialog: AlertDialog
    private let documents: DocumentListModel
    private let path = Entry()
    private let message = Label()
    private let hint = Label()
    private var observer: StateObserver?

    /// - Parameter run: runs an action that awaits (its owner keeps the task).
    init(_ documents: DocumentListModel, form: RenameForm, parent: ApplicationWindow, run: @escaping @MainActor (@escaping @MainActor () async -> Void) -> Void) {
        self.documents = documents
        let column = Box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        path.setAccessibleLabel("New path")
        path.text = form.text
        message.setTextAlignment(0)
        message.setWraps(true)
        message.addStyleClass("error")
        message.setAccessibleDescription("Rename message")
        hint.setTextAlignment(0)
        hint.setWraps(true)
        hint.addStyleClass("dim-label")
        hint.setAccessibleDescription("Rename hint")
        column.append(path)
        column.append(message)
        column.append(hint)
        let confirm: @MainActor () -> Void = { run { await documents.onConfirmedRename() } }
        dialog = AlertDialog(
            parent: parent, title: "Rename or move", message: "The new path of \(form.source), from the top of the folder:",
            choices: [
                .init("Cancel", style: .cancel) { documents.onDismissed() },
                .init("Show changes", style: .suggested, closes: false, action: confirm),
            ],
            content: column, focus: path, dismissed: { documents.onDismissed() })
        path.onChanged { [weak self] in
            guard let self, let form = self.documents.destination?.rename, self.path.text != form.text else { return }
            self.documents.onChangedRename(self.path.text)
        }
        path.onActivate(confirm)
        observer = StateObserver { [weak self] in self?.render() }
    }

    private func render() {
        guard let form = documents.destination?.rename else { return }
        message.text = form.message ?? ""
        message.isVisible = form.message != nil
        hint.text = form.hint
        dialog.buttons.last?.isSensitive = form.message == nil
    }

    /// Closes the dialog (the prompt went away).
    func close() {
        observer?.stop()
        dialog.close()
    }
}
