import Foundation
import Testing
import TileditServices
import TileditTestSupport

@Suite struct SettingsClientTests {
    let folder: URL
    let file: URL

    init() throws {
        folder = try TestSupport.makeTemporaryFolder("settings").resolvingSymlinksInPath()
        file = folder.appendingPathComponent("tiledit/settings.yml")
    }

    var client: SettingsClient { .live(file: file) }

    func text() throws -> String { String(decoding: try TestSupport.readFile(file), as: UTF8.self) }

    @Test func aMissingFileGivesTheDefaults() async throws {
        #expect(try await client.load() == Settings(formatOnSave: false, autosaveInterval: 0, theme: .auto, mouse: true, catalogOrder: []))
    }

    @Test func theMouseSettingReadsAndWritesOnlyItsOwnBytes() async throws {
        try TestSupport.writeFile(Array("theme: dark # mine\nmouse: no\n".utf8), at: "tiledit/settings.yml", in: folder)
        #expect(try await client.load() == Settings(theme: .dark, mouse: false))
        try await client.save(Settings(theme: .dark, mouse: true))
        #expect(try text() == "theme: dark # mine\nmouse: true\n")
    }

    @Test func savingWithoutAFileWritesACommentedDefaultFileThatReadsBack() async throws {
        let settings = Settings(formatOnSave: true, autosaveInterval: 30, theme: .dark, catalogOrder: ["chart", "callout"])

        try await client.save(settings)

        #expect(try text() == """
            # Tiledit settings (YAML). Tiledit keeps your comments and other keys when it saves.

            # Format a document to canonical form when it is saved (true or false).
            formatOnSave: true

            # Seconds between automatic saves; 0 turns autosave off.
            autosaveInterval: 30

            # Colors: auto (follow the terminal), dark or light.
            theme: dark

            # The terminal editor takes clicks and the wheel (true or false; false
            # leaves the mouse to the terminal, for its own selection).
            mouse: true

            # Tile types listed first in the insert catalog, in this order; the others follow.
            catalogOrder: [chart, callout]

            """)
        #expect(try await client.load() == settings)
    }

    @Test func savingEditsOnlyChangedValuesAndKeepsCommentsAndUnknownKeys() async throws {
        try TestSupport.writeFile(Array("""
            # My settings
            theme: dark   # I like dark
            editor.font: Menlo
            catalogOrder:
              - chart
              - callout
            # end of list
            autosaveInterval: "30"

            """.utf8), at: "tiledit/settings.yml", in: folder)
        #expect(try await client.load() == Settings(autosaveInterval: 30, theme: .dark, catalogOrder: ["chart", "callout"]))

        try await client.save(Settings(autosaveInterval: 30, theme: .light, catalogOrder: ["mermaid", "service-form"]))

        #expect(try text() == """
            # My settings
            theme: light   # I like dark
            editor.font: Menlo
            catalogOrder:
              - mermaid
              - service-form
            # end of list
            autosaveInterval: "30"

            """)
    }

    @Test func missingKeysAreAppendedAndEmptyValuesFilledIn() async throws {
        try TestSupport.writeFile(Array("theme:\r\nother: [1, 2]".utf8), at: "tiledit/settings.yml", in: folder)

        try await client.save(Settings(formatOnSave: true, theme: .dark))

        #expect(try text() == "theme: dark\r\nother: [1, 2]\r\nformatOnSave: true\r\n")
        #expect(try await client.load() == Settings(formatOnSave: true, theme: .dark))
    }

    @Test func anEmptiedListBecomesAFlowList() async throws {
        try TestSupport.writeFile(Array("catalogOrder:\n  - chart # first\n# after\ntheme: auto\n".utf8), at: "tiledit/settings.yml", in: folder)

        try await client.save(Settings())

        #expect(try text() == "catalogOrder: [] # first\n# after\ntheme: auto\n")
    }

    @Test func aFlowListStaysAFlowListAndQuotesAreKept() async throws {
        try TestSupport.writeFile(Array("catalogOrder: [chart]\ntheme: 'dark'\n".utf8), at: "tiledit/settings.yml", in: folder)

        try await client.save(Settings(theme: .light, catalogOrder: ["callout", "chart"]))

        #expect(try text() == "catalogOrder: [callout, chart]\ntheme: 'light'\n")
    }

    @Test func savingUnchangedSettingsLeavesTheFileAlone() async throws {
        let original = "# only a comment\nformatOnSave: no\n"
        try TestSupport.writeFile(Array(original.utf8), at: "tiledit/settings.yml", in: folder)

        try await client.save(Settings())

        #expect(try text() == original)
    }

    @Test func invalidYAMLIsAnErrorNamingFileLineAndColumnAndIsNeverOverwritten() async throws {
        let original = "theme: dark\ncatalogOrder: [chart\n"
        try TestSupport.writeFile(Array(original.utf8), at: "tiledit/settings.yml", in: folder)

        let error = await #expect(throws: SettingsError.self) { try await client.load() }
        guard case .invalidYAML(let path, let line, let column, _) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(path == file.path)
        #expect(line == 3)
        #expect(column == 1)
        await #expect(throws: SettingsError.self) { try await client.save(Settings(theme: .light)) }
        #expect(try text() == original)
    }

    @Test func aWrongValueIsAnErrorNamingTheKeyLineAndColumn() async throws {
        try TestSupport.writeFile(Array("formatOnSave: true\ntheme: purple\n".utf8), at: "tiledit/settings.yml", in: folder)

        await #expect(throws: SettingsError.invalidValue(path: file.path, key: "theme", line: 2, column: 8, expected: "auto, dark or light")) {
            try await client.load()
        }
        #expect(SettingsError.invalidValue(path: "/s.yml", key: "theme", line: 2, column: 8, expected: "auto, dark or light").message
            == "/s.yml:2:8: `theme` must be auto, dark or light.")
    }

    @Test func savingReplacesAWrongValue() async throws {
        try TestSupport.writeFile(Array("theme: purple # mine\n".utf8), at: "tiledit/settings.yml", in: folder)

        try await client.save(Settings())

        #expect(try text() == "theme: auto # mine\n")
    }

    @Test func aTopLevelListIsNotSettings() async throws {
        try TestSupport.writeFile(Array("- a\n".utf8), at: "tiledit/settings.yml", in: folder)
        await #expect(throws: SettingsError.notAMapping(path: file.path)) { try await client.load() }
    }

    @Test func aFailedWriteLeavesTheFileAndNoTemporaryFile() async throws {
        try TestSupport.writeFile(Array("theme: dark\n".utf8), at: "tiledit/settings.yml", in: folder)

        await #expect(throws: SettingsError.writeFailed(path: file.path, reason: FileSystemError(.rename, path: "", code: 5).reason)) {
            try await SettingsClient.live(file: file, fileSystem: .live(failing: .rename)).save(Settings(theme: .light))
        }
        #expect(try text() == "theme: dark\n")
        #expect(TestSupport.listTree(folder) == ["tiledit", "tiledit/settings.yml"])
    }
}

@Suite struct UserFoldersTests {
    @Test func followTheXDGVariablesWhenAbsolute() {
        let home = URL(fileURLWithPath: "/home/ann")
        #expect(UserFolders.settingsFile(environment: ["XDG_CONFIG_HOME": "/cfg"], homeFolder: home).path == "/cfg/tiledit/settings.yml")
        #expect(UserFolders.journalFolder(environment: ["XDG_STATE_HOME": "/state"], homeFolder: home).path == "/state/tiledit/journal")
    }

    @Test func fallBackToTheHomeFolder() {
        let home = URL(fileURLWithPath: "/home/ann")
        #expect(UserFolders.settingsFile(environment: ["XDG_CONFIG_HOME": "relative"], homeFolder: home).path == "/home/ann/.config/tiledit/settings.yml")
        #expect(UserFolders.journalFolder(environment: [:], homeFolder: home).path == "/home/ann/.local/state/tiledit/journal")
    }
}
