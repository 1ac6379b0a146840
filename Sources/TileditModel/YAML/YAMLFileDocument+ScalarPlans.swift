/// Planning a value edit (`YAMLOperation.setScalar`) apart from keeping
/// it: what plans it (the editor, the planner, the node found) holds the
/// file's bytes and tree, and is let go before the edit changes them in
/// place (ARCHITECTURE.md, "Scale").
extension YAMLFileDocument {
    /// Edits planned for `keepFirst`: the plans, best first, the notes, and
    /// the check of the file after them (the refusal, or `nil`).
    struct PlannedEdit {
        var plans: [[TextEdit]]
        var notes: [String]
        var check: (YAMLFileDocument) -> EditError?
    }

    /// The plans that write `value` at `path`: as typed text keeping the
    /// old value's style (`type` `nil`), else as a `type` value (see
    /// `YAMLOperation.setScalar`). The editor and planner made here are let
    /// go on return, so they do not share the bytes the edit changes.
    func scalarPlans(_ value: String, as type: YAMLValueType?, at path: YAMLPath, document: Int) throws(EditError) -> PlannedEdit {
        let editor = try editor(document: document)
        guard let type else {
            let (plans, notes) = try editor.setScalarPlans(at: path, to: value)
            return PlannedEdit(plans: plans, notes: notes) { file in
                file.unreadable(path) ?? file.readsBack(value, at: path, document: document)
            }
        }
        if let problem = type.problem(with: value) { throw .invalidValue(message: problem) }
        let found = try locate(path, document: document)
        if case .alias(let name) = found.node.content {
            throw .pathNotFound(message: "this is an alias of `&\(name)`; edit the anchored value")
        }
        guard let scalar = found.node.scalar else { throw .pathNotFound(message: "this is \(found.node.kindDescription), not a single value") }
        // An explicit tag is kept only while the new value satisfies it, whatever the field's type.
        if let tag = found.node.tag, let problem = YAMLTagRule.problem(value: value, tag: tag, name: path.description) {
            throw .invalidValue(message: problem)
        }
        if scalar.isEmptyPlain && (found.node.anchor != nil || found.node.tag != nil) {
            // Where the value goes beside its `&anchor` or `!tag` is not known from the parse; nothing is guessed.
            throw .invalidValue(message: "an empty value with an anchor or a tag is edited in the source")
        }
        let notes = editor.anchorNotes(at: path)
        let planner = YAMLSourcePlanner(bytes: bytes, lineEnding: lineEnding)
        if type == .string {
            // A block scalar stays one, or the edit is refused with the reason.
            if scalar.isBlock {
                if let problem = YAMLBlockScalarWriter.problem(with: value) { throw .invalidValue(message: problem) }
                return PlannedEdit(plans: try editor.setScalarPlans(at: path, to: value).plans, notes: notes) { file in
                    file.unreadable(path) ?? file.readsBack(value, at: path, document: document)
                }
            }
            // In the value's own style first; double quoted when that would read as another type.
            var plans = (try? editor.setScalarPlans(at: path, to: value).plans) ?? []
            let quoted = YAMLScalarWriter.singleLine(.text(value), style: .doubleQuoted, inFlow: true) ?? YAMLScalarWriter.doubleQuoted(value)
            plans += planner.replaceScalar(found.node, key: found.key, with: quoted)
            return PlannedEdit(plans: plans, notes: notes) { file in
                if let problem = file.unreadable(path) { return problem }
                guard let read = file.node(at: path, document: document)?.scalar, read.value.hasSameBytes(as: value),
                      YAMLValueType(read) == .string || value.isEmpty && read.style != .plain else {
                    return .invalidValue(message: "the value would not read back as the text given")
                }
                return nil
            }
        }
        let written = type == .null && value.isEmpty ? "null" : value
        let plans = planner.replaceScalar(found.node, key: found.key, with: written)
        guard !plans.isEmpty else { throw .invalidValue(message: "the value cannot be written here") }
        return PlannedEdit(plans: plans, notes: notes) { file in
            if let problem = file.unreadable(path) { return problem }
            guard let read = file.node(at: path, document: document)?.scalar, read.value == written, read.style == .plain, YAMLValueType(read) == type else {
                return .invalidValue(message: "`\(written)` would not read back as a \(type.rawValue) here")
            }
            return nil
        }
    }
}
