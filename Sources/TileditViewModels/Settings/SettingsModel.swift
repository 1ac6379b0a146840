import Observation
import TileditModel
import TileditServices

/// Editor settings: loaded on appear, every change persisted at once. Its
/// rows (four settings, then the tile catalog in the user's order), the
/// selected row and what each step through a setting's values gives are
/// its own, so a renderer only draws `rows` and sends keys.
@Observable @MainActor
public final class SettingsModel {
    /// The settings, once loaded.
    public private(set) var settings: Loadable<Settings> = .idle
    /// Why the last change could not be saved, until the next one.
    public private(set) var saveError: ViewError?
    /// Position of the selected row in `rows` as the user moved it (kept within the rows).
    public private(set) var selectedRow = 0

    /// Rows before the tile catalog's: format on save, autosave, theme, mouse.
    static let settingRowCount = 4

    /// Autosave intervals offered, in seconds (0 = off).
    public static let autosaveChoices = [0, 5, 10, 30, 60, 300]

    @ObservationIgnored private let client: SettingsClient
    @ObservationIgnored private let catalog: TileCatalog
    @ObservationIgnored private let changed: @MainActor (Settings) -> Void

    /// - Parameters:
    ///   - client: where settings are stored.
    ///   - catalog: the tile types whose order the settings keep.
    ///   - changed: told about every saved change (the app applies it to editors).
    public init(client: SettingsClient, catalog: TileCatalog, changed: @escaping @MainActor (Settings) -> Void = { _ in }) {
        self.client = client
        self.catalog = catalog
        self.changed = changed
    }

    /// `seconds` of autosave as shown: `off`, `5 s`, `2 min`.
    public nonisolated static func autosaveLabel(_ seconds: Int) -> String {
        seconds == 0 ? "off" : seconds % 60 == 0 ? "\(seconds / 60) min" : "\(seconds) s"
    }

    /// The tile types in the order the settings give them (types the
    /// settings do not name follow, in catalog order).
    public var catalogTypes: [String] {
        catalog.ordered(by: settings.value?.catalogOrder ?? []).schemas.map(\.type)
    }

    /// The rows: format on save, autosave, theme, mouse, then one per tile
    /// type in catalog order; none before the settings are loaded.
    public var rows: [SettingsRow] {
        guard let settings = settings.value else { return [] }
        return [
            SettingsRow(kind: .formatOnSave, name: "Format on save", value: settings.formatOnSave ? "on" : "off"),
            SettingsRow(kind: .autosave, name: "Autosave", value: Self.autosaveLabel(settings.autosaveInterval)),
            SettingsRow(kind: .theme, name: "Theme", value: settings.theme.rawValue),
            SettingsRow(kind: .mouse, name: "Mouse", value: settings.mouse ? "on" : "off"),
        ] + catalogTypes.enumerated().map { SettingsRow(kind: .catalogType($0.element, position: $0.offset + 1), name: "Catalog \($0.offset + 1)", value: $0.element) }
    }

    /// The selected row, `nil` before the settings are loaded.
    public var selected: SettingsRow? {
        let rows = rows
        return rows.isEmpty ? nil : rows[Swift.min(selectedRow, rows.count - 1)]
    }

    /// Loads the settings (the renderer calls this when the screen
    /// appears); once loaded, appearing again does nothing. A failure shows
    /// its message; a cancelled load shows nothing.
    public func onAppeared() async {
        guard case .idle = settings else { return }
        settings = .loading(previous: nil)
        do {
            settings = .loaded(try await client.load())
        } catch is CancellationError {
            // The screen went away: nothing to show, and the next appearance loads again.
            settings = .idle
        } catch let error as SettingsError {
            settings = .failed(ViewError(error.message))
        } catch {
            settings = .failed(ViewError(error.localizedDescription))
        }
    }

    /// The user moved the selection `offset` rows (any offset; kept within the rows).
    public func onMovedSelection(by offset: Int) {
        if let moved = ListPosition.moved(selectedRow, by: offset, count: rows.count) { selectedRow = moved }
    }

    /// The user stepped the selected setting `step` places through its
    /// values (→ and Space forward, ← back, wrapping): format on save
    /// toggles, autosave and the theme take the next choice; a catalog
    /// row does not change (it moves, `onMovedSelectedCatalogType`).
    public func onSteppedSelectedSetting(by step: Int) async {
        guard let settings = settings.value, let row = selected else { return }
        switch row.kind {
        case .formatOnSave: await onToggledFormatOnSave()
        case .autosave: await onChangedAutosaveInterval(Self.stepped(Self.autosaveChoices, from: settings.autosaveInterval, by: step))
        case .theme: await onChoseTheme(Self.stepped(Settings.Theme.allCases, from: settings.theme, by: step))
        case .mouse: await onToggledMouse()
        case .catalogType: break
        }
    }

    /// The user moved the selected tile type one place earlier (`up`) or
    /// later in the catalog order; the selection moves with it.
    public func onMovedSelectedCatalogType(up: Bool) async {
        guard case .catalogType(let type, let position)? = selected?.kind else { return }
        let target = position + (up ? -1 : 1)
        if target >= 1, target <= catalogTypes.count { selectedRow = Self.settingRowCount - 1 + target }
        await onMovedCatalogType(type, up: up)
    }

    /// Turns format on save on or off. Every change below is shown at once
    /// and saved; a failed save keeps it shown with `saveError` saying so.
    public func onToggledFormatOnSave() async {
        await update { $0.formatOnSave.toggle() }
    }

    /// The user picked an autosave interval (one of `autosaveChoices`, 0 = off).
    public func onChangedAutosaveInterval(_ seconds: Int) async {
        await update { $0.autosaveInterval = Swift.max(0, seconds) }
    }

    /// Turns the mouse in the terminal editor on or off.
    public func onToggledMouse() async {
        await update { $0.mouse.toggle() }
    }

    /// The user chose a theme.
    public func onChoseTheme(_ theme: Settings.Theme) async {
        await update { $0.theme = theme }
    }

    /// Moves a tile type one place earlier (`up`) or later in the catalog order.
    public func onMovedCatalogType(_ type: String, up: Bool) async {
        let allTypes = catalog.schemas.map(\.type)
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

    /// The value `step` places from `current` in `values`, wrapping; from
    /// the first (or, going back, the last) when `current` is not one of them.
    private static func stepped<Value: Equatable>(_ values: [Value], from current: Value, by step: Int) -> Value {
        guard !values.isEmpty else { return current }
        let index = values.firstIndex(of: current) ?? (step > 0 ? -1 : 0)
        return values[((index + step) % values.count + values.count) % values.count]
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
        } catch is CancellationError {
            // Not saved and not an error to show: the change stays on screen, as after a failure.
        } catch let error as SettingsError {
            saveError = ViewError(error.message)
        } catch {
            saveError = ViewError(error.localizedDescription)
        }
    }
}
