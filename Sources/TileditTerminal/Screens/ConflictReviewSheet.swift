import TileditModel
import TileditTerminalToolkit
import TileditViewModels

/// A conflict with the disk looked at closely: the comparison (the disk's
/// lines against yours, as a diff) or the overlapping change being merged
/// (the lines as both started, the disk's, yours), with the review's
/// buttons and its problem when the merged text was refused.
@MainActor
enum ConflictReviewSheet {
    static func draw(into buffer: inout ScreenBuffer, area: Rect, review: ConflictReview, state: inout ViewState) {
        var header = [[TextSegment(review.summary, role: .text)]]
        var buttons: [Rect] = []
        if let problem = review.problem { header.append([TextSegment(problem, role: .error)]) }
        if let conflict = review.currentConflict {
            let sections = Self.sections(conflict)
            state.sheetPage = ChangesSheet.draw(
                into: &buffer, area: area, title: review.title, header: header, bodyCount: sections.reduce(0) { $0 + $1.rowCount },
                bodyLine: { Self.line($0, of: sections) }, buttons: review.buttons.map(\.title), selected: state.choice,
                scroll: &state.sheetScroll, buttonRects: &buttons)
        } else {
            let lines = review.comparisonLines
            state.sheetPage = ChangesSheet.draw(
                into: &buffer, area: area, title: review.title, header: header, bodyCount: lines.count,
                bodyLine: { ChangesSheet.segments(lines[$0]) }, buttons: review.buttons.map(\.title), selected: state.choice,
                scroll: &state.sheetScroll, buttonRects: &buttons)
        }
        for (index, rect) in buttons.enumerated() { state.record(rect, .button(index: index)) }
    }

    /// One part of an overlapping change: a title and its lines.
    struct Section {
        var title: String
        var lines: [MergeLine]
        var role: PaletteRole

        /// Rows it takes: the title, its lines (or one saying there are none), a blank row.
        var rowCount: Int { 2 + Swift.max(1, lines.count) }
    }

    /// The lines as both started, the disk's, yours.
    static func sections(_ conflict: MergeConflict) -> [Section] {
        [
            Section(title: "As both started (line \(conflict.baseStart)):", lines: conflict.baseLines, role: .muted),
            Section(title: "Disk's (line \(conflict.theirsStart)):", lines: conflict.theirsLines, role: .error),
            Section(title: "Yours (line \(conflict.oursStart)):", lines: conflict.oursLines, role: .success),
        ]
    }

    /// Row `index` of `sections`, made only when it is shown.
    static func line(_ index: Int, of sections: [Section]) -> [TextSegment] {
        var row = index
        for section in sections {
            guard row >= section.rowCount else {
                if row == 0 { return [TextSegment(section.title, role: .heading, attributes: .bold)] }
                if row == section.rowCount - 1 { return [] }
                guard section.lines.indices.contains(row - 1) else { return [TextSegment("  (no lines)", role: .muted)] }
                return [TextSegment("  " + ChangesSheet.shown(section.lines[row - 1].text), role: section.role)]
            }
            row -= section.rowCount
        }
        return []
    }
}
