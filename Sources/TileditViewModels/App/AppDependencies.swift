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
    public var catalog: TileCatalog
    /// How often the open document is compared with the file on disk; `nil` never.
    public var diskCheckInterval: Duration?

    public init(
        workspace: WorkspaceClient, store: DocumentStore, search: SearchClient, rendering: RenderingClient,
        settings: SettingsClient, clock: any Clock<Duration>, fileSystem: FileSystem, catalog: TileCatalog = .builtIn,
        diskCheckInterval: Duration? = .seconds(2)
    ) {
        self.workspace = workspace
        self.store = store
        self.search = search
        self.rendering = rendering
        self.settings = settings
        self.clock = clock
        self.fileSystem = fileSystem
        self.catalog = catalog
        self.diskCheckInterval = diskCheckInterval
    }
}
