import TileditModel

/// A new paragraph being typed (`InspectorModel.newParagraph`): not in
/// the document until its text area is left with text, so an empty one
/// leaves no trace on disk, in the journal or in undo.
public struct NewParagraph: Equatable, Sendable {
    /// Where it goes: the position (from 0) of the block it will be.
    public var index: Int
    /// What is typed so far (LF line breaks).
    public var text: String

    public init(index: Int, text: String = "") {
        self.index = index
        self.text = text
    }

    /// Whether leaving adds a paragraph: the text holds more than white space.
    public var hasText: Bool { !text.allSatisfy(\.isWhitespace) }

    /// What a new-paragraph `action` does to `draft` (and to whether its
    /// text area is open, `typing`): beginning opens an empty one at a
    /// position (from 0), typing keeps the text, leaving with text gives
    /// the insertion to make (the draft stays until it is made), leaving
    /// empty or discarding drops it. `nil` for any other action.
    static func step(_ draft: NewParagraph?, typing: Bool, _ action: InspectorAction)
        -> (draft: NewParagraph?, typing: Bool, operation: DocumentOperation?)?
    {
        switch action {
        case .beganNewParagraph(let index):
            return (NewParagraph(index: Swift.max(0, index)), true, nil)
        case .changedNewParagraph(let text):
            return (draft.map { NewParagraph(index: $0.index, text: text) }, typing, nil)
        case .leftNewParagraph:
            guard let draft, draft.hasText else { return (nil, false, nil) }
            return (draft, false, .insertText(draft.text, at: draft.index))
        case .discardedNewParagraph:
            return (nil, false, nil)
        default:
            return nil
        }
    }
}
