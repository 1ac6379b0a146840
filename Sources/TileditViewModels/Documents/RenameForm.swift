import TileditModel

/// The prompt that renames or moves a document: the document, the path
/// being typed, and why it cannot be used yet (derived, as it is typed,
/// from `DocumentPathRule` over the workspace's documents).
public struct RenameForm: Equatable, Sendable {
    /// The document's path now (relative to the workspace).
    public let source: String
    /// The new path as typed.
    public var text: String
    /// Every document path of the workspace when the prompt opened.
    let documents: [String]

    init(source: String, documents: [String]) {
        self.source = source
        text = source
        self.documents = documents
    }

    /// Why `text` cannot be the new path, or `nil`.
    public var message: String? {
        DocumentPathRule.problem(renaming: source, to: text, documents: documents)
    }

    /// What the prompt says about what moves: the file, or a bundle's folder.
    public var hint: String {
        let move = DocumentMove(source: source, destination: text)
        return move.movesFolder
            ? "The folder \(move.movedFrom)/ moves with everything in it; links to it follow."
            : "Links to \(source) in the workspace follow."
    }
}
