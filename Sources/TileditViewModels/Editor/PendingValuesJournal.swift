import TileditModel
import TileditServices

/// The values typed and not applied, as the recovery journal keeps them
/// (by block position and key, the text as `key == nil`) and back (by
/// block identity), so that a crash loses no typing
/// (ARCHITECTURE.md, "View models").
enum PendingValuesJournal {
    /// `pending` as journal values, ordered by block position and key;
    /// values of blocks no longer in `document` are left out.
    static func journalValues(_ pending: [BlockID: PendingBlockValues], in document: MarkdownDocument) -> [JournalEntry.PendingValue] {
        var values: [JournalEntry.PendingValue] = []
        for (id, block) in pending {
            guard let index = document.index(of: id) else { continue }
            for (key, text) in block.fields { values.append(JournalEntry.PendingValue(block: index, key: key, text: text)) }
            if let text = block.text { values.append(JournalEntry.PendingValue(block: index, key: nil, text: text)) }
        }
        values.sort { ($0.block, $0.key ?? "") < ($1.block, $1.key ?? "") }
        return values
    }

    /// The journal's `values` as pending values of `document`'s blocks.
    /// Values of positions outside the document are dropped; a key the
    /// block does not write and no schema knows was being added.
    static func pendingValues(_ values: [JournalEntry.PendingValue], in document: MarkdownDocument) -> [BlockID: PendingBlockValues] {
        var pending: [BlockID: PendingBlockValues] = [:]
        for value in values where value.block >= 0 && value.block < document.blockCount && value.isNewParagraph != true {
            let id = document.id(at: value.block)
            var block = pending[id] ?? PendingBlockValues()
            if let key = value.key {
                block.fields[key] = value.text
                if !hasField(document.block(at: value.block), key, catalog: document.catalog) { block.addedKeys.append(key) }
            } else {
                block.text = value.text
            }
            pending[id] = block
        }
        return pending
    }

    /// A new paragraph being typed as the journal keeps it (with its
    /// position), when it has text.
    static func journalValue(_ draft: NewParagraph?) -> [JournalEntry.PendingValue] {
        guard let draft, draft.hasText else { return [] }
        return [JournalEntry.PendingValue(block: draft.index, key: nil, text: draft.text, isNewParagraph: true)]
    }

    /// The new paragraph the journal's `values` hold, its position kept
    /// within `document` (from 0 to after its last block).
    static func newParagraph(_ values: [JournalEntry.PendingValue], in document: MarkdownDocument) -> NewParagraph? {
        guard let value = values.last(where: { $0.isNewParagraph == true }) else { return nil }
        return NewParagraph(index: Swift.min(Swift.max(0, value.block), document.blockCount), text: value.text)
    }

    /// Whether `block` is a tile or front matter that writes `key`, or
    /// whose schema knows it (`id` and `mode` for every tile).
    private static func hasField(_ block: Block, _ key: String, catalog: TileCatalog) -> Bool {
        switch block.kind {
        case .tile(let tile): tile.property(key) != nil || key == "id" || key == "mode" || catalog.schema(for: tile.type)?.knows(key) == true
        case .frontMatter(let frontMatter): frontMatter.field(key) != nil || FrontMatterSchema.tiledown.field(key) != nil
        default: false
        }
    }
}
