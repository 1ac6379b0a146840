/// What renaming or moving a document changes, worked out before anything
/// is written (`RenamePlanner`): the move, each file whose bytes change
/// (and the moved document, whose bytes may not), and what was left alone.
public struct RenamePlan: Sendable, Hashable {
    /// What moves.
    public var move: DocumentMove
    /// The files written, the moved document first, then by path.
    public var edits: [PlannedEdit]
    /// Things the user should know: links that could not be read exactly
    /// and were left as written, with their file and line.
    public var notes: [String]

    public init(move: DocumentMove, edits: [PlannedEdit], notes: [String]) {
        self.move = move
        self.edits = edits
        self.notes = notes
    }

    /// Link destinations rewritten, in every file.
    public var linkCount: Int { edits.reduce(0) { $0 + $1.linkCount } }

    /// Files other than the moved document whose links change.
    public var linkingFiles: [PlannedEdit] { edits.filter { $0.path != move.source } }
}
