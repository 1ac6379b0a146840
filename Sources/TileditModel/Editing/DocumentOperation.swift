/// An edit intent on a Markdown document (ARCHITECTURE.md, "The editing model"). Each becomes
/// text edits confined to the blocks it affects.
public enum DocumentOperation: Sendable, Hashable {
    /// Sets a tile property (adds it at its canonical position when absent).
    case setTileProperty(BlockID, key: String, value: TileValue)
    /// Removes a tile property's lines.
    case removeTileProperty(BlockID, key: String)
    /// Sets a front-matter field to text the user typed (adds it after the
    /// last field when absent; creates the block when the file has none).
    case setFrontMatterField(key: String, value: String)
    /// Sets the value at a path of YAML front matter (`author.name`), as
    /// `YAMLOperation.setScalar` sets one in a YAML file: the last key is
    /// added to its mapping when absent; a missing mapping on the way is
    /// refused (`EditError.pathNotFound`, naming it). Tiledown's flat front
    /// matter has no paths: its one key is the path's text.
    case setFrontMatterValue(path: YAMLPath, value: String)
    /// Sets a front-matter field to a list of items.
    case setFrontMatterList(key: String, items: [String])
    /// Appends an item to a front-matter list (`tags: [a]` → `[a, b]`).
    case appendFrontMatterListItem(key: String, item: String)
    /// Moves item `index` (from 0) of the YAML front-matter list `key` one
    /// place, `by` -1 (up) or 1 (down), with the item's own bytes: its
    /// quotes, its same-line comment, its lines (a block list) or its token
    /// (a flow list). Only the two items' byte runs trade places.
    case moveFrontMatterListItem(key: String, index: Int, by: Int)
    /// Removes item `index` (from 0) of the YAML front-matter list `key`,
    /// its own bytes only; the other items keep theirs.
    case removeFrontMatterListItem(key: String, index: Int)
    /// Removes a front-matter field's lines.
    case removeFrontMatterField(key: String)
    /// Inserts a new tile of a catalog type, with a generated unique id, so
    /// that it becomes the block at `index` (0-based).
    case insertTile(type: String, at: Int)
    /// Inserts Markdown text as new block(s) at `index`.
    case insertText(String, at: Int)
    /// Deletes a block and the blank lines after it.
    case deleteBlock(BlockID)
    /// Moves a block so that it becomes the block at `index` (0-based, in
    /// the list after the move).
    case moveBlock(BlockID, to: Int)
    /// Inserts a copy after the block (a tile copy gets a new id).
    case duplicateBlock(BlockID)
    /// Replaces a block's text (prose editing); empty text deletes the block.
    ///
    /// The text is taken as typed, in the form `editableText(of:)` gives
    /// (line breaks LF or CRLF, a final line break optional): it is written
    /// with the block's own line ending and final line break, so text given
    /// back unchanged makes no edit (ARCHITECTURE.md, "The editing model").
    case replaceBlockText(BlockID, text: String)
}
