import Foundation
import Testing
import TileditTestSupport

extension EndToEndTests {
    /// The scenario corpus (`Tests/Scenarios/*.yaml`, the files the
    /// headless runner replays against the view models) replayed against
    /// the real editor under tmux: keys in, the screen and the disk checked.
    @Suite("Scenario corpus under tmux")
    struct ScenarioReplayTests {
        /// Every scenario, or only those whose id starts with
        /// `TILEDIT_SCENARIO` when it is set (to replay one while working on it).
        static let scenarios: [Scenario] = ((try? Scenario.all()) ?? []).filter { scenario in
            guard let only = ProcessInfo.processInfo.environment["TILEDIT_SCENARIO"] else { return true }
            return scenario.id.hasPrefix(only)
        }

        @Test(arguments: scenarios.map(\.id))
        func replays(_ id: String) async throws {
            try #require(EditorSession.isBinaryBuilt, Comment(rawValue: EditorSession.missingBinaryMessage))
            let scenario = try #require(Self.scenarios.first { $0.id == id })
            if let reason = ScenarioPlayer.reasonNotPlayable(scenario) {
                print("note: \(id).yaml is not replayed under tmux: \(reason)")
                return
            }
            guard scenario.isAvailable, let player = try ScenarioPlayer(scenario) else {
                print("note: \(id).yaml needs ../shared, which is absent")
                return
            }
            try await player.run()
            for note in player.notes { print("note: \(note)") }
        }
    }
}
