import TileditModel
import TileditServices

/// What a rename will change, shown before it is made: every file it
/// writes with the unified diff of its bytes, what was left alone, and
/// the buttons that make it or not.
public struct RenamePreview: Equatable, Sendable {
    /// One line of the preview.
    public struct Line: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            /// A file: its path (and where it moves).
            case file
            /// A hunk's `@@ … @@` line.
            case hunk
            /// A diff line (unchanged, removed, added).
            case diff(DiffLine.Kind)
            /// Something said about the rename.
            case note
        }

        /// What the line is.
        public var kind: Kind
        /// Its text (a diff line with its marker, without its line break).
        public var text: String
    }

    /// The plan the preview shows (what applying makes).
    public let plan: RenamePlan

    init(plan: RenamePlan) {
        self.plan = plan
    }

    /// The title of the sheet.
    public var title: String { "Rename · \(plan.edits.count) file\(plan.edits.count == 1 ? "" : "s")" }

    /// One sentence on what moves and what follows.
    public var summary: String {
        let move = plan.move
        let what = move.movesFolder ? "\(move.movedFrom)/ moves to \(move.movedTo)/" : "\(move.source) moves to \(move.destination)"
        let linking = plan.linkingFiles.filter(\.changesText)
        let links = linking.reduce(0) { $0 + $1.linkCount }
        let files = linking.count
        let linkText = links == 0 ? "no link changes" : "\(links) link\(links == 1 ? "" : "s") in \(files) other file\(files == 1 ? "" : "s") follow"
        let slug = plan.edits.contains(where: \.changesSlug) ? "; its slug follows" : ""
        return "\(what)\(slug); \(linkText)."
    }

    /// Every line: each file's name and diff, then the notes.
    public var lines: [Line] {
        var lines: [Line] = []
        for edit in plan.edits {
            let header = edit.path == edit.newPath ? edit.path : "\(edit.path) → \(edit.newPath)"
            let change = edit.changesText ? "" : "  (moved, text unchanged)"
            lines.append(Line(kind: .file, text: header + change))
            for hunk in UnifiedDiff.hunks(old: edit.before, new: edit.after, context: 1) {
                lines.append(Line(kind: .hunk, text: hunk.header))
                for line in hunk.lines { lines.append(Line(kind: .diff(line.kind), text: line.kind.marker + line.text)) }
            }
        }
        for note in plan.notes { lines.append(Line(kind: .note, text: note)) }
        return lines
    }

    /// The buttons: make the rename, or not.
    public var buttons: [AlertButton<DocumentListAlertChoice>] {
        [AlertButton("Rename", choice: .applyRename), AlertButton("Cancel", role: .cancel, choice: .dismiss)]
    }

    /// What closing the sheet means: nothing changes.
    public var dismissal: DocumentListAlertChoice { .dismiss }
}
