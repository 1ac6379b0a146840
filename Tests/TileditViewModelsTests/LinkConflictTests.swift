import Foundation
import Testing
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// Another program puts a symbolic link where a file with unsaved edits
/// was (`rm a.md; ln -s ../outside.txt a.md`): the save is a conflict that
/// says so, and Overwrite replaces the link with a file, never writing
/// through it, whatever the link leads to (even bytes equal to the ones
/// loaded, which a content check alone would take for the file).
@MainActor
@Suite struct LinkConflictTests {
    nonisolated static let page = "# Heading\n\nA paragraph.\n"
    static let linkMessage = """
        a.md is now a symbolic link to ../outside.txt; it was not when it was loaded, and nothing was written through it.
        Reload drops your edits; Overwrite puts yours in a file in place of the link (what it leads to is left alone); \
        Keep both saves yours as a copy in .tiledit/conflicts/ and loads the file; Merge takes the changes of both, \
        asking where they overlap; Compare shows the differences.
        """

    /// A site folder with `site/a.md` and `outside.txt` beside it.
    func makeSite(outside: String) throws -> (folder: URL, page: URL, outside: URL, store: DocumentStore) {
        let folder = try TestSupport.makeTemporaryFolder("links").resolvingSymlinksInPath()
        let page = try TestSupport.writeFile(Array(Self.page.utf8), at: "site/a.md", in: folder)
        let outsideURL = try TestSupport.writeFile(Array(outside.utf8), at: "outside.txt", in: folder)
        return (folder, page, outsideURL, DocumentStore.testing(journalFolder: folder.appendingPathComponent("journal")))
    }

    func replaceWithLink(_ url: URL) throws {
        try FileManager.default.removeItem(at: url)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "../outside.txt")
    }

    func text(_ url: URL) throws -> String { String(decoding: try TestSupport.readFile(url), as: UTF8.self) }

    @Test(arguments: [page, "Outside the site.\n"])
    func aMarkdownFileReplacedByALinkIsAConflictSayingSoAndOverwriteReplacesTheLink(outside: String) async throws {
        let site = try makeSite(outside: outside)
        let editor = DocumentEditorModel(
            url: site.page, displayPath: "a.md", dialect: .yaml, dependencies: .init(store: site.store, clock: ManualClock()))
        await editor.onAppeared()
        editor.onMovedSelection(by: 1)
        editor.onInspector(.changedText("Mine."))
        editor.onInspector(.leftText)
        try replaceWithLink(site.page)

        await editor.onTappedSave()

        let alert = try #require(editor.alert)
        #expect(alert.title == "Now a symbolic link")
        #expect(alert.message == Self.linkMessage)
        #expect(editor.saveState == .conflict)
        #expect(try text(site.outside) == outside)

        await editor.onChose(.session(.resolveConflict(.overwrite)))

        #expect(editor.destination == nil)
        #expect(editor.saveState == .saved)
        #expect(try TestSupport.status(of: site.page).kind == .file)
        #expect(try text(site.page) == "# Heading\n\nMine.\n")
        #expect(try text(site.outside) == outside)
        #expect(editor.session.conflictLink == nil)
    }

    @Test(arguments: ["name: Ada\n", "Outside the site.\n"])
    func aYAMLFileReplacedByALinkIsTheSameConflictAndOverwriteReplacesTheLink(outside: String) async throws {
        let folder = try TestSupport.makeTemporaryFolder("links").resolvingSymlinksInPath()
        let url = try TestSupport.writeFile(Array("name: Ada\n".utf8), at: "site/a.md", in: folder)
        let outsideURL = try TestSupport.writeFile(Array(outside.utf8), at: "outside.txt", in: folder)
        let store = DocumentStore.testing(journalFolder: folder.appendingPathComponent("journal"))
        let yaml = YAMLDocumentModel(url: url, displayPath: "a.md", dependencies: .init(store: store, clock: ManualClock()))
        await yaml.onAppeared()
        yaml.onEditedField("Grace")
        #expect(yaml.onCommittedField())
        try replaceWithLink(url)

        await yaml.onTappedSave()

        let alert = try #require(yaml.alert)
        #expect(alert.title == "Now a symbolic link")
        #expect(alert.message == Self.linkMessage)
        #expect(try text(outsideURL) == outside)

        await yaml.onChose(.resolveConflict(.overwrite))

        #expect(yaml.saveState == .saved)
        #expect(try TestSupport.status(of: url).kind == .file)
        #expect(try text(url) == "name: Grace\n")
        #expect(try text(outsideURL) == outside)
    }
}
