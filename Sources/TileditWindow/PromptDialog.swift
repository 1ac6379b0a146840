import CGtk
import TileditGtk
import TileditViewModels

/// An editor's one-line question (`EditorPrompt`: move the block to a
/// position, go to a line, add a property or a YAML key) as a dialog: the
/// question names the entry, what is typed goes to the prompt on every
/// change, Enter or OK submits it (a refused answer keeps the dialog, with
/// the prompt's message under the entry), Escape or Cancel dismisses it.
@MainActor
final class PromptDialog {
    let dialog: AlertDialog
    private let prompt: EditorPrompt
    private let entry = Entry()
    private let message = Label()
    private var observer: StateObserver?

    /// - Parameter dismissed: closes the prompt in its editor (`onDismissed`).
    init(_ prompt: EditorPrompt, parent: ApplicationWindow, dismissed: @escaping @MainActor () -> Void) {
        self.prompt = prompt
        let column = Box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        entry.setAccessibleLabel(prompt.question)
        entry.text = prompt.text
        message.setTextAlignment(0)
        message.setWraps(true)
        message.addStyleClass("error")
        message.setAccessibleDescription("Prompt message")
        column.append(entry)
        column.append(message)
        dialog = AlertDialog(
            parent: parent, title: prompt.title, message: prompt.question,
            choices: [
                .init("Cancel", style: .cancel, action: dismissed),
                .init("OK", style: .suggested, closes: false) { prompt.onSubmitted() },
            ],
            content: column, focus: entry, dismissed: dismissed)
        entry.onChanged { [weak self] in
            guard let self, self.entry.text != self.prompt.text else { return }
            self.prompt.onChangedText(self.entry.text)
        }
        entry.onActivate { [weak self] in self?.prompt.onSubmitted() }
        observer = StateObserver { [weak self] in self?.render() }
    }

    private func render() {
        message.text = prompt.message ?? ""
        message.isVisible = prompt.message != nil
    }

    /// Closes the dialog (its question went away).
    func close() {
        observer?.stop()
        dialog.close()
    }
}
