import Foundation
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// The editor opened on `text` written as `page.md` in a new temporary
/// folder (YAML front matter, the live store with its journal beside it,
/// a manual clock).
@MainActor
func makePageEditor(_ text: String) async throws -> DocumentEditorModel {
    let folder = try TestSupport.makeTemporaryFolder()
    let url = try TestSupport.writeFile(Array(text.utf8), at: "page.md", in: folder)
    let editor = DocumentEditorModel(
        url: url, displayPath: "page.md", dialect: .yaml,
        dependencies: .init(store: .testing(journalFolder: folder.appendingPathComponent("journal")), clock: ManualClock()))
    await editor.onAppeared()
    return editor
}
