import TileditGtk
import TileditViewModels

/// Shows the alerts and confirmations the view models ask for, one at a
/// time, and closes one whose question went away.
///
/// The titles, buttons and their actions are written here for now because
/// today's destinations carry only their reason; once each destination
/// carries its own title and buttons, this maps them one to one.
@MainActor
final class DestinationAlerts {
    /// The question shown, to tell a new one from the one on screen.
    private enum Question: Equatable {
        case app(AppModel.Destination)
        case editor(DocumentEditorModel.Destination)
        case documents(DocumentListModel.Destination)
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
        if let destination = app.editor?.destination { return .editor(destination) }
        if let destination = app.documents?.destination { return .documents(destination) }
        return nil
    }

    private func render() {
        let current = question
        guard current != shown?.question else { return }
        shown?.dialog.close()
        shown = nil
        guard let current, let content = content(for: current) else { return }
        shown = (current, AlertDialog(parent: window, title: content.title, message: content.message, choices: content.choices, stacked: content.stacked))
    }

    private func run(_ action: @escaping @MainActor () async -> Void) {
        work = Task { await action() }
    }

    private func content(for question: Question) -> (title: String, message: String, choices: [AlertDialog.Choice], stacked: Bool)? {
        let app = app
        switch question {
        case .app(.confirmQuit(let paths)):
            return ("Save changes before quitting?", "Unsaved edits in \(paths.joined(separator: ", ")).", [
                .init("Cancel", style: .cancel) { app.onDismissed() },
                .init("Quit without saving", style: .destructive) { [weak self] in self?.run { await app.onConfirmedQuit(saving: false) } },
                .init("Save and quit", style: .suggested) { [weak self] in self?.run { await app.onConfirmedQuit(saving: true) } },
            ], false)
        case .app(.alert(let error)):
            return ("Tiledit", error.message, [.init("OK", style: .cancel) { app.onDismissed() }], false)
        case .app:
            return nil
        case .editor(let destination):
            guard let editor = app.editor else { return nil }
            switch destination {
            case .confirmDelete:
                return ("Delete this block?", "Undo brings it back.", [
                    .init("Cancel", style: .cancel) { editor.onDismissed() },
                    .init("Delete", style: .destructive) { editor.onConfirmedDelete() },
                ], false)
            case .conflict:
                return ("\(editor.displayPath) changed on disk", "Another program changed the file since it was opened.", [
                    .init("Cancel", style: .cancel) { editor.onDismissed() },
                    .init("Keep both") { [weak self] in self?.run { await editor.onChoseConflictResolution(.keepBoth) } },
                    .init("Overwrite", style: .destructive) { [weak self] in self?.run { await editor.onChoseConflictResolution(.overwrite) } },
                    .init("Reload", style: .suggested) { [weak self] in self?.run { await editor.onChoseConflictResolution(.reload) } },
                ], false)
            case .deletedOnDisk:
                return ("\(editor.displayPath) was deleted on disk", "Save it again to keep your version.", [
                    .init("Cancel", style: .cancel) { editor.onDismissed() },
                    .init("Save again", style: .suggested) { [weak self] in self?.run { await editor.onTappedSaveAgain() } },
                ], false)
            case .confirmOverrideReadOnly(let message):
                return ("Save a read-only file?", message, [
                    .init("Cancel", style: .cancel) { editor.onDismissed() },
                    .init("Save anyway", style: .destructive) { [weak self] in self?.run { await editor.onConfirmedOverrideReadOnly() } },
                ], false)
            case .confirmDiscardTyping:
                return ("Discard what you typed?", "The value typed and not applied is thrown away.", [
                    .init("Cancel", style: .cancel) { editor.onDismissed() },
                    .init("Discard", style: .destructive) { editor.onConfirmedDiscardTyping() },
                ], false)
            case .recovery(_, let fileChangedSince):
                let message = fileChangedSince
                    ? "Unsaved edits from an earlier session were found; the file changed on disk since."
                    : "Unsaved edits from an earlier session were found."
                return ("Restore unsaved edits?", message, [
                    .init("Discard", style: .destructive) { [weak self] in self?.run { await editor.onChoseRecovery(.discard) } },
                    .init("Restore", style: .suggested) { [weak self] in self?.run { await editor.onChoseRecovery(.restore) } },
                ], false)
            case .alert(let error):
                return ("Tiledit", error.message, [.init("OK", style: .cancel) { editor.onDismissed() }], false)
            case .tileCatalog:
                let tiles = editor.catalog.map { schema in
                    AlertDialog.Choice("\(schema.type) — \(schema.summary)") { editor.onChoseTile(schema.type) }
                }
                return ("Insert a tile", "The tile goes after the selected block, with its required fields to fill in.",
                        tiles + [.init("Cancel", style: .cancel) { editor.onDismissed() }], true)
            }
        case .documents(let destination):
            guard let documents = app.documents else { return nil }
            if let error = destination.alert {
                return ("Tiledit", error.message, [.init("OK", style: .cancel) { documents.onDismissed() }], false)
            }
            // New documents and trashing them are not in the window yet.
            documents.onDismissed()
            return nil
        }
    }
}
