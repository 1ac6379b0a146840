import Foundation
import Testing
import TileditTestSupport

extension WindowTests {
    /// Every scenario, or only those whose id starts with one of the
    /// comma-separated prefixes of `TILEDIT_SCENARIO` when it is set (to
    /// replay a few while working on them: `TILEDIT_SCENARIO=03,13`).
    static let scenarios: [Scenario] = ((try? Scenario.all()) ?? []).filter { scenario in
        guard let only = ProcessInfo.processInfo.environment["TILEDIT_SCENARIO"] else { return true }
        return only.split(separator: ",").contains { scenario.id.hasPrefix($0) }
    }

    /// The scenarios a plain run replays against the window: one window
    /// per scenario costs about 25 s on two busy cores, so a plain run
    /// keeps to about eight minutes with these (chosen to cover each kind
    /// of step once: fields, prose, blocks, the catalog, conflicts, search,
    /// documents, quitting, settings, autosave, recovery, signals, a YAML
    /// value typed and left, a YAML sequence's items).
    /// `TILEDIT_WINDOW_SCENARIOS=all` replays every playable one.
    static let defaultScenarios: Set<String> = [
        "02-edit-callout-title-and-save", "04-move-tile-undo-redo", "05-insert-chart-from-catalog",
        "08-delete-block-with-confirmation", "09-edit-prose", "12-add-and-remove-properties",
        "15-conflict-overwrite", "23-search-debounce-and-open", "26-document-list-filter-and-sort",
        "28-delete-document-and-restore", "29-quit-with-unsaved-changes-saving", "32-settings-format-on-save",
        "34-crash-recovery", "38-preview-follows-edits", "44-leaving-a-field-by-any-key-applies-a-valid-value",
        "48-sigterm-writes-the-journal-before-quitting", "53-yaml-edit-a-value-and-save-only-its-bytes",
        "56-yaml-sequence-items-add-move-duplicate-remove",
    ]

    /// Scenarios the window player does not replay yet, with the step it
    /// stops at and what is known of why.
    static let knownFailures: [String: String] = [:]

    /// The scenario corpus (`Tests/Scenarios/*.yaml`, which the headless
    /// runner replays against the view models and the tmux player against
    /// the terminal editor) replayed against the real window: its widgets
    /// driven through AT-SPI and xdotool, the accessible tree and the disk
    /// checked. One window per scenario.
    @Test(arguments: scenarios.map { $0.id })
    func replaysTheScenario(_ id: String) async throws {
        let scenario = try #require(Self.scenarios.first { $0.id == id })
        let environment = ProcessInfo.processInfo.environment
        if let reason = WindowScenarioPlayer.reasonNotPlayable(scenario) {
            print("note: \(id).yaml is not replayed against the window: \(reason)")
            return
        }
        if let reason = Self.knownFailures[id], environment["TILEDIT_WINDOW_SCENARIOS"] != "all" {
            print("note: \(id).yaml is not replayed against the window yet: \(reason)")
            return
        }
        let chosen = environment["TILEDIT_SCENARIO"] != nil || environment["TILEDIT_WINDOW_SCENARIOS"] == "all"
        guard chosen || Self.defaultScenarios.contains(id) else {
            print("note: \(id).yaml is left out of a plain run (its time budget); TILEDIT_WINDOW_SCENARIOS=all replays it")
            return
        }
        guard scenario.isAvailable, let player = try WindowScenarioPlayer(scenario) else {
            print("note: \(id).yaml needs ../shared, which is absent")
            return
        }
        try await player.run()
        for note in player.notes { print("note: \(note)") }
    }
}
