import Foundation
import Synchronization
import Testing
import TileditModel
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

@MainActor
@Suite("Document editor")
struct DocumentEditorModelTests {
    static let page = "---\ntitle: Hello\n---\n\n# Heading\n\nA paragraph.\n\n:::tile callout\nid: note-1\ntitle: Hi\n:::\n"

    /// An editor over a real temporary file with the live store.
    func makeEditor(
        _ text: String = page, autosave: Duration? = nil, clock: ManualClock = ManualClock(),
        fileSystem: FileSystem = .live
    ) async throws -> (DocumentEditorModel, URL, URL) {
        let folder = try TestSupport.makeTemporaryFolder()
        let url = try TestSupport.writeFile(Array(text.utf8), at: "page.md", in: folder)
        let store = DocumentStore.testing(journalFolder: folder.appendingPathComponent("journal"), fileSystem: fileSystem)
        let editor = DocumentEditorModel(
            url: url, displayPath: "page.md", dialect: .yaml,
            dependencies: .init(store: store, clock: clock, autosaveDelay: autosave))
        await editor.onAppeared()
        return (editor, url, folder)
    }

    @Test func appearingLoadsTheDocumentAndSelectsTheFirstBlock() async throws {
        let (editor, _, _) = try await makeEditor()
        #expect(editor.blockCount == 4)
        #expect(editor.selectedIndex == 0)
        #expect(editor.saveState == .clean)
        #expect(editor.row(at: 3)?.kindLabel == "tile callout")
        #expect(editor.row(at: 3)?.summary == "note-1 · Hi")
        #expect(editor.inspector.subject == .frontMatter(try #require(editor.selection)))
        #expect(!editor.canUndo && !editor.canRedo)
    }

    @Test func aMissingFileIsAFailedLoadNamingThePath() async throws {
        let folder = try TestSupport.makeTemporaryFolder()
        let editor = DocumentEditorModel(
            url: folder.appendingPathComponent("gone.md"), displayPath: "gone.md", dialect: .yaml,
            dependencies: .init(store: .testing(journalFolder: folder), clock: ManualClock()))
        await editor.onAppeared()
        #expect(editor.document.error?.message.contains("gone.md does not exist") == true)
    }

    @Test func movingABlockUpSelectsItAndCanBeUndoneAndRedone() async throws {
        let (editor, _, _) = try await makeEditor()
        editor.onSelectedEdge(last: true)
        let tile = try #require(editor.selection)
        editor.onTappedMoveUp()
        #expect(editor.selection == tile)
        #expect(editor.selectedIndex == 2)
        #expect(editor.saveState == .dirty)
        #expect(editor.canUndo)
        #expect(editor.document.value?.text == "---\ntitle: Hello\n---\n\n# Heading\n\n:::tile callout\nid: note-1\ntitle: Hi\n:::\n\nA paragraph.\n")
        editor.onTappedUndo()
        #expect(editor.document.value?.text == Self.page)
        #expect(editor.saveState == .clean)
        #expect(editor.canRedo)
        editor.onTappedRedo()
        #expect(editor.selectedIndex == 2)
        #expect(editor.saveState == .dirty)
    }

    @Test func insertingATileFromTheCatalogSelectsTheNewTile() async throws {
        let (editor, _, _) = try await makeEditor()
        editor.onSelectedBlock(try #require(editor.row(at: 1)?.id))
        editor.onTappedInsertTile()
        let picker = try #require(editor.destination?.tileCatalog)
        #expect(picker.insertAt == 2)
        picker.onChose("chart")
        #expect(editor.destination == nil)
        #expect(editor.selectedIndex == 2)
        #expect(editor.row(at: 2)?.kindLabel == "tile chart")
        #expect(editor.row(at: 2)?.summary == "chart-1")
        #expect(editor.inspector.tileType == "chart")
    }

    @Test func deletingAsksForConfirmationFirst() async throws {
        let (editor, _, _) = try await makeEditor()
        editor.onMovedSelection(by: 2)
        let paragraph = try #require(editor.selection)
        editor.onTappedDelete()
        #expect(editor.destination == .confirmDelete(paragraph))
        #expect(editor.blockCount == 4)
        editor.onDismissed()
        #expect(editor.blockCount == 4)
        editor.onTappedDelete()
        editor.onConfirmedDelete()
        #expect(editor.blockCount == 3)
        #expect(editor.row(at: 2)?.kindLabel == "tile callout")
        #expect(editor.selectedIndex == 2)
    }

    @Test func aMoveThatWouldJoinTwoListsIsRefusedWithAReason() async throws {
        let text = "- a\n\npara\n\n- b\n"
        let (editor, _, _) = try await makeEditor(text)
        editor.onSelectedEdge(last: true)
        editor.onTappedMoveUp()
        #expect(editor.destination?.alert?.message.contains("join") == true)
        #expect(editor.document.value?.text == text)
        #expect(!editor.canUndo)
    }

    @Test func savingWritesExactlyTheEditedBytes() async throws {
        let (editor, url, _) = try await makeEditor()
        let tile = try #require(editor.row(at: 3)?.id)
        editor.onSelectedBlock(tile)
        editor.onInspector(.changedField("title", text: "Hey"))
        editor.onInspector(.committedField("title"))
        #expect(editor.inspector.refusal == nil)
        await editor.onTappedSave()
        #expect(editor.saveState == .saved)
        #expect(try TestSupport.readFile(url) == Array(Self.page.replacingOccurrences(of: "title: Hi\n", with: "title: Hey\n").utf8))
        editor.onTappedUndo()
        #expect(editor.saveState == .dirty)
    }

    @Test func aFileChangedOnDiskIsAConflictNeverAnOverwrite() async throws {
        let (editor, url, _) = try await makeEditor()
        editor.onMovedSelection(by: 2)
        editor.onInspector(.changedText("Edited paragraph."))
        editor.onInspector(.leftText)
        // Another program replaces the file with the same length.
        let outside = Self.page.replacingOccurrences(of: "title: Hello", with: "title: Hallo")
        try Data(outside.utf8).write(to: url)
        await editor.onTappedSave()
        #expect(editor.saveState == .conflict)
        #expect(editor.destination == .conflict)
        #expect(try TestSupport.readFile(url) == Array(outside.utf8))

        await editor.onChoseConflictResolution(.overwrite)
        #expect(editor.saveState == .saved)
        #expect(String(decoding: try TestSupport.readFile(url), as: UTF8.self).contains("Edited paragraph."))
    }

    @Test func keepBothWritesACopyAndReloadsTheFile() async throws {
        let (editor, url, folder) = try await makeEditor()
        editor.onMovedSelection(by: 2)
        editor.onInspector(.changedText("Mine."))
        editor.onInspector(.leftText)
        let outside = Self.page.replacingOccurrences(of: "A paragraph.", with: "Theirs text.")
        try Data(outside.utf8).write(to: url)
        await editor.onTappedSave()
        await editor.onChoseConflictResolution(.keepBoth)
        #expect(editor.document.value?.text == outside)
        #expect(editor.saveState == .clean)
        let copies = TestSupport.listTree(folder).filter { $0.contains("conflict") }
        #expect(copies.count == 1)
        #expect(editor.notes.first?.contains("conflict") == true)
    }

    @Test func aFailedWriteKeepsTheEditsAndTheFile() async throws {
        let (editor, url, _) = try await makeEditor(fileSystem: .live(failing: .write))
        editor.onMovedSelection(by: 2)
        editor.onInspector(.changedText("Edited."))
        editor.onInspector(.leftText)
        await editor.onTappedSave()
        guard case .failed(let error) = editor.saveState else {
            Issue.record("expected a failed save, got \(editor.saveState)")
            return
        }
        #expect(error.message.contains("page.md"))
        #expect(editor.isDirty)
        #expect(try TestSupport.readFile(url) == Array(Self.page.utf8))
    }

    @Test func aReadOnlyFileIsSavedOnlyWhenTheUserSaysSoAndKeepsItsMode() async throws {
        let (editor, url, _) = try await makeEditor()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: url.path)
        editor.onMovedSelection(by: 2)
        editor.onInspector(.changedText("Edited."))
        editor.onInspector(.leftText)
        await editor.onTappedSave()
        let message = try #require(editor.destination?.confirmOverrideReadOnly)
        #expect(message.hasSuffix("page.md is read-only for you (mode 0444); it was not saved. Saving anyway keeps its mode."))
        #expect(editor.isDirty)
        #expect(try TestSupport.readFile(url) == Array(Self.page.utf8))

        await editor.onConfirmedOverrideReadOnly()
        #expect(editor.destination == nil)
        #expect(editor.saveState == .saved)
        #expect(!editor.isDirty)
        let saved = try #require(editor.document.value?.bytes)
        #expect(try TestSupport.readFile(url) == saved)
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o444)
    }

    @Test func cancellingTheReadOnlyQuestionKeepsTheEditsAndTheFile() async throws {
        let (editor, url, _) = try await makeEditor()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: url.path)
        editor.onMovedSelection(by: 2)
        editor.onInspector(.changedText("Edited."))
        editor.onInspector(.leftText)
        await editor.onTappedSave()
        #expect(editor.destination?.confirmOverrideReadOnly != nil)
        editor.onDismissed()
        #expect(editor.destination == nil)
        #expect(editor.isDirty)
        guard case .failed = editor.saveState else {
            Issue.record("expected a failed save, got \(editor.saveState)")
            return
        }
        #expect(try TestSupport.readFile(url) == Array(Self.page.utf8))
    }

    @Test func autosaveWaitsForTheDelayAfterTheLastChange() async throws {
        let clock = ManualClock()
        let (editor, url, _) = try await makeEditor(autosave: .seconds(5), clock: clock)
        editor.onMovedSelection(by: 2)
        editor.onInspector(.changedText("First."))
        editor.onInspector(.leftText)
        #expect(await clock.waitForSleepers(1))
        await clock.advance(by: .seconds(4))
        #expect(editor.saveState == .dirty)
        editor.onInspector(.changedText("Second."))
        editor.onInspector(.leftText)
        #expect(await clock.waitForSleepers(1))
        await clock.advance(by: .seconds(4))
        #expect(try TestSupport.readFile(url) == Array(Self.page.utf8))
        await clock.advance(by: .seconds(1))
        await editor.session.autosaveTask?.value
        #expect(editor.saveState == .saved)
        #expect(String(decoding: try TestSupport.readFile(url), as: UTF8.self).contains("Second."))
    }

    @Test func unsavedEditsAreOfferedBackAfterACrash() async throws {
        let clock = ManualClock()
        let (editor, url, folder) = try await makeEditor(clock: clock)
        editor.onMovedSelection(by: 2)
        editor.onInspector(.changedText("Unsaved work."))
        editor.onInspector(.leftText)
        await editor.session.journal.flush()
        let store = DocumentStore.testing(journalFolder: folder.appendingPathComponent("journal"))
        #expect(try await store.pendingJournal(url) != nil)

        // A new session opens the same file.
        let next = DocumentEditorModel(url: url, displayPath: "page.md", dialect: .yaml, dependencies: .init(store: store, clock: ManualClock()))
        await next.onAppeared()
        #expect(next.destination?.recovery?.fileChangedSince == false)
        await next.onChoseRecovery(.restore)
        #expect(next.document.value?.text.contains("Unsaved work.") == true)
        #expect(next.saveState == .dirty)
    }

    @Test func checkingTheDiskReloadsAFileChangedElsewhereWhenClean() async throws {
        let (editor, url, _) = try await makeEditor("---\ntitle: Version one\n---\n\nSame body.\n")
        try Data("---\ntitle: Version two\n---\n\nSame body.\n".utf8).write(to: url)
        await editor.onCheckedDisk()
        #expect(editor.document.value?.frontMatter?["title"] == "Version two")
        #expect(editor.saveState == .clean)
    }

    @Test func aConflictFoundByTheDiskCheckIsRaisedOncePerVersionOnDisk() async throws {
        let (editor, url, _) = try await makeEditor("---\ntitle: Mine\n---\n\nBody.\n")
        editor.onMovedSelection(by: 1)
        editor.onInspector(.changedText("Edited."))
        editor.onInspector(.leftText)
        #expect(editor.saveState == .dirty)
        try Data("---\ntitle: Theirs\n---\n\nBody.\n".utf8).write(to: url)
        await editor.onCheckedDisk()
        #expect(editor.destination == .conflict)
        editor.onDismissed()
        await editor.onCheckedDisk()
        #expect(editor.destination == nil)
        #expect(editor.saveState == .conflict)
        try Data("---\ntitle: Theirs, again\n---\n\nBody.\n".utf8).write(to: url)
        await editor.onCheckedDisk()
        #expect(editor.destination == .conflict)
        editor.onDismissed()
        await editor.onTappedSave()
        #expect(editor.destination == .conflict)
        #expect(try TestSupport.readFile(url) == Array("---\ntitle: Theirs, again\n---\n\nBody.\n".utf8))
    }

    @Test func aChartSeriesIsCheckedForNumbersAsTheUserTypes() async throws {
        let chart = ":::tile chart\nid: visits\ntype: bar\nlabels: Jan, Feb, Mar\nseries.Visits: 1, 2, 3\n:::\n"
        let (editor, url, _) = try await makeEditor(chart)
        let inspector = editor.inspector
        editor.onInspector(.changedField("series.Visits", text: "1, 2, 4Q"))
        #expect(inspector.fields.first { $0.key == "series.Visits" }?.message == "`series.Visits` must be numbers separated by commas; `4Q` is not a number")
        editor.onInspector(.committedField("series.Visits"))
        #expect(editor.inspector.refusal != nil)
        // Typing is an unsaved edit from the first key, applied or not.
        #expect(editor.saveState == .dirty)
        #expect(editor.document.value?.text == chart)
        editor.onInspector(.changedField("series.Visits", text: "1, 2, 4"))
        #expect(inspector.fields.first { $0.key == "series.Visits" }?.message == nil)
        editor.onInspector(.committedField("series.Visits"))
        #expect(editor.inspector.refusal == nil)
        await editor.onTappedSave()
        #expect(String(decoding: try TestSupport.readFile(url), as: UTF8.self) == chart.replacingOccurrences(of: "1, 2, 3", with: "1, 2, 4"))
    }

    @Test func theInspectorValidatesAsTheUserTypesAndAppliesOnlyValidValues() async throws {
        let (editor, _, _) = try await makeEditor()
        editor.onSelectedEdge(last: true)
        let inspector = editor.inspector
        #expect(inspector.fields.map(\.key) == ["id", "mode", "title", "body"])
        editor.onInspector(.changedField("id", text: "Not Kebab"))
        #expect(inspector.field("id")?.message?.contains("kebab-case") == true)
        editor.onInspector(.committedField("id"))
        #expect(editor.inspector.refusal != nil)
        #expect(editor.document.value?.text == Self.page)
        editor.onInspector(.changedField("mode", text: "proxy"))
        #expect(inspector.field("mode")?.message == nil)
        editor.onInspector(.committedField("mode"))
        #expect(editor.inspector.refusal == nil)
        #expect(editor.document.value?.text.contains("id: note-1\nmode: proxy\ntitle: Hi\n") == true)
    }
}

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        components(separatedBy: target).joined(separator: replacement)
    }
}
