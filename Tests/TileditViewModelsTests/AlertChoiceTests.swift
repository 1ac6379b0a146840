import Foundation
import Testing
import TileditModel
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// Every alert's buttons as the view models give them, and what choosing
/// each one does: the renderers only draw the buttons and send the chosen
/// one's choice back through `onChose(_:)`.
@MainActor
@Suite("Alert choices")
struct AlertChoiceTests {
    static let page = "# Heading\n\nA paragraph.\n"

    static let conflictButtons: [AlertButton<SessionChoice>] = [
        AlertButton("Reload", role: .destructive, choice: .resolveConflict(.reload)),
        AlertButton("Overwrite", role: .destructive, choice: .resolveConflict(.overwrite)),
        AlertButton("Keep both", choice: .resolveConflict(.keepBoth)),
        AlertButton("Merge", choice: .reviewConflict(.merging(index: 0))),
        AlertButton("Compare", choice: .reviewConflict(.comparing)),
        AlertButton("Cancel", role: .cancel, choice: .dismiss),
    ]

    func makeEditor(_ text: String = page) async throws -> (DocumentEditorModel, URL, URL) {
        let folder = try TestSupport.makeTemporaryFolder()
        let url = try TestSupport.writeFile(Array(text.utf8), at: "page.md", in: folder)
        let store = DocumentStore.testing(journalFolder: folder.appendingPathComponent("journal"))
        let editor = DocumentEditorModel(url: url, displayPath: "page.md", dialect: .yaml, dependencies: .init(store: store, clock: ManualClock()))
        await editor.onAppeared()
        return (editor, url, folder)
    }

    func makeYAML(_ text: String = "name: Ada\n") async throws -> (YAMLDocumentModel, URL, URL) {
        let folder = try TestSupport.makeTemporaryFolder()
        let url = try TestSupport.writeFile(Array(text.utf8), at: "data.yml", in: folder)
        let store = DocumentStore.testing(journalFolder: folder.appendingPathComponent("journal"))
        let editor = YAMLDocumentModel(url: url, displayPath: "data.yml", dependencies: .init(store: store, clock: ManualClock()))
        await editor.onAppeared()
        return (editor, url, folder)
    }

    /// Edits the paragraph, then another program rewrites the file: saving is a conflict.
    func conflict(_ editor: DocumentEditorModel, _ url: URL) async throws {
        editor.onMovedSelection(by: 1)
        editor.onInspector(.changedText("Mine."))
        editor.onInspector(.leftText)
        try Data("# Heading\n\nTheirs.\n".utf8).write(to: url)
        await editor.onTappedSave()
    }

    func text(_ url: URL) throws -> String { String(decoding: try TestSupport.readFile(url), as: UTF8.self) }

    @Test func theDeleteConfirmationNamesTheBlockAndDeleteDeletesIt() async throws {
        let (editor, _, _) = try await makeEditor()
        editor.onMovedSelection(by: 1)
        editor.onTappedDelete()
        #expect(editor.alert == AlertState(
            title: "Delete block", message: "Delete paragraph: A paragraph.? Undo brings it back.",
            buttons: [AlertButton("Delete", role: .destructive, choice: .deleteBlock), AlertButton("Cancel", role: .cancel, choice: .dismiss)],
            dismissal: .dismiss))
        await editor.onChose(.dismiss)
        #expect(editor.destination == nil)
        #expect(editor.blockCount == 2)
        editor.onTappedDelete()
        await editor.onChose(try #require(editor.alert?.buttons.first?.choice))
        #expect(editor.destination == nil)
        #expect(editor.alert == nil)
        #expect(editor.document.value?.text == "# Heading\n")
        #expect(editor.selectedIndex == 0)
    }

    @Test func aConflictOffersReloadOverwriteKeepBothMergeCompareAndCancelWithKeepBothFirst() async throws {
        let (editor, url, _) = try await makeEditor()
        try await conflict(editor, url)
        let alert = try #require(editor.alert)
        #expect(alert.title == "Changed on disk")
        #expect(alert.message == "page.md changed on disk since it was loaded.\nReload drops your edits; Overwrite writes yours over the file; Keep both saves yours as a copy in .tiledit/conflicts/ and loads the file; Merge takes the changes of both, asking where they overlap; Compare shows the differences.")
        #expect(alert.buttons == Self.conflictButtons.map { AlertButton($0.title, role: $0.role, choice: EditorAlertChoice($0.choice)) })
        #expect(alert.initialButton == 2)
        #expect(alert.dismissal == .dismiss)
        #expect(!alert.answersToLetters)
    }

    @Test func choosingReloadLoadsTheFileAndDropsTheEdits() async throws {
        let (editor, url, _) = try await makeEditor()
        try await conflict(editor, url)
        await editor.onChose(.session(.resolveConflict(.reload)))
        #expect(editor.destination == nil)
        #expect(editor.document.value?.text == "# Heading\n\nTheirs.\n")
        #expect(editor.saveState == .clean)
        #expect(try text(url) == "# Heading\n\nTheirs.\n")
    }

    @Test func choosingOverwriteWritesTheEditsOverTheFile() async throws {
        let (editor, url, _) = try await makeEditor()
        try await conflict(editor, url)
        await editor.onChose(.session(.resolveConflict(.overwrite)))
        #expect(editor.destination == nil)
        #expect(editor.saveState == .saved)
        #expect(try text(url) == "# Heading\n\nMine.\n")
    }

    @Test func choosingKeepBothWritesACopyAndLoadsTheFile() async throws {
        let (editor, url, folder) = try await makeEditor()
        try await conflict(editor, url)
        await editor.onChose(.session(.resolveConflict(.keepBoth)))
        #expect(editor.destination == nil)
        #expect(editor.document.value?.text == "# Heading\n\nTheirs.\n")
        #expect(editor.saveState == .clean)
        let copy = try #require(TestSupport.listTree(folder).first { $0.contains("conflict") })
        #expect(try text(folder.appendingPathComponent(copy)) == "# Heading\n\nMine.\n")
    }

    @Test func closingAConflictKeepsTheEditsAndTheConflict() async throws {
        let (editor, url, _) = try await makeEditor()
        try await conflict(editor, url)
        await editor.onChose(try #require(editor.alert?.dismissal))
        #expect(editor.destination == nil)
        #expect(editor.saveState == .conflict)
        #expect(editor.document.value?.text == "# Heading\n\nMine.\n")
        #expect(try text(url) == "# Heading\n\nTheirs.\n")
    }

    @Test func aReadOnlyFileIsSavedByItsSaveAnywayButton() async throws {
        let (editor, url, _) = try await makeEditor()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: url.path)
        editor.onMovedSelection(by: 1)
        editor.onInspector(.changedText("Mine."))
        editor.onInspector(.leftText)
        await editor.onTappedSave()
        let alert = try #require(editor.alert)
        #expect(alert.title == "Read-only file")
        #expect(alert.buttons == [
            AlertButton("Save anyway", role: .destructive, choice: .session(.saveOverridingReadOnly)),
            AlertButton("Cancel", role: .cancel, choice: .dismiss),
        ])
        #expect(alert.initialButton == 1)
        await editor.onChose(alert.buttons[0].choice)
        #expect(editor.destination == nil)
        #expect(editor.saveState == .saved)
        #expect(try text(url) == "# Heading\n\nMine.\n")
    }

    @Test func aFileDeletedOnDiskIsWrittenAgainBySaveAgain() async throws {
        let (editor, url, _) = try await makeEditor()
        editor.onMovedSelection(by: 1)
        editor.onInspector(.changedText("Mine."))
        editor.onInspector(.leftText)
        try FileManager.default.removeItem(at: url)
        await editor.onTappedSave()
        #expect(editor.alert == AlertState(
            title: "Deleted on disk",
            message: "page.md is no longer on disk: another program deleted it, or moved or renamed it (or its folder).\n"
                + "Your edits are kept: Save again writes them back there (making its folder again if it is gone); Close keeps them unsaved (the recovery journal holds them).",
            buttons: [AlertButton("Save again", choice: .session(.saveAgain)), AlertButton("Close", role: .cancel, choice: .dismiss)],
            dismissal: .dismiss, answersToLetters: false))
        await editor.onChose(.session(.saveAgain))
        #expect(editor.destination == nil)
        #expect(editor.saveState == .saved)
        #expect(try text(url) == "# Heading\n\nMine.\n")
    }

    @Test func discardingTypingIsAskedWithKeepFirst() async throws {
        let (editor, _, _) = try await makeEditor(":::tile callout\nid: note-1\ntitle: Hi\n:::\n")
        editor.onInspector(.beganEditingField("id"))
        editor.onInspector(.changedField("id", text: "Not An Id"))
        editor.onInspector(.leftField("id"))
        #expect(editor.saveState == .dirty)
        editor.onTappedDiscardTyping(.field("id"))
        #expect(editor.alert == AlertState(
            title: "Discard typing", message: "Discard the value typed for `id`? It is not in the document.",
            buttons: [AlertButton("Discard", role: .destructive, choice: .discardTyping), AlertButton("Keep", role: .cancel, choice: .dismiss)],
            initialButton: 1, dismissal: .dismiss, answersToLetters: false))
        await editor.onChose(.discardTyping)
        #expect(editor.destination == nil)
        #expect(editor.inspector.hasPendingValues == false)
        #expect(editor.saveState == .clean)
    }

    @Test func theYAMLEditorShowsTheSameConflictAndKeepBothWorks() async throws {
        let (yaml, url, folder) = try await makeYAML()
        yaml.onEditedField("Grace")
        #expect(yaml.onCommittedField())
        try Data("name: Lin\n".utf8).write(to: url)
        await yaml.onTappedSave()
        let alert = try #require(yaml.alert)
        #expect(alert.message.hasPrefix("data.yml changed on disk since it was loaded."))
        #expect(alert.buttons == Self.conflictButtons)
        await yaml.onChose(alert.buttons[alert.initialButton].choice)
        #expect(yaml.destination == nil)
        #expect(String(decoding: yaml.bytes, as: UTF8.self) == "name: Lin\n")
        #expect(yaml.saveState == .clean)
        let copy = try #require(TestSupport.listTree(folder).first { $0.contains("conflict") })
        #expect(try text(folder.appendingPathComponent(copy)) == "name: Grace\n")
        #expect(yaml.notes == ["Your edits were saved as \(URL(fileURLWithPath: copy).lastPathComponent)."])
    }

    @Test func theYAMLEditorsRecoveryButtonsRestoreOrDiscardTheJournaledEdits() async throws {
        let (yaml, url, folder) = try await makeYAML()
        yaml.onEditedField("Grace")
        #expect(yaml.onCommittedField())
        await yaml.session.journal.flush()
        let store = DocumentStore.testing(journalFolder: folder.appendingPathComponent("journal"))
        for choice in [RecoveryChoice.restore, .discard] {
            let next = YAMLDocumentModel(url: url, displayPath: "data.yml", dependencies: .init(store: store, clock: ManualClock()))
            await next.onAppeared()
            let alert = try #require(next.alert)
            #expect(alert.title == "Unsaved edits found")
            #expect(alert.message.hasPrefix("Unsaved edits to data.yml from "))
            #expect(alert.message.hasSuffix(" were found."))
            #expect(alert.buttons == [
                AlertButton("Restore", choice: .recovery(.restore)), AlertButton("Discard", role: .destructive, choice: .recovery(.discard)),
            ])
            await next.onChose(.recovery(choice))
            await next.session.journal.flush()
            #expect(next.destination == nil)
            #expect(String(decoding: next.bytes, as: UTF8.self) == (choice == .restore ? "name: Grace\n" : "name: Ada\n"))
            #expect(next.isDirty == (choice == .restore))
        }
        #expect(try await store.pendingJournal(url) == nil)
    }

    @Test func quittingWithUnsavedEditsAsksAndEachButtonDoesWhatItSays() async throws {
        let folder = try TestSupport.makeTemporaryFolder()
        let workspace = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        try TestSupport.writeFiles(["data.yml": "name: Ada\n"], in: workspace)
        let app = AppModel(dependencies: AppModel.Dependencies(
            workspace: .live(), store: .testing(journalFolder: folder.appendingPathComponent("journal")), search: .live(),
            rendering: .live, settings: .live(file: folder.appendingPathComponent("settings.yml")), clock: ManualClock(),
            fileSystem: .live, diskCheckInterval: nil))
        await app.onAppeared(path: "data.yml", currentDirectory: workspace)
        let yaml = try #require(app.yamlEditor)
        yaml.onEditedField("Grace")
        #expect(yaml.onCommittedField())
        app.onTappedQuit()
        #expect(app.alert == AlertState(
            title: "Unsaved changes", message: "These documents have unsaved edits:\n  data.yml",
            buttons: [
                AlertButton("Save and quit", choice: .quit(saving: true)),
                AlertButton("Discard and quit", role: .destructive, choice: .quit(saving: false)),
                AlertButton("Cancel", role: .cancel, choice: .dismiss),
            ],
            dismissal: .dismiss))
        await app.onChose(.dismiss)
        #expect(app.destination == nil)
        #expect(!app.hasQuit)
        app.onTappedQuit()
        await app.onChose(.quit(saving: false))
        #expect(app.hasQuit)
        #expect(app.destination == nil)
        #expect(try text(workspace.appendingPathComponent("data.yml")) == "name: Ada\n")
    }

    @Test func theTrashConfirmationSaysWhenTheDocumentHasUnsavedEditsAndTrashes() async throws {
        let folder = try TestSupport.makeTemporaryFolder()
        try TestSupport.writeFiles(["a.md": "# A\n", "b.md": "# B\n"], in: folder)
        let list = DocumentListModel(
            root: folder, workspace: .live(), store: .testing(journalFolder: folder.appendingPathComponent(".journal")), renamer: .unimplemented,
            open: { _ in }, hasUnsavedEdits: { $0 == "a.md" })
        await list.onAppeared()
        await list.onSelectedDocument("b.md")
        list.onTappedDelete()
        #expect(list.alert?.message == "Move b.md to .tiledit-trash? Restore in the documents brings it back.")
        await list.onChose(.dismiss)
        #expect(list.destination == nil)
        await list.onSelectedDocument("a.md")
        list.onTappedDelete()
        #expect(list.alert == AlertState(
            title: "Move to trash",
            message: "Move a.md to .tiledit-trash? Restore in the documents brings it back.\nIts unsaved edits are not in the file: save first to keep them in it.",
            buttons: [AlertButton("Move to trash", role: .destructive, choice: .trashDocument), AlertButton("Cancel", role: .cancel, choice: .dismiss)],
            dismissal: .dismiss))
        await list.onChose(.trashDocument)
        #expect(list.destination == nil)
        #expect(list.workspace.value?.documents.map(\.path) == ["b.md"])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("a.md").path))
    }

    @Test func anErrorHasOneOKButtonThatCloses() async throws {
        let (editor, _, _) = try await makeEditor("- a\n\npara\n\n- b\n")
        editor.onSelectedEdge(last: true)
        editor.onTappedMoveUp()
        let alert = try #require(editor.alert)
        #expect(alert.title == "Error")
        #expect(alert.buttons == [AlertButton("OK", role: .cancel, choice: .dismiss)])
        await editor.onChose(alert.buttons[0].choice)
        #expect(editor.destination == nil)
        #expect(editor.document.value?.text == "- a\n\npara\n\n- b\n")
    }
}
