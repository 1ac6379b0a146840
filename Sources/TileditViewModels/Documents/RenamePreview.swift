import TileditModel
import TileditServices

/// What a rename will change, shown before it is made: every file it
/// writes with the unified diff of its bytes, what was left alone, and
/// the buttons that make it or not.
public struct RenamePreview: Equatable, Sendable {
    /// One line of the preview.
    public typealias Line = ChangeLine

    /// The plan the preview shows (what applying makes).
    public let plan: RenamePlan
    /// Every line: each file's name and diff, then the notes (made once).
    public let lines: [Line]

    init(plan: RenamePlan) {
        self.plan = plan
        var lines: [Line] = []
        for edit in plan.edits {
            let header = edit.path == edit.newPath ? edit.path : "\(edit.path) → \(edit.newPath)"
            lines.append(Line(kind: .file, text: header + (edit.changesText ? "" : "  (moved, text unchanged)")))
            lines += ChangeLine.lines(of: UnifiedDiff.hunks(old: edit.before, new: edit.after, context: 1))
        }
        for note in plan.notes { lines.append(Line(kind: .note, text: note)) }
        self.lines = lines
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

    /// The buttons: make the rename, or not.
    public var buttons: [AlertButton<DocumentListAlertChoice>] {
        [AlertButton("Rename", choice: .applyRename), AlertButton("Cancel", role: .cancel, choice: .dismiss)]
    }

    /// What closing the sheet means: nothing changes.
    public var dismissal: DocumentListAlertChoice { .dismiss }
}
