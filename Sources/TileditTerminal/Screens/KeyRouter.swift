import TileditModel
import TileditServices
import TileditViewModels
import TileditTerminalToolkit

/// Turns each key into a view model's `on…` action, through the key map:
/// the overlay on top gets the key first, then what the user is typing
/// into, then the focused pane, then the keys that work everywhere. Only
/// view-local state changes here; async actions come back as effects for
/// the run loop to start in tasks, so no key waits on disk I/O.
@MainActor
public enum KeyRouter {
    /// An async action to start (a save, opening a document, …).
    public typealias Work = @MainActor () async -> Void

    /// What the run loop must do after a key.
    public enum Effect {
        /// Start this action in a task; do not wait for it.
        case run(Work)
        /// Suspend the screen and edit the block's text in `$EDITOR`.
        case editExternally(ExternalEdit)
    }

    /// Handles `key` and returns the effects to carry out; the view-local
    /// state follows what the key did (a field a new tile opened, …).
    public static func handle(_ key: KeyEvent, app: AppModel, state: inout ViewState) -> [Effect] {
        let effects = route(key, app: app, state: &state)
        state.sync(with: app)
        return effects
    }

    private static func route(_ key: KeyEvent, app: AppModel, state: inout ViewState) -> [Effect] {
        state.message = nil
        state.sync(with: app)
        switch key {
        case .resize, .terminate: return []
        case .mouse(let event): return MouseRouter.handle(event, app: app, state: &state)
        default: break
        }
        let modal = Modal.current(app: app, state: state)
        // Ctrl-C leaves what is being typed into, keeping the typing; at
        // the top level it quits, asking when there are unsaved edits.
        if modal == nil, app.yamlEditor == nil, let editor = app.editor, let list = editor.inspector.list {
            return ListFieldKeys.handle(key, list: list, editor: editor, app: app, state: &state)
        }
        let isAskingToQuit = !state.isHelpShown && app.destination?.confirmQuit != nil
        if key == .ctrl("c"), state.editing == nil || modal != nil, !isAskingToQuit {
            state.isHelpShown = false
            dismissPrompt(app: app)
            app.onTappedQuit()
            return []
        }
        if let modal {
            return handleModal(modal, key: key, app: app, state: &state)
        }
        if let editing = state.editing {
            return handleEditing(editing, key: key, app: app, state: &state)
        }
        if case .paste = key {
            // Pasted text is never taken as keys (a `d` or a `q` in it).
            state.message = "Paste goes into a field or a text area: Enter opens one"
            return []
        }
        guard let command = KeyMap.command(for: key, in: scopes(for: state.focus)) else { return [] }
        return perform(command, key: key, app: app, state: &state)
    }

    /// The scopes a focused pane reads keys in, most specific first.
    static func scopes(for pane: Pane) -> [KeyScope] {
        switch pane {
        case .documents: [.documents, .lists, .global]
        case .blocks: [.blocks, .lists, .editor, .global]
        case .inspector: [.inspector, .lists, .editor, .global]
        case .preview: [.lists, .global]
        }
    }

    // MARK: Panes

    /// Carries out `command` as its key would in the focused pane (the
    /// mouse presses Enter's commands through this).
    static func perform(_ command: Command, app: AppModel, state: inout ViewState) -> [Effect] {
        perform(command, key: .enter, app: app, state: &state)
    }

    private static func perform(_ command: Command, key: KeyEvent, app: AppModel, state: inout ViewState) -> [Effect] {
        if let yaml = app.yamlEditor, let effects = YAMLKeys.perform(command, yaml: yaml, state: &state) {
            state.sync(with: app)
            return effects
        }
        let editor = app.editor
        let list = app.documents
        switch command {
        case .showHelp:
            state.isHelpShown = true
            state.helpScroll = 0
        case .search:
            app.onTappedSearch()
        case .save:
            if let editor { return [.run { await editor.onTappedSave() }] }
        case .undo:
            editor?.onTappedUndo()
        case .redo:
            editor?.onTappedRedo()
        case .quit:
            app.onTappedQuit()
        case .nextPane:
            state.focus = state.focus.next
        case .previousPane:
            state.focus = state.focus.previous
        case .focusDocuments:
            state.focus = .documents
        case .focusBlocks:
            state.focus = .blocks
        case .focusInspector:
            state.focus = .inspector
        case .focusPreview:
            state.focus = .preview
        case .openSettings:
            app.onTappedSettings()
            if let settings = app.destination?.settings { return [.run { await settings.onAppeared() }] }
        case .newDocument:
            list?.onTappedNewDocument()
        case .reload:
            return [.run { await app.onRefreshed() }]
        case .format:
            editor?.onTappedFormat()
        case .goToLine:
            editor?.onTappedGoToLine()
        case .moveUp, .moveDown, .pageUp, .pageDown, .moveToFirst, .moveToLast:
            move(command, app: app, state: &state)
        case .openDocument:
            guard let list, list.selection != nil else { break }
            state.focus = .blocks
            return [.run { await list.onOpenedSelection() }]
        case .filterDocuments:
            if let list { state.editing = .filter(TextField(text: list.filterText, accessibilityLabel: "Filter")) }
        case .cycleSortOrder:
            list?.onCycledSortOrder()
        case .trashDocument:
            list?.onTappedDelete()
        case .restoreDocument:
            if let list, list.lastTrashed != nil { return [.run { await list.onTappedRestore() }] }
        case .renameDocument:
            list?.onTappedRename()
        case .undoRename:
            if let list, list.lastRename != nil { return [.run { await list.onTappedUndoRename() }] }
        case .collapseNode:
            break
        case .editBlock, .expandNode:
            guard editor?.selectedIndex != nil else { break }
            state.focus = .inspector
            startEditingText(app: app, state: &state)
        case .insertTile:
            editor?.onTappedInsertTile()
        case .insertParagraph:
            editor?.onTappedInsertParagraph()
        case .duplicateBlock:
            editor?.onTappedDuplicate()
        case .deleteBlock:
            editor?.onTappedDelete()
        case .moveBlockUp:
            editor?.onTappedMoveUp()
        case .moveBlockDown:
            editor?.onTappedMoveDown()
        case .moveBlockTo:
            editor?.onTappedMoveTo()
        case .applyFix:
            editor?.onTappedApplyFix()
        case .editExternally:
            if let edit = editor?.onTappedEditExternally() { return [.editExternally(edit)] }
        case .editField:
            editField(app: app, state: &state)
        case .toggleField:
            guard let editor, let field = editor.inspector.selectedField else { break }
            editor.onInspector(.toggledField(field.key))
        case .previousChoice, .nextChoice:
            guard let editor, let field = editor.inspector.selectedField else { break }
            editor.onInspector(.steppedChoice(field.key, by: command == .nextChoice ? 1 : -1))
        case .addProperty:
            editor?.onTappedAddProperty()
        case .removeProperty:
            guard let editor, let field = editor.inspector.selectedField else { break }
            editor.onInspector(.removedField(field.key))
        case .discardTyping:
            guard let editor, let field = editor.inspector.selectedField else { break }
            editor.onTappedDiscardTyping(.field(field.key))
        case .backToBlocks:
            state.focus = .blocks
        case .commitField, .leaveField, .commitAndSave,
             .addListItem, .editListItem, .editListAsText, .removeListItem, .moveListItemUp, .moveListItemDown, .closeList,
             .commitListItem, .completeListItem, .nextCompletion, .previousCompletion, .discardListItem,
             .choose, .dismiss, .nextChoiceButton, .previousChoiceButton, .switchDocumentKind,
             .moveCatalogTypeUp, .moveCatalogTypeDown, .changeSetting, .changeSettingBack, .restoreEdits, .discardEdits:
            break
        }
        return []
    }

    /// Rows a page key moves in the focused pane.
    static func pageHeight(_ state: ViewState) -> Int {
        max(1, (Layout(size: state.size, focus: state.focus).inside(state.focus)?.height ?? 10) - 1)
    }

    private static func move(_ command: Command, app: AppModel, state: inout ViewState) {
        let page = pageHeight(state)
        let offset: Int
        switch command {
        case .moveUp: offset = -1
        case .moveDown: offset = 1
        case .pageUp: offset = -page
        case .pageDown: offset = page
        case .moveToFirst: offset = Int.min / 2
        default: offset = Int.max / 2
        }
        switch state.focus {
        case .documents:
            app.documents?.onMovedSelection(by: offset)
        case .blocks:
            guard let editor = app.editor else { return }
            switch command {
            case .moveToFirst: editor.onSelectedEdge(last: false)
            case .moveToLast: editor.onSelectedEdge(last: true)
            default: editor.onMovedSelection(by: offset)
            }
        case .inspector:
            app.editor?.inspector.onMovedFieldSelection(by: offset)
        case .preview:
            state.previewScroll = max(0, state.previewScroll + max(-1_000_000_000, min(1_000_000_000, offset)))
        }
    }

    private static func editField(app: AppModel, state: inout ViewState) {
        guard let editor = app.editor else { return }
        switch editor.inspector.subject {
        case .text:
            startEditingText(app: app, state: &state)
        case .tile, .frontMatter:
            guard let field = editor.inspector.selectedField else { return }
            if field.input == .list {
                editor.onInspectorList(.opened(field.key))
            } else {
                editor.onInspector(.beganEditingField(field.key))
            }
            state.sync(with: app)
        case .nothing:
            return
        }
    }

    private static func startEditingText(app: AppModel, state: inout ViewState) {
        guard let editor = app.editor, case .text = editor.inspector.subject else { return }
        editor.onInspector(.beganEditingText)
        state.sync(with: app)
    }

    /// Hands `text`, edited in `$EDITOR`, back to the editor for `edit`
    /// (which applies it or says why not).
    public static func applyExternalEdit(_ text: String, for edit: ExternalEdit, app: AppModel, state: inout ViewState) {
        app.editor?.onEditedExternally(edit, text: text)
        state.sync(with: app)
    }

    // MARK: Typing

    private static func handleEditing(_ editing: Editing, key: KeyEvent, app: AppModel, state: inout ViewState) -> [Effect] {
        let editor = app.editor
        // Leaving, by any key but Enter, keeps the typing: applied when
        // valid, else pending with its message. Ctrl-S leaves, then saves.
        switch editing {
        case .field(let block, let fieldKey, var field):
            guard let editor else { break }
            switch KeyMap.command(for: key, in: [.fieldEditing]) {
            case .commitField?:
                editor.onInspector(.committedField(fieldKey))
            case .leaveField?:
                editor.onInspector(.leftField(fieldKey))
                if key == .up || key == .down { editor.inspector.onMovedFieldSelection(by: key == .up ? -1 : 1) }
            case .discardTyping?:
                editor.onTappedDiscardTyping(.field(fieldKey))
            case .commitAndSave?:
                editor.onInspector(.leftField(fieldKey))
                state.sync(with: app)
                return [.run { await editor.onTappedSave() }]
            default:
                if field.handle(key) == .edited { editor.onInspector(.changedField(fieldKey, text: field.text)) }
                state.editing = .field(block: block, key: fieldKey, field)
            }
            state.sync(with: app)
        case .fieldArea(let block, let fieldKey, var area):
            guard let editor else { break }
            switch KeyMap.command(for: key, in: [.textEditing]) {
            case .leaveField?:
                editor.onInspector(.leftField(fieldKey))
            case .discardTyping?:
                editor.onTappedDiscardTyping(.field(fieldKey))
            case .commitAndSave?:
                editor.onInspector(.leftField(fieldKey))
                state.sync(with: app)
                return [.run { await editor.onTappedSave() }]
            default:
                if area.handle(key) == .edited { editor.onInspector(.changedField(fieldKey, text: area.text)) }
                state.editing = .fieldArea(block: block, key: fieldKey, area)
            }
            state.sync(with: app)
        case .text(let block, var area):
            guard let editor else { break }
            switch KeyMap.command(for: key, in: [.textEditing]) {
            case .leaveField?:
                editor.onInspector(.leftText)
            case .discardTyping?:
                editor.onTappedDiscardTyping(.text)
            case .commitAndSave?:
                editor.onInspector(.leftText)
                state.sync(with: app)
                return [.run { await editor.onTappedSave() }]
            default:
                if area.handle(key) == .edited { editor.onInspector(.changedText(area.text)) }
                state.editing = .text(block: block, area)
            }
            state.sync(with: app)
        case .newParagraph(var area):
            guard let editor else { break }
            switch KeyMap.command(for: key, in: [.textEditing]) {
            case .leaveField?:
                editor.onInspector(.leftNewParagraph)
            case .discardTyping?:
                editor.onTappedDiscardTyping(.newParagraph)
            case .commitAndSave?:
                editor.onInspector(.leftNewParagraph)
                state.sync(with: app)
                return [.run { await editor.onTappedSave() }]
            default:
                if area.handle(key) == .edited { editor.onInspector(.changedNewParagraph(area.text)) }
                state.editing = .newParagraph(area)
            }
            state.sync(with: app)
        case .yamlValue(let field):
            guard let yaml = app.yamlEditor else {
                state.editing = nil
                return []
            }
            let effects = YAMLKeys.handleTyping(key, field: field, yaml: yaml, state: &state)
            state.sync(with: app)
            return effects
        case .yamlText(let area):
            guard let yaml = app.yamlEditor else {
                state.editing = nil
                return []
            }
            let effects = YAMLKeys.handleTyping(key, area: area, yaml: yaml, state: &state)
            state.sync(with: app)
            return effects
        case .filter(var field):
            guard let list = app.documents else {
                state.editing = nil
                return []
            }
            switch KeyMap.command(for: key, in: [.fieldEditing]) {
            case .commitField?, .leaveField?:
                state.editing = nil
            case .discardTyping?:
                list.onChangedFilter("")
                state.editing = nil
            default:
                if field.handle(key) == .edited { list.onChangedFilter(field.text) }
                state.editing = .filter(field)
            }
        }
        return []
    }

    // MARK: Overlays

    private static func handleModal(_ modal: Modal, key: KeyEvent, app: AppModel, state: inout ViewState) -> [Effect] {
        let command = KeyMap.command(for: key, in: [modal.scope])
        switch modal {
        case .help:
            let page = max(1, state.size.rows - 6)
            switch command {
            case .moveUp?: state.helpScroll = max(0, state.helpScroll - 1)
            case .moveDown?: state.helpScroll += 1
            case .pageUp?: state.helpScroll = max(0, state.helpScroll - page)
            case .pageDown?: state.helpScroll += page
            case .dismiss?: state.isHelpShown = false
            default: break
            }
        case .app(.search(let search)):
            switch command {
            case .moveUp?: search.onMovedSelection(by: -1)
            case .moveDown?: search.onMovedSelection(by: 1)
            case .choose?:
                if search.onChoseResult() { state.focus = .blocks }
            case .dismiss?: app.onDismissed()
            default:
                if state.searchField.handle(key) == .edited { search.onChangedQuery(state.searchField.text) }
            }
        case .app(.settings(let model)):
            return handleSettings(model, command: command, app: app, state: &state)
        case .app(.recoverEdits):
            switch command {
            case .moveUp?: app.onMovedRecoverySelection(by: -1)
            case .moveDown?: app.onMovedRecoverySelection(by: 1)
            case .restoreEdits?:
                state.focus = .blocks
                return [.run { await app.onChoseRecovery(.restore) }]
            case .discardEdits?: return [.run { await app.onChoseRecovery(.discard) }]
            case .dismiss?: app.onDismissed()
            default: break
            }
        case .catalog(let editor, let picker):
            switch command {
            case .moveUp?: picker.onMovedSelection(by: -1)
            case .moveDown?: picker.onMovedSelection(by: 1)
            case .choose?: picker.onChoseSelected()
            case .dismiss?: editor.onDismissed()
            default:
                // The filter is typed without a cursor: characters append, Backspace takes the last one.
                switch key {
                case .character(let character): picker.onChangedQuery(picker.query + String(character))
                case .paste(let text): picker.onChangedQuery(picker.query + text.filter { !$0.isNewline })
                case .backspace: picker.onChangedQuery(String(picker.query.dropLast()))
                default: break
                }
            }
        case .documents(let list, .newDocument(let form)):
            switch command {
            case .switchDocumentKind?:
                list.onSteppedNewDocumentKind(by: key == .backTab ? -1 : 1)
            case .choose?:
                guard form.message == nil else { break }
                state.focus = .blocks
                return [.run { await list.onConfirmedNewDocument() }]
            case .dismiss?:
                list.onDismissed()
            default:
                if state.newDocumentField.handle(key) == .edited { list.onChangedNewDocumentTitle(state.newDocumentField.text) }
            }
        case .prompt(let prompt):
            switch command {
            case .choose?:
                prompt.onSubmitted()
                // An answer taken closes the prompt; its work leaves the focus where it belongs.
                guard prompt.message == nil else { break }
                switch prompt.kind {
                case .moveBlock: break
                case .goToLine, .addKey, .renameKey: state.focus = .blocks
                case .addProperty: state.focus = .inspector
                }
                state.sync(with: app)
            case .dismiss?:
                dismissPrompt(app: app)
            default:
                if state.promptField.handle(key) == .edited { prompt.onChangedText(state.promptField.text) }
            }
        case .documents(let list, .rename(let form)):
            return FileKeys.rename(list, form: form, key: key, state: &state)
        case .documents(let list, .renamePreview(let preview)):
            return FileKeys.changes(buttons: preview.buttons, dismissal: preview.dismissal, key: key, state: &state) { await list.onChose($0) }
        case .review(let review):
            return FileKeys.changes(buttons: review.buttons, dismissal: review.dismissal, key: key, state: &state) { await review.onChose($0) }
        case .alert(let alert):
            var overlay = alert.overlay.selecting(state.choice)
            switch overlay.handle(key) {
            case .moved?: state.choice = overlay.selectedChoice
            case .chose(let index)?: return [.run(alert.choose(index))]
            case .dismissed?: return [.run(alert.choose(nil))]
            case nil: break
            }
        case .app, .documents:
            break
        }
        return []
    }

    /// Closes the prompt of whichever editor shows it.
    private static func dismissPrompt(app: AppModel) {
        if app.editor?.destination?.prompt != nil { app.editor?.onDismissed() }
        if app.yamlEditor?.destination?.prompt != nil { app.yamlEditor?.onDismissed() }
    }

    private static func handleSettings(_ model: SettingsModel, command: Command?, app: AppModel, state: inout ViewState) -> [Effect] {
        guard model.settings.value != nil else {
            if command == .dismiss { app.onDismissed() }
            return []
        }
        switch command {
        case .moveUp?: model.onMovedSelection(by: -1)
        case .moveDown?: model.onMovedSelection(by: 1)
        case .changeSetting?, .changeSettingBack?:
            // → and Space step forward through a setting's values, ← back.
            let step = command == .changeSettingBack ? -1 : 1
            return [.run { await model.onSteppedSelectedSetting(by: step) }]
        case .moveCatalogTypeUp?, .moveCatalogTypeDown?:
            let up = command == .moveCatalogTypeUp
            return [.run { await model.onMovedSelectedCatalogType(up: up) }]
        case .dismiss?:
            app.onDismissed()
        default:
            break
        }
        return []
    }
}
