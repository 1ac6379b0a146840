import Observation
import TileditServices

/// Editor settings: loaded on appear, every change persisted at once.
@Observable @MainActor
public final class SettingsModel {
    /// The settings, once loaded.
    public private(set) var settings: Loadable<Settings> = .idle
    /// Why the last change could not be saved, until the next one.
    public private(set) var saveError: ViewError?

    /// Autosave intervals offered, in seconds (0 = off).
    public static let autosaveChoices = [0, 5, 10, 30, 60, 300]

    @ObservationIgnored private let client: SettingsClient
    @ObservationIgnored private let changed: @MainActor (Settings) -> Void

    /// - Parameters:
    ///   - client: where settings are stored.
    ///   - changed: told about every saved change (the app applies it to editors).
    public init(client: SettingsClient, changed: @escaping @MainActor (Settings) -> Void = { _ in }) {
        self.client = client
        self.changed = changed
    }

    public func onAppeared() async {
        guard case .idle = settings else { return }
        settings = .loading(previous: nil)
        do {
            settings = .loaded(try await client.load())
        } catch let error as SettingsError {
            settings = .failed(ViewError(error.message))
        } catch {
            settings = .failed(ViewError(error.localizedDescription))
        }
    }

    public func onToggledFormatOnSave() async {
        await update { $0.formatOnSave.toggle() }
    }

    /// The user picked the next autosave interval (cycling through `autosaveChoices`).
    public func onChangedAutosaveInterval(_ seconds: Int) async {
        await update { $0.autosaveInterval = Swift.max(0, seconds) }
    }

    public func onChoseTheme(_ theme: Settings.Theme) async {
        await update { $0.theme = theme }
    }

    /// Moves a tile type one place earlier (`up`) or later in the catalog order.
    public func onMovedCatalogType(_ type: String, up: Bool, allTypes: [String]) async {
        await update { settings in
            var order = settings.catalogOrder.filter(allTypes.contains)
            for type in allTypes where !order.contains(type) { order.append(type) }
            guard let index = order.firstIndex(of: type) else { return }
            let target = up ? index - 1 : index + 1
            guard order.indices.contains(target) else { return }
            order.swapAt(index, target)
            settings.catalogOrder = order
        }
    }

    private func update(_ change: (inout Settings) -> Void) async {
        guard var current = settings.value else { return }
        change(&current)
        guard current != settings.value else { return }
        settings = .loaded(current)
        do {
            try await client.save(current)
            saveError = nil
            changed(current)
        } catch let error as SettingsError {
            saveError = ViewError(error.message)
        } catch {
            saveError = ViewError(error.localizedDescription)
        }
    }
}
