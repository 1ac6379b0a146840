import TileditViewModels
import TileditTerminalToolkit

/// Turns a mouse report into the same view-model actions as the keys,
/// through what the last frame drew where (`ViewState.hitRegions`):
///
/// - a left click on a pane focuses it; on a row of its list (a document,
///   a block, an inspector field) selects that row, and on the row already
///   selected does what Enter does there (open, edit);
/// - a left click on a button of the alert or sheet on top presses it; on a
///   row of its list (the catalog, search results, settings, the edits to
///   recover) selects it, and on the selected row does what Enter (or, in
///   the settings, Space) does; clicks elsewhere on the screen do nothing
///   while an overlay is up;
/// - a click outside the field being typed into leaves it as Esc does
///   (the typing kept: applied when valid, else pending), then acts;
/// - the wheel moves the selection of the list under the pointer by
///   `wheelStep` rows, scrolls the preview, the help and a sheet of changes.
///
/// Other buttons, releases and drags do nothing. Nothing happens while the
/// mouse setting is off.
@MainActor
enum MouseRouter {
    /// Rows one turn of the wheel moves.
    static let wheelStep = 3

    static func handle(_ event: MouseEvent, app: AppModel, state: inout ViewState) -> [KeyRouter.Effect] {
        guard app.settings.mouse else { return [] }
        let target = state.target(row: event.row, column: event.column)
        switch event.kind {
        case .scrollUp, .scrollDown:
            scroll(by: event.kind == .scrollUp ? -wheelStep : wheelStep, at: target, app: app, state: &state)
            return []
        case .press(.left):
            return click(target, app: app, state: &state)
        default:
            return []
        }
    }

    // MARK: Clicks

    private static func click(_ target: MouseTarget?, app: AppModel, state: inout ViewState) -> [KeyRouter.Effect] {
        if let modal = Modal.current(app: app, state: state) {
            return clickInModal(modal, target, app: app, state: &state)
        }
        guard let target else { return [] }
        var effects: [KeyRouter.Effect] = []
        if let editing = state.editing {
            if isInside(editing, target, app: app) { return [] }
            effects += KeyRouter.handle(.escape, app: app, state: &state)
            // A value that is not valid keeps Enter's field open only; leaving always closes it.
            if state.editing != nil { return effects }
        }
        switch target {
        case .pane(let pane):
            state.focus = pane
        case .row(let pane, let index):
            state.focus = pane
            effects += select(index, in: pane, app: app, state: &state)
        case .overlay, .sheetRow, .button:
            break
        }
        return effects
    }

    /// Whether a click at `target` lands on what `editing` types into (it
    /// stays open then).
    private static func isInside(_ editing: Editing, _ target: MouseTarget, app: AppModel) -> Bool {
        switch (editing, target) {
        case (.field(_, let key, _), .row(.inspector, let index)), (.fieldArea(_, let key, _), .row(.inspector, let index)):
            return app.editor?.inspector.fields.indices.contains(index) == true && app.editor?.inspector.fields[index].key == key
        case (.text, .pane(.inspector)), (.newParagraph, .pane(.inspector)):
            return true
        case (.filter, .pane(.documents)):
            return true
        case (.yamlValue, .pane(.inspector)), (.yamlText, .pane(.inspector)):
            return true
        default:
            return false
        }
    }

    /// Selects row `index` of `pane`'s list; on the row already selected,
    /// does what Enter does there.
    private static func select(_ index: Int, in pane: Pane, app: AppModel, state: inout ViewState) -> [KeyRouter.Effect] {
        switch pane {
        case .documents:
            guard let list = app.documents else { return [] }
            if let selected = list.selectedIndex, selected == index { return KeyRouter.perform(.openDocument, app: app, state: &state) }
            list.onMovedSelection(by: index - (list.selectedIndex ?? 0))
        case .blocks:
            if let yaml = app.yamlEditor {
                yaml.onMovedSelection(by: index - (yaml.selectedRow ?? 0))
                return []
            }
            guard let editor = app.editor else { return [] }
            if editor.selectedIndex == index { return KeyRouter.perform(.editBlock, app: app, state: &state) }
            editor.onMovedSelection(by: index - (editor.selectedIndex ?? 0))
        case .inspector:
            guard let inspector = app.editor?.inspector else { return [] }
            if inspector.selectedFieldIndex == index { return KeyRouter.perform(.editField, app: app, state: &state) }
            inspector.onMovedFieldSelection(by: index - (inspector.selectedFieldIndex ?? 0))
        case .preview:
            break
        }
        return []
    }

    private static func clickInModal(_ modal: Modal, _ target: MouseTarget?, app: AppModel, state: inout ViewState) -> [KeyRouter.Effect] {
        switch (modal, target) {
        case (.alert(let alert), .button(let index)?):
            state.choice = index
            return [.run(alert.choose(index))]
        case (.review(let review), .button(let index)?):
            guard review.buttons.indices.contains(index) else { return [] }
            state.choice = index
            let choice = review.buttons[index].choice
            return [.run { await review.onChose(choice) }]
        case (.documents(let list, .renamePreview(let preview)), .button(let index)?):
            guard preview.buttons.indices.contains(index) else { return [] }
            state.choice = index
            let choice = preview.buttons[index].choice
            return [.run { await list.onChose(choice) }]
        case (.catalog(_, let picker), .sheetRow(let index)?):
            if index == picker.selection { picker.onChoseSelected() } else { picker.onMovedSelection(by: index - picker.selection) }
        case (.app(.search(let search)), .sheetRow(let index)?):
            if index == search.selection {
                if search.onChoseResult() { state.focus = .blocks }
            } else {
                search.onMovedSelection(by: index - (search.selection ?? 0))
            }
        case (.app(.settings(let model)), .sheetRow(let index)?):
            if index == model.selectedRow { return [.run { await model.onSteppedSelectedSetting(by: 1) }] }
            model.onMovedSelection(by: index - model.selectedRow)
        case (.app(.recoverEdits(let list)), .sheetRow(let index)?):
            if index == list.selection {
                state.focus = .blocks
                return [.run { await app.onChoseRecovery(.restore) }]
            }
            app.onMovedRecoverySelection(by: index - list.selection)
        default:
            break
        }
        return []
    }

    // MARK: The wheel

    private static func scroll(by rows: Int, at target: MouseTarget?, app: AppModel, state: inout ViewState) {
        if let modal = Modal.current(app: app, state: state) {
            switch modal {
            case .help: state.helpScroll = max(0, state.helpScroll + rows)
            case .review, .documents(_, .renamePreview): state.sheetScroll = max(0, state.sheetScroll + rows)
            case .catalog(_, let picker): picker.onMovedSelection(by: rows)
            case .app(.search(let search)): search.onMovedSelection(by: rows)
            case .app(.settings(let model)): model.onMovedSelection(by: rows)
            case .app(.recoverEdits): app.onMovedRecoverySelection(by: rows)
            default: break
            }
            return
        }
        let pane: Pane
        switch target {
        case .pane(let over)?, .row(let over, _)?: pane = over
        default: return
        }
        switch pane {
        case .documents:
            app.documents?.onMovedSelection(by: rows)
        case .blocks:
            if let yaml = app.yamlEditor { yaml.onMovedSelection(by: rows) } else { app.editor?.onMovedSelection(by: rows) }
        case .inspector:
            if state.editing == nil { app.editor?.inspector.onMovedFieldSelection(by: rows) }
        case .preview:
            state.previewScroll = max(0, state.previewScroll + rows)
        }
    }
}
