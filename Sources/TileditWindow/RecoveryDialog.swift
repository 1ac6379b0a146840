import CGtk
import Foundation
import TileditGtk
import TileditViewModels

/// The documents with unsaved edits left by an earlier session
/// (`AppModel.Destination.recoverEdits`), listed at start-up: one row
/// each (its path, when, how many typed values, whether the file changed
/// since), the selection the app's; Restore opens the selected document
/// with its edits, Discard drops them, Later (or Escape) decides later.
@MainActor
final class RecoveryDialog {
    let dialog: AlertDialog
    private let app: AppModel
    private let rows = RowList()
    private let list: ListView<Label>
    private var items: [RecoveryList.Item] = []
    private var observer: StateObserver?

    /// - Parameter run: runs an action that awaits (its owner keeps the task).
    init(_ app: AppModel, parent: ApplicationWindow, run: @escaping @MainActor (@escaping @MainActor () async -> Void) -> Void) {
        self.app = app
        list = ListView(model: rows) {
            let label = Label()
            label.setTextAlignment(0)
            label.setMargins(top: 4, bottom: 4, start: 6, end: 6)
            return label
        }
        list.setAccessibleLabel("Documents with unsaved edits")
        let scrolled = ScrolledWindow(list)
        scrolled.setAccessibleLabel("Documents with unsaved edits pane")
        scrolled.setSizeRequest(width: 460, height: 180)
        dialog = AlertDialog(
            parent: parent, title: "Recover unsaved edits", message: "These documents have edits that were never saved:",
            choices: [
                .init("Later", style: .cancel) { app.onDismissed() },
                .init("Discard", style: .destructive, closes: false) { run { await app.onChoseRecovery(.discard) } },
                .init("Restore", style: .suggested, closes: false) { run { await app.onChoseRecovery(.restore) } },
            ],
            content: scrolled, focus: list, dismissed: { app.onDismissed() })
        list.bindRow = { [weak self] label, index in
            guard let self, index >= 0, index < self.items.count else { return "" }
            let text = Self.text(self.items[index])
            label.text = text
            return text
        }
        list.onSelectionChanged { [weak self] index in
            guard let self, let index, let selection = self.app.destination?.recoverEdits?.selection, index != selection else { return }
            self.app.onMovedRecoverySelection(by: index - selection)
        }
        list.onActivated { index in
            guard let selection = app.destination?.recoverEdits?.selection, index == selection else { return }
            run { await app.onChoseRecovery(.restore) }
        }
        observer = StateObserver { [weak self] in self?.render() }
    }

    /// A row: `posts/a.md · 2024-01-05 10:15 · 2 typed values · the file changed since`.
    static func text(_ item: RecoveryList.Item) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        var parts = [item.path, formatter.string(from: item.date)]
        if item.pendingValueCount > 0 { parts.append("\(item.pendingValueCount) typed value\(item.pendingValueCount == 1 ? "" : "s")") }
        if item.fileChangedSince { parts.append("the file changed since") }
        return parts.joined(separator: " · ")
    }

    private func render() {
        guard let recovery = app.destination?.recoverEdits else { return }
        if recovery.items != items {
            items = recovery.items
            rows.reset(count: items.count)
        }
        list.selectedIndex = recovery.selection
    }

    /// Closes the dialog (the list went away).
    func close() {
        observer?.stop()
        dialog.close()
    }
}
