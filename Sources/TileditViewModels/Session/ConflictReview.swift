import Foundation
import Observation
import TileditModel
import TileditServices

/// A conflict with the disk looked at closely (ARCHITECTURE.md, "Merging
/// a conflict"): the differences between the file on disk and the
/// editor's text, and a three-way merge of both with the text they started
/// from (as loaded or last saved). Changes that do not overlap are taken
/// together; each overlapping one is shown in turn to take the disk's
/// lines, the editor's, or both (the editor's first). When every overlap
/// is settled the merged text goes to the editor as one undoable change,
/// unsaved, and the version on disk becomes the one the next save expects.
///
/// It is a destination of the editor that owns the session
/// (`DocumentSession.Question.reviewConflict`), with its own stage: the
/// comparison or the merge, each with its buttons.
@Observable @MainActor
public final class ConflictReview {
    /// What the review shows.
    public enum Stage: Equatable, Sendable {
        /// The differences from the disk's version to the editor's.
        case comparing
        /// The overlapping change `index` (into `conflicts`).
        case merging(index: Int)
    }

    /// The path shown to the user.
    public let displayPath: String
    /// The file on disk as read when the review started.
    public let disk: LoadedFile
    /// The editor's text when the review started.
    public let edited: [UInt8]
    /// The differences from the disk's version to the editor's.
    public let differences: [DiffHunk]
    /// `differences` as lines to show.
    public let comparisonLines: [ChangeLine]
    /// The merge, or `nil` when the text the editor started from is not
    /// known (edits restored from an earlier session on another version).
    public let merge: ThreeWayMerge?
    /// What the review shows.
    public private(set) var stage: Stage
    /// The choice made for each overlapping change so far.
    public private(set) var choices: [MergeChoice?]
    /// Why the merged text could not be taken (the YAML editor refuses a
    /// text that does not read), shown until another choice.
    public private(set) var problem: String?

    @ObservationIgnored private let finish: @MainActor (ConflictReview, Outcome) async -> Void

    /// How a review ends.
    enum Outcome: Equatable, Sendable {
        /// Back to the conflict's question.
        case back
        /// Merged: the text for the editor.
        case merged([UInt8])
    }

    /// The comparison and the merge of `edited` against `disk` over `base`
    /// (`nil`: no merge), worked out away from the main actor: on a 10 MB
    /// file they take a second.
    struct Work: Sendable {
        var differences: [DiffHunk]
        var lines: [ChangeLine]
        var merge: ThreeWayMerge?

        nonisolated init(disk: [UInt8], edited: [UInt8], base: [UInt8]?) {
            differences = UnifiedDiff.hunks(old: disk, new: edited)
            lines = ChangeLine.lines(of: differences)
            merge = base.map { ThreeWayMerge(base: $0, ours: edited, theirs: disk) }
        }
    }

    /// A review of `edited` against `disk` with `work` done for them;
    /// `finish` is told how it ends.
    init(
        displayPath: String, disk: LoadedFile, edited: [UInt8], work: Work, stage: Stage,
        finish: @escaping @MainActor (ConflictReview, Outcome) async -> Void
    ) {
        self.displayPath = displayPath
        self.disk = disk
        self.edited = edited
        differences = work.differences
        comparisonLines = work.lines
        let merge = work.merge
        self.merge = merge
        choices = Array(repeating: nil, count: merge?.conflicts.count ?? 0)
        self.stage = merge == nil ? .comparing : stage
        self.finish = finish
        if merge == nil {
            problem = "Your edits were restored from an earlier session, made on another version of the file: there is no common version to merge from."
        }
    }

    /// A review of `edited` against `disk` (merging from `base`, when
    /// known), its diffs and merge worked out off the main actor in a child
    /// task: on a 10 MB file they take a second.
    static func worked(
        displayPath: String, disk: LoadedFile, edited: [UInt8], base: [UInt8]?, stage: Stage,
        finish: @escaping @MainActor (ConflictReview, Outcome) async -> Void
    ) async -> ConflictReview {
        let diskBytes = disk.bytes
        async let computed = Work(disk: diskBytes, edited: edited, base: base)
        return ConflictReview(displayPath: displayPath, disk: disk, edited: edited, work: await computed, stage: stage, finish: finish)
    }

    /// The note after the merge is taken: how many changes came from each side and how many were chosen.
    var mergedNote: String {
        let applied = merge?.appliedChanges ?? (ours: 0, theirs: 0)
        let chosen = conflicts.isEmpty ? "" : ", \(conflicts.count) chosen"
        return "Merged with \(displayPath) on disk (\(Self.count(applied.theirs, "change")) from the disk, \(applied.ours) of yours\(chosen)); not saved yet; undo brings your text back."
    }

    // MARK: Derived state

    /// The overlapping changes, in text order.
    public var conflicts: [MergeConflict] { merge?.conflicts ?? [] }

    /// The overlapping change shown, while merging.
    public var currentConflict: MergeConflict? {
        guard case .merging(let index) = stage, conflicts.indices.contains(index) else { return nil }
        return conflicts[index]
    }

    /// The title of the sheet (its accessibility label).
    public var title: String {
        switch stage {
        case .comparing: "Compare with disk"
        case .merging(let index): "Merge · change \(index + 1) of \(conflicts.count)"
        }
    }

    /// One line saying what is shown.
    public var summary: String {
        switch stage {
        case .comparing:
            if differences.isEmpty { return "\(displayPath) on disk has the same text as yours." }
            return "\(displayPath): - lines are the disk's, + lines yours."
        case .merging:
            let applied = merge?.appliedChanges ?? (ours: 0, theirs: 0)
            return "Both changed these lines. \(Self.count(applied.theirs, "other change")) from the disk and \(Self.count(applied.ours, "change")) of yours are taken as they are."
        }
    }

    /// The buttons of the stage shown, in order.
    public var buttons: [AlertButton<ConflictReviewChoice>] {
        switch stage {
        case .comparing:
            var buttons: [AlertButton<ConflictReviewChoice>] = []
            if merge != nil { buttons.append(AlertButton("Merge", choice: .merge)) }
            buttons.append(AlertButton("Back", role: .cancel, choice: .back))
            return buttons
        case .merging(let index):
            var buttons = [
                AlertButton("Disk's", choice: ConflictReviewChoice.take(.theirs)),
                AlertButton("Yours", choice: .take(.ours)),
                AlertButton("Both", choice: .take(.both)),
            ]
            if index > 0 { buttons.append(AlertButton("Previous", choice: .previous)) }
            // "Cancel", not "Back": its first letter must not be Both's.
            buttons.append(AlertButton("Cancel", role: .cancel, choice: .back))
            return buttons
        }
    }

    /// The button selected when the stage comes up: the one that loses
    /// nothing (Merge, or the choice made before for this change, else Yours).
    public var initialButton: Int {
        switch stage {
        case .comparing: return 0
        case .merging(let index):
            let made = choices.indices.contains(index) ? choices[index] : nil
            let choice = ConflictReviewChoice.take(made ?? .ours)
            return buttons.firstIndex { $0.choice == choice } ?? 1
        }
    }

    /// Closing the sheet without a button: back to the conflict's question.
    public var dismissal: ConflictReviewChoice { .back }

    /// The stage as one alert, for renderers that show it so (the window):
    /// the summary, the problem, then the diff or the overlapping lines as
    /// text (at most `lineLimit` of them).
    public func alert(lineLimit: Int = 40) -> AlertState<ConflictReviewChoice> {
        var lines: [String] = []
        if let conflict = currentConflict {
            func section(_ title: String, _ lines: [MergeLine]) -> [String] { [title] + lines.map { "  " + $0.text } }
            lines = section("As both started (line \(conflict.baseStart)):", conflict.baseLines)
                + section("Disk's (line \(conflict.theirsStart)):", conflict.theirsLines)
                + section("Yours (line \(conflict.oursStart)):", conflict.oursLines)
        } else {
            lines = comparisonLines.prefix(lineLimit + 1).map(\.text)
        }
        if lines.count > lineLimit { lines = Array(lines.prefix(lineLimit)) + ["…"] }
        let message = ([summary] + (problem.map { [$0] } ?? []) + [""] + lines).joined(separator: "\n")
        return AlertState(title: title, message: message, buttons: buttons, initialButton: initialButton, dismissal: dismissal, answersToLetters: false)
    }

    // MARK: Actions

    /// The user chose a button (or closed the sheet: `dismissal`).
    public func onChose(_ choice: ConflictReviewChoice) async {
        switch choice {
        case .merge:
            guard merge != nil else { return }
            if conflicts.isEmpty { return await finishMerge() }
            problem = nil
            stage = .merging(index: 0)
        case .take(let mergeChoice):
            guard case .merging(let index) = stage, choices.indices.contains(index) else { return }
            choices[index] = mergeChoice
            problem = nil
            if index + 1 < conflicts.count {
                stage = .merging(index: index + 1)
            } else {
                await finishMerge()
            }
        case .previous:
            guard case .merging(let index) = stage, index > 0 else { return }
            problem = nil
            stage = .merging(index: index - 1)
        case .back:
            await finish(self, .back)
        }
    }

    /// The merged text went to the editor, or `reason` says why it could not.
    func refused(_ reason: String) {
        problem = reason
    }

    private func finishMerge() async {
        guard let merge else { return }
        await finish(self, .merged(merge.result(choosing: choices.map { $0 ?? .ours })))
    }

    private static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }
}

extension ConflictReview: Equatable {
    /// The same review (reviews are compared by identity, as destinations are).
    nonisolated public static func == (lhs: ConflictReview, rhs: ConflictReview) -> Bool { lhs === rhs }
}
