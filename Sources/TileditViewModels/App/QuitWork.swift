/// What quitting does with the open documents (ARCHITECTURE.md, "View
/// models"): saves every one with unsaved edits and says why quitting
/// must stop when one is left unsaved, or discards their edits (the
/// journal forgets them), or waits until the journal holds them all.
@MainActor
struct QuitWork {
    let markdown: [DocumentEditorModel]
    let yaml: [YAMLDocumentModel]

    /// The documents with unsaved edits, by path.
    var unsavedPaths: [String] {
        (markdown.filter(\.isDirty).map(\.displayPath) + yaml.filter(\.isDirty).map(\.displayPath)).sorted()
    }

    /// Saves every document with unsaved edits, YAML files first.
    ///
    /// - Returns: why quitting must stop (`Could not save … ; nothing was
    ///   quit.`, each document with its reason), or `nil` when all are saved.
    func saveAll() async -> String? {
        let dirtyYAML = yaml.filter(\.isDirty)
        for editor in dirtyYAML { await editor.onTappedSave() }
        if let failed = dirtyYAML.first(where: \.isDirty) {
            return "Could not save \(failed.displayPath) (\(failed.notes.first ?? "changed on disk or not writable")); nothing was quit."
        }
        let dirty = markdown.filter(\.isDirty)
        for editor in dirty { await editor.onTappedSave() }
        let failed = dirty.filter(\.isDirty)
        guard !failed.isEmpty else { return nil }
        // Each with its reason: a conflict with the disk, or the save's error.
        let reasons = failed.map { editor in
            switch editor.saveState {
            case .conflict: "\(editor.displayPath) (changed on disk: choose reload, overwrite or keep both)"
            case .failed(let error): "\(editor.displayPath) (\(error.message))"
            default:
                // Saved, but values typed and not applied are not in the file.
                "\(editor.displayPath) (not applied: \(editor.pendingDescriptions.joined(separator: "; ")); fix or discard them)"
            }
        }
        return "Could not save \(reasons.joined(separator: ", ")); nothing was quit."
    }

    /// Saves every document with unsaved edits (`saving`) or discards
    /// their edits; returns why quitting must stop, or `nil` to quit.
    func finish(saving: Bool) async -> ViewError? {
        if saving { return await saveAll().map { ViewError($0) } }
        await discardAll()
        return nil
    }

    /// Drops every unsaved edit from the journal, so the next start offers nothing to recover.
    func discardAll() async {
        for editor in markdown where editor.isDirty { await editor.discardEdits() }
        for editor in yaml where editor.isDirty { await editor.session.discardJournal() }
    }

    /// Waits until the journal holds every document's latest edits.
    func flushJournals() async {
        for editor in markdown { await editor.session.journal.flush() }
        for editor in yaml { await editor.session.journal.flush() }
    }
}
