import Foundation
import Testing
import TileditModel
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// `SettingsModel` over a recording settings client: every action is
/// checked by the whole state it leaves (settings, save error, rows and
/// the selected row), the calls the client received, and what the app was
/// told. Success, failure and cancellation of loading and saving.
@MainActor
@Suite("Settings")
struct SettingsModelTests {
    static let catalog = TileCatalog.builtIn
    static let types = catalog.schemas.map(\.type)

    /// What the settings screen shows, compared whole.
    struct Shown: Equatable {
        var settings: Loadable<Settings>
        var saveError: ViewError?
        var rows: [String]
        var selected: String?
    }

    func shown(_ model: SettingsModel) -> Shown {
        Shown(settings: model.settings, saveError: model.saveError, rows: model.rows.map(\.accessibilityLabel), selected: model.selected?.accessibilityLabel)
    }

    static func rows(formatOnSave: String = "off", autosave: String = "off", theme: String = "auto", mouse: String = "on", types: [String] = types) -> [String] {
        ["Format on save: \(formatOnSave)", "Autosave: \(autosave)", "Theme: \(theme)", "Mouse: \(mouse)"] + types.enumerated().map { "Catalog \($0.offset + 1): \($0.element)" }
    }

    /// A model over `client` that has loaded; the settings it reports are appended to `changed`.
    func loadedModel(_ client: RecordingSettingsClient, changed: Recorder<Settings> = Recorder()) async -> SettingsModel {
        let model = SettingsModel(client: client.client, catalog: Self.catalog) { changed.append($0) }
        await model.onAppeared()
        return model
    }

    @Test func appearingLoadsOnceAndShowsTheRows() async {
        let client = RecordingSettingsClient()
        let model = SettingsModel(client: client.client, catalog: Self.catalog)
        #expect(shown(model) == Shown(settings: .idle, saveError: nil, rows: [], selected: nil))
        await model.onAppeared()
        await model.onAppeared()
        #expect(shown(model) == Shown(settings: .loaded(Settings()), saveError: nil, rows: Self.rows(), selected: "Format on save: off"))
        #expect(client.calls == [.load])
    }

    @Test func aLoadThatFailsShowsItsMessageAndNoRows() async {
        let client = RecordingSettingsClient()
        let error = SettingsError.notAMapping(path: "/home/me/.config/tiledit/settings.yml")
        client.failNextLoad(error)
        let model = await loadedModel(client)
        #expect(shown(model) == Shown(settings: .failed(ViewError(error.message)), saveError: nil, rows: [], selected: nil))
        await model.onSteppedSelectedSetting(by: 1)
        #expect(client.calls == [.load])
    }

    @Test func aCancelledLoadShowsNothingAndTheNextAppearanceLoadsAgain() async {
        let client = RecordingSettingsClient()
        client.failNextLoad(CancellationError())
        let model = await loadedModel(client)
        #expect(shown(model) == Shown(settings: .idle, saveError: nil, rows: [], selected: nil))
        await model.onAppeared()
        #expect(shown(model).settings == .loaded(Settings()))
        #expect(client.calls == [.load, .load])
    }

    @Test func steppingFormatOnSaveTogglesItSavesAtOnceAndTellsTheApp() async {
        let client = RecordingSettingsClient()
        let changed = Recorder<Settings>()
        let model = await loadedModel(client, changed: changed)
        await model.onSteppedSelectedSetting(by: 1)
        var expected = Settings()
        expected.formatOnSave = true
        #expect(shown(model) == Shown(settings: .loaded(expected), saveError: nil, rows: Self.rows(formatOnSave: "on"), selected: "Format on save: on"))
        #expect(client.calls == [.load, .save(expected)])
        #expect(changed.values == [expected])
    }

    @Test(arguments: [(1, 5, "5 s"), (-1, 300, "5 min")])
    func steppingTheAutosaveIntervalTakesTheNextChoiceEitherWayWrapping(step: Int, seconds: Int, label: String) async {
        let client = RecordingSettingsClient()
        let model = await loadedModel(client)
        model.onMovedSelection(by: 1)
        await model.onSteppedSelectedSetting(by: step)
        var expected = Settings()
        expected.autosaveInterval = seconds
        #expect(shown(model) == Shown(settings: .loaded(expected), saveError: nil, rows: Self.rows(autosave: label), selected: "Autosave: \(label)"))
        #expect(client.calls == [.load, .save(expected)])
    }

    @Test func steppingTheThemeBackFromAutoWrapsToTheLastTheme() async {
        let client = RecordingSettingsClient()
        let model = await loadedModel(client)
        model.onMovedSelection(by: 2)
        await model.onSteppedSelectedSetting(by: -1)
        var expected = Settings()
        expected.theme = .light
        #expect(shown(model) == Shown(settings: .loaded(expected), saveError: nil, rows: Self.rows(theme: "light"), selected: "Theme: light"))
        #expect(client.calls == [.load, .save(expected)])
    }

    @Test func aSaveThatFailsKeepsTheChangeShownSaysWhyAndTellsTheAppNothing() async {
        let client = RecordingSettingsClient()
        let changed = Recorder<Settings>()
        let model = await loadedModel(client, changed: changed)
        let error = SettingsError.writeFailed(path: "/home/me/.config/tiledit/settings.yml", reason: "no space left")
        client.failNextSave(error)
        await model.onToggledFormatOnSave()
        var expected = Settings()
        expected.formatOnSave = true
        #expect(shown(model) == Shown(settings: .loaded(expected), saveError: ViewError(error.message), rows: Self.rows(formatOnSave: "on"), selected: "Format on save: on"))
        #expect(changed.values == [])
        // The next change that saves clears the message.
        await model.onToggledFormatOnSave()
        #expect(shown(model) == Shown(settings: .loaded(Settings()), saveError: nil, rows: Self.rows(), selected: "Format on save: off"))
        #expect(client.calls == [.load, .save(expected), .save(Settings())])
        #expect(changed.values == [Settings()])
    }

    @Test func aCancelledSaveShowsNoErrorAndTellsTheAppNothing() async {
        let client = RecordingSettingsClient()
        let changed = Recorder<Settings>()
        let model = await loadedModel(client, changed: changed)
        client.failNextSave(CancellationError())
        await model.onChoseTheme(.dark)
        var expected = Settings()
        expected.theme = .dark
        #expect(shown(model) == Shown(settings: .loaded(expected), saveError: nil, rows: Self.rows(theme: "dark"), selected: "Format on save: off"))
        #expect(changed.values == [])
    }

    @Test func steppingTheMouseTurnsItOffAndOnSavesAtOnceAndTellsTheApp() async {
        let client = RecordingSettingsClient()
        let changed = Recorder<Settings>()
        let model = await loadedModel(client, changed: changed)
        model.onMovedSelection(by: 3)
        #expect(model.selected == SettingsRow(kind: .mouse, name: "Mouse", value: "on"))
        await model.onSteppedSelectedSetting(by: 1)
        var expected = Settings()
        expected.mouse = false
        #expect(shown(model) == Shown(settings: .loaded(expected), saveError: nil, rows: Self.rows(mouse: "off"), selected: "Mouse: off"))
        #expect(changed.values == [expected])
        await model.onSteppedSelectedSetting(by: -1)
        #expect(shown(model).selected == "Mouse: on")
        #expect(client.calls == [.load, .save(expected), .save(Settings())])
    }

    @Test func theSelectionStaysOnTheRowsWhateverTheOffset() async {
        let model = await loadedModel(RecordingSettingsClient())
        model.onMovedSelection(by: Int.max)
        #expect(model.selectedRow == 3 + Self.types.count)
        #expect(model.selected?.accessibilityLabel == "Catalog \(Self.types.count): \(Self.types.last ?? "")")
        model.onMovedSelection(by: Int.min)
        #expect(model.selectedRow == 0)
    }

    @Test func movingATileTypeSavesTheOrderAndTheSelectionFollowsIt() async {
        let client = RecordingSettingsClient()
        let model = await loadedModel(client)
        model.onMovedSelection(by: 5)
        #expect(model.selected?.kind == .catalogType(Self.types[1], position: 2))
        await model.onMovedSelectedCatalogType(up: true)
        var order = Self.types
        order.swapAt(0, 1)
        var expected = Settings()
        expected.catalogOrder = order
        #expect(shown(model) == Shown(settings: .loaded(expected), saveError: nil, rows: Self.rows(types: order), selected: "Catalog 1: \(Self.types[1])"))
        // The first type moves no further up; a catalog row is moved, not stepped.
        await model.onMovedSelectedCatalogType(up: true)
        await model.onSteppedSelectedSetting(by: 1)
        #expect(shown(model).selected == "Catalog 1: \(Self.types[1])")
        #expect(client.calls == [.load, .save(expected)])
    }

    @Test(arguments: [(0, "off"), (5, "5 s"), (60, "1 min"), (90, "90 s"), (300, "5 min")])
    func autosaveIntervalsReadAsTheyAreShown(seconds: Int, label: String) {
        #expect(SettingsModel.autosaveLabel(seconds) == label)
    }
}
