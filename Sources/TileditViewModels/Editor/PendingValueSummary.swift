import TileditModel

/// The values typed and not applied, told to the user: after a save (they
/// are not in the file) and when quitting asks about unsaved edits.
enum PendingValueSummary {
    /// One line per value, in block order: `` `key` of KIND N: why `` (the
    /// field's message, when it has one) or `the text of KIND N`, with
    /// blocks numbered from 1; blocks no longer in `document` are left out.
    static func lines(_ pending: [BlockID: PendingBlockValues], newParagraph: NewParagraph? = nil, in document: MarkdownDocument) -> [String] {
        let draft = newParagraph.map { $0.hasText ? ["the new paragraph at \($0.index + 1)"] : [] } ?? []
        return pending.compactMap { id, values -> (Int, [String])? in
            guard let index = document.index(of: id) else { return nil }
            let row = BlockRow(document: document, index: index)
            let form = InspectorForm(document: document, block: document.block(at: index), pending: values)
            var lines = values.fields.keys.sorted().map { key in
                let message = form.fields.first { $0.key == key }?.message
                return "`\(key)` of \(row.kindLabel) \(index + 1)" + (message.map { ": \($0)" } ?? "")
            }
            if values.text != nil { lines.append("the text of \(row.kindLabel) \(index + 1)") }
            return (index, lines)
        }.sorted { $0.0 < $1.0 }.flatMap(\.1) + draft
    }
}
