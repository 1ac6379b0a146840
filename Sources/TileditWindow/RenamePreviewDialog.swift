import CGtk
import TileditGtk
import TileditViewModels

/// What a rename will change (`DocumentListModel.Destination.renamePreview`),
/// shown before it is made: its title and summary, every file it writes
/// with its diff (`ChangeLinesList`), and the preview's buttons, each
/// sending its choice to the document list.
@MainActor
final class RenamePreviewDialog {
    let dialog: AlertDialog
    private let lines = ChangeLinesList(name: "Changes")

    /// - Parameter chose: sends a button's choice (`DocumentListModel.onChose`).
    init(_ preview: RenamePreview, parent: ApplicationWindow, chose: @escaping @MainActor (DocumentListAlertChoice) -> Void) {
        lines.show(preview.lines)
        let choices = preview.buttons.map { button in
            AlertDialog.Choice(button.title, style: button.role == .cancel ? .cancel : button.role == .destructive ? .destructive : .suggested) {
                chose(button.choice)
            }
        }
        let dismissal = preview.dismissal
        dialog = AlertDialog(
            parent: parent, title: preview.title, message: preview.summary, choices: choices, content: lines.view,
            dismissed: { chose(dismissal) })
    }

    /// Closes the dialog (the preview went away).
    func close() {
        dialog.close()
    }
}
