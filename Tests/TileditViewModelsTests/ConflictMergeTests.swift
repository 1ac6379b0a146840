import Foundation
import Synchronization
import Testing
import TileditModel
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// Comparing and merging a conflict with the disk, through the Markdown
/// and the YAML editors on real files: edits that do not overlap merge at
/// once, overlapping ones are chosen one by one, the result is the
/// editor's (unsaved, undoable) and the next save writes over the disk's
/// version; the session's store calls are checked on a recording store.
@MainActor
@Suite("Conflict merge")
struct ConflictMergeTests {
    static let page = "# Title\n\nFirst.\n\nSecond.\n\nThird.\n"

    func makeEditor(_ text: String = page) async throws -> (DocumentEditorModel, URL) {
        let folder = try TestSupport.makeTemporaryFolder()
        let url = try TestSupport.writeFile(Array(text.utf8), at: "page.md", in: folder)
        let store = DocumentStore.testing(journalFolder: folder.appendingPathComponent("journal"))
        let editor = DocumentEditorModel(url: url, displayPath: "page.md", dialect: .yaml, dependencies: .init(store: store, clock: ManualClock()))
        await editor.onAppeared()
        return (editor, url)
    }

    /// Replaces the text of the block at `index` and leaves it.
    func edit(_ editor: DocumentEditorModel, block index: Int, _ text: String) {
        editor.onSelectedEdge(last: false)
        editor.onMovedSelection(by: index)
        editor.onInspector(.changedText(text))
        editor.onInspector(.leftText)
    }

    func text(_ url: URL) throws -> String { String(decoding: try TestSupport.readFile(url), as: UTF8.self) }

    // MARK: Markdown

    @Test func editsThatDoNotOverlapMergeAtOnceAsOneUnsavedUndoableChange() async throws {
        let (editor, url) = try await makeEditor()
        edit(editor, block: 1, "Mine first.")
        try Data("# Title\n\nFirst.\n\nSecond.\n\nTheir third.\n".utf8).write(to: url)
        await editor.onTappedSave()
        #expect(editor.destination == .conflict)

        await editor.onChose(.session(.reviewConflict(.merging(index: 0))))
        #expect(editor.destination == nil)
        #expect(editor.document.value?.text == "# Title\n\nMine first.\n\nSecond.\n\nTheir third.\n")
        #expect(editor.saveState == .dirty)
        #expect(editor.notes == ["Merged with page.md on disk (1 change from the disk, 1 of yours); not saved yet; undo brings your text back."])
        #expect(try text(url) == "# Title\n\nFirst.\n\nSecond.\n\nTheir third.\n")

        editor.onTappedUndo()
        #expect(editor.document.value?.text == "# Title\n\nMine first.\n\nSecond.\n\nThird.\n")
        #expect(editor.saveState == .dirty)
        editor.onTappedRedo()
        #expect(editor.document.value?.text == "# Title\n\nMine first.\n\nSecond.\n\nTheir third.\n")

        // The disk's version is the one the merge started from: the save writes over it.
        await editor.onTappedSave()
        #expect(editor.destination == nil)
        #expect(editor.saveState == .saved)
        #expect(try text(url) == "# Title\n\nMine first.\n\nSecond.\n\nTheir third.\n")
    }

    /// The merge's note says it is not saved yet: a save makes it untrue, and it goes.
    @Test func theMergeNoteGoesWhenTheMergeIsSaved() async throws {
        let (editor, url) = try await makeEditor()
        edit(editor, block: 1, "Mine first.")
        try Data("# Title\n\nFirst.\n\nSecond.\n\nTheir third.\n".utf8).write(to: url)
        await editor.onTappedSave()
        await editor.onChose(.session(.reviewConflict(.merging(index: 0))))
        #expect(editor.notes.first?.contains("not saved yet") == true)
        await editor.onTappedSave()
        #expect(editor.saveState == .saved)
        #expect(editor.notes == [])
        #expect(try text(url) == "# Title\n\nMine first.\n\nSecond.\n\nTheir third.\n")
    }

    @Test func anOverlappingEditIsChosenInTheReviewAndTheOthersAreTakenAsTheyAre() async throws {
        let (editor, url) = try await makeEditor()
        edit(editor, block: 1, "Mine first.")
        edit(editor, block: 2, "My second.")
        try Data("# Title\n\nFirst.\n\nTheir second.\n\nTheir third.\n".utf8).write(to: url)
        await editor.onTappedSave()
        await editor.onChose(.session(.reviewConflict(.merging(index: 0))))

        let review = try #require(editor.destination?.conflictReview)
        #expect(editor.alert == nil)
        #expect(review.stage == .merging(index: 0))
        #expect(review.title == "Merge · change 1 of 1")
        #expect(review.summary == "Both changed these lines. 1 other change from the disk and 1 change of yours are taken as they are.")
        let conflict = try #require(review.currentConflict)
        #expect(conflict.baseLines.map(\.text) == ["Second."])
        #expect(conflict.oursLines.map(\.text) == ["My second."])
        #expect(conflict.theirsLines.map(\.text) == ["Their second."])
        #expect(review.buttons == [
            AlertButton("Disk's", choice: .take(.theirs)), AlertButton("Yours", choice: .take(.ours)), AlertButton("Both", choice: .take(.both)),
            AlertButton("Cancel", role: .cancel, choice: .back),
        ])
        #expect(review.initialButton == 1)

        await review.onChose(.take(.both))
        #expect(editor.destination == nil)
        #expect(editor.document.value?.text == "# Title\n\nMine first.\n\nMy second.\nTheir second.\n\nTheir third.\n")
        #expect(editor.saveState == .dirty)
        #expect(editor.notes == ["Merged with page.md on disk (1 change from the disk, 1 of yours, 1 chosen); not saved yet; undo brings your text back."])
    }

    @Test func theComparisonShowsTheDisksLinesAgainstYoursAndBackReturnsToTheQuestion() async throws {
        let (editor, url) = try await makeEditor()
        edit(editor, block: 2, "My second.")
        try Data("# Title\n\nFirst.\n\nTheir second.\n\nThird.\n".utf8).write(to: url)
        await editor.onTappedSave()
        await editor.onChose(.session(.reviewConflict(.comparing)))

        let review = try #require(editor.destination?.conflictReview)
        #expect(review.stage == .comparing)
        #expect(review.title == "Compare with disk")
        #expect(review.summary == "page.md: - lines are the disk's, + lines yours.")
        #expect(review.differences == UnifiedDiff.hunks(old: Array("# Title\n\nFirst.\n\nTheir second.\n\nThird.\n".utf8), new: Array("# Title\n\nFirst.\n\nMy second.\n\nThird.\n".utf8)))
        #expect(review.buttons == [AlertButton("Merge", choice: .merge), AlertButton("Back", role: .cancel, choice: .back)])
        // The window shows the stage as one alert.
        #expect(review.alert() == AlertState(
            title: "Compare with disk",
            message: "page.md: - lines are the disk's, + lines yours.\n\n@@ -2,6 +2,6 @@\n \n First.\n \n-Their second.\n+My second.\n \n Third.",
            buttons: review.buttons, initialButton: 0, dismissal: .back, answersToLetters: false))

        await review.onChose(.back)
        #expect(editor.destination == .conflict)
        #expect(editor.saveState == .conflict)
        #expect(editor.document.value?.text == "# Title\n\nFirst.\n\nMy second.\n\nThird.\n")

        // From the comparison, Merge goes to the overlapping change; Back from there returns too.
        await editor.onChose(.session(.reviewConflict(.comparing)))
        let again = try #require(editor.destination?.conflictReview)
        await again.onChose(.merge)
        #expect(again.stage == .merging(index: 0))
        await again.onChose(again.dismissal)
        #expect(editor.destination == .conflict)
        #expect(try text(url) == "# Title\n\nFirst.\n\nTheir second.\n\nThird.\n")
    }

    @Test func aMergeOfACRLFFileWithAByteOrderMarkKeepsBoth() async throws {
        let (editor, url) = try await makeEditor("\u{FEFF}# Title\r\n\r\nFirst.\r\n\r\nSecond.\r\n\r\nThird.\r\n")
        edit(editor, block: 1, "Mine first.")
        try Data("\u{FEFF}# Title\r\n\r\nFirst.\r\n\r\nSecond.\r\n\r\nTheir third.\r\n".utf8).write(to: url)
        await editor.onTappedSave()
        await editor.onChose(.session(.reviewConflict(.merging(index: 0))))
        #expect(editor.document.value?.bytes == Array("\u{FEFF}# Title\r\n\r\nMine first.\r\n\r\nSecond.\r\n\r\nTheir third.\r\n".utf8))
    }

    // MARK: YAML

    func makeYAML(_ text: String) async throws -> (YAMLDocumentModel, URL) {
        let folder = try TestSupport.makeTemporaryFolder()
        let url = try TestSupport.writeFile(Array(text.utf8), at: "data.yml", in: folder)
        let store = DocumentStore.testing(journalFolder: folder.appendingPathComponent("journal"))
        let editor = YAMLDocumentModel(url: url, displayPath: "data.yml", dependencies: .init(store: store, clock: ManualClock()))
        await editor.onAppeared()
        return (editor, url)
    }

    @Test func aYAMLFileMergesEditsOfDifferentKeysAtOnce() async throws {
        let (yaml, url) = try await makeYAML("# people\nname: Ada\nrole: writer\nteam: docs\n")
        yaml.onEditedField("Grace")
        #expect(yaml.onCommittedField())
        try Data("# people\nname: Ada\nrole: writer\nteam: web\n".utf8).write(to: url)
        await yaml.onTappedSave()
        #expect(yaml.destination == .conflict)
        await yaml.onChose(.reviewConflict(.merging(index: 0)))
        #expect(yaml.destination == nil)
        #expect(String(decoding: yaml.bytes, as: UTF8.self) == "# people\nname: Grace\nrole: writer\nteam: web\n")
        #expect(yaml.saveState == .dirty)
        yaml.onTappedUndo()
        #expect(String(decoding: yaml.bytes, as: UTF8.self) == "# people\nname: Grace\nrole: writer\nteam: docs\n")
    }

    @Test func aYAMLMergeThatWouldNotReadIsRefusedInTheReviewUntilAnotherChoice() async throws {
        let (yaml, url) = try await makeYAML("name: Ada\nrole: writer\n")
        yaml.onEditedField("Grace")
        #expect(yaml.onCommittedField())
        try Data("name: Lin\nrole: writer\n".utf8).write(to: url)
        await yaml.onTappedSave()
        await yaml.onChose(.reviewConflict(.merging(index: 0)))
        let review = try #require({ if case .reviewingConflict(let review)? = yaml.destination { review } else { nil } }())

        // Both lines: `name` twice, which the YAML editor does not take.
        await review.onChose(.take(.both))
        #expect(review.problem?.hasPrefix("The merged text does not read as YAML (line 2: ") == true)
        #expect(review.stage == .merging(index: 0))
        #expect(String(decoding: yaml.bytes, as: UTF8.self) == "name: Grace\nrole: writer\n")

        await review.onChose(.take(.theirs))
        #expect(yaml.destination == nil)
        #expect(String(decoding: yaml.bytes, as: UTF8.self) == "name: Lin\nrole: writer\n")
        // The disk's text exactly: nothing is unsaved.
        #expect(yaml.saveState == .clean)
    }

    // MARK: The session's calls

    @Test func theSessionReadsTheDiskOnceAndTheNextSaveExpectsTheMergedFromVersion() async throws {
        let disk = DocumentSessionTests.RecordingDisk(bytes: Array("a\nb\nc\n".utf8))
        let session = DocumentSession(url: DocumentSessionTests.url, store: disk.store, clock: ManualClock())
        let owner = DocumentSessionTests.RecordingOwner()
        session.owner = owner
        owner.session = session
        owner.bytes = try await session.load()
        owner.edit(Array("A\nb\nc\n".utf8))
        disk.write(Array("a\nb\nC\n".utf8))
        await session.save()
        #expect(session.phase == .conflict)

        await session.reviewConflict(.merging(index: 0))
        let merged = Array("A\nb\nC\n".utf8)
        #expect(owner.events.suffix(2) == [
            .asked(.conflict),
            .appliedMerge(bytes: merged, matchesDisk: false, note: "Merged with data.txt on disk (1 change from the disk, 1 of yours); not saved yet; undo brings your text back."),
        ])
        #expect(session.phase == .idle)
        #expect(session.baseBytes == Array("a\nb\nC\n".utf8))
        await session.save()
        #expect(disk.calls.filter { if case .journal = $0 { false } else { true } } == [
            .load,
            .save(bytes: Array("A\nb\nc\n".utf8), expected: ContentHash(of: Array("a\nb\nc\n".utf8)), overridesReadOnly: false),
            .load,
            .save(bytes: merged, expected: ContentHash(of: Array("a\nb\nC\n".utf8)), overridesReadOnly: false),
        ])
        #expect(disk.bytes == merged)
    }
}
