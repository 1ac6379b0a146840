import Foundation
import Observation

/// A one-line question an editor asks before an action that needs a
/// value: where to move a block, which line to go to, which property or
/// key to add, carried by the editor's destination. The answer as typed
/// and why it was refused are its state; a renderer draws `title`,
/// `question`, `text` and `message`, and sends what is typed and Enter.
/// An accepted answer goes to the editor, which closes the prompt.
@Observable @MainActor
public final class EditorPrompt {
    /// What the answer is for.
    public enum Kind: Equatable, Sendable {
        /// A position from `firstPosition` to `blockCount` (both from 1;
        /// `firstPosition` is 2 when front matter holds position 1, which
        /// nothing moves above).
        case moveBlock(firstPosition: Int, blockCount: Int)
        /// A line number from 1.
        case goToLine
        /// The name of a property to add to a tile or the front matter.
        case addProperty
        /// The name of a key to add to a YAML mapping.
        case addKey
        /// The new name of the YAML key `current`.
        case renameKey(current: String)
    }

    /// What an accepted answer asks for.
    public enum Answer: Equatable, Sendable {
        /// Move the selected block to `index` (from 0).
        case moveBlock(toIndex: Int)
        /// Select the block covering `line` (from 1).
        case goToLine(Int)
        /// Add the property or key `name`, or rename a key to it (trimmed, never empty).
        case add(name: String)

        /// The answer as text: the name, or the line's number; `nil` for a position.
        public var text: String? {
            switch self {
            case .add(let name): name
            case .goToLine(let line): String(line)
            case .moveBlock: nil
            }
        }
    }

    /// What the answer is for.
    public let kind: Kind
    /// The answer as typed.
    public private(set) var text = ""
    /// Why the last submitted answer could not be used, until the next keystroke.
    public private(set) var message: String?

    @ObservationIgnored private let answered: @MainActor (Answer) -> Void

    /// A prompt for `kind` with `text` typed in; `answered` gets an answer once it is valid.
    init(kind: Kind, text: String = "", answered: @escaping @MainActor (Answer) -> Void) {
        self.kind = kind
        self.text = text
        self.answered = answered
    }

    /// The sheet's title.
    public var title: String {
        switch kind {
        case .moveBlock: "Move block"
        case .goToLine: "Go to line"
        case .addProperty: "Add property"
        case .addKey: "Add key"
        case .renameKey: "Rename key"
        }
    }

    /// The question, also the answer field's accessibility label.
    public var question: String {
        switch kind {
        case .moveBlock(let first, let count): "New position (\(first)–\(count))"
        case .goToLine: "Line number"
        case .addProperty: "Property name"
        case .addKey: "Key name"
        case .renameKey(let current): "New name of \(current)"
        }
    }

    /// The answer typed, trimmed of spaces and checked: a whole number
    /// within the positions, a line from 1, a name that is not empty;
    /// `nil` when it is none of these (then `refusal` says what to type).
    public var answer: Answer? {
        let typed = text.trimmingCharacters(in: .whitespaces)
        switch kind {
        case .moveBlock(let first, let count):
            guard let position = Int(typed), position >= first, position <= count else { return nil }
            return .moveBlock(toIndex: position - 1)
        case .goToLine:
            guard let line = Int(typed), line >= 1 else { return nil }
            return .goToLine(line)
        case .addProperty, .addKey, .renameKey:
            return typed.isEmpty ? nil : .add(name: typed)
        }
    }

    /// What to type instead of an answer that cannot be used.
    public var refusal: String {
        switch kind {
        case .moveBlock(let first, let count): "Type a number from \(first) to \(count)"
        case .goToLine: "Type a line number from 1"
        case .addProperty: "Type the property's name"
        case .addKey, .renameKey: "Type the key's name"
        }
    }

    /// The user typed: the answer is `text`, and the last refusal is gone.
    public func onChangedText(_ text: String) {
        self.text = text
        message = nil
    }

    /// The user submitted the answer: carried out when it is valid (see
    /// `answer`), else `message` says what to type.
    public func onSubmitted() {
        guard let answer else {
            message = refusal
            return
        }
        answered(answer)
    }
}
