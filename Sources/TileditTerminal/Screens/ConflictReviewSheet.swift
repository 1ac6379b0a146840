import TileditModel
import TileditViewModels

/// A conflict with the disk looked at closely: the comparison (the disk's
/// lines against yours, as a diff) or the overlapping change being merged
/// (the lines as both started, the disk's, yours), with the review's
/// buttons and its problem when the merged text was refused.
@MainActor
enum ConflictReviewSheet {
    static func draw(into buffer: inout ScreenBuffer, area: Rect, review: ConflictReview, state: inout ViewState) {
        var header = [[TextSegment(review.summary, role: .text)]]
        if let problem = review.problem { header.append([TextSegment(problem, role: .error)]) }
        state.sheetPage = ChangesSheet.draw(
            into: &buffer, area: area, title: review.title, header: header, body: body(review),
            buttons: review.buttons.map(\.title), selected: state.choice, scroll: &state.sheetScroll)
    }

    static func body(_ review: ConflictReview) -> [[TextSegment]] {
        if let conflict = review.currentConflict {
            func section(_ title: String, _ lines: [MergeLine], _ role: PaletteRole) -> [[TextSegment]] {
                [[TextSegment(title, role: .heading, attributes: .bold)]]
                    + (lines.isEmpty ? [[TextSegment("  (no lines)", role: .muted)]] : lines.map { [TextSegment("  " + ChangesSheet.shown($0.text), role: role)] })
                    + [[]]
            }
            return section("As both started (line \(conflict.baseStart)):", conflict.baseLines, .muted)
                + section("Disk's (line \(conflict.theirsStart)):", conflict.theirsLines, .error)
                + section("Yours (line \(conflict.oursStart)):", conflict.oursLines, .success)
        }
        var lines: [[TextSegment]] = []
        for hunk in review.differences {
            lines.append([TextSegment(hunk.header, role: .muted)])
            for line in hunk.lines {
                let role: PaletteRole = switch line.kind {
                case .removed: .error
                case .added: .success
                case .context: .text
                }
                lines.append([TextSegment(line.kind.marker + ChangesSheet.shown(line.text), role: role)])
            }
        }
        return lines
    }
}
