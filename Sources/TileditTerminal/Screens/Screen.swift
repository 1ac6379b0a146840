import TileditModel
import TileditViewModels
import TileditTextLayout
import TileditTerminalToolkit

/// A frame of the editor, drawn off-screen: a pure function of the view
/// models' state, the view-local state and the buffer's size. It keeps
/// view-local state consistent as it goes (list scroll offsets, a cursor
/// in a text field) and calls no action.
@MainActor
public enum Screen {
    /// What the documents and blocks panes' rows want, measured only
    /// when the panes are side by side.
    static func wanted(_ app: AppModel, columns: Int, state: inout ViewState) -> Layout.Wanted {
        guard columns >= Layout.wideMinimumColumns else { return Layout.Wanted() }
        return Layout.Wanted(documents: DocumentsPane.wantedWidth(app), blocks: app.yamlEditor == nil ? blocksWidth(app, state: &state) : 0)
    }

    /// `BlocksPane.wantedWidth`, measured again only when the document changed.
    private static func blocksWidth(_ app: AppModel, state: inout ViewState) -> Int {
        guard let editor = app.editor else { return BlocksPane.wantedWidth(app) }
        let key = (ObjectIdentifier(editor), editor.documentChanges)
        if let cached = state.blocksWidth, cached.editor == key.0, cached.documentChanges == key.1 { return cached.width }
        let width = BlocksPane.wantedWidth(app)
        state.blocksWidth = (key.0, key.1, width)
        return width
    }

    /// Draws the whole editor into `buffer` (its size is the terminal's).
    public static func draw(app: AppModel, viewState state: inout ViewState, into buffer: inout ScreenBuffer) {
        let size = TerminalSize(rows: buffer.rows, columns: buffer.columns)
        state.size = size
        state.sync(with: app)
        buffer = ScreenBuffer(rows: size.rows, columns: size.columns)
        state.hitRegions = []
        let layout = Layout(size: size, focus: state.focus, wanted: wanted(app, columns: size.columns, state: &state))
        if layout.isTooSmall {
            buffer.put(DisplayWidth.truncate("Tiledit needs \(Layout.minimumSize.columns)×\(Layout.minimumSize.rows)", to: size.columns), row: 0, column: 0)
            return
        }
        let modal = Modal.current(app: app, state: state)
        for pane in Pane.allCases {
            guard let rect = layout.panes[pane] else { continue }
            let focused = pane == state.focus && modal == nil
            state.record(rect, .pane(pane))
            switch pane {
            case .documents: DocumentsPane.draw(into: &buffer, rect: rect, app: app, state: &state, focused: focused)
            case .blocks: BlocksPane.draw(into: &buffer, rect: rect, app: app, state: &state, focused: focused)
            case .inspector: InspectorPane.draw(into: &buffer, rect: rect, app: app, state: &state, focused: focused)
            case .preview: PreviewPane.draw(into: &buffer, rect: rect, app: app, state: &state, focused: focused)
            }
        }
        if let rect = layout.breadcrumb {
            breadcrumb(app: app, state: state).draw(into: &buffer, row: rect.row, column: rect.column + 1, width: rect.width - 2)
        }
        if let modal {
            // Text fields under an overlay must not leave their cursor on screen.
            buffer.cursor = nil
            state.record(layout.content, .overlay)
            drawModal(modal, into: &buffer, area: layout.content, app: app, state: &state)
        }
        StatusLine.draw(into: &buffer, rect: layout.status, app: app, state: state)
    }

    private static func drawModal(_ modal: Modal, into buffer: inout ScreenBuffer, area: Rect, app: AppModel, state: inout ViewState) {
        switch modal {
        case .help:
            HelpOverlay.draw(into: &buffer, area: area, state: &state)
        case .app(.search(let search)):
            SearchOverlay.draw(into: &buffer, area: area, search: search, state: &state)
        case .app(.settings(let model)):
            SettingsSheet.draw(into: &buffer, area: area, model: model, app: app, state: &state)
        case .app(.recoverEdits(let list)):
            RecoverySheet.draw(into: &buffer, area: area, list: list, state: &state)
        case .catalog(let editor, let picker):
            TileCatalogSheet.draw(into: &buffer, area: area, editor: editor, picker: picker, state: &state)
        case .documents(_, .newDocument(let form)):
            NewDocumentSheet.draw(into: &buffer, area: area, form: form, state: &state)
        case .prompt(let prompt):
            PromptSheet.draw(into: &buffer, area: area, prompt: prompt, state: &state)
        case .documents(_, .rename(let form)):
            RenameSheet.draw(into: &buffer, area: area, form: form, state: &state)
        case .documents(_, .renamePreview(let preview)):
            RenamePreviewSheet.draw(into: &buffer, area: area, preview: preview, state: &state)
        case .review(let review):
            ConflictReviewSheet.draw(into: &buffer, area: area, review: review, state: &state)
        case .alert(let alert):
            for (index, rect) in alert.draw(into: &buffer, area: area, choice: state.choice).enumerated() { state.record(rect, .button(index: index)) }
        case .app, .documents:
            break
        }
    }

    /// Where the user is, outermost first: workspace, file, pane, element.
    static func breadcrumb(app: AppModel, state: ViewState) -> Breadcrumb {
        var components: [String] = []
        if let root = app.session.root ?? app.documents?.root { components.append(root.lastPathComponent) }
        if let editor = app.editor { components.append(editor.displayPath) }
        components.append(state.focus.label)
        if state.focus == .blocks || state.focus == .inspector, let editor = app.editor, let index = editor.selectedIndex, let row = editor.row(at: index) {
            components.append("\(index + 1) \(row.kindLabel)")
        }
        return Breadcrumb(components)
    }

    /// The accessibility label of what has the keys: the overlay and its
    /// selected button or row, the field being typed into, or the focused
    /// pane's selected element.
    public static func focusedElementLabel(app: AppModel, state: ViewState) -> String {
        if let modal = Modal.current(app: app, state: state) {
            switch modal {
            case .help:
                return modal.title
            case .app(.search(let search)):
                let selected = search.selection.flatMap { index in search.results.value.flatMap { $0.indices.contains(index) ? $0[index] : nil } }
                return "\(modal.title): " + (selected.map(SearchOverlay.rowLabel) ?? (search.query.isEmpty ? "query" : search.query))
            case .app(.settings(let model)):
                return "\(modal.title): " + (model.selected?.accessibilityLabel ?? "loading")
            case .catalog(_, let picker):
                return "\(modal.title): " + (picker.selected?.type ?? "no match")
            case .documents(_, .newDocument):
                return "\(modal.title): title"
            case .documents(_, .rename(let form)):
                return "\(modal.title): \(form.text)"
            case .documents(_, .renamePreview(let preview)):
                let titles = preview.buttons.map(\.title)
                return "\(modal.title): " + (titles.indices.contains(state.choice) ? "button \(titles[state.choice])" : "")
            case .review(let review):
                let titles = review.buttons.map(\.title)
                return "\(modal.title): " + (titles.indices.contains(state.choice) ? "button \(titles[state.choice])" : "")
            case .app(.recoverEdits(let list)):
                return "\(modal.title): " + (list.selected.map(RecoverySheet.rowLabel) ?? "none")
            case .prompt(let prompt):
                return prompt.question
            case .alert(let alert):
                let choices = alert.overlay.choices
                return "\(modal.title): " + (choices.indices.contains(state.choice) ? "button \(choices[state.choice])" : "")
            case .app, .documents:
                return modal.title
            }
        }
        if let editing = state.editing { return editing.accessibilityLabel }
        switch state.focus {
        case .documents:
            guard let list = app.documents, !list.visibleDocuments.isEmpty else { return Pane.documents.label }
            // The order too: the pane's title loses it first when a filter makes the title long.
            let label = "\(Pane.documents.label) (\(DocumentsPane.orderLabel(list.sortOrder)))"
            guard let index = list.selectedIndex else { return label }
            return "\(label): " + DocumentsPane.rowLabel(list.visibleDocuments[index])
        case .blocks:
            guard let editor = app.editor, let index = editor.selectedIndex, let row = editor.row(at: index) else { return Pane.blocks.label }
            return "\(Pane.blocks.label): \(BlocksPane.rowLabel(row))"
        case .inspector:
            guard let inspector = app.editor?.inspector else { return Pane.inspector.label }
            switch inspector.subject {
            case .tile, .frontMatter:
                return inspector.selectedField.map(InspectorPane.fieldLabel) ?? Pane.inspector.label
            case .text:
                return "Text of the block"
            case .nothing:
                return Pane.inspector.label
            }
        case .preview:
            return "\(Pane.preview.label): line \(state.previewScroll + 1)"
        }
    }
}
