import TileditModel
import TileditTerminalToolkit
import TileditViewModels

/// The keys of the sheets for files and conflicts: the rename prompt, a
/// rename's preview and a conflict's review. Keys map to the view models'
/// actions and the sheets' view-local state (the typed path, the scroll,
/// the selected button); the buttons and what each does are the view
/// models'.
@MainActor
enum FileKeys {
    /// The rename prompt: Enter plans the rename (when the path is valid),
    /// Esc closes, other keys edit the path.
    static func rename(_ list: DocumentListModel, form: RenameForm, key: KeyEvent, state: inout ViewState) -> [KeyRouter.Effect] {
        switch KeyMap.command(for: key, in: [.rename]) {
        case .choose?:
            if form.message == nil { return [.run { await list.onConfirmedRename() }] }
        case .dismiss?:
            list.onDismissed()
        default:
            if state.renameField.handle(key) == .edited { list.onChangedRename(state.renameField.text) }
        }
        return []
    }

    /// A sheet of changes with buttons: ↑ ↓ and the page keys scroll, the
    /// other keys work its buttons as an alert's (arrows, Tab, Enter, a
    /// button's first letter, Esc for `dismissal`).
    static func changes<Choice: Equatable & Sendable>(
        buttons: [AlertButton<Choice>], dismissal: Choice, key: KeyEvent, state: inout ViewState,
        chose: @escaping @MainActor (Choice) async -> Void
    ) -> [KeyRouter.Effect] {
        let page = max(1, state.sheetPage - 1)
        switch KeyMap.command(for: key, in: [.changes]) {
        case .moveUp?: state.sheetScroll = max(0, state.sheetScroll - 1)
        case .moveDown?: state.sheetScroll += 1
        case .pageUp?: state.sheetScroll = max(0, state.sheetScroll - page)
        case .pageDown?: state.sheetScroll += page
        default:
            var overlay = Overlay(title: "", body: "", choices: buttons.map(\.title), selectedChoice: state.choice)
            switch overlay.handle(key) {
            case .moved?:
                state.choice = overlay.selectedChoice
            case .chose(let index)?:
                let choice = buttons.indices.contains(index) ? buttons[index].choice : dismissal
                return [.run { await chose(choice) }]
            case .dismissed?:
                return [.run { await chose(dismissal) }]
            case nil:
                break
            }
        }
        return []
    }
}
