import TileditTerminalToolkit
/// Everything a key can ask the editor to do. Each command has the
/// accessibility label the help overlay and the status line show; the key
/// router turns a command into the view model's `on…` action.
public enum Command: String, CaseIterable, Hashable, Sendable {
    // Everywhere
    case showHelp, search, save, undo, redo, quit, nextPane, previousPane
    case focusDocuments, focusBlocks, focusInspector, focusPreview
    case openSettings, newDocument, reload, format, goToLine
    // Lists and scrolling
    case moveUp, moveDown, pageUp, pageDown, moveToFirst, moveToLast
    // Documents
    case openDocument, filterDocuments, cycleSortOrder, trashDocument, restoreDocument, renameDocument, undoRename
    // Blocks
    case editBlock, expandNode, insertTile, insertParagraph, duplicateBlock, deleteBlock, collapseNode
    case moveBlockUp, moveBlockDown, moveBlockTo, applyFix, editExternally
    // Inspector
    case editField, toggleField, previousChoice, nextChoice, addProperty, removeProperty, backToBlocks
    // Editing a field or text
    case commitField, leaveField, discardTyping, commitAndSave
    // A list field
    case addListItem, editListItem, editListAsText, removeListItem, moveListItemUp, moveListItemDown, closeList
    case commitListItem, completeListItem, nextCompletion, previousCompletion, discardListItem
    // Dialogs and sheets
    case choose, dismiss, nextChoiceButton, previousChoiceButton
    case switchDocumentKind, moveCatalogTypeUp, moveCatalogTypeDown, changeSetting, changeSettingBack
    case restoreEdits, discardEdits

    /// What the command does, as the help overlay and the status line say it.
    public var label: String {
        switch self {
        case .showHelp: "Show these keys"
        case .search: "Search the workspace"
        case .save: "Save the document"
        case .undo: "Undo"
        case .redo: "Redo"
        case .quit: "Quit"
        case .nextPane: "Next pane"
        case .previousPane: "Previous pane"
        case .focusDocuments: "Go to the documents"
        case .focusBlocks: "Go to the blocks"
        case .focusInspector: "Go to the inspector"
        case .focusPreview: "Go to the preview"
        case .openSettings: "Settings"
        case .newDocument: "New document"
        case .reload: "Reload the list and check the file on disk"
        case .format: "Format the document (canonical form)"
        case .goToLine: "Go to a line"
        case .moveUp: "Up"
        case .moveDown: "Down"
        case .pageUp: "Page up"
        case .pageDown: "Page down"
        case .moveToFirst: "First"
        case .moveToLast: "Last"
        case .openDocument: "Open the document"
        case .filterDocuments: "Filter the documents"
        case .cycleSortOrder: "Sort by title, date or path"
        case .trashDocument: "Move the document to the trash"
        case .restoreDocument: "Restore the last trashed document"
        case .renameDocument: "Rename or move the document (links to it follow)"
        case .undoRename: "Undo the last rename or move"
        case .editBlock: "Edit the block (YAML: unfold, or edit the value)"
        case .expandNode: "Edit the block (YAML: unfold, enter the unfolded, or edit the value)"
        case .collapseNode: "Fold the YAML mapping or sequence"
        case .insertTile: "Insert a tile (catalog)"
        case .insertParagraph: "New paragraph"
        case .duplicateBlock: "Duplicate the block"
        case .deleteBlock: "Delete the block"
        case .moveBlockUp: "Move the block up"
        case .moveBlockDown: "Move the block down"
        case .moveBlockTo: "Move the block to a position (YAML: rename the key)"
        case .applyFix: "Apply the block's first fix"
        case .editExternally: "Edit the prose block in $EDITOR"
        case .editField: "Edit the field"
        case .toggleField: "Toggle a true/false field"
        case .previousChoice: "Previous choice of the field"
        case .nextChoice: "Next choice of the field"
        case .addProperty: "Add a property"
        case .removeProperty: "Remove the property"
        case .backToBlocks: "Back to the blocks"
        case .commitField: "Apply the value (stays while it is not valid)"
        case .leaveField: "Leave: applied if valid, else kept with its message"
        case .discardTyping: "Discard the typing (asks first)"
        case .commitAndSave: "Leave and save"
        case .addListItem: "Add an item (completions from the workspace)"
        case .editListItem: "Edit the selected item"
        case .editListAsText: "Edit the whole list as one comma-separated line"
        case .removeListItem: "Remove the selected item"
        case .moveListItemUp: "Move the item up"
        case .moveListItemDown: "Move the item down"
        case .closeList: "Leave the list"
        case .commitListItem: "Apply the item (the highlighted completion, else the text)"
        case .completeListItem: "Take the highlighted completion, else the first"
        case .nextCompletion: "Next completion"
        case .previousCompletion: "Previous completion"
        case .discardListItem: "Drop the item being typed"
        case .choose: "Choose"
        case .dismiss: "Close"
        case .nextChoiceButton: "Next button"
        case .previousChoiceButton: "Previous button"
        case .switchDocumentKind: "Post or page"
        case .moveCatalogTypeUp: "Move the tile type earlier"
        case .moveCatalogTypeDown: "Move the tile type later"
        case .changeSetting: "Change the setting"
        case .changeSettingBack: "Change the setting back a step"
        case .restoreEdits: "Restore the document's edits"
        case .discardEdits: "Discard the document's edits"
        }
    }
}
