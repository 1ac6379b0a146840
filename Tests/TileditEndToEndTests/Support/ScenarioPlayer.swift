import Foundation
import Testing
import TileditTestSupport

/// Replays a scenario of `Tests/Scenarios` against the real editor under
/// tmux: each action becomes the keys a user would press (or, for changes
/// made outside the editor, file operations), each expectation becomes a
/// reading of the screen polled until it holds, and the bytes on disk are
/// compared at the end, as the headless runner does.
///
/// Expectations the screen does not show (`canUndo`, the whole text,
/// settings while their sheet is closed) are not checked here and are
/// listed in `notes`; the headless runner checks them. Actions with no
/// key path (`breakDisk`: the disk cannot be made to fail from outside the
/// process) make the scenario unplayable, also noted.
final class ScenarioPlayer {
    let scenario: Scenario
    let session: EditorSession
    /// What was not checked, and why.
    private(set) var notes: [String] = []

    /// A field or text the editor is typing into, left open by a `type…` step.
    private enum OpenEditor: Equatable {
        case field(key: String, multiline: Bool)
        case text
    }

    private var openEditor: OpenEditor?
    /// Whether a YAML value's field is open for typing, left open by a `typeValue` step or a refused value.
    var yamlTyping = false
    /// How long expectations are polled after an action.
    private let timeout: Duration = .seconds(60)

    /// Why `scenario` cannot be replayed under tmux, or `nil`.
    static func reasonNotPlayable(_ scenario: Scenario) -> String? {
        scenario.reasonNotPlayableOutsideTheProcess(program: "the binary")
    }

    /// A player over a fresh copy of the scenario's fixture, the editor
    /// started on it; `nil` when the fixture is not available here.
    init?(_ scenario: Scenario) throws {
        guard let fixture = try scenario.makeWorkspace() else { return nil }
        self.scenario = scenario
        session = try EditorSession(fixture: fixture, openPath: scenario.openPath)
    }

    /// Replays every step and checks the disk.
    func run() async throws {
        try await session.waitUntilReady()
        // The folder is read in the background: wait until the list shows
        // it (or says why it cannot), however busy the machine.
        try await session.waitUntil("the folder to be read") { screen in
            (screen.lines.first ?? "").contains("Documents · ") || screen.status.contains("Could not open the workspace")
        }
        for step in scenario.steps {
            try await perform(step)
            try await check(step)
        }
        try checkDisk()
    }

    func fail(_ step: Scenario.Step, _ message: String) -> ScenarioError {
        ScenarioError(description: "\(scenario.id).yaml:\(step.line): \(step.action): \(message)")
    }

    func argument(_ step: Scenario.Step, _ name: String) throws -> String {
        guard let value = step[argument: name] else { throw fail(step, "needs `\(name)`") }
        return value
    }

    func number(_ step: Scenario.Step, _ name: String) throws -> Int {
        guard let value = Int(try argument(step, name)) else { throw fail(step, "needs a number `\(name)`") }
        return value
    }

    // MARK: Actions

    private func perform(_ step: Scenario.Step) async throws {
        let keepsEditorOpen = ["typeField", "commitField", "leaveField", "discardField", "typeText", "commitText", "check", "advanceClock", "terminate"]
            .contains(step.action) || Self.yamlTypingActions.contains(step.action)
        if !keepsEditorOpen { try await closeOpenEditor() }
        // A YAML file's editor takes the actions it has (ScenarioPlayer+YAML).
        if try await performYAML(step) { return }
        switch step.action {
        case "check":
            break
        case "openDocument":
            try await openDocument(try argument(step, "path"))
        case "filter":
            try session.press("1", "f", "C-u")
            try session.type(step[argument: "text"] ?? "")
            try session.press("Enter")
        case "sort":
            let order = try argument(step, "by")
            try session.press("1")
            // The status line names the order once the documents pane has
            // the focus (the pane's title cuts it when a filter is on).
            var screen = try await session.waitUntil("the documents' order in the status line") { Self.documentOrder(in: $0) != nil }
            for _ in 0..<4 {
                guard let current = Self.documentOrder(in: screen) else { break }
                if current == order { return }
                try session.press("s")
                // The order itself must change: the status line can change
                // for other reasons first (the list still settling).
                screen = try await session.waitUntil("the order after \(current)") {
                    Self.documentOrder(in: $0).map { $0 != current } ?? false
                }
            }
            throw fail(step, "the documents never sorted by \(order)")
        case "newDocument":
            try session.press("n")
            var screen = try await session.waitUntil("the new-document sheet") { $0.hasOverlay("New document") }
            let kind = try argument(step, "kind")
            for _ in 0..<3 where !screen.contains("‹ \(kind) ›") {
                try session.press("Tab")
                let before = screen
                screen = try await session.waitUntil("the next kind") { $0 != before }
            }
            try session.press("C-u")
            try session.type(try argument(step, "title"))
            try session.press("Enter")
        case "deleteDocument":
            try await openDocument(try argument(step, "path"))
            try session.press("1", "d")
            try await session.waitUntil("the trash question") { $0.hasOverlay("Move to trash") }
            if step[argument: "confirm"] == "false" {
                try await session.escape { !$0.hasOverlay("Move to trash") }
            } else {
                try session.press("Enter")
            }
        case "restoreDocument":
            try session.press("1", "r")
        case "selectBlock":
            let index = try number(step, "index")
            try session.press(["2", "g"] + Array(repeating: "j", count: index))
            try await session.waitUntil("block \(index + 1)") { $0.status.contains("  block \(index + 1)/") }
        case "selectLine":
            try session.press(":")
            try await session.waitUntil("the line prompt") { $0.hasOverlay("Go to line") }
            try session.type(String(try number(step, "line")))
            try session.press("Enter")
        case "moveSelection":
            let offset = try number(step, "by")
            try session.press(["2"] + Array(repeating: offset < 0 ? "k" : "j", count: abs(offset)))
        case "moveBlockUp":
            try session.press("2", "K")
        case "moveBlockDown":
            try session.press("2", "J")
        case "moveBlockTo":
            try session.press("2", "m")
            try await session.waitUntil("the position prompt") { $0.hasOverlay("Move block") }
            try session.type(String(try number(step, "index") + 1))
            try session.press("Enter")
        case "insertTile":
            let type = try argument(step, "type")
            try session.press("2", "i")
            try await session.waitUntil("the catalog") { $0.hasOverlay("Insert tile") }
            try session.type(type)
            try await session.waitUntil("\(type) in the catalog") { $0.status.contains("Insert tile: \(type)") }
            try session.press("Enter")
            // The new tile's form opens on a field; leaving it (nothing typed) changes nothing.
            try await session.waitUntil("the new tile's form") { $0.status.contains("Editing field ") }
            try await session.escape { !$0.status.contains("Editing ") }
        case "openCatalog":
            try session.press("2", "i")
        case "insertParagraph":
            try session.press("2", "o")
            try await session.waitUntil("the new paragraph's text area") { $0.status.contains("Editing a new paragraph") }
            let text = step[argument: "text"] ?? ""
            try session.type(text)
            if let part = text.split(separator: "\n").last.map({ String($0.suffix(12)) }), !part.isEmpty {
                try await session.waitUntil("the typed text") { $0.contains(part) }
            }
            try await session.escape { !$0.status.contains("Editing ") }
        case "duplicate":
            try session.press("2", "c")
        case "delete":
            try session.press("2", "d")
            try await session.waitUntil("the delete question") { $0.hasOverlay("Delete block") }
            switch step[argument: "confirm"] {
            case "false": try await session.escape { !$0.hasOverlay("Delete block") }
            case "later": break
            default: try session.press("Enter")
            }
        case "confirmDelete":
            try session.press("Enter")
        case "dismiss":
            try await session.escape { screen in !Self.destinationTitles.values.contains { screen.hasOverlay($0) } }
        case "typeField":
            let key = try argument(step, "key")
            try await openField(key)
            try await clearAndType(step[argument: "text"] ?? "")
        case "commitField":
            let key = try argument(step, "key")
            try await openField(key)
            try await commitOpenEditor()
        case "leaveField":
            // Any key but Enter leaves a field the same way: Tab, Escape, an arrow, Ctrl-C.
            try await openField(try argument(step, "key"))
            let key = step[argument: "by"] ?? "Tab"
            if key == "Escape" {
                try await session.escape { !$0.status.contains("Editing ") }
            } else {
                try session.press(key)
                try await session.waitUntil("the field to close") { !$0.status.contains("Editing ") }
            }
            openEditor = nil
        case "discardField":
            let key = try argument(step, "key")
            if case .field(key, _)? = openEditor {
                try session.press("C-g")
            } else {
                try await goToField(key)
                try session.press("C-g")
            }
            try await session.waitUntil("the discard question") { $0.hasOverlay("Discard typing") }
            // Keep is selected; Left reaches Discard.
            try session.press(step[argument: "confirm"] == "false" ? ["Enter"] : ["Left", "Enter"])
            try await session.waitUntil("the question to close") { !$0.hasOverlay("Discard typing") }
            if step[argument: "confirm"] != "false" { openEditor = nil }
        case "setField":
            let key = try argument(step, "key")
            try await openField(key)
            try await clearAndType(step[argument: "text"] ?? "")
            try await commitOpenEditor()
        case "addProperty":
            try session.press("3", "a")
            try await session.waitUntil("the property prompt") { $0.hasOverlay("Add property") }
            let key = try argument(step, "key")
            try session.type(key)
            try session.press("Enter")
            // The new field opens for its value.
            let screen = try await session.waitUntil("the new field to open") { $0.status.contains("Editing field \(key)") }
            openEditor = .field(key: key, multiline: screen.status.contains("Editing field \(key) (multi-line)"))
        case "removeField":
            try await goToField(try argument(step, "key"))
            try session.press("-")
        case "setText":
            try await openText()
            try await clearAndType(step[argument: "text"] ?? "")
            try await commitOpenEditor()
        case "typeText":
            try await openText()
            try await clearAndType(step[argument: "text"] ?? "")
        case "commitText":
            try await openText()
            try await commitOpenEditor()
        case "terminate":
            let signal = step[argument: "signal"] == "HUP" ? SIGHUP : SIGTERM
            try session.send(signal: signal)
            let status = try await session.waitForExit()
            if status != 128 + signal { Issue.record(Comment(rawValue: "\(scenario.id).yaml:\(step.line): the editor exited with \(status), not \(128 + signal)")) }
            openEditor = nil
        case "breakJournal":
            // A file where the journal folder goes: no entry can be written.
            let journal = session.folder.appendingPathComponent("state/tiledit/journal")
            try? FileManager.default.removeItem(at: journal)
            try FileManager.default.createDirectory(at: journal.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("not a folder".utf8).write(to: journal)
        case "restoreEdits", "discardEdits":
            let path = try argument(step, "path")
            // The selected row is marked `›`; rows are in path order.
            func selected(_ screen: Capture) -> String? {
                screen.lines.first { $0.contains("│ › ") }.flatMap { line in
                    line.components(separatedBy: "│ › ").dropFirst().first?.components(separatedBy: "  ").first
                }
            }
            var screen = try await session.waitUntil("the list of recoverable edits") { $0.hasOverlay("Recover unsaved edits") && selected($0) != nil }
            for _ in 0..<50 where selected(screen) != path {
                let before = selected(screen) ?? ""
                try session.press(before < path ? "j" : "k")
                screen = try await session.waitUntil("the next document") { selected($0) != before }
            }
            guard selected(screen) == path else { throw fail(step, "\(path) is not in the list") }
            try session.press(step.action == "restoreEdits" ? "Enter" : "d")
            try await session.waitUntil("\(path) to leave the list") { screen in
                !screen.hasOverlay("Recover unsaved edits") || !(screen.overlayText("Recover unsaved edits") ?? "").contains(path + " ")
            }
        case "undo":
            try session.press("u")
        case "redo":
            try session.press("C-r")
        case "save":
            try await save()
        case "format":
            try session.press("F")
        case "fix":
            try session.press("2", "x")
        case "writeFile":
            let url = session.workspace.appendingPathComponent(try argument(step, "path"))
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((step[argument: "content"] ?? "").utf8).write(to: url)
        case "removeFile":
            try FileManager.default.removeItem(at: session.workspace.appendingPathComponent(try argument(step, "path")))
        case "checkDisk":
            try session.press("R")
        case "resolveConflict":
            // Letters do not answer a conflict: the arrows move from the
            // selected Keep both, Enter chooses.
            let keys: [String]
            switch try argument(step, "with") {
            case "reload": keys = ["Left", "Left", "Enter"]
            case "overwrite": keys = ["Left", "Enter"]
            case "keepBoth": keys = ["Enter"]
            default: throw fail(step, "reload, overwrite or keepBoth")
            }
            try await session.waitUntil("the conflict") { $0.hasOverlay("Changed on disk") }
            try session.press(keys)
            try await session.waitUntil("the conflict to close") { !$0.hasOverlay("Changed on disk") }
        case "saveAgain":
            try await session.waitUntil("the deleted-file question") { $0.hasOverlay("Deleted on disk") }
            try session.press("Enter")  // Save again, selected
        case "openSearch":
            try session.press("/")
            try await session.waitUntil("the search") { $0.hasOverlay("Search") }
        case "search":
            if try !session.capture().hasOverlay("Search") {
                try session.press("/")
                try await session.waitUntil("the search") { $0.hasOverlay("Search") }
            }
            try session.press("C-u")
            let query = step[argument: "query"] ?? ""
            try session.type(query)
            // The query on screen: every key of it was handled (and the
            // search scheduled) before the clock moves.
            try await session.waitUntil("the query") { $0.contains("Find: " + Self.shownPart(query, limit: 60)) }
        case "advanceClock":
            // Keys and clock commands travel apart: every key sent before must
            // have been handled first (the actions wait for their effect on
            // screen; at the top level the help overlay proves it).
            if openEditor == nil, !Self.destinationTitles.values.contains(where: { (try? session.capture())?.hasOverlay($0) == true }) {
                try await sync()
            }
            try await session.advanceClock(by: .milliseconds(try number(step, "ms")))
        case "chooseResult":
            let index = Int(step[argument: "index"] ?? "0") ?? 0
            try await session.waitUntil("search results") { $0.hasOverlay("Search") && $0.status.contains("Search: ") && !$0.contains("Searching…") }
            try session.press(Array(repeating: "Down", count: index) + ["Enter"])
        case "renderPreview":
            // The preview renders once its pause has passed on the editor's clock.
            try session.press("4")
            try await sync()
            try await session.advanceClock(by: .milliseconds(150))
            try await session.waitUntil("the preview") { $0.paneRows("Preview").map { !$0.contains(" Rendering…") } ?? false }
        case "openSettings":
            try session.press(",")
            try await session.waitUntil("the settings") { $0.status.contains("Settings: Format on save") }
        case "toggleFormatOnSave":
            try session.press(Array(repeating: "k", count: 4) + ["Space"])
        case "setAutosave":
            let seconds = try number(step, "seconds")
            let wanted = seconds == 0 ? "off" : seconds % 60 == 0 ? "\(seconds / 60) min" : "\(seconds) s"
            try session.press(Array(repeating: "k", count: 4) + ["j"])
            var screen = try await session.waitUntil("the autosave row") { $0.status.contains("Settings: Autosave: ") }
            for _ in 0..<8 {
                if screen.status.contains("Settings: Autosave: \(wanted)") { return }
                // The value changes once the settings file is written: wait
                // for it, or a busy machine lets the next Space skip a value.
                try session.press("Space")
                let before = screen.status
                screen = try await session.waitUntil("the autosave setting to change") { $0.status != before }
            }
            throw fail(step, "autosave never showed \(wanted)")
        case "quit":
            try session.press(step[argument: "by"] ?? "q")
        case "confirmQuit":
            try await session.waitUntil("the quit question") { $0.hasOverlay("Unsaved changes") }
            try session.press(step[argument: "saving"] == "false" ? "d" : "s")
        case "recover":
            try await session.waitUntil("the recovery question") { $0.hasOverlay("Unsaved edits found") }
            try session.press(step[argument: "choice"] == "discard" ? "d" : "r")
        case "restart":
            try await session.restart()
            openEditor = nil
        default:
            throw fail(step, "unknown action")
        }
    }

    /// Waits until every key sent so far has been handled: the help
    /// overlay opens (keys are handled in order) and closes again. Only
    /// where no overlay is open and nothing is being typed into.
    /// The documents' order the status line names (`Documents (by date)…`).
    private static func documentOrder(in screen: Capture) -> String? {
        guard let start = screen.status.range(of: "Documents (by ") else { return nil }
        let rest = screen.status[start.upperBound...]
        guard let end = rest.firstIndex(of: ")") else { return nil }
        return String(rest[..<end])
    }

    func sync() async throws {
        try session.press("?")
        try await session.waitUntil("the help overlay") { $0.contains("┌ Keys (") }
        guard try await session.escape(until: { !$0.contains("┌ Keys (") }) else {
            throw ScenarioError(description: "\(scenario.id).yaml: the help overlay did not close; the screen was:\n\(try session.capture())")
        }
    }

    /// Presses Ctrl-S and waits until the save has ended: the status line
    /// says how it went (saved, failed, changed on disk) instead of
    /// modified, clean or saving. The save runs in a task after the key,
    /// so the status a moment after the key proves nothing by itself.
    private func save() async throws {
        let screen = try session.capture()
        let before = screen.status
        try session.press("C-s")
        // An alert or a sheet on screen takes the key (a conflict alert
        // answers nothing to Ctrl-S): the state stays as it is.
        if Self.destinationTitles.values.contains(where: screen.hasOverlay) { return }
        // A save that leaves values typed and not applied says so in a note.
        let ended = ["  saved", "  save failed", "  changed on disk", "Saved; not in the file"]
        if ended.contains(where: before.contains), !before.contains("Editing ") {
            // Already showing an end state: the help overlay opening and
            // closing proves the key was handled, and the save started with it.
            try await sync()
        }
        try await session.waitUntil("the save to end") { screen in
            ended.contains(where: screen.status.contains) && !screen.status.contains("saving…")
        }
    }

    /// Highlights `path` in the documents pane, step by step down while
    /// the status line names another document, and opens it.
    private func openDocument(_ path: String) async throws {
        try session.press("1", "g")
        try await sync()
        var screen = try await session.waitUntil("the documents") { $0.status.contains("Documents (by ") }
        for _ in 0..<500 {
            if screen.status.contains("Documents (by ") && screen.status.contains("): \(path) (") {
                try session.press("Enter")
                try await session.waitUntil("\(path) to open") { $0.status.hasPrefix(" \(path)  ") || $0.hasOverlay("Error") }
                return
            }
            guard screen.status.contains("Documents (by ") else { break }
            try session.press("j")
            let before = screen.status
            screen = try await session.waitUntil("the next document") { $0.status != before }
        }
        throw ScenarioError(description: "\(scenario.id).yaml: \(path) is not in the documents pane")
    }

    /// Moves the inspector's selection to the field `key`.
    private func goToField(_ key: String) async throws {
        try session.press("3", "g")
        try await sync()
        // A document opened a moment ago may still be filling its inspector
        // on a busy machine: wait for a field before judging.
        var screen = try await (try? session.waitUntil("the inspector's fields", timeout: .seconds(30), { $0.status.contains("  Field ") })) ?? session.capture()
        for _ in 0..<200 {
            if screen.status.contains("  Field \(key): ") || screen.status.contains("  Field \(key) (required): ") { return }
            guard screen.status.contains("  Field ") else { break }
            try session.press("j")
            let before = screen.status
            // The last field does not move: the wait ends without finding `key`
            // (only when the scenario names no such field, so the deadline
            // costs nothing on the way to a field that is there).
            guard let next = try? await session.waitUntil("the next field", timeout: .seconds(60), { $0.status != before }) else { break }
            screen = next
        }
        throw ScenarioError(description: "\(scenario.id).yaml: the inspector has no field \(key); the screen was:\n\(try session.capture())")
    }

    /// Opens the field `key` for typing, unless it already is.
    private func openField(_ key: String) async throws {
        if case .field(key, _)? = openEditor { return }
        try await closeOpenEditor()
        try await goToField(key)
        try session.press("Enter")
        var screen = try await session.waitUntil("field \(key) to open") { $0.status.contains("Editing field \(key)") || $0.contains("a adds · Enter edits") }
        if !screen.status.contains("Editing field \(key)") {
            // A list field opens as its items: `=` edits it as one comma-separated line.
            try session.press("=")
            screen = try await session.waitUntil("field \(key) to open as text") { $0.status.contains("Editing field \(key)") }
        }
        openEditor = .field(key: key, multiline: screen.status.contains("Editing field \(key) (multi-line)"))
    }

    /// Opens the selected block's text for typing, unless it already is.
    private func openText() async throws {
        if openEditor == .text { return }
        try session.press("2", "Enter")
        try await session.waitUntil("the text area") { $0.status.contains("Editing text") }
        openEditor = .text
    }

    /// Empties what is open and types `text` (a final line break dropped:
    /// the editor keeps the block's own).
    private func clearAndType(_ text: String) async throws {
        switch openEditor {
        case .field(_, false)?:
            try session.press("C-u")
        default:
            let status = try session.capture().status
            let lines = status.components(separatedBy: " of ").last.map { $0.prefix { $0.isNumber } }.flatMap { Int($0) } ?? 50
            try session.press(["C-Home"] + Array(repeating: "C-k", count: 2 * lines + 2))
        }
        var typed = text
        while typed.hasSuffix("\n") { typed.removeLast() }
        if case .field(_, false)? = openEditor {
            // A line break would be Enter; a one-line field turns them into spaces.
            typed = typed.replacingOccurrences(of: "\n", with: " ")
        }
        try session.type(typed)
        // What was typed shows: every key of it was handled.
        let last = typed.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        let part = String(last.suffix(12))
        guard !part.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        try await session.waitUntil("the typed text") { $0.contains(part) }
    }

    /// Applies what is open: Enter in a one-line field, Escape in a text area.
    private func commitOpenEditor() async throws {
        switch openEditor {
        case .field(_, false)?:
            try session.press("Enter")
            // A refused value keeps the field open and says why at the top
            // of the inspector, as the headless draft stays.
            let screen = try await session.waitUntil("the field to close or say why") { screen in
                !screen.status.contains("Editing ") || Self.showsRefusal(screen)
            }
            if !screen.status.contains("Editing ") { openEditor = nil }
        case nil:
            return
        default:
            try await session.escape { !$0.status.contains("Editing ") }
            openEditor = nil
        }
    }

    /// Whether the inspector shows a refusal (`✖ why`) under its header.
    static func showsRefusal(_ screen: Capture) -> Bool {
        guard let rows = screen.paneRows("Inspector"), rows.count > 1 else { return false }
        return rows[1].trimmingCharacters(in: .whitespaces).hasPrefix("✖ ")
    }

    /// Leaves what is open, keeping the typing (Tab), before other actions.
    private func closeOpenEditor() async throws {
        if yamlTyping { try await leaveYAMLTyping() }
        guard openEditor != nil else { return }
        try session.press("Tab")
        try await session.waitUntil("the editor to close") { !$0.status.contains("Editing ") }
        openEditor = nil
    }

    // MARK: Expectations

    /// A check of the screen for one expectation.
    private struct Check {
        var name: String
        var expected: Scenario.Expectation
        var holds: (Capture) -> Bool
    }

    private func check(_ step: Scenario.Step) async throws {
        var checks: [Check] = []
        for (name, expected) in step.expectations.sorted(by: { $0.key < $1.key }) {
            switch yamlReading(name, expected) ?? reading(name, expected) {
            case .check(let holds): checks.append(Check(name: name, expected: expected, holds: holds))
            case .notShown(let reason): notes.append("\(scenario.id).yaml:\(step.line) `\(name)` not checked: \(reason)")
            case .unknown: Issue.record(Comment(rawValue: "\(scenario.id).yaml:\(step.line): unknown expectation `\(name)`"))
            }
        }
        guard !checks.isEmpty else { return }
        if step.expectations["frontMatter"] != nil, step.action != "renderPreview" {
            // The front matter is read from the preview, which renders a
            // pause after the last change: that pause passes on the editor's clock.
            try await session.advanceClock(by: .milliseconds(150))
        }
        do {
            try await session.waitUntil("the expectations", timeout: timeout) { screen in checks.allSatisfy { $0.holds(screen) } }
        } catch {
            let last = try session.capture()
            for check in checks where !check.holds(last) {
                Issue.record(Comment(rawValue: "\(scenario.id).yaml:\(step.line) (\(step.action)): `\(check.name)` expected \(check.expected); the screen was:\n\(last)"))
            }
        }
    }

    enum Reading {
        case check((Capture) -> Bool)
        case notShown(String)
        case unknown
    }

    /// The part of an expected text a screen shows: `~x` anywhere, `x…`
    /// its start; cut to `limit` characters (panes cut long text).
    static func shownPart(_ pattern: String, limit: Int) -> String {
        var text = Substring(pattern)
        if text.hasPrefix("~") { text = text.dropFirst() }
        if text.hasSuffix("…") { text = text.dropLast() }
        let firstLine = text.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
        return String(firstLine.prefix(limit))
    }

    /// Whether a screen row holds the inspector field `key`.
    static func fieldRow(_ key: String, in screen: Capture) -> String? {
        let starts = ["│ ", "│•", "┃ ", "┃•"].flatMap { ["\($0)\(key) ", "\($0)\(key)*"] }
        return screen.lines.first { line in starts.contains { line.contains($0) } }
    }

    /// Whether the documents pane's rows (`│ Title  path`, `│›Title …`,
    /// `│*Title …`) start with `titles`, one row after another, in order.
    static func documentRows(_ screen: Capture, showInOrder titles: [String]) -> Bool {
        let top = Array(screen.lines.first ?? "")
        let width = top.firstIndex { $0 == "┐" || $0 == "┓" } ?? 0
        let rows = screen.lines.dropFirst().map { String($0.prefix(width).dropFirst(2)) }
        var next = rows.startIndex
        for title in titles {
            guard let found = rows[next...].firstIndex(where: { $0.hasPrefix(title) }) else { return false }
            next = found + 1
        }
        return true
    }

    /// Whether the preview pane's rows show the expected preview lines in
    /// order. The pane wraps narrower than the headless 80 columns, so a
    /// line may go on in the rows under it (never blank ones) and only its
    /// start is compared when it is wider than the pane; lines below the
    /// pane's last row are not on screen.
    static func previewRows(_ rows: [String], show items: [String]) -> Bool {
        let width = max(1, (rows.map(\.count).max() ?? 1) - 1)
        var next = 0
        for item in items {
            guard next < rows.count else { return true }
            let pattern = item.hasPrefix("~") ? String(item.dropFirst()) : item.hasSuffix("…") ? String(item.dropLast()) : item
            let part = String(pattern.prefix(width))
            func shows(_ row: String) -> Bool {
                let text = row.hasPrefix(" ") ? String(row.dropFirst()) : row
                if item.hasPrefix("~") { return text.contains(part) }
                if item.hasSuffix("…") || pattern.count > width { return text.hasPrefix(part) }
                return text == pattern
            }
            var index = next
            // Rows that continue the line above (wrapped) are skipped.
            while index < rows.count, !shows(rows[index]) {
                guard next > 0, !rows[index].trimmingCharacters(in: .whitespaces).isEmpty, index - next < 4 else { return false }
                index += 1
            }
            guard index < rows.count else { return index == rows.count && !(rows.last ?? "").isEmpty }
            next = index + 1
        }
        return true
    }

    /// The headless runner's matching: `~x` a part, `x…` a start, else the whole.
    static func matches(_ pattern: String, _ value: String) -> Bool {
        if pattern.hasPrefix("~") { return value.contains(pattern.dropFirst()) }
        if pattern.hasSuffix("…") { return value.hasPrefix(pattern.dropLast()) }
        return pattern == value
    }

    /// The settings sheet's rows (`Format on save ‹ on ›`, folded) for the
    /// headless `settings` list (`formatOnSave: true`, `autosaveInterval: 0`,
    /// `theme: auto`); `nil` for a setting the sheet does not show so.
    static func settingsRows(_ items: [String]) -> [String]? {
        var rows: [String] = []
        for item in items {
            let parts = item.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { return nil }
            switch parts[0] {
            case "formatOnSave": rows.append("Format on save ‹ \(parts[1] == "true" ? "on" : "off") ›")
            case "autosaveInterval":
                guard let seconds = Int(parts[1]) else { return nil }
                rows.append("Autosave ‹ \(seconds == 0 ? "off" : seconds % 60 == 0 ? "\(seconds / 60) min" : "\(seconds) s") ›")
            case "theme": rows.append("Theme ‹ \(parts[1]) ›")
            default: return nil
            }
        }
        return rows
    }

    /// The `key: value` lines of the front matter box at the top of the
    /// preview (`│ title: Posts │`; a wrapped value goes on, indented, in
    /// the rows under it), read from the box's own column so that an
    /// overlay over the pane's title does not hide it; empty when the
    /// preview has no front matter.
    static func previewFrontMatter(_ lines: [String]) -> [String] {
        guard let top = lines.firstIndex(where: { $0.contains("┌─ front matter") }),
            let range = lines[top].range(of: "┌─ front matter")
        else { return [] }
        let column = lines[top].distance(from: lines[top].startIndex, to: range.lowerBound)
        var fields: [String] = []
        for line in lines[(top + 1)...] {
            let characters = Array(line)
            guard characters.count > column, characters[column] == "│",
                let end = characters[(column + 1)...].firstIndex(of: "│")
            else { break }
            let inside = String(characters[(column + 1)..<end])
            let text = inside.trimmingCharacters(in: .whitespaces)
            if inside.hasPrefix("   "), let last = fields.popLast() {
                fields.append(last + " " + text)
            } else {
                fields.append(text)
            }
        }
        return fields
    }

    /// The message under the inspector field `key` (its rows, indented to
    /// the values' column, folded into one line), or `nil` when there is none.
    static func fieldMessage(_ key: String, in screen: Capture) -> String? {
        guard let rows = screen.paneRows("Inspector"),
            let fieldIndex = rows.firstIndex(where: { row in ["\(key) ", "\(key)*"].contains { row.hasPrefix(" " + $0) || row.hasPrefix("•" + $0) } })
        else { return nil }
        var message: [String] = []
        for row in rows[(fieldIndex + 1)...] {
            let text = row.trimmingCharacters(in: .whitespaces)
            guard row.hasPrefix("   "), !text.isEmpty, message.isEmpty ? text.hasPrefix("✖ ") : true else { break }
            message.append(text)
        }
        return message.isEmpty ? nil : Capture.folded(message.joined(separator: " "))
    }

    /// Whether a row of the blocks pane (`│ 4 tile chart     visits-chart · …`:
    /// position, kind padded and cut to its column, summary cut to the
    /// pane) shows the block `item` (`kind: summary` as the headless runner
    /// writes it, or `~text` for a part of it, maybe only the kind).
    static func blockRow(_ row: String, number: String, shows item: String) -> Bool {
        let isPart = item.hasPrefix("~")
        let pattern = isPart ? String(item.dropFirst()) : item
        guard let separator = pattern.range(of: ": ") else {
            // Only part of a kind or of a summary: it shows somewhere in the row.
            return isPart && row.contains(Self.shownPart(pattern, limit: 10))
        }
        let kind = String(pattern[..<separator.lowerBound].prefix(10))
        let summary = Self.shownPart(String(pattern[separator.upperBound...]), limit: 10)
        let kindShown = isPart ? row.contains(kind) : (row.contains("│\(number) \(kind)") || row.contains("┃\(number) \(kind)"))
        return kindShown && row.contains(summary)
    }

    static let destinationTitles = [
        "search": "Search", "settings": "Settings", "confirmQuit": "Unsaved changes", "alert": "Error",
        "tileCatalog": "Insert tile", "confirmDelete": "Delete block", "conflict": "Changed on disk",
        "deletedOnDisk": "Deleted on disk", "recovery": "Unsaved edits found", "newDocument": "New document",
        "confirmDeleteDocument": "Move to trash", "recoverEdits": "Recover unsaved edits", "confirmDiscardTyping": "Discard typing",
    ]

    private func reading(_ name: String, _ expected: Scenario.Expectation) -> Reading {
        let text = expected.text ?? expected.description
        switch name {
        case "session":
            switch text {
            case "open": return .check { $0.contains("┐") && $0.lines.joined().contains("Documents · ") }
            case "failed": return .check { $0.status.contains("Could not open the workspace") }
            default: return .notShown("the session is \(text) only for a moment")
            }
        case "documents", "documentTitles":
            let count = expected.list.count
            let titles = name == "documentTitles" ? expected.list.map { Self.shownPart($0, limit: 12) } : []
            return .check { screen in
                (screen.lines.first ?? "").contains("Documents · \(count) ") && Self.documentRows(screen, showInOrder: titles)
            }
        case "editor":
            if text == "none" { return .check { $0.contains("No document open") } }
            return .check { $0.status.hasPrefix(" \(text)  ") }
        case "blockCount":
            return .check { ($0.lines.first ?? "").contains("Blocks · \(text) · ") }
        case "blocks":
            let items = expected.list
            let digits = String(items.count).count
            return .check { screen in
                guard (screen.lines.first ?? "").contains("Blocks · \(items.count) · ") else { return false }
                for (index, item) in items.enumerated() {
                    // Rows below the pane's end are not on screen.
                    guard index < 36 else { continue }
                    let number = String(repeating: " ", count: digits - String(index + 1).count) + String(index + 1)
                    let rows = screen.lines.filter { $0.contains("│\(number) ") || $0.contains("┃\(number) ") }
                    guard rows.contains(where: { Self.blockRow($0, number: number, shows: item) }) else { return false }
                }
                return true
            }
        case "selection":
            if text == "none" { return .check { !$0.status.contains("  block ") } }
            guard let index = Int(text) else { return .unknown }
            return .check { $0.status.contains("  block \(index + 1)/") }
        case "selectedBlock":
            if text == "none" { return .notShown("no selection shows as the absence of a block position") }
            let part = Self.shownPart(text, limit: 30)
            return .check { $0.contains(part) }
        case "fields":
            let keys = expected.list
            return .check { screen in keys.allSatisfy { Self.fieldRow($0, in: screen) != nil } }
        case "saveState":
            let labels = ["clean": "clean", "dirty": "modified", "saved": "saved", "failed": "save failed", "conflict": "changed on disk"]
            guard let label = labels[text] else { return .notShown("\(text) lasts only a moment") }
            return .check { $0.status.contains("  \(label)") }
        case "destination":
            if text == "none" {
                let titles = Self.destinationTitles.values
                return .check { screen in !titles.contains { screen.hasOverlay($0) } }
            }
            guard let title = Self.destinationTitles[text] else { return .unknown }
            return .check { $0.hasOverlay(title) }
        case "alert":
            if text == "none" { return .check { !$0.hasOverlay("Error") } }
            let folded = Capture.folded(Self.shownPart(text, limit: 60))
            let start = Self.shownPart(text, limit: 20)
            return .check { screen in
                screen.overlayText("Error")?.contains(folded) == true || screen.contains(start)
            }
        case "errors", "warnings":
            guard let count = Int(text) else { return .unknown }
            let word = name == "errors" ? "error" : "warning"
            let mark = name == "errors" ? "✖" : "!"
            if count == 0 { return .check { !$0.status.contains(" \(word)") } }
            return .check { $0.status.contains("\(mark) \(count) \(word)") }
        case "searchResults":
            let results = expected.list
            return .check { screen in screen.hasOverlay("Search") && results.allSatisfy { screen.contains($0) } }
        case "hasQuit":
            let quit = text == "true"
            return .check { [session] _ in session.hasExited() == quit }
        case "notes":
            let parts = expected.list.map { Self.shownPart($0, limit: 30) }
            return .check { screen in parts.allSatisfy { screen.status.contains($0) } }
        case "journalProblem":
            if text == "none" { return .check { !$0.status.contains("recovery journal") } }
            let part = Self.shownPart(text, limit: 40)
            return .check { $0.status.contains(part) }
        case "recoverable":
            let paths = expected.list
            return .check { screen in
                guard let body = screen.overlayText("Recover unsaved edits") else { return paths.isEmpty }
                return paths.allSatisfy { body.contains($0) }
            }
        case "pending":
            return .notShown("a value typed and not applied shows beside its field, with its message")
        case "unsaved":
            let paths = expected.list
            return .check { screen in
                guard let body = screen.overlayText("Unsaved changes") else { return paths.isEmpty || !screen.hasOverlay("Unsaved changes") }
                return paths.allSatisfy { body.contains($0) }
            }
        case "settings":
            guard (try? session.capture())?.hasOverlay("Settings") == true else {
                return .notShown("settings show only while their sheet is open")
            }
            guard let rows = Self.settingsRows(expected.list) else { return .unknown }
            return .check { screen in
                guard let body = screen.overlayText("Settings") else { return false }
                return rows.allSatisfy { body.contains($0) }
            }
        case "canUndo", "canRedo":
            return .notShown("undo availability has no mark on screen")
        case "preview":
            let items = expected.list
            return .check { screen in screen.paneRows("Preview").map { Self.previewRows($0, show: items) } ?? false }
        case "frontMatter":
            // The preview shows the front matter as `key: value` lines in a box.
            let items = expected.list
            return .check { screen in
                guard !screen.contains("│ Rendering…") else { return false }
                let fields = Self.previewFrontMatter(screen.lines)
                return fields.count == items.count && zip(items, fields).allSatisfy { Self.matches($0, $1) }
            }
        case "text":
            return .notShown("the whole text is checked on disk at the end")
        case "message":
            return .unknown
        default:
            guard name.hasPrefix("field.") else { return .unknown }
            let parts = name.dropFirst(6).split(separator: ".", maxSplits: 1).map(String.init)
            let key = parts[0]
            switch parts.count > 1 ? parts[1] : "draft" {
            case "message":
                if text == "none" { return .check { Self.fieldMessage(key, in: $0) == nil && Self.fieldRow(key, in: $0) != nil } }
                let folded = Capture.folded(text.hasPrefix("~") ? String(text.dropFirst()) : "✖ " + text)
                let part = folded.hasSuffix("…") ? String(folded.dropLast()) : folded
                return .check { screen in
                    guard let message = Self.fieldMessage(key, in: screen) else { return false }
                    return text.hasPrefix("~") || text.hasSuffix("…") ? message.contains(part) : message == part
                }
            case "original":
                return .notShown("the field shows its draft")
            default:
                if text == "absent" { return .check { Self.fieldRow(key, in: $0) == nil } }
                let part = text.isEmpty ? "not set" : Self.shownPart(text, limit: 20)
                return .check { screen in Self.fieldRow(key, in: screen)?.contains(part) == true }
            }
        }
    }

    // MARK: Disk

    private func checkDisk() throws {
        for problem in try scenario.diskProblems(in: session.workspace) { Issue.record(Comment(rawValue: problem)) }
    }
}
