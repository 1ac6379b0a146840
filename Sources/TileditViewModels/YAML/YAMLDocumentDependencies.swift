import TileditServices

/// What a YAML editor (`YAMLDocumentModel`) needs from outside, given by
/// its owner (the app's `OpenEditors`, a command or a test).
public struct YAMLDocumentDependencies: Sendable {
    /// Reads, saves and journals the file.
    public var store: DocumentStore
    /// The clock autosave waits on.
    public var clock: any Clock<Duration>
    /// Time after the last change before an automatic save; `nil` turns autosave off.
    public var autosaveDelay: Duration?

    public init(store: DocumentStore, clock: any Clock<Duration>, autosaveDelay: Duration? = nil) {
        self.store = store
        self.clock = clock
        self.autosaveDelay = autosaveDelay
    }
}
