import TileditGtk
import TileditViewModels

/// Shows the alerts and confirmations the view models ask for, one at a
/// time, and closes one whose question went away. Each is drawn from the
/// view model's `AlertState` (title, message, buttons); a button sends its
/// choice back to the view model's `onChose(_:)`, Escape its `dismissal`.
/// The tile catalog, a sheet, is shown as a column of buttons.
@MainActor
final class DestinationAlerts {
    /// What is shown, to tell a new question from the one on screen.
    private enum Question: Equatable {
        case app(AppModel.Destination)
        case editor(DocumentEditorModel.Destination)
        case yaml(YAMLDocumentModel.Destination)
        case documents(DocumentListModel.Destination)
        /// A conflict's comparison or merge, at one stage (each stage is its own dialog).
        case review(ConflictReview, ConflictReview.Stage, String?)
    }

    private let app: AppModel
    private unowned let window: ApplicationWindow
    private var shown: (question: Question, dialog: AlertDialog)?
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
        if let destination = app.destination, destination.search == nil, destination.settings == nil { return .app(destination) }
        if let review = app.editor?.destination?.conflictReview ?? yamlReview { return .review(review, review.stage, review.problem) }
        if let destination = app.editor?.destination { return .editor(destination) }
        if let destination = app.yamlEditor?.destination { return .yaml(destination) }
        if let destination = app.documents?.destination { return .documents(destination) }
        return nil
    }

    private var yamlReview: ConflictReview? {
        if case .reviewingConflict(let review)? = app.yamlEditor?.destination { return review }
        return nil
    }

    private func render() {
        let current = question
        guard current != shown?.question else { return }
        shown?.dialog.close()
        shown = nil
        guard let current, let dialog = dialog(for: current) else { return }
        shown = (current, dialog)
    }

    private func dialog(for question: Question) -> AlertDialog? {
        switch question {
        case .app:
            return app.alert.map { present($0) { [app] in await app.onChose($0) } }
        case .review(let review, _, _):
            return present(review.alert()) { await review.onChose($0) }
        case .editor(let destination):
            guard let editor = app.editor else { return nil }
            if let picker = destination.tileCatalog { return catalog(editor, picker: picker) }
            return editor.alert.map { present($0) { await editor.onChose($0) } }
        case .yaml:
            guard let yaml = app.yamlEditor else { return nil }
            return yaml.alert.map { present($0) { await yaml.onChose($0) } }
        case .documents:
            guard let documents = app.documents else { return nil }
            if let alert = documents.alert { return present(alert) { await documents.onChose($0) } }
            // New documents are not in the window yet.
            documents.onDismissed()
            return nil
        }
    }

    /// Shows `alert`; each button runs `chose` with its choice in a task.
    private func present<Choice>(_ alert: AlertState<Choice>, chose: @escaping @MainActor (Choice) async -> Void) -> AlertDialog {
        let send: @MainActor (Choice) -> Void = { [weak self] choice in self?.work = Task { await chose(choice) } }
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
