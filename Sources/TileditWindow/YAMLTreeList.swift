import CGtk
import TileditGtk
import TileditViewModels

/// A YAML file's tree as a virtualized list: one row per visible node
/// (`YAMLDocumentModel.row(at:)`, made for the rows on screen only),
/// indented by depth, with an expander for a mapping or sequence that
/// has children (pressing it folds or unfolds that node), the key, the
/// anchor and tag, the value or `{n keys}`, and its line. Selection
/// follows `YAMLDocumentModel.selection`. In the list, Right unfolds (or
/// goes to the first child), Left folds (or goes to the parent), Enter
/// edits, Alt+Up and Alt+Down move an item, Delete removes the node.
/// Each row's accessible name is its text (`name(_:)`), its description
/// its level in the tree and its expanded state whether it is unfolded.
@MainActor
final class YAMLTreeList {
    let view: Widget
    let list: ListView<Box>
    private let rows = RowList()
    private let app: AppModel
    private var contentObserver: StateObserver?
    private var selectionObserver: StateObserver?

    init(app: AppModel) {
        self.app = app
        list = ListView(model: rows, makeRow: { Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6) })
        list.setAccessibleLabel("YAML tree")
        let scrolled = ScrolledWindow(list)
        scrolled.setScrollsHorizontally(false)
        scrolled.setAccessibleLabel("YAML tree pane")
        scrolled.setExpands(horizontally: true, vertically: true)
        view = scrolled
        list.bindRow = { [weak self] row, index in self?.bind(row, index) ?? "" }
        list.rowExpanded = { [weak self] index in self?.app.yamlEditor?.row(at: index)?.isExpanded }
        list.rowDescription = { [weak self] index in self?.app.yamlEditor?.row(at: index).map { "level \($0.depth + 1)" } }
        list.onSelectionChanged { [weak self] index in
            guard let self, let index, let yaml = self.app.yamlEditor, let node = yaml.row(at: index), node.id != yaml.selection else { return }
            yaml.onSelected(node.id)
        }
        list.onActivated { [weak self] _ in self?.app.yamlEditor?.onTappedEdit() }
        list.addController(keys())
        // Rows are bound again after every change of the file or of the
        // folding (the tree); the selection alone only moves the highlight.
        contentObserver = StateObserver({ [weak self] in
            guard let self else { return }
            _ = self.app.yamlEditor?.file
            self.rows.reset(count: self.app.yamlEditor?.rowCount ?? 0)
        }, then: { [weak self] in self?.list.selectedIndex = self?.app.yamlEditor?.selectedRow })
        selectionObserver = StateObserver { [weak self] in
            self?.list.selectedIndex = self?.app.yamlEditor?.selectedRow
        }
    }

    private func keys() -> KeyController {
        let keys = KeyController()
        // Before the list's own arrow bindings, which would take Left and Right.
        keys.setCapturesFirst()
        keys.onKeyPressed { [weak self] key, modifiers in
            guard let yaml = self?.app.yamlEditor else { return false }
            let mask = GDK_ALT_MASK.rawValue | GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue
            let alt = modifiers.rawValue & mask == GDK_ALT_MASK.rawValue
            let plain = modifiers.rawValue & mask == 0
            switch Int32(key) {
            case GDK_KEY_Right where plain: yaml.onExpandedSelection()
            case GDK_KEY_Left where plain: yaml.onCollapsedSelection()
            case GDK_KEY_Up where alt: yaml.onMovedItem(by: -1)
            case GDK_KEY_Down where alt: yaml.onMovedItem(by: 1)
            case GDK_KEY_Delete where plain: yaml.onRemovedSelection()
            default: return false
            }
            return true
        }
        return keys
    }

    /// The accessible name of a row, its text as the terminal's tree pane
    /// writes it: `key: &anchor !!tag value`, `Document n {k keys}`; its
    /// depth is its description (`level n`), its fold state the expanded state.
    static func name(_ row: YAMLTreeRow) -> String {
        var text: String
        switch row.kind {
        case .document: text = row.label + " "
        default: text = row.label.isEmpty ? "" : row.label + ": "
        }
        if let anchor = row.anchor { text += "&\(anchor) " }
        if let tag = row.tag { text += tag + " " }
        return text + row.summary
    }

    private func bind(_ row: Box, _ index: Int) -> String {
        row.removeAll()
        guard let yaml = app.yamlEditor, let node = yaml.row(at: index) else { return "" }
        row.setMargins(top: 3, bottom: 3, start: 6 + Int32(min(node.depth, 30)) * 16, end: 6)
        let name = Self.name(node)
        if let expanded = node.isExpanded {
            let expander = Button(iconName: expanded ? "pan-down-symbolic" : "pan-end-symbolic")
            expander.addStyleClass("flat")
            expander.addStyleClass("tiledit-expander")
            expander.setAccessibleLabel(expanded ? "Fold \(node.label.isEmpty ? "node" : node.label)" : "Unfold \(node.label.isEmpty ? "node" : node.label)")
            expander.setTooltip(expanded ? "Fold (Left)" : "Unfold (Right)")
            expander.isFocusable = false
            let id = node.id
            expander.onClicked { [weak self] in self?.app.yamlEditor?.onToggled(id) }
            row.append(expander)
        } else {
            let spacer = Label("")
            spacer.setSizeRequest(width: 20, height: -1)
            row.append(spacer)
        }
        if !node.label.isEmpty {
            let key = Label(node.label + (node.kind == .document(empty: false) || node.kind == .document(empty: true) ? "" : ":"))
            key.addStyleClass(node.kind == .document(empty: false) || node.kind == .document(empty: true) ? "heading" : "caption-heading")
            row.append(key)
        }
        if let anchor = node.anchor {
            let label = Label("&" + anchor)
            label.addStyleClass("accent")
            row.append(label)
        }
        if let tag = node.tag {
            let label = Label(tag)
            label.addStyleClass("dim-label")
            row.append(label)
        }
        let summary = Label(node.summary)
        summary.setTextAlignment(0)
        summary.setEllipsizesAtEnd()
        summary.setExpands(horizontally: true, vertically: false)
        switch node.kind {
        case .mapping, .sequence, .document: summary.addStyleClass("dim-label")
        case .alias: summary.addStyleClass("accent")
        case .scalar(let type): if type != .string { summary.addStyleClass("monospace") }
        }
        row.append(summary)
        let line = Label((node.comments.isEmpty ? "" : "# ") + "\(node.line)")
        line.addStyleClass("dim-label")
        line.addStyleClass("caption")
        row.append(line)
        return name
    }
}
