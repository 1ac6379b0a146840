import Foundation
import TileditServices
import TileditViewModels

/// The application view model the frame benchmarks open documents in,
/// in the terminal (`tiledit-bench`) and in the window (`TileditGtkBench`).
public enum BenchmarkApp {
    /// The app through the live services, its state and settings in
    /// `stateFolder`, without search (its index build would compete for
    /// the cores while frames are timed) and without the periodic disk check.
    @MainActor
    public static func make(stateFolder: URL) -> AppModel {
        let fileSystem = FileSystem.live
        let search = SearchClient(build: { _ in }, update: { _, _ in }, remove: { _ in }, search: { _, _ in [] })
        return AppModel(dependencies: AppModel.Dependencies(
            workspace: .live(fileSystem: fileSystem),
            store: .live(fileSystem: fileSystem, journalFolder: stateFolder.appendingPathComponent("journal")),
            search: search, rendering: .live,
            settings: .live(file: stateFolder.appendingPathComponent("settings.yml"), fileSystem: fileSystem),
            clock: ContinuousClock(), fileSystem: fileSystem, diskCheckInterval: nil))
    }
}
