import Foundation
import Testing
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// Edit, undo, save: the text is the disk's, so nothing is written (the
/// file keeps its inode and times) and the document is clean.
@MainActor
@Suite struct NoOpSaveTests {
    @Test(arguments: [false, true])
    func savingAnEditUndoneWritesNothingAndLeavesTheDocumentClean(hardLinked: Bool) async throws {
        let folder = try TestSupport.makeTemporaryFolder("no-op").resolvingSymlinksInPath()
        let url = try TestSupport.writeFile(Array("# Heading\n\nA paragraph.\n".utf8), at: "page.md", in: folder)
        if hardLinked { try FileManager.default.linkItem(at: url, to: folder.appendingPathComponent("other.md")) }
        let before = try TestSupport.status(of: url)
        let store = DocumentStore.testing(journalFolder: folder.appendingPathComponent("journal"))
        let editor = DocumentEditorModel(url: url, displayPath: "page.md", dialect: .yaml, dependencies: .init(store: store, clock: ManualClock()))
        await editor.onAppeared()
        editor.onMovedSelection(by: 1)
        editor.onInspector(.changedText("Mine."))
        editor.onInspector(.leftText)
        #expect(editor.saveState == .dirty)
        editor.onTappedUndo()

        await editor.onTappedSave()

        let after = try TestSupport.status(of: url)
        #expect(after.identity == before.identity)
        #expect(after.changeStamp == before.changeStamp)
        #expect(try TestSupport.readFile(url) == Array("# Heading\n\nA paragraph.\n".utf8))
        #expect(editor.saveState == .saved)
        #expect(!editor.isDirty)
        #expect(TestSupport.listTree(folder).filter { !$0.hasPrefix("journal") } == (hardLinked ? ["other.md", "page.md"] : ["page.md"]))
    }
}
