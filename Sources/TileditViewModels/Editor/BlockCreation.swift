import TileditModel

/// New blocks and where the typing goes next (ARCHITECTURE.md, "View
/// models"): a tile from the catalog is inserted after the selection and
/// its form opens on its first field that needs a value, else its first
/// field (`InspectorModel.openForm`); a new paragraph opens an empty text
/// area and exists only once it is left with text (`NewParagraph`): left
/// empty, nothing was ever in the document, the journal or undo.
@MainActor
final class BlockCreation {
    private let edits: BlockEdits
    private let inspector: InspectorModel
    private let typing: InspectorTyping

    init(edits: BlockEdits, inspector: InspectorModel, typing: InspectorTyping) {
        self.edits = edits
        self.inspector = inspector
        self.typing = typing
    }

    /// The catalog sheet to insert a tile after the selection; `nil`
    /// before a document is loaded. Choosing a type calls `close`, inserts
    /// the tile and opens its form; the engine's refusal goes to `refused`.
    func catalogPicker(catalog: [TileSchema], close: @escaping @MainActor () -> Void, refused: @escaping @MainActor (EditError) -> Void) -> TileCatalogPicker? {
        guard edits.document.value != nil else { return nil }
        return TileCatalogPicker(insertAt: edits.insertionIndex, catalog: catalog) { [weak self] type in
            guard let self else { return }
            close()
            self.insertTile(type, at: self.edits.insertionIndex, refused: refused)
        }
    }

    /// Inserts a `type` tile at `index` (from 0) and opens its form.
    func insertTile(_ type: String, at index: Int, refused: @MainActor (EditError) -> Void) {
        do {
            try edits.apply(.insertTile(type: type, at: index))
        } catch {
            return refused(error)
        }
        inspector.openForm()
    }

    /// Opens a new paragraph's text area after the selection (at the
    /// start of an empty document); nothing before a document is loaded.
    func beginParagraph() {
        guard edits.document.value != nil else { return }
        typing.perform(.beganNewParagraph(at: edits.insertionIndex))
    }
}
