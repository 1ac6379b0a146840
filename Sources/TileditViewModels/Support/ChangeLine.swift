import TileditModel

/// One line of a screen that shows changes (a rename's preview, a
/// conflict's comparison): a file's name, a hunk's `@@` line, a diff line,
/// or a note. Made once, when the screen's state is made, so a renderer
/// draws only the lines it shows.
public struct ChangeLine: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A file: its path (and where it moves).
        case file
        /// A hunk's `@@ … @@` line.
        case hunk
        /// A diff line (unchanged, removed, added).
        case diff(DiffLine.Kind)
        /// Something said about the changes.
        case note
    }

    /// What the line is.
    public var kind: Kind
    /// Its text (a diff line with its marker, without its line break).
    public var text: String

    public init(kind: Kind, text: String) {
        self.kind = kind
        self.text = text
    }

    /// The lines of `hunks`: each `@@` line, then its lines with their markers.
    static func lines(of hunks: [DiffHunk]) -> [ChangeLine] {
        var lines: [ChangeLine] = []
        for hunk in hunks {
            lines.append(ChangeLine(kind: .hunk, text: hunk.header))
            for line in hunk.lines { lines.append(ChangeLine(kind: .diff(line.kind), text: line.kind.marker + line.text)) }
        }
        return lines
    }
}
