import TileditTerminalToolkit
/// The editor's keys: one table the key router dispatches from and the
/// help overlay lists, so the two cannot disagree.
public enum KeyMap {
    /// Every binding, by scope in help order.
    public static let bindings: [KeyBinding] = [
        KeyBinding(.global, [.character("?")], "?", .showHelp),
        KeyBinding(.global, [.character("/")], "/", .search),
        KeyBinding(.global, [.ctrl("s")], "Ctrl-S", .save),
        KeyBinding(.global, [.character("u"), .ctrl("z")], "u, Ctrl-Z", .undo),
        KeyBinding(.global, [.ctrl("r"), .ctrl("y")], "Ctrl-R, Ctrl-Y", .redo),
        KeyBinding(.global, [.character("q"), .ctrl("c")], "q, Ctrl-C", .quit),
        KeyBinding(.global, [.tab], "Tab", .nextPane),
        KeyBinding(.global, [.backTab], "Shift-Tab", .previousPane),
        KeyBinding(.global, [.character("1")], "1", .focusDocuments),
        KeyBinding(.global, [.character("2")], "2", .focusBlocks),
        KeyBinding(.global, [.character("3")], "3", .focusInspector),
        KeyBinding(.global, [.character("4")], "4", .focusPreview),
        KeyBinding(.global, [.character(",")], ",", .openSettings),
        KeyBinding(.global, [.character("n")], "n", .newDocument),
        KeyBinding(.global, [.character("R")], "R", .reload),
        KeyBinding(.global, [.character("F")], "F", .format),
        KeyBinding(.global, [.character(":")], ":", .goToLine),

        KeyBinding(.lists, [.up, .character("k")], "↑, k", .moveUp),
        KeyBinding(.lists, [.down, .character("j")], "↓, j", .moveDown),
        KeyBinding(.lists, [.pageUp], "PgUp", .pageUp),
        KeyBinding(.lists, [.pageDown], "PgDn", .pageDown),
        KeyBinding(.lists, [.home, .character("g")], "Home, g", .moveToFirst),
        KeyBinding(.lists, [.end, .character("G")], "End, G", .moveToLast),

        KeyBinding(.documents, [.enter, .right, .character("l")], "Enter, →", .openDocument),
        KeyBinding(.documents, [.character("f")], "f", .filterDocuments),
        KeyBinding(.documents, [.character("s")], "s", .cycleSortOrder),
        KeyBinding(.documents, [.character("d"), .delete], "d, Delete", .trashDocument),
        KeyBinding(.documents, [.character("r")], "r", .restoreDocument),
        KeyBinding(.documents, [.character("m")], "m", .renameDocument),
        KeyBinding(.documents, [.character("U")], "U", .undoRename),

        KeyBinding(.blocks, [.enter], "Enter", .editBlock),
        KeyBinding(.blocks, [.right, .character("l")], "→, l", .expandNode),
        KeyBinding(.blocks, [.character("d"), .delete], "d, Delete", .deleteBlock),
        KeyBinding(.blocks, [.left, .character("h")], "←, h", .collapseNode),
        KeyBinding(.blocks, [.character("a")], "a", .addProperty),

        KeyBinding(.editor, [.character("i")], "i", .insertTile),
        KeyBinding(.editor, [.character("o")], "o", .insertParagraph),
        KeyBinding(.editor, [.character("c")], "c", .duplicateBlock),
        KeyBinding(.editor, [.character("K"), .modified(.up, .alt)], "K, Alt-↑", .moveBlockUp),
        KeyBinding(.editor, [.character("J"), .modified(.down, .alt)], "J, Alt-↓", .moveBlockDown),
        KeyBinding(.editor, [.character("m")], "m", .moveBlockTo),
        KeyBinding(.editor, [.character("x")], "x", .applyFix),
        KeyBinding(.editor, [.character("e")], "e", .editExternally),

        KeyBinding(.inspector, [.enter], "Enter", .editField),
        KeyBinding(.inspector, [.character(" ")], "Space", .toggleField),
        KeyBinding(.inspector, [.left], "←", .previousChoice),
        KeyBinding(.inspector, [.right], "→", .nextChoice),
        KeyBinding(.inspector, [.character("a")], "a", .addProperty),
        KeyBinding(.inspector, [.character("-")], "-", .removeProperty),
        KeyBinding(.inspector, [.ctrl("g")], "Ctrl-G", .discardTyping),
        KeyBinding(.inspector, [.escape], "Esc", .backToBlocks),

        KeyBinding(.fieldEditing, [.enter], "Enter", .commitField),
        KeyBinding(.fieldEditing, [.escape, .tab, .ctrl("c")], "Esc, Tab, Ctrl-C", .leaveField),
        KeyBinding(.fieldEditing, [.up, .down], "↑, ↓", .leaveField),
        KeyBinding(.fieldEditing, [.ctrl("g")], "Ctrl-G", .discardTyping),
        KeyBinding(.fieldEditing, [.ctrl("s")], "Ctrl-S", .commitAndSave),

        KeyBinding(.textEditing, [.escape, .tab, .ctrl("c")], "Esc, Tab, Ctrl-C", .leaveField),
        KeyBinding(.textEditing, [.ctrl("g")], "Ctrl-G", .discardTyping),
        KeyBinding(.textEditing, [.ctrl("s")], "Ctrl-S", .commitAndSave),

        KeyBinding(.listField, [.up, .character("k")], "↑, k", .moveUp),
        KeyBinding(.listField, [.down, .character("j")], "↓, j", .moveDown),
        KeyBinding(.listField, [.character("a"), .character("+"), .insert], "a, +, Insert", .addListItem),
        KeyBinding(.listField, [.enter, .character("e")], "Enter, e", .editListItem),
        KeyBinding(.listField, [.character("=")], "=", .editListAsText),
        KeyBinding(.listField, [.character("d"), .character("-"), .delete], "d, -, Delete", .removeListItem),
        KeyBinding(.listField, [.character("K"), .modified(.up, .alt)], "K, Alt-↑", .moveListItemUp),
        KeyBinding(.listField, [.character("J"), .modified(.down, .alt)], "J, Alt-↓", .moveListItemDown),
        KeyBinding(.listField, [.escape, .tab, .left, .character("h")], "Esc, Tab, ←", .closeList),
        KeyBinding(.listField, [.ctrl("s")], "Ctrl-S", .commitAndSave),

        KeyBinding(.listItemEditing, [.enter], "Enter", .commitListItem),
        KeyBinding(.listItemEditing, [.tab], "Tab", .completeListItem),
        KeyBinding(.listItemEditing, [.down], "↓", .nextCompletion),
        KeyBinding(.listItemEditing, [.up], "↑", .previousCompletion),
        KeyBinding(.listItemEditing, [.escape, .ctrl("g")], "Esc, Ctrl-G", .discardListItem),
        KeyBinding(.listItemEditing, [.ctrl("s")], "Ctrl-S", .commitAndSave),

        KeyBinding(.textFields, note: "←, →", "Move by character"),
        KeyBinding(.textFields, note: "Ctrl-←, Ctrl-→", "Move by word (also Alt-b, Alt-f)"),
        KeyBinding(.textFields, note: "Home, End", "Start and end of the line (also Ctrl-A, Ctrl-E)"),
        KeyBinding(.textFields, note: "Ctrl-U, Ctrl-K", "Delete to the start, to the end"),
        KeyBinding(.textFields, note: "Ctrl-W, Alt-d", "Delete the word before, after"),
        KeyBinding(.textFields, note: "Ctrl-Y", "Put back what the last of those deleted"),
        KeyBinding(.textFields, note: "Paste", "Inserts the text (bracketed paste)"),

        KeyBinding(.dialog, [.enter], "Enter", .choose),
        KeyBinding(.dialog, [.escape], "Esc", .dismiss),
        KeyBinding(.dialog, [.right, .tab], "→, Tab", .nextChoiceButton),
        KeyBinding(.dialog, [.left, .backTab], "←, Shift-Tab", .previousChoiceButton),
        KeyBinding(.dialog, note: "a letter", "The button starting with it (not in a conflict or deleted-file alert)"),

        KeyBinding(.catalog, [.up], "↑", .moveUp),
        KeyBinding(.catalog, [.down], "↓", .moveDown),
        KeyBinding(.catalog, [.enter], "Enter", .choose),
        KeyBinding(.catalog, [.escape], "Esc", .dismiss),
        KeyBinding(.catalog, note: "letters", "Filter the tile types"),

        KeyBinding(.search, [.up], "↑", .moveUp),
        KeyBinding(.search, [.down], "↓", .moveDown),
        KeyBinding(.search, [.enter], "Enter", .choose),
        KeyBinding(.search, [.escape], "Esc", .dismiss),
        KeyBinding(.search, note: "letters", "The query; results follow as you type"),

        KeyBinding(.settings, [.up, .character("k")], "↑, k", .moveUp),
        KeyBinding(.settings, [.down, .character("j")], "↓, j", .moveDown),
        KeyBinding(.settings, [.character(" "), .enter, .right], "Space, Enter, →", .changeSetting),
        KeyBinding(.settings, [.left], "←", .changeSettingBack),
        KeyBinding(.settings, [.character("K")], "K", .moveCatalogTypeUp),
        KeyBinding(.settings, [.character("J")], "J", .moveCatalogTypeDown),
        KeyBinding(.settings, [.escape, .character("q"), .character(",")], "Esc", .dismiss),

        KeyBinding(.recovery, [.up, .character("k")], "↑, k", .moveUp),
        KeyBinding(.recovery, [.down, .character("j")], "↓, j", .moveDown),
        KeyBinding(.recovery, [.enter, .character("r")], "Enter, r", .restoreEdits),
        KeyBinding(.recovery, [.character("d")], "d", .discardEdits),
        KeyBinding(.recovery, [.escape], "Esc", .dismiss),

        KeyBinding(.newDocument, [.tab, .backTab], "Tab", .switchDocumentKind),
        KeyBinding(.newDocument, [.enter], "Enter", .choose),
        KeyBinding(.newDocument, [.escape], "Esc", .dismiss),

        KeyBinding(.prompt, [.enter], "Enter", .choose),
        KeyBinding(.prompt, [.escape], "Esc", .dismiss),

        KeyBinding(.rename, [.enter], "Enter", .choose),
        KeyBinding(.rename, [.escape], "Esc", .dismiss),
        KeyBinding(.rename, note: "letters", "The new path from the workspace folder, checked as you type"),

        KeyBinding(.changes, [.up, .character("k")], "↑, k", .moveUp),
        KeyBinding(.changes, [.down, .character("j")], "↓, j", .moveDown),
        KeyBinding(.changes, [.pageUp], "PgUp", .pageUp),
        KeyBinding(.changes, [.pageDown, .character(" ")], "PgDn, Space", .pageDown),
        KeyBinding(.changes, [.right, .tab], "→, Tab", .nextChoiceButton),
        KeyBinding(.changes, [.left, .backTab], "←, Shift-Tab", .previousChoiceButton),
        KeyBinding(.changes, [.enter], "Enter", .choose),
        KeyBinding(.changes, [.escape], "Esc", .dismiss),
        KeyBinding(.changes, note: "a letter", "The button starting with it (m Merge, d Disk's, y Yours, b Both, p Previous)"),

        KeyBinding(.help, [.up, .character("k")], "↑, k", .moveUp),
        KeyBinding(.help, [.down, .character("j")], "↓, j", .moveDown),
        KeyBinding(.help, [.pageUp], "PgUp", .pageUp),
        KeyBinding(.help, [.pageDown, .character(" ")], "PgDn, Space", .pageDown),
        KeyBinding(.help, [.escape, .character("?"), .character("q")], "Esc, ?, q", .dismiss),

        // Where a writer's habits from other terminal editors would mislead;
        // no key here throws typing away without asking.
        KeyBinding(.conventions, note: "?", "The help (in micro and nano Ctrl-G)"),
        KeyBinding(.conventions, note: "Ctrl-G", "Discards what was typed into a field or text, after asking (in micro and nano the help)"),
        KeyBinding(.conventions, note: "Esc, Tab, Ctrl-C", "Leave a field or text keeping what was typed, applied when valid (Ctrl-C copies in micro)"),
        KeyBinding(.conventions, note: "q, Ctrl-C", "Quit, asking first when anything is unsaved or typed and not applied (in helix q replays a macro)"),
        KeyBinding(.conventions, note: "Ctrl-K, Ctrl-U", "In a field: delete to the end, to the start of the line (nano cuts the line and pastes it)"),
        KeyBinding(.conventions, note: "u, Ctrl-R", "Undo and redo as in vim (helix redoes with U; Ctrl-Z and Ctrl-Y too, as in micro)"),
        KeyBinding(.conventions, note: "o", "A new paragraph after the block, typed before it exists; left empty, nothing is added"),
        KeyBinding(.conventions, note: "/", "Searches every document of the folder, not only the open one"),
    ]

    /// The command `key` gives in the first of `scopes` that binds it.
    public static func command(for key: KeyEvent, in scopes: [KeyScope]) -> Command? {
        for scope in scopes {
            if let binding = bindings.first(where: { $0.scope == scope && $0.keys.contains(key) }) {
                return binding.command
            }
        }
        return nil
    }

    /// The keys of `command` in `scope` as the help writes them, e.g. for
    /// hints in the status line; `nil` when unbound there.
    public static func keyLabel(of command: Command, in scope: KeyScope) -> String? {
        bindings.first { $0.scope == scope && $0.command == command }?.keyLabel
    }
}
