extension YAMLDocumentModel {
    /// `→` in the tree, as file trees take it: a folded mapping, sequence
    /// or document unfolds, an unfolded one selects its first child
    /// (`onExpandedSelection`); on a value, typing begins, as Enter does
    /// (`onTappedEdit`), so `→` edits in the YAML tree as in the blocks list.
    public func onTappedExpandOrEdit() {
        if let index = selectedRow, row(at: index)?.isExpanded != nil {
            onExpandedSelection()
        } else {
            onTappedEdit()
        }
    }
}
