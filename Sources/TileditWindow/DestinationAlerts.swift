import TileditGtk
import TileditViewModels

/// Shows the alerts, confirmations, prompts and sheets the view models
/// ask for, one at a time, and closes one whose question went away. An
/// alert is drawn from the view model's `AlertState` (title, message,
/// buttons); a button sends its choice back to the view model's
/// `onChose(_:)`, Escape its `dismissal`. The tile catalog is a column of
/// buttons; prompts, the new-document form, the rename prompt and its
/// preview, and the list of recoverable edits are dialogs of their own
/// (`PromptDialog`, `NewDocumentDialog`, `RenameDialog`,
/// `RenamePreviewDialog`, `RecoveryDialog`), kept while only what they
/// show changes.
@MainActor
final class DestinationAlerts {
    /// What is shown, to tell a new question from the one on screen.
    private enum Question: Equatable {
        case app(AppModel.Destination)
        /// The recoverable edits, whatever their selection.
        case recovery
        case editor(DocumentEditorModel.Destination)
        case yaml(YAMLDocumentModel.Destination)
        case documents(DocumentListModel.Destination)
        /// The new-document form, whatever is typed.
        case newDocument
        /// The rename prompt for a document, whatever is typed.
        case rename(source: String)
        /// A conflict's comparison or merge, at one stage (each stage is its own dialog).
        case review(ConflictReview, ConflictReview.Stage, String?)
    }

    private let app: AppModel
    private unowned let window: ApplicationWindow
    private var shown: (question: Question, close: @MainActor () -> Void)?
    /// The dialog shown and what keeps it alive.
    private var holder: AnyObject?
    private var observer: StateObserver?
    private var work: Task<Void, Never>?

    init(app: AppModel, window: ApplicationWindow) {
        self.app = app
        self.window = window
        observer = StateObserver { [weak self] in self?.render() }
    }

    deinit {
        work?.cancel()
    }

    private var question: Question? {
        if let destination = app.destination, destination.search == nil, destination.settings == nil {
            return destination.recoverEdits == nil ? .app(destination) : .recovery
        }
        if let review = app.editor?.destination?.conflictReview ?? app.yamlEditor?.destination?.conflictReview {
            return .review(review, review.stage, review.problem)
        }
        if let destination = app.editor?.destination { return .editor(destination) }
        if let destination = app.yamlEditor?.destination { return .yaml(destination) }
        if let destination = app.documents?.destination {
            if destination.newDocument != nil { return .newDocument }
            if let form = destination.rename { return .rename(source: form.source) }
            return .documents(destination)
        }
        return nil
    }

    private func render() {
        let current = question
        guard current != shown?.question else { return }
        shown?.close()
        shown = nil
        holder = nil
        guard let current, let (close, keep) = dialog(for: current) else { return }
        shown = (current, close)
        holder = keep
    }

    /// Runs an action that awaits, keeping its task (one at a time: a newer answer replaces it).
    private func run(_ action: @escaping @MainActor () async -> Void) {
        work = Task { await action() }
    }

    private func dialog(for question: Question) -> (@MainActor () -> Void, AnyObject)? {
        let run: @MainActor (@escaping @MainActor () async -> Void) -> Void = { [weak self] action in self?.run(action) }
        switch question {
        case .app:
            return app.alert.map { alert in wrap(present(alert) { [app] in await app.onChose($0) }) }
        case .recovery:
            let dialog = RecoveryDialog(app, parent: window, run: run)
            return ({ dialog.close() }, dialog)
        case .review(let review, _, _):
            return wrap(present(review.alert()) { await review.onChose($0) })
        case .editor(let destination):
            guard let editor = app.editor else { return nil }
            if let picker = destination.tileCatalog { return wrap(catalog(editor, picker: picker)) }
            if let prompt = destination.prompt {
                let dialog = PromptDialog(prompt, parent: window) { editor.onDismissed() }
                return ({ dialog.close() }, dialog)
            }
            return editor.alert.map { alert in wrap(present(alert) { await editor.onChose($0) }) }
        case .yaml(let destination):
            guard let yaml = app.yamlEditor else { return nil }
            if let prompt = destination.prompt {
                let dialog = PromptDialog(prompt, parent: window) { yaml.onDismissed() }
                return ({ dialog.close() }, dialog)
            }
            return yaml.alert.map { alert in wrap(present(alert) { await yaml.onChose($0) }) }
        case .newDocument:
            guard let documents = app.documents else { return nil }
            let dialog = NewDocumentDialog(documents, parent: window, run: run)
            return ({ dialog.close() }, dialog)
        case .rename:
            guard let documents = app.documents, let form = documents.destination?.rename else { return nil }
            let dialog = RenameDialog(documents, form: form, parent: window, run: run)
            return ({ dialog.close() }, dialog)
        case .documents(let destination):
            guard let documents = app.documents else { return nil }
            if let preview = destination.renamePreview {
                let dialog = RenamePreviewDialog(preview, parent: window) { [weak self] choice in self?.run { await documents.onChose(choice) } }
                return ({ dialog.close() }, dialog)
            }
            return documents.alert.map { alert in wrap(present(alert) { await documents.onChose($0) }) }
        }
    }

    private func wrap(_ dialog: AlertDialog) -> (@MainActor () -> Void, AnyObject) {
        ({ dialog.close() }, dialog)
    }

    /// Shows `alert`; each button runs `chose` with its choice in a task.
    private func present<Choice>(_ alert: AlertState<Choice>, chose: @escaping @MainActor (Choice) async -> Void) -> AlertDialog {
        let send: @MainActor (Choice) -> Void = { [weak self] choice in self?.run { await chose(choice) } }
        let choices = alert.buttons.enumerated().map { index, button in
            AlertDialog.Choice(button.title, style: Self.style(button.role, isInitial: index == alert.initialButton)) { send(button.choice) }
        }
        let dismissal = alert.dismissal
        return AlertDialog(parent: window, title: alert.title, message: alert.message, choices: choices, dismissed: { send(dismissal) })
    }

    /// The GTK style of a button: by its role; the initial button of a plain role is the suggested (focused) one.
    private static func style(_ role: AlertButtonRole?, isInitial: Bool) -> AlertDialog.Choice.Style {
        switch role {
        case .cancel?: .cancel
        case .destructive?: .destructive
        case nil: isInitial ? .suggested : .normal
        }
    }

    private func catalog(_ editor: DocumentEditorModel, picker: TileCatalogPicker) -> AlertDialog {
        let tiles = picker.matches.map { schema in
            AlertDialog.Choice("\(schema.type) — \(schema.summary)") { picker.onChose(schema.type) }
        }
        return AlertDialog(
            parent: window, title: "Insert a tile", message: "The tile goes after the selected block, with its required fields to fill in.",
            choices: tiles + [.init("Cancel", style: .cancel) { editor.onDismissed() }], stacked: true)
    }
}
