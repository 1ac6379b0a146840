import TileditModel

/// Writes the typed field's text into the file as a value of its type:
/// a string keeps its quoting when it reads back the same, and is double
/// quoted when it would read as another type; other types are written
/// plain and must read back as that type. An alias, an empty value with
/// an anchor or a tag, or a value under a key that is not plain is
/// refused with the reason, and the other places sharing an anchor are
/// told about (through `YAMLFileEdits`' notes).
@MainActor
struct YAMLValueWriter {
    let edits: YAMLFileEdits

    /// Writes `text` as a `type` value at `id`.
    ///
    /// - Returns: whether the file changed; when not, the notes say why.
    func write(_ text: String, as type: YAMLValueType, at id: YAMLNodeID) -> Bool {
        guard let file = edits.file.value, let found = edits.resolve(id) else { return edits.refuse("the value is no longer in the file") }
        let locator = YAMLNodeLocator(file: file)
        let shared = locator.sharedPlaces(of: id, lines: edits.lines)
        if case .alias(let name) = found.node.content {
            return edits.refuse("this is an alias of `&\(name)`; edit the anchored value\(shared.first.map { " on line \($0.line)" } ?? "")")
        }
        guard let scalar = found.node.scalar else { return edits.refuse("this is \(found.node.kindDescription), not a single value") }
        if scalar.isEmptyPlain && (found.node.anchor != nil || found.node.tag != nil) {
            // Where the value goes beside its `&anchor` or `!tag` is not known from the parse; nothing is guessed.
            return edits.refuse("an empty value with an anchor or a tag is edited in the source")
        }
        guard let path = locator.path(of: id) else { return edits.refuse("a key on the way to this value is not a plain key or appears twice; edit it in the source") }
        let sharing = Swift.max(0, shared.count - 1)
        let shareNote = sharing > 0 ? ["\(sharing) other place\(sharing == 1 ? " uses" : "s use") the anchor `&\(found.node.anchor ?? "")` and will see this change"] : []
        let planner = YAMLSourceEdits(bytes: file.bytes, lineEnding: file.lineEnding)
        if type == .string {
            var copy = file
            if let change = try? copy.setValue(at: path, to: text, document: id.document),
               let after = readBack(id, in: copy), after.value == text, YAMLValueType(after) == .string || text.isEmpty && after.style != .plain {
                edits.record(edits: change.edits, before: file, after: copy, selectionAfter: id)
                edits.notes = change.notes.isEmpty ? shareNote : change.notes
                return true
            }
            // The text would read as another type, or not as given, in its style: it needs double quotes.
            let quoted = YAMLScalarWriter.singleLine(.text(text), style: .doubleQuoted, inFlow: true) ?? YAMLScalarWriter.doubleQuoted(text)
            return firstKept(planner.replaceScalar(found.node, key: found.key, with: quoted), id: id, notes: shareNote) { read in
                guard let read, read.value == text, YAMLValueType(read) == .string else { return "the value would not read back as the text given" }
                return nil
            }
        }
        let written = type == .null && text.isEmpty ? "null" : text
        return firstKept(planner.replaceScalar(found.node, key: found.key, with: written), id: id, notes: shareNote) { read in
            guard let read, read.value == written, read.style == .plain, YAMLValueType(read) == type else {
                return "`\(written)` would not read back as a \(type.rawValue) here"
            }
            return nil
        }
    }

    /// Tries each planned edit in turn and keeps the first whose value
    /// read back at `id` (`nil`: none) passes `check`, which returns the
    /// reason it does not; the last refusal stays in the notes.
    private func firstKept(_ plans: [TextEdit], id: YAMLNodeID, notes: [String], check: (YAMLScalar?) -> String?) -> Bool {
        if plans.isEmpty { return edits.refuse("the value cannot be written here") }
        for edit in plans {
            if edits.perform([edit], select: id, notes: notes, check: { check(readBack(id, in: $0)) }) { return true }
        }
        return false
    }

    private func readBack(_ id: YAMLNodeID, in file: YAMLFileDocument) -> YAMLScalar? {
        YAMLNodeLocator(file: file).resolve(id)?.node.scalar
    }
}
