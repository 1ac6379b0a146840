import Foundation
import TileditModel
import TileditViewModels

/// Alerts and confirmations over the panes: errors, deleting a block or a
/// document, a conflict with the file on disk (reload, overwrite, keep
/// both), a file deleted on disk, journaled edits to recover, and quitting
/// with unsaved changes. Built from the modal; the key router maps the
/// chosen button back to the view model's action.
@MainActor
enum AlertOverlay {
    /// The overlay for `modal`, or `nil` when the modal is a sheet.
    static func overlay(for modal: Modal, app: AppModel) -> Overlay? {
        switch modal {
        case .help, .prompt, .app(.search), .app(.settings), .app(.recoverEdits), .editor(_, .tileCatalog), .documents(_, .newDocument):
            return nil
        case .app(.confirmQuit(let paths)):
            let list = paths.map { "  " + $0 }.joined(separator: "\n")
            return Overlay(title: modal.title, body: "These documents have unsaved edits:\n\(list)", choices: ["Save and quit", "Discard and quit", "Cancel"])
        case .app(.interruptedSaves(let saves)):
            return Overlay(title: modal.title, body: saves.map(\.message).joined(separator: "\n"), choices: ["OK"])
        case .editor(_, .confirmOverrideReadOnly(let message)):
            return Overlay(title: modal.title, body: message, choices: ["Save anyway", "Cancel"], choosesByLetter: false)
        case .app(.alert(let error)), .editor(_, .alert(let error)), .documents(_, .alert(let error)):
            return Overlay(title: modal.title, body: error.message, choices: ["OK"])
        case .editor(let editor, .confirmDelete(let id)):
            let label = editor.document.value?.index(of: id).flatMap { editor.row(at: $0) }.map(BlocksPane.rowLabel) ?? "the block"
            return Overlay(title: modal.title, body: "Delete \(label)? u brings it back.", choices: ["Delete", "Cancel"])
        case .editor(let editor, .conflict):
            return Overlay(
                title: modal.title,
                body: "\(editor.displayPath) changed on disk since it was loaded.\nReload drops your edits; Overwrite writes yours over the file; Keep both saves yours as a copy beside it and loads the file.",
                choices: ["Reload", "Overwrite", "Keep both", "Cancel"], choosesByLetter: false)
        case .editor(let editor, .deletedOnDisk):
            return Overlay(
                title: modal.title, body: "\(editor.displayPath) was deleted on disk. Save again writes your text back.",
                choices: ["Save again", "Close"], choosesByLetter: false)
        case .editor(let editor, .recovery(let date, let changed)):
            let when = Self.dateText(date)
            let note = changed ? " The file changed on disk since." : ""
            return Overlay(title: modal.title, body: "Unsaved edits to \(editor.displayPath) from \(when) were found.\(note)", choices: ["Restore", "Discard"])
        case .editor(_, .confirmDiscardTyping(let target)):
            let what: String
            switch target {
            case .field(let key): what = "the value typed for `\(key)`"
            case .text: what = "the text typed for the block"
            }
            return Overlay(title: modal.title, body: "Discard \(what)? It is not in the document.", choices: ["Discard", "Keep"], choosesByLetter: false)
        case .yaml(let yaml, .conflict):
            return Overlay(
                title: modal.title,
                body: "\(yaml.displayPath) changed on disk since it was loaded.\nReload drops your edits; Overwrite writes yours over the file; Keep both saves yours as a copy beside it and loads the file.",
                choices: ["Reload", "Overwrite", "Keep both", "Cancel"], choosesByLetter: false)
        case .yaml(_, .confirmOverrideReadOnly(let message)):
            return Overlay(title: modal.title, body: message, choices: ["Save anyway", "Cancel"], choosesByLetter: false)
        case .yaml(let yaml, .deletedOnDisk):
            return Overlay(
                title: modal.title, body: "\(yaml.displayPath) was deleted on disk. Save again writes your text back.",
                choices: ["Save again", "Close"], choosesByLetter: false)
        case .yaml(let yaml, .recovery(let date, let changed)):
            let note = changed ? " The file changed on disk since." : ""
            return Overlay(title: modal.title, body: "Unsaved edits to \(yaml.displayPath) from \(Self.dateText(date)) were found.\(note)", choices: ["Restore", "Discard"])
        case .documents(_, .confirmDelete(let path)):
            let unsaved = app.editor.map { $0.displayPath == path && $0.isDirty } ?? false
            let note = unsaved ? "\nIts unsaved edits are not in the file: save first to keep them in it." : ""
            return Overlay(
                title: modal.title, body: "Move \(path) to .tiledit-trash? r in the documents brings it back.\(note)",
                choices: ["Move to trash", "Cancel"])
        }
    }

    /// The button selected when a modal comes up: the one that loses nothing.
    static func defaultChoice(for modal: Modal?) -> Int {
        if case .editor(_, .conflict)? = modal { return 2 }
        if case .yaml(_, .conflict)? = modal { return 2 }
        if case .editor(_, .confirmDiscardTyping)? = modal { return 1 }
        if case .editor(_, .confirmOverrideReadOnly)? = modal { return 1 }
        return 0
    }

    static func draw(into buffer: inout ScreenBuffer, area: Rect, modal: Modal, app: AppModel, choice: Int) {
        guard let base = overlay(for: modal, app: app) else { return }
        let overlay = base.selecting(choice)
        overlay.draw(into: &buffer, area: area, maxWidth: 64)
    }

    private static func dateText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
