import TileditModel

/// A prose block's text handed to an editor outside Tiledit (`$EDITOR`)
/// and taken back: which block, and its text in the editable form.
public struct ExternalEdit: Equatable, Sendable {
    /// The block whose text is edited.
    public let block: BlockID
    /// The text handed over.
    public let text: String

    /// The text `text` of `block`, handed over.
    public init(block: BlockID, text: String) {
        self.block = block
        self.text = text
    }

    /// The file handed to the outside editor: `text`, ended by a line
    /// break (LF) when it has none, as a text file is (POSIX: a line ends
    /// with a newline); so a line added at the end (`echo … >>`) starts a
    /// line of its own. `text(afterEditing:)` drops it again.
    public var fileText: String {
        Self.endsWithLineBreak(text) ? text : text + "\n"
    }

    /// `edited`, what came back, as the block's new text: a final line
    /// break (LF, CRLF or CR) the outside editor added is dropped when
    /// `text` ended without one, since most editors end every file with
    /// one. The block's own line endings are the model's to restore
    /// (`replaceBlockText`).
    public func text(afterEditing edited: String) -> String {
        guard !Self.endsWithLineBreak(text) else { return edited }
        var bytes = Array(edited.utf8)
        if bytes.last == 0x0A { bytes.removeLast() }
        if bytes.last == 0x0D { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func endsWithLineBreak(_ text: String) -> Bool {
        let last = text.utf8.last
        return last == 0x0A || last == 0x0D
    }
}
