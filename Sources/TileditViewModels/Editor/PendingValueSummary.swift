import TileditModel

/// The values typed and not applied, told to the user: after a save (they
/// are not in the file) and when quitting asks about unsaved edits.
enum PendingValueSummary {
    /// One line per value, in block order: `` `key` of KIND N: why `` (the
    /// field's message, when it has one) or `the text of KIND N`, with
    /// blocks numbered from 1; blocks no longer in `document` are left out.
    static func lines(_ pending: [BlockID: PendingBlockValues], newParagraph: NewParagraph? = nil, in document: MarkdownDocument) -> [String] {
        entries(pending, newParagraph: newParagraph, in: document).map(\.line)
    }

    /// What a save that left the values out of the file says, `nil` when
    /// none was: values with a message wait to be fixed, the others (a
    /// value restored after a crash, a text being typed) to be applied.
    static func savedNote(_ pending: [BlockID: PendingBlockValues], newParagraph: NewParagraph? = nil, in document: MarkdownDocument) -> String? {
        let entries = entries(pending, newParagraph: newParagraph, in: document)
        guard !entries.isEmpty else { return nil }
        let waitsFor = entries.allSatisfy(\.hasMessage) ? "fixed" : entries.contains(where: \.hasMessage) ? "applied or fixed" : "applied"
        return "Saved; not in the file until \(waitsFor) or discarded: " + entries.map(\.line).joined(separator: "; ") + "."
    }

    private static func entries(_ pending: [BlockID: PendingBlockValues], newParagraph: NewParagraph?, in document: MarkdownDocument) -> [(line: String, hasMessage: Bool)] {
        let draft: [(line: String, hasMessage: Bool)] = newParagraph.map { $0.hasText ? [("the new paragraph at \($0.index + 1)", false)] : [] } ?? []
        return pending.compactMap { id, values -> (Int, [(line: String, hasMessage: Bool)])? in
            guard let index = document.index(of: id) else { return nil }
            let row = BlockRow(document: document, index: index)
            let form = InspectorForm(document: document, block: document.block(at: index), pending: values)
            var lines: [(line: String, hasMessage: Bool)] = values.fields.keys.sorted().map { key in
                let message = form.fields.first { $0.key == key }?.message
                return ("`\(key)` of \(row.kindLabel) \(index + 1)" + (message.map { ": \($0)" } ?? ""), message != nil)
            }
            if values.text != nil { lines.append(("the text of \(row.kindLabel) \(index + 1)", false)) }
            return (index, lines)
        }.sorted { $0.0 < $1.0 }.flatMap(\.1) + draft
    }
}
