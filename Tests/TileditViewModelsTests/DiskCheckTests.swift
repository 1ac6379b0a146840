import Foundation
import Synchronization
import Testing
import TileditFixtures
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// What the next disk check makes of every outside change to an open
/// document, with and without unsaved edits: deleted, moved away (and
/// another file put there), replaced by a folder or a FIFO, made unreadable
/// or read-only, its folder removed, changed back to the same bytes, a
/// symbolic link retargeted. Each leaves a state that says what happened
/// (`saveState`, the alert's exact words and buttons), keeps the text, and
/// writes nothing until the user answers. The live store over a temporary
/// folder; the clock is a `ManualClock` that never moves; an unreadable
/// file is one the injected file system refuses to open (tests run as root,
/// whom `chmod 000` does not stop).
@MainActor
@Suite("Disk check: outside changes to an open document")
struct DiskCheckTests {
    static let page = "# Heading\n\nA paragraph.\n"
    static let edited = "# Heading\n\nMine.\n"
    static let path = "posts/page.md"
    static let conflictsFolder = ".tiledit/conflicts/posts"

    /// Another program's hold on the file: while `isOn`, opening it for
    /// reading fails with `EACCES`.
    final class ReadRefusal: Sendable {
        private let refused = Mutex(false)
        var isOn: Bool {
            get { refused.withLock { $0 } }
            set { refused.withLock { $0 = newValue } }
        }

        func fileSystem(refusing url: URL) -> FileSystem {
            var fileSystem = FileSystem.live
            let open = fileSystem.openFile
            let path = url.standardizedFileURL.path
            fileSystem.openFile = { [self] opened, mode in
                if case .read = mode, isOn, opened.standardizedFileURL.path == path {
                    throw FileSystemError(.open, path: opened.path, code: EACCES)
                }
                return try open(opened, mode)
            }
            return fileSystem
        }
    }

    struct Fixture {
        let editor: DocumentEditorModel
        let workspace: URL
        let url: URL
        let store: DocumentStore
        let refusal: ReadRefusal
    }

    /// An editor of `posts/page.md` (holding `text`) in a workspace folder.
    func makeEditor(_ text: String = page) async throws -> Fixture {
        let folder = try TestSupport.makeTemporaryFolder()
        let workspace = folder.appendingPathComponent("site")
        let url = try TestSupport.writeFile(Array(text.utf8), at: Self.path, in: workspace)
        let refusal = ReadRefusal()
        let store = DocumentStore.testing(journalFolder: folder.appendingPathComponent("journal"), fileSystem: refusal.fileSystem(refusing: url))
        let editor = DocumentEditorModel(url: url, displayPath: Self.path, dialect: .yaml, dependencies: .init(store: store, clock: ManualClock()))
        editor.session.workspaceRoot = workspace
        await editor.onAppeared()
        return Fixture(editor: editor, workspace: workspace, url: url, store: store, refusal: refusal)
    }

    /// The user edits the paragraph to "Mine.".
    func edit(_ editor: DocumentEditorModel) {
        editor.onMovedSelection(by: 1)
        editor.onInspector(.changedText("Mine."))
        editor.onInspector(.leftText)
    }

    /// What the editor shows: its text, where it stands with the disk, and its alert's title.
    struct Shown: Equatable {
        var text: String?
        var saveState: SaveState
        var alert: String?
    }

    func shown(_ editor: DocumentEditorModel) -> Shown {
        Shown(text: editor.document.value?.text, saveState: editor.saveState, alert: editor.alert?.title)
    }

    func text(_ url: URL) -> String? {
        (try? TestSupport.readFile(url)).map { String(decoding: $0, as: UTF8.self) }
    }

    static let missingWithEdits = "posts/page.md is no longer on disk: another program deleted it, or moved or renamed it (or its folder).\n"
        + "Your edits are kept: Save again writes them back there (making its folder again if it is gone); Close keeps them unsaved (the recovery journal holds them)."

    static let saveAgainButtons: [AlertButton<EditorAlertChoice>] = [
        AlertButton("Save again", choice: .session(.saveAgain)), AlertButton("Close", role: .cancel, choice: .dismiss),
    ]
    static let keepCopyButtons: [AlertButton<EditorAlertChoice>] = [
        AlertButton("Keep a copy", choice: .session(.keepCopy)), AlertButton("Close", role: .cancel, choice: .dismiss),
    ]

    // MARK: Deleted, moved away, folder removed

    @Test func aFileDeletedUnderUnsavedEditsIsAskedAtTheNextCheckAndSaveAgainWritesTheEditsBack() async throws {
        let fixture = try await makeEditor()
        edit(fixture.editor)
        try FileManager.default.removeItem(at: fixture.url)
        await fixture.editor.onCheckedDisk()
        #expect(fixture.editor.alert == AlertState(
            title: "Deleted on disk", message: Self.missingWithEdits, buttons: Self.saveAgainButtons, dismissal: .dismiss, answersToLetters: false))
        #expect(shown(fixture.editor) == Shown(text: Self.edited, saveState: .diskProblem(.missing, isDirty: true), alert: "Deleted on disk"))
        #expect(fixture.editor.saveState.label == "modified, deleted on disk")
        #expect(text(fixture.url) == nil)

        // Closed, it is not asked again under the typing; the state still says it.
        fixture.editor.onDismissed()
        await fixture.editor.onCheckedDisk()
        #expect(shown(fixture.editor) == Shown(text: Self.edited, saveState: .diskProblem(.missing, isDirty: true), alert: nil))

        // A save asks again, and Save again writes the edits back.
        await fixture.editor.onTappedSave()
        #expect(fixture.editor.alert?.title == "Deleted on disk")
        await fixture.editor.onChose(.session(.saveAgain))
        #expect(shown(fixture.editor) == Shown(text: Self.edited, saveState: .saved, alert: nil))
        #expect(text(fixture.url) == Self.edited)
    }

    @Test func aFileDeletedWithoutEditsSaysSoKeepsTheTextAndWritesNothing() async throws {
        let fixture = try await makeEditor()
        try FileManager.default.removeItem(at: fixture.url)
        await fixture.editor.onCheckedDisk()
        #expect(fixture.editor.alert == AlertState(
            title: "Deleted on disk",
            message: "posts/page.md is no longer on disk: another program deleted it, or moved or renamed it (or its folder).\n"
                + "The text stays open as it was read: Save again writes it back there (making its folder again if it is gone); Close leaves the disk as it is.",
            buttons: Self.saveAgainButtons, dismissal: .dismiss, answersToLetters: false))
        #expect(shown(fixture.editor) == Shown(text: Self.page, saveState: .diskProblem(.missing, isDirty: false), alert: "Deleted on disk"))
        #expect(fixture.editor.saveState.label == "deleted on disk")
        fixture.editor.onDismissed()
        await fixture.editor.onCheckedDisk()
        #expect(shown(fixture.editor) == Shown(text: Self.page, saveState: .diskProblem(.missing, isDirty: false), alert: nil))
        #expect(text(fixture.url) == nil)
        #expect(TestSupport.listTree(fixture.workspace.appendingPathComponent("posts")) == [])
    }

    @Test func aFileMovedAwayIsMissingAndAnotherFilePutAtItsPathIsAConflict() async throws {
        let fixture = try await makeEditor()
        edit(fixture.editor)
        let moved = fixture.workspace.appendingPathComponent("posts/moved.md")
        try FileManager.default.moveItem(at: fixture.url, to: moved)
        await fixture.editor.onCheckedDisk()
        #expect(shown(fixture.editor) == Shown(text: Self.edited, saveState: .diskProblem(.missing, isDirty: true), alert: "Deleted on disk"))

        try Data("# Another\n".utf8).write(to: fixture.url)
        await fixture.editor.onCheckedDisk()
        #expect(shown(fixture.editor) == Shown(text: Self.edited, saveState: .conflict, alert: "Changed on disk"))
        #expect(fixture.editor.session.diskProblem == nil)
        #expect(text(fixture.url) == "# Another\n")
        #expect(text(moved) == Self.page)
    }

    @Test func aFileWhoseFolderWasRemovedIsMissingAndSaveAgainMakesTheFolderAgain() async throws {
        let fixture = try await makeEditor()
        edit(fixture.editor)
        try FileManager.default.removeItem(at: fixture.workspace.appendingPathComponent("posts"))
        await fixture.editor.onCheckedDisk()
        #expect(fixture.editor.alert?.message == Self.missingWithEdits)
        #expect(shown(fixture.editor) == Shown(text: Self.edited, saveState: .diskProblem(.missing, isDirty: true), alert: "Deleted on disk"))
        // A plain save makes nothing (the folder stays gone) …
        fixture.editor.onDismissed()
        await fixture.editor.onTappedSave()
        #expect(text(fixture.url) == nil)
        // … Save again, the user's answer, does.
        await fixture.editor.onChose(.session(.saveAgain))
        #expect(shown(fixture.editor) == Shown(text: Self.edited, saveState: .saved, alert: nil))
        #expect(text(fixture.url) == Self.edited)
    }

    // MARK: Replaced by something else, unreadable

    @Test func aFileReplacedByAFolderIsSaidAndKeepACopyWritesTheEditsWithoutTouchingTheFolder() async throws {
        let fixture = try await makeEditor()
        edit(fixture.editor)
        try FileManager.default.removeItem(at: fixture.url)
        try FileManager.default.createDirectory(at: fixture.url, withIntermediateDirectories: false)
        await fixture.editor.onCheckedDisk()
        #expect(fixture.editor.alert == AlertState(
            title: "Replaced on disk",
            message: "posts/page.md is now a folder: another program put it in the file's place.\n"
                + "Your edits are kept, and nothing is written there: Keep a copy saves them in .tiledit/conflicts/; Close keeps them unsaved (the recovery journal holds them).",
            buttons: Self.keepCopyButtons, dismissal: .dismiss, answersToLetters: false))
        #expect(shown(fixture.editor) == Shown(text: Self.edited, saveState: .diskProblem(.folder, isDirty: true), alert: "Replaced on disk"))

        await fixture.editor.onChose(.session(.keepCopy))
        let copies = TestSupport.listTree(fixture.workspace.appendingPathComponent(Self.conflictsFolder))
        #expect(copies == ["page (conflict 2024-01-05 101500).md"])
        #expect(text(fixture.workspace.appendingPathComponent(Self.conflictsFolder).appendingPathComponent(copies.first ?? "")) == Self.edited)
        #expect(fixture.editor.notes == ["Your edits were saved as \(Self.conflictsFolder)/page (conflict 2024-01-05 101500).md (in a hidden folder the site does not publish)."])
        // The text stays unsaved at its path; the folder is as it was.
        #expect(shown(fixture.editor) == Shown(text: Self.edited, saveState: .diskProblem(.folder, isDirty: true), alert: nil))
        #expect(TestSupport.listTree(fixture.url) == [])
    }

    @Test func aFileReplacedByAFIFOIsSaidWithoutOpeningIt() async throws {
        let fixture = try await makeEditor()
        try FileManager.default.removeItem(at: fixture.url)
        #expect(mkfifo(fixture.url.path, 0o644) == 0)
        await fixture.editor.onCheckedDisk()
        #expect(fixture.editor.alert == AlertState(
            title: "Replaced on disk",
            message: "posts/page.md is now a FIFO (named pipe), not a regular file: another program put it in the file's place.\n"
                + "The text stays open as it was read, and nothing is written there: Keep a copy saves it in .tiledit/conflicts/; Close leaves the disk as it is.",
            buttons: Self.keepCopyButtons, dismissal: .dismiss, answersToLetters: false))
        #expect(shown(fixture.editor) == Shown(
            text: Self.page, saveState: .diskProblem(.notAFile(kind: "a FIFO (named pipe)"), isDirty: false), alert: "Replaced on disk"))
    }

    @Test func aFileMadeUnreadableIsSaidAndTheAlertIsWithdrawnWhenItCanBeReadAgain() async throws {
        let fixture = try await makeEditor()
        edit(fixture.editor)
        fixture.refusal.isOn = true
        var reason = ""
        do { _ = try await fixture.store.load(fixture.url) } catch let error as DocumentStoreError { reason = error.message }
        #expect(reason.hasPrefix(fixture.url.path))
        await fixture.editor.onCheckedDisk()
        #expect(fixture.editor.alert == AlertState(
            title: "Cannot be read",
            message: "posts/page.md can no longer be read, so it cannot be compared with your text: \(reason)\n"
                + "Your edits are kept, and nothing is written there: Keep a copy saves them in .tiledit/conflicts/; Close keeps them unsaved (the recovery journal holds them).",
            buttons: Self.keepCopyButtons, dismissal: .dismiss, answersToLetters: false))
        #expect(shown(fixture.editor) == Shown(text: Self.edited, saveState: .diskProblem(.unreadable(reason: reason), isDirty: true), alert: "Cannot be read"))

        fixture.refusal.isOn = false
        await fixture.editor.onCheckedDisk()
        #expect(shown(fixture.editor) == Shown(text: Self.edited, saveState: .dirty, alert: nil))
        #expect(text(fixture.url) == Self.page)
    }

    @Test func aFileMadeReadOnlyUnderEditsAsksBeforeWritingAndWithoutEditsOnlySaysSo() async throws {
        let clean = try await makeEditor()
        try TestSupport.setPermissions(0o444, of: clean.url)
        await clean.editor.onCheckedDisk()
        #expect(shown(clean.editor) == Shown(text: Self.page, saveState: .diskProblem(.readOnly(permissions: 0o444), isDirty: false), alert: nil))
        #expect(clean.editor.saveState.label == "read-only")
        try TestSupport.setPermissions(0o644, of: clean.url)
        await clean.editor.onCheckedDisk()
        #expect(shown(clean.editor) == Shown(text: Self.page, saveState: .clean, alert: nil))

        let fixture = try await makeEditor()
        edit(fixture.editor)
        try TestSupport.setPermissions(0o444, of: fixture.url)
        await fixture.editor.onCheckedDisk()
        #expect(fixture.editor.alert == AlertState(
            title: "Read-only file",
            message: "posts/page.md was made read-only (mode 0444) by another program. Your edits are not saved: Save anyway writes them keeping its mode; Cancel keeps them unsaved.",
            buttons: [
                AlertButton("Save anyway", role: .destructive, choice: .session(.saveOverridingReadOnly)),
                AlertButton("Cancel", role: .cancel, choice: .dismiss),
            ],
            initialButton: 1, dismissal: .dismiss, answersToLetters: false))
        #expect(text(fixture.url) == Self.page)
        await fixture.editor.onChose(.session(.saveOverridingReadOnly))
        #expect(shown(fixture.editor) == Shown(text: Self.edited, saveState: .saved, alert: nil))
        #expect(text(fixture.url) == Self.edited)
        #expect(try TestSupport.permissions(of: fixture.url) == 0o444)
    }

    // MARK: Back as it was, links

    @Test func aFileChangedBackToTheSameBytesRaisesNothingAndAStandingQuestionIsWithdrawn() async throws {
        let fixture = try await makeEditor()
        edit(fixture.editor)
        // Rewritten with the same bytes (a new file in its place): nothing to say.
        try FileManager.default.removeItem(at: fixture.url)
        try Data(Self.page.utf8).write(to: fixture.url)
        await fixture.editor.onCheckedDisk()
        #expect(shown(fixture.editor) == Shown(text: Self.edited, saveState: .dirty, alert: nil))

        try Data("# Theirs\n".utf8).write(to: fixture.url)
        await fixture.editor.onCheckedDisk()
        #expect(shown(fixture.editor) == Shown(text: Self.edited, saveState: .conflict, alert: "Changed on disk"))
        try Data(Self.page.utf8).write(to: fixture.url)
        await fixture.editor.onCheckedDisk()
        #expect(shown(fixture.editor) == Shown(text: Self.edited, saveState: .dirty, alert: nil))

        try FileManager.default.removeItem(at: fixture.url)
        await fixture.editor.onCheckedDisk()
        #expect(shown(fixture.editor).alert == "Deleted on disk")
        try Data(Self.page.utf8).write(to: fixture.url)
        await fixture.editor.onCheckedDisk()
        #expect(shown(fixture.editor) == Shown(text: Self.edited, saveState: .dirty, alert: nil))
        await fixture.editor.onTappedSave()
        #expect(text(fixture.url) == Self.edited)
    }

    @Test func aSymbolicLinkRetargetedIsAConflictUnderEditsAReadWithoutAndALinkToNothingIsSaid() async throws {
        let fixture = try await makeEditorBehindLink()
        edit(fixture.editor)
        // Another target with the same bytes: a save would not write through it.
        let other = fixture.workspace.appendingPathComponent("posts/other.md")
        try Data(Self.page.utf8).write(to: other)
        try retarget(fixture.url, to: "other.md")
        await fixture.editor.onCheckedDisk()
        #expect(shown(fixture.editor) == Shown(text: Self.edited, saveState: .conflict, alert: "Now a symbolic link"))
        #expect(fixture.editor.session.conflictLink == other.standardizedFileURL.path)

        try retarget(fixture.url, to: "gone.md")
        await fixture.editor.onCheckedDisk()
        #expect(shown(fixture.editor) == Shown(
            text: Self.edited, saveState: .diskProblem(.danglingLink(target: "gone.md"), isDirty: true), alert: "Replaced on disk"))
        #expect(fixture.editor.alert?.message.hasPrefix("posts/page.md is now a symbolic link to gone.md, which does not exist.\n") == true)
        #expect(text(other) == Self.page)

        let clean = try await makeEditorBehindLink()
        let theirs = clean.workspace.appendingPathComponent("posts/theirs.md")
        try Data("# Theirs\n".utf8).write(to: theirs)
        try retarget(clean.url, to: "theirs.md")
        await clean.editor.onCheckedDisk()
        #expect(shown(clean.editor) == Shown(text: "# Theirs\n", saveState: .clean, alert: nil))
    }

    /// An editor of `posts/page.md`, a symbolic link to `posts/target.md`.
    func makeEditorBehindLink() async throws -> Fixture {
        let folder = try TestSupport.makeTemporaryFolder()
        let workspace = folder.appendingPathComponent("site")
        _ = try TestSupport.writeFile(Array(Self.page.utf8), at: "posts/target.md", in: workspace)
        let url = workspace.appendingPathComponent(Self.path)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "target.md")
        let store = DocumentStore.testing(journalFolder: folder.appendingPathComponent("journal"))
        let editor = DocumentEditorModel(url: url, displayPath: Self.path, dialect: .yaml, dependencies: .init(store: store, clock: ManualClock()))
        editor.session.workspaceRoot = workspace
        await editor.onAppeared()
        return Fixture(editor: editor, workspace: workspace, url: url, store: store, refusal: ReadRefusal())
    }

    func retarget(_ link: URL, to target: String) throws {
        try FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target)
    }

    // MARK: The YAML editor

    @Test func theYAMLEditorSaysTheSameAndSaveAgainWritesItsEditsBack() async throws {
        let folder = try TestSupport.makeTemporaryFolder()
        let url = try TestSupport.writeFile(Array("name: Ada\n".utf8), at: "data/people.yml", in: folder)
        let store = DocumentStore.testing(journalFolder: folder.appendingPathComponent("journal"))
        let editor = YAMLDocumentModel(url: url, displayPath: "data/people.yml", dependencies: .init(store: store, clock: ManualClock()))
        await editor.onAppeared()
        #expect(editor.onAddedKey("age", value: "36"))
        let edited = editor.bytes
        try FileManager.default.removeItem(at: folder.appendingPathComponent("data"))
        await editor.onCheckedDisk()
        #expect(editor.alert == AlertState(
            title: "Deleted on disk",
            message: "data/people.yml is no longer on disk: another program deleted it, or moved or renamed it (or its folder).\n"
                + "Your edits are kept: Save again writes them back there (making its folder again if it is gone); Close keeps them unsaved (the recovery journal holds them).",
            buttons: [AlertButton("Save again", choice: .saveAgain), AlertButton("Close", role: .cancel, choice: .dismiss)],
            dismissal: .dismiss, answersToLetters: false))
        #expect(editor.saveState == .diskProblem(.missing, isDirty: true))
        #expect(editor.bytes == edited)
        await editor.onChose(.saveAgain)
        #expect(editor.saveState == .saved)
        #expect(try TestSupport.readFile(url) == edited)
    }
}
