import TileditModel
import TileditServices

/// What a Markdown editor (`DocumentEditorModel`) needs from outside,
/// given by its owner (the app's `OpenEditors`, or a test).
public struct DocumentEditorDependencies: Sendable {
    /// Reads, saves and journals the file.
    public var store: DocumentStore
    /// The clock autosave waits on.
    public var clock: any Clock<Duration>
    /// The tile types the catalog offers, in the user's order.
    public var catalog: TileCatalog
    /// Whether a save formats the document first.
    public var formatOnSave: Bool
    /// Time after the last change before an automatic save; `nil` turns autosave off.
    public var autosaveDelay: Duration?

    public init(
        store: DocumentStore, clock: any Clock<Duration>, catalog: TileCatalog = .builtIn,
        formatOnSave: Bool = false, autosaveDelay: Duration? = nil
    ) {
        self.store = store
        self.clock = clock
        self.catalog = catalog
        self.formatOnSave = formatOnSave
        self.autosaveDelay = autosaveDelay
    }
}
