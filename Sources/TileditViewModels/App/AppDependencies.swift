import TileditModel
import TileditServices

/// Everything `AppModel` uses from outside, built once by the composition
/// root (the executable) or a test.
public struct AppDependencies: Sendable {
    public var workspace: WorkspaceClient
    public var store: DocumentStore
    public var search: SearchClient
    public var rendering: RenderingClient
    public var settings: SettingsClient
    public var clock: any Clock<Duration>
    public var fileSystem: FileSystem
    /// Renames and moves documents with the links to them.
    public var renamer: RenameClient
    public var catalog: TileCatalog
    /// How often the open document is compared with the file on disk; `nil` never.
    public var diskCheckInterval: Duration?

    /// - Parameter renamer: the renames; without one, renames go through
    ///   `RenameClient.live` over this `fileSystem` and `store` (it needs
    ///   nothing else, so a test's doubles of those reach it too).
    public init(
        workspace: WorkspaceClient, store: DocumentStore, search: SearchClient, rendering: RenderingClient,
        settings: SettingsClient, clock: any Clock<Duration>, fileSystem: FileSystem, renamer: RenameClient? = nil,
        catalog: TileCatalog = .builtIn, diskCheckInterval: Duration? = .seconds(2)
    ) {
        self.workspace = workspace
        self.store = store
        self.search = search
        self.rendering = rendering
        self.settings = settings
        self.clock = clock
        self.fileSystem = fileSystem
        self.renamer = renamer ?? .live(fileSystem: fileSystem, store: store, catalog: catalog)
        self.catalog = catalog
        self.diskCheckInterval = diskCheckInterval
    }
}
