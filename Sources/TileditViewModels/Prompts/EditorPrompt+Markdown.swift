extension EditorPrompt {
    /// A prompt of `kind` whose accepted answer the Markdown editor carries
    /// out: the prompt closes, then the block moves, the line is selected
    /// or the property is added (ARCHITECTURE.md, "View models").
    static func answering(_ kind: Kind, in editor: DocumentEditorModel) -> EditorPrompt {
        EditorPrompt(kind: kind) { [weak editor] answer in
            guard let editor else { return }
            editor.onDismissed()
            switch answer {
            case .moveBlock(let index): editor.onMovedBlock(to: index)
            case .goToLine(let line): editor.onSelectedLine(line)
            case .add(let name): editor.onInspector(.addedProperty(name))
            }
        }
    }
}
