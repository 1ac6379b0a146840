import Foundation
import Testing
import TileditTestSupport

/// The scenario corpus (`Tests/Scenarios/*.yaml`) replayed headless against
/// the view models; the terminal end-to-end tests replay the same files.
@MainActor
@Suite("Scenario corpus")
struct ScenarioTests {
    /// Every scenario, or only those whose id starts with
    /// `TILEDIT_SCENARIO` when it is set (to replay one while working on it).
    nonisolated static let scenarios: [Scenario] = ((try? Scenario.all()) ?? []).filter { scenario in
        guard let only = ProcessInfo.processInfo.environment["TILEDIT_SCENARIO"] else { return true }
        return scenario.id.hasPrefix(only)
    }

    @Test func theCorpusReadsAndHasEnoughScenarios() throws {
        let all = try Scenario.all()
        #expect(all.count >= 25)
        let actions = Set(all.flatMap { $0.steps.map(\.action) })
        for required in ["openDocument", "filter", "sort", "newDocument", "deleteDocument", "selectBlock", "moveBlockUp", "moveBlockDown",
                         "moveBlockTo", "insertTile", "duplicate", "delete", "setField", "typeField", "setText", "undo", "redo", "save",
                         "format", "writeFile", "resolveConflict", "breakDisk", "search", "advanceClock", "chooseResult",
                         "openSettings", "quit", "confirmQuit", "restart", "recover"] {
            #expect(actions.contains(required), "no scenario uses \(required)")
        }
        for required in Scenario.yamlActions.sorted() {
            #expect(actions.contains(required), "no scenario uses the YAML action \(required)")
        }
        let expectations = Set(all.flatMap { $0.steps.flatMap(\.expectations.keys) })
        for required in Scenario.yamlExpectations.sorted() {
            #expect(expectations.contains(required), "no scenario expects \(required)")
        }
    }

    @Test(.timeLimit(.minutes(10)), arguments: scenarios.map(\.id))
    func replays(_ id: String) async throws {
        let scenario = try #require(Self.scenarios.first { $0.id == id })
        guard scenario.isAvailable, let driver = try ScenarioDriver(scenario) else { return }
        try await driver.run()
    }
}
