import TileditModel
import TileditServices
import TileditViewModels

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
        /// Suspend the screen and edit `text` (the block's) in `$EDITOR`.
        case editExternally(block: BlockID, text: String)
    }

    /// Handles `key` and returns the effects to carry out.
    public static func handle(_ key: KeyEvent, app: AppModel, state: inout ViewState) -> [Effect] {
        state.message = nil
        state.sync(with: app)
        switch key {
        case .resize, .terminate: return []
        default: break
        }
        let modal = Modal.current(app: app, state: state)
        // Ctrl-C leaves what is being typed into, keeping the typing; at
        // the top level it quits, asking when there are unsaved edits.
        let isAskingToQuit = !state.isHelpShown && app.destination?.confirmQuit != nil
        if key == .ctrl("c"), state.editing == nil || modal != nil, !isAskingToQuit {
            state.isHelpShown = false
            state.prompt = nil
            app.onTappedQuit()
            return []
        }
        if let modal {
            return handleModal(modal, key: key, app: app, state: &state)
        }
        if let editing = state.editing {
            return handleEditing(editing, key: key, app: app, state: &state)
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

    private static func perform(_ command: Command, key: KeyEvent, app: AppModel, state: inout ViewState) -> [Effect] {
        if let yaml = app.yamlEditor, let effects = YAMLKeys.perform(command, yaml: yaml, state: &state) {
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
            if editor?.document.value != nil { state.prompt = Prompt(kind: .goToLine) }
        case .moveUp, .moveDown, .pageUp, .pageDown, .moveToFirst, .moveToLast:
            move(command, app: app, state: &state)
        case .openDocument:
            guard let list, list.selection != nil else { break }
            state.focus = .blocks
            return [.run { await list.onOpenedSelection() }]
        case .filterDocuments:
            if let list { state.editing = .filter(TextField(text: list.filterText, accessibilityLabel: "Filter")) }
        case .cycleSortOrder:
            if let list { list.onChangedSortOrder(list.sortOrder.next) }
        case .trashDocument:
            list?.onTappedDelete()
        case .restoreDocument:
            if let list, list.lastTrashed != nil { return [.run { await list.onTappedRestore() }] }
        case .collapseNode:
            break
        case .editBlock:
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
            if let editor, editor.selection != nil {
                let first = editor.document.value?.frontMatter != nil ? 2 : 1
                state.prompt = Prompt(kind: .moveBlock(firstPosition: first, blockCount: editor.blockCount))
            }
        case .applyFix:
            guard let editor else { break }
            if let diagnostic = editor.selectedBlock?.diagnostics.first(where: { $0.fix != nil }) {
                editor.onTappedFix(diagnostic)
            } else {
                state.message = "This block has no fix"
            }
        case .editExternally:
            guard let inspector = editor?.inspector else { break }
            if case .text(let id) = inspector.subject, let text = inspector.text {
                return [.editExternally(block: id, text: text)]
            }
            let isFrontMatter = if case .frontMatter = inspector.subject { true } else { false }
            state.message = isFrontMatter
                ? "Only prose blocks open in $EDITOR; front matter has a form"
                : "Only prose blocks open in $EDITOR; tiles have a form"
        case .editField:
            editField(app: app, state: &state)
        case .toggleField:
            guard let editor, let field = selectedField(editor.inspector, state: state) else { break }
            editor.onInspector(.toggledField(field.key))
        case .previousChoice, .nextChoice:
            guard let editor, let field = selectedField(editor.inspector, state: state) else { break }
            editor.onInspector(.steppedChoice(field.key, by: command == .nextChoice ? 1 : -1))
        case .addProperty:
            guard let inspector = editor?.inspector else { break }
            switch inspector.subject {
            case .tile, .frontMatter: state.prompt = Prompt(kind: .addProperty)
            default: state.message = "Only tiles and front matter have properties"
            }
        case .removeProperty:
            guard let editor, let field = selectedField(editor.inspector, state: state) else { break }
            editor.onInspector(.removedField(field.key))
        case .discardTyping:
            guard let editor, let field = selectedField(editor.inspector, state: state) else { break }
            editor.onTappedDiscardTyping(.field(field.key))
        case .backToBlocks:
            state.focus = .blocks
        case .commitField, .leaveField, .commitAndSave,
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
            guard let list = app.documents else { return }
            list.onMovedSelection(by: max(-list.visibleDocuments.count, min(list.visibleDocuments.count, offset)))
        case .blocks:
            guard let editor = app.editor else { return }
            switch command {
            case .moveToFirst: editor.onSelectedEdge(last: false)
            case .moveToLast: editor.onSelectedEdge(last: true)
            default: editor.onMovedSelection(by: offset)
            }
        case .inspector:
            guard let inspector = app.editor?.inspector else { return }
            let count = inspector.fields.count
            if count > 0 {
                state.fieldIndex = max(0, min(count - 1, state.fieldIndex + max(-count, min(count, offset))))
            }
        case .preview:
            state.previewScroll = max(0, state.previewScroll + max(-1_000_000_000, min(1_000_000_000, offset)))
        }
    }

    private static func selectedField(_ inspector: InspectorModel, state: ViewState) -> InspectorField? {
        let fields = inspector.fields
        return fields.indices.contains(state.fieldIndex) ? fields[state.fieldIndex] : nil
    }

    private static func editField(app: AppModel, state: inout ViewState) {
        guard let editor = app.editor else { return }
        switch editor.inspector.subject {
        case .text:
            startEditingText(app: app, state: &state)
        case .tile, .frontMatter:
            guard let field = selectedField(editor.inspector, state: state) else { return }
            editor.onInspector(.beganEditingField(field.key))
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

    /// Applies text edited in `$EDITOR` to `block` through the inspector's
    /// text actions (one undoable change, or nothing when unchanged).
    public static func applyExternalEdit(_ text: String, to block: BlockID, app: AppModel, state: inout ViewState) {
        guard let editor = app.editor, editor.document.value?.index(of: block) != nil else {
            state.message = "The block is gone; the text from $EDITOR was not applied"
            return
        }
        editor.onSelectedBlock(block)
        editor.onInspector(.changedText(text))
        editor.onInspector(.leftText)
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
                if key == .up || key == .down { move(key == .up ? .moveUp : .moveDown, app: app, state: &state) }
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
        case .yamlValue(let field):
            guard let yaml = app.yamlEditor else {
                state.editing = nil
                return []
            }
            return YAMLKeys.handleTyping(key, field: field, yaml: yaml, state: &state)
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
                if search.results.value?.isEmpty == false {
                    state.focus = .blocks
                    search.onChoseResult()
                }
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
        case .editor(let editor, .tileCatalog):
            let matches = TileCatalogSheet.matches(editor, query: state.catalogQuery)
            switch command {
            case .moveUp?: state.catalogIndex = max(0, state.catalogIndex - 1)
            case .moveDown?: state.catalogIndex = min(max(0, matches.count - 1), state.catalogIndex + 1)
            case .choose?:
                if matches.indices.contains(state.catalogIndex) { editor.onChoseTile(matches[state.catalogIndex].type) }
            case .dismiss?: editor.onDismissed()
            default:
                switch key {
                case .character(let character):
                    state.catalogQuery.append(character)
                    state.catalogIndex = 0
                case .paste(let text):
                    state.catalogQuery += text.filter { !$0.isNewline }
                    state.catalogIndex = 0
                case .backspace:
                    if !state.catalogQuery.isEmpty { state.catalogQuery.removeLast() }
                    state.catalogIndex = 0
                default:
                    break
                }
            }
        case .documents(let list, .newDocument(let form)):
            switch command {
            case .switchDocumentKind?:
                let kinds = DocumentTemplate.Kind.allCases.filter { $0 != .yaml }
                let index = kinds.firstIndex(of: form.kind) ?? 0
                var changed = form
                changed.kind = kinds[(index + (key == .backTab ? kinds.count - 1 : 1)) % kinds.count]
                list.onChangedNewDocument(changed)
            case .choose?:
                guard form.message == nil else { break }
                state.focus = .blocks
                return [.run { await list.onConfirmedNewDocument() }]
            case .dismiss?:
                list.onDismissed()
            default:
                if state.newDocumentField.handle(key) == .edited {
                    var changed = form
                    changed.title = state.newDocumentField.text
                    list.onChangedNewDocument(changed)
                }
            }
        case .prompt(var prompt):
            switch command {
            case .choose?: answer(prompt, app: app, state: &state)
            case .dismiss?: state.prompt = nil
            default:
                if prompt.field.handle(key) == .edited { prompt.message = nil }
                state.prompt = prompt
            }
        case .alert(let alert):
            var overlay = alert.overlay.selecting(state.choice)
            switch overlay.handle(key) {
            case .moved?: state.choice = overlay.selectedChoice
            case .chose(let index)?: return [.run(alert.choose(index))]
            case .dismissed?: return [.run(alert.choose(nil))]
            case nil: break
            }
        case .app, .editor, .documents:
            break
        }
        return []
    }

    private static func handleSettings(_ model: SettingsModel, command: Command?, app: AppModel, state: inout ViewState) -> [Effect] {
        guard let settings = model.settings.value else {
            if command == .dismiss { app.onDismissed() }
            return []
        }
        let types = SettingsSheet.types(app, settings: settings)
        let rowCount = 3 + types.count
        switch command {
        case .moveUp?: state.settingsRow = max(0, state.settingsRow - 1)
        case .moveDown?: state.settingsRow = min(rowCount - 1, state.settingsRow + 1)
        case .changeSetting?, .changeSettingBack?:
            // → and Space step forward through a setting's values, ← back.
            let step = command == .changeSettingBack ? -1 : 1
            func stepped<Value: Equatable>(_ values: [Value], from current: Value) -> Value {
                let index = values.firstIndex(of: current) ?? (step > 0 ? -1 : 0)
                return values[(index + step + values.count) % values.count]
            }
            switch state.settingsRow {
            case 0:
                return [.run { await model.onToggledFormatOnSave() }]
            case 1:
                let next = stepped(SettingsModel.autosaveChoices, from: settings.autosaveInterval)
                return [.run { await model.onChangedAutosaveInterval(next) }]
            case 2:
                let next = stepped(Settings.Theme.allCases, from: settings.theme)
                return [.run { await model.onChoseTheme(next) }]
            default:
                break
            }
        case .moveCatalogTypeUp?, .moveCatalogTypeDown?:
            guard state.settingsRow >= 3 else { break }
            let up = command == .moveCatalogTypeUp
            let type = types[state.settingsRow - 3]
            let target = state.settingsRow + (up ? -1 : 1)
            if target >= 3, target < rowCount { state.settingsRow = target }
            return [.run { await model.onMovedCatalogType(type, up: up, allTypes: types) }]
        case .dismiss?:
            app.onDismissed()
        default:
            break
        }
        return []
    }

    private static func answer(_ prompt: Prompt, app: AppModel, state: inout ViewState) {
        var prompt = prompt
        let text = prompt.field.text.trimmingCharacters(in: .whitespaces)
        switch prompt.kind {
        case .moveBlock(let first, let count):
            guard let position = Int(text), position >= first, position <= count, let editor = app.editor else {
                prompt.message = "Type a number from \(first) to \(count)"
                state.prompt = prompt
                return
            }
            state.prompt = nil
            editor.onMovedBlock(to: position - 1)
        case .addProperty where app.yamlEditor != nil:
            guard !text.isEmpty, let yaml = app.yamlEditor else {
                prompt.message = "Type the key's name"
                state.prompt = prompt
                return
            }
            state.prompt = nil
            _ = yaml.onAddedKey(text, value: "")
            state.focus = .blocks
        case .addProperty:
            guard !text.isEmpty, let inspector = app.editor?.inspector else {
                prompt.message = "Type the property's name"
                state.prompt = prompt
                return
            }
            state.prompt = nil
            app.editor?.onInspector(.addedProperty(text))
            if let index = inspector.fields.firstIndex(where: { $0.key == text }) { state.fieldIndex = index }
            state.focus = .inspector
            state.sync(with: app)
        case .goToLine:
            guard let line = Int(text), line >= 1, let editor = app.editor else {
                prompt.message = "Type a line number from 1"
                state.prompt = prompt
                return
            }
            state.prompt = nil
            editor.onSelectedLine(line)
            state.focus = .blocks
        }
    }
}
