import Foundation
import Testing
import TileditTestSupport

/// Replays a scenario of `Tests/Scenarios` against the real window: each
/// action becomes what a user does with its widgets (an AT-SPI action on a
/// button or a menu item, text set in an entry, a click on a list row, a
/// key pressed with xdotool; changes made outside the editor are file
/// operations), each expectation a reading of the accessible tree, polled
/// until it holds, and the bytes on disk are compared at the end, as the
/// headless runner and the tmux player do. The window runs on a manual
/// clock (`advanceClock` moves it).
///
/// Where the window's way differs from the terminal's key named by a
/// step, the window's is used and said in `notes`: a field is left with
/// Tab (Ctrl+Tab in a text area; Escape puts the value back in the
/// window), quitting is Ctrl+Q. Expectations the window does not show
/// (the whole text, values typed in other blocks, settings while their
/// window is closed) are listed in `notes`; actions with no way in from
/// outside the process (`breakDisk`) make the scenario unplayable. The
/// YAML editor's steps are in `WindowScenarioPlayer+YAML`.
final class WindowScenarioPlayer {
    let scenario: Scenario
    let session: WindowSession
    /// What was not checked or done the terminal's way, and why.
    private(set) var notes: [String] = []
    /// The inspector field typing went into last (to commit or leave it).
    private var typedField: String?
    /// Set after a key or an undo or redo whose effect was not waited
    /// for: the next clock move or save first makes sure the window
    /// handled it.
    private var keysPending = false
    /// How long a step waits for the window: 90 s, or
    /// `TILEDIT_SCENARIO_TIMEOUT` seconds (shorter, to find failing steps fast).
    private let timeout: Duration = .seconds(Int(ProcessInfo.processInfo.environment["TILEDIT_SCENARIO_TIMEOUT"] ?? "") ?? 90)

    /// Why `scenario` cannot be replayed against the window, or `nil`.
    static func reasonNotPlayable(_ scenario: Scenario) -> String? {
        scenario.reasonNotPlayableOutsideTheProcess(program: "the window")
    }

    /// A player over a fresh copy of the scenario's fixture, the window
    /// started on it; `nil` when the fixture is not available here.
    init?(_ scenario: Scenario) throws {
        guard let fixture = try scenario.makeWorkspace() else { return nil }
        self.scenario = scenario
        session = try WindowSession(fixture: fixture, openPath: scenario.openPath, manualClock: true)
    }

    /// Replays every step and checks the disk.
    func run() async throws {
        defer { session.close() }
        try await waitForWorkspace()
        for step in scenario.steps {
            try await perform(step)
            try await check(step)
        }
        try checkDisk()
    }

    private func waitForWorkspace() async throws {
        try await session.waitUntil("the folder to be read", timeout: timeout) { tree in
            !tree.items(ofList: "Documents").isEmpty || (tree.status ?? "").contains("Could not") || tree.dialogTitles.contains("Error")
        }
    }

    private func fail(_ step: Scenario.Step, _ message: String) -> ScenarioError {
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

    private func note(_ step: Scenario.Step, _ text: String) {
        notes.append("\(scenario.id).yaml:\(step.line) \(step.action): \(text)")
    }

    @discardableResult
    func wait(_ what: String, _ condition: @escaping (AccessibleNode) -> Bool) async throws -> AccessibleNode {
        try await session.waitUntil(what, timeout: timeout, condition)
    }

    // MARK: Actions

    private func perform(_ step: Scenario.Step) async throws {
        if try await performYAML(step) { return }
        switch step.action {
        case "check":
            break
        case "openDocument":
            try await openDocument(try argument(step, "path"))
        case "filter":
            let text = step[argument: "text"] ?? ""
            try session.setText(Locator(role: "entry", name: "Filter documents"), text)
        case "sort":
            let order = try argument(step, "by")
            try session.press(Locator(name: "Sort by \(order)"))
        case "newDocument":
            try session.press(.button("New document"))
            try await wait("the new-document form") { $0.dialogTitles.contains("New document") }
            let kind = try argument(step, "kind") == "post" ? "Post" : "Page"
            let tree = try await wait("the kinds") { $0.first(name: kind, within: "New document") != nil }
            if tree.first(name: kind, within: "New document")?.isChecked != true {
                try session.press(Locator(name: kind, within: "New document"))
            }
            try session.setText(Locator(role: "text", name: "Title"), try argument(step, "title"))
            try session.press(Locator(role: "push button", name: "Create", within: "New document"))
            try await wait("the new document to open") { !$0.dialogTitles.contains("New document") }
        case "deleteDocument":
            try await openDocument(try argument(step, "path"))
            try session.press(.button("Move document to trash"))
            try await wait("the trash question") { $0.dialogTitles.contains("Move to trash") }
            if step[argument: "confirm"] == "false" {
                try await dismissDialog("Move to trash")
            } else {
                try session.press(Locator(role: "push button", name: "Move to trash", within: "Move to trash"))
            }
        case "restoreDocument":
            try session.press(.button("Restore document from trash"))
        case "selectBlock":
            try await selectBlock(try number(step, "index"))
        case "selectLine":
            try session.key("ctrl+l")
            try await answerPrompt("Go to line", String(try number(step, "line")))
        case "moveSelection":
            let offset = try number(step, "by")
            try await focusSelectedBlock()
            let before = try session.tree()?.status
            try session.key(Array(repeating: offset < 0 ? "Up" : "Down", count: abs(offset)).joined(separator: " "))
            try await wait("the selection to move") { $0.status != before }
        case "moveBlockUp", "moveBlockDown":
            try await focusSelectedBlock()
            let before = try session.tree()
            try session.key(step.action == "moveBlockUp" ? "alt+Up" : "alt+Down")
            // The selection moves with the block, or an alert says why it does not.
            try await wait("the move") { $0.status != before?.status || $0.items(ofList: "Blocks") != before?.items(ofList: "Blocks") || !$0.dialogTitles.isEmpty }
        case "moveBlockTo":
            try await menu("Insert", "Move Block To…")
            try await answerPrompt("Move block", String(try number(step, "index") + 1))
        case "insertTile":
            let type = try argument(step, "type")
            try await menu("Insert", "Tile…")
            let catalog = try await wait("the catalog") { $0.first(nameStartingWith: "\(type) — ", role: "push button") != nil }
            let button = try #require(catalog.first(nameStartingWith: "\(type) — ", role: "push button"))
            try session.press(.button(button.name))
            try await wait("the catalog to close") { !$0.dialogTitles.contains("Insert a tile") }
        case "openCatalog":
            try await menu("Insert", "Tile…")
            try await wait("the catalog") { $0.dialogTitles.contains("Insert a tile") }
        case "insertParagraph":
            // The new paragraph's text area opens empty, with the keyboard; Ctrl+Enter leaves it (with text: inserted).
            let area = Locator(role: "text", name: "New paragraph text")
            try await menu("Insert", "Paragraph")
            try await wait("the new paragraph's text area") { $0.first(role: "text", name: "New paragraph text")?.states.contains("focused") == true }
            let text = step[argument: "text"] ?? ""
            try session.setText(area, text)
            try await wait("the text typed") { $0.first(role: "text", name: "New paragraph text")?.text == text }
            try session.key("ctrl+Return")
            try await wait("the new paragraph's text area to close") { $0.first(role: "text", name: "New paragraph text")?.isShowing != true }
        case "duplicate":
            try await menu("Insert", "Duplicate Block")
        case "delete":
            try await focusSelectedBlock()
            try session.key("Delete")
            try await wait("the delete question") { $0.dialogTitles.contains("Delete block") }
            switch step[argument: "confirm"] {
            case "false": try await dismissDialog("Delete block")
            case "later": break
            default: try session.press(Locator(role: "push button", name: "Delete", within: "Delete block"))
            }
        case "confirmDelete":
            try session.press(Locator(role: "push button", name: "Delete", within: "Delete block"))
        case "dismiss":
            try await dismiss()
        case "typeField":
            try await typeField(try argument(step, "key"), step[argument: "text"] ?? "")
        case "commitField":
            try await commitField(try argument(step, "key"))
        case "leaveField":
            let key = try argument(step, "key")
            let by = step[argument: "by"] ?? "Tab"
            if by != "Tab" { note(step, "left with Tab, not \(by): the window leaves a field when the focus goes (Escape puts the value back)") }
            try await leaveField(key)
        case "discardField":
            try await discardField(try argument(step, "key"), confirm: step[argument: "confirm"] != "false")
        case "setField":
            let key = try argument(step, "key")
            let text = step[argument: "text"] ?? ""
            if try await setsAtOnce(key, text) { break }
            try await typeField(key, text)
            try await commitField(key)
        case "addProperty":
            let key = try argument(step, "key")
            try session.setText(Locator(role: "text", name: "Add property"), key)
            try focus(Locator(role: "text", name: "Add property"))
            try session.key("Return")
            try await wait("the new field") { $0.first(name: "Field \(key)") != nil }
        case "removeField":
            let key = try argument(step, "key")
            try session.press(.button("Remove \(key)"))
            typedField = nil
        case "setText":
            try await typeText(step[argument: "text"] ?? "")
            try await commitText()
        case "typeText":
            try await typeText(step[argument: "text"] ?? "")
        case "commitText":
            try await commitText()
        case "undo":
            try session.press(.button("Undo"))
            keysPending = true
        case "redo":
            try session.press(.button("Redo"))
            keysPending = true
        case "save":
            try await save()
        case "format":
            try session.press(.button("Format"))
        case "fix":
            try session.press(.button("Apply fix"))
        case "writeFile":
            let url = session.workspace.appendingPathComponent(try argument(step, "path"))
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((step[argument: "content"] ?? "").utf8).write(to: url)
        case "removeFile":
            try FileManager.default.removeItem(at: session.workspace.appendingPathComponent(try argument(step, "path")))
        case "checkDisk":
            try await menu("Main menu", "Reload from Disk")
        case "resolveConflict":
            let button: String
            switch try argument(step, "with") {
            case "reload": button = "Reload"
            case "overwrite": button = "Overwrite"
            case "keepBoth": button = "Keep both"
            default: throw fail(step, "reload, overwrite or keepBoth")
            }
            try await wait("the conflict") { $0.dialogTitles.contains("Changed on disk") }
            try session.press(Locator(role: "push button", name: button, within: "Changed on disk"))
            try await wait("the conflict to close") { !$0.dialogTitles.contains("Changed on disk") }
        case "saveAgain":
            try await wait("the deleted-file question") { $0.dialogTitles.contains("Deleted on disk") }
            try session.press(Locator(role: "push button", name: "Save again", within: "Deleted on disk"))
        case "openSearch":
            try await openSearch()
        case "search":
            try await openSearch()
            let query = step[argument: "query"] ?? ""
            try session.setText(Locator(role: "entry", name: "Search the folder"), query)
            // The query reached the search (it waits for the clock now), or cleared it.
            try await wait("the query") { tree in
                let status = tree.first(nameStartingWith: "Searching", role: "label") != nil || query.trimmingCharacters(in: .whitespaces).isEmpty
                return status && tree.first(role: "entry", name: "Search the folder")?.text == query
            }
        case "advanceClock":
            try await syncIfKeysPending()
            try await session.advanceClock(by: .milliseconds(try number(step, "ms")))
        case "chooseResult":
            let index = Int(step[argument: "index"] ?? "0") ?? 0
            let tree = try await wait("search results") { $0.items(ofList: "Search results").count > index }
            if index == 0 {
                // Enter in the query chooses the first result (a click
                // inside the popover lands off its rows under Xvfb).
                try session.key("Return")
            } else {
                let name = tree.items(ofList: "Search results")[index]
                try session.click(Locator(role: "list item", name: name, within: "Search results"), count: 2)
            }
            try await wait("the search to close") { !$0.isSearchOpen }
        case "renderPreview":
            try await syncIfKeysPending()
            try await session.advanceClock(by: .milliseconds(150))
            try await wait("the preview") { $0.first(role: "label", name: "Rendering…")?.isShowing != true && !$0.items(ofList: "Preview").isEmpty }
        case "openSettings":
            try session.key("ctrl+comma")
            try await wait("the settings") { $0.settingsWindow != nil }
        case "toggleFormatOnSave":
            let tree = try await wait("the settings' switch") { $0.settingsControl("Format on save") != nil }
            let before = tree.settingsControl("Format on save")?.isChecked
            try session.click(Locator(role: try #require(tree.settingsControl("Format on save")).role, name: "Format on save"))
            try await wait("the switch to change") { $0.settingsControl("Format on save")?.isChecked != before }
        case "setAutosave":
            let seconds = try number(step, "seconds")
            let wanted = seconds == 0 ? "Off" : seconds % 60 == 0 ? "\(seconds / 60) min" : "\(seconds) s"
            try await choose(wanted, in: "Autosave")
        case "quit":
            if let key = step[argument: "by"], key != "q" { note(step, "quit with Ctrl+Q, not \(key)") }
            try session.key("ctrl+q")
            try await waitForQuitOrQuestion()
        case "confirmQuit":
            try await wait("the quit question") { $0.dialogTitles.contains("Unsaved changes") }
            let button = step[argument: "saving"] == "false" ? "Discard and quit" : "Save and quit"
            try session.press(Locator(role: "push button", name: button, within: "Unsaved changes"))
        case "recover":
            try await wait("the recovery question") { $0.dialogTitles.contains("Unsaved edits found") }
            let button = step[argument: "choice"] == "discard" ? "Discard" : "Restore"
            try session.press(Locator(role: "push button", name: button, within: "Unsaved edits found"))
        case "terminate":
            let signal = step[argument: "signal"] == "HUP" ? "HUP" : "TERM"
            try session.send(signal: signal)
            let status = try await session.waitForExit()
            let expected = 128 + (signal == "HUP" ? 1 : 15)
            if status != expected { Issue.record(Comment(rawValue: "\(scenario.id).yaml:\(step.line): the window exited with \(status), not \(expected)")) }
            typedField = nil
        case "breakJournal":
            // A file where the journal folder goes: no entry can be written.
            let journal = session.folder.appendingPathComponent("state/tiledit/journal")
            try? FileManager.default.removeItem(at: journal)
            try FileManager.default.createDirectory(at: journal.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("not a folder".utf8).write(to: journal)
        case "restoreEdits", "discardEdits":
            let path = try argument(step, "path")
            let list = "Documents with unsaved edits"
            let tree = try await wait("the list of recoverable edits") { $0.items(ofList: list).contains { $0.hasPrefix(path + " · ") } }
            let row = try #require(tree.items(ofList: list).first { $0.hasPrefix(path + " · ") })
            if tree.selectedItem(ofList: list) != row {
                try session.click(Locator(role: "list item", name: row, within: list))
                try await wait("\(path) selected") { $0.selectedItem(ofList: list) == row }
            }
            try session.press(Locator(role: "push button", name: step.action == "restoreEdits" ? "Restore" : "Discard", within: "Recover unsaved edits"))
            try await wait("\(path) to leave the list") { !$0.items(ofList: list).contains(row) }
        case "restart":
            try await session.restart()
            typedField = nil
            try await waitForWorkspace()
        default:
            throw fail(step, "unknown action")
        }
    }

    /// Waits until the window has asked a question or has ended.
    private func waitForQuitOrQuestion() async throws {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while clock.now < deadline {
            if try !session.status().running { return }
            if let tree = try session.tree(), !tree.dialogTitles.isEmpty { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw ScenarioError(description: "\(scenario.id).yaml: Ctrl+Q neither asked nor quit\nlog:\n\(session.log)")
    }

    /// Clicks the document's row in the documents list and waits until it is open.
    private func openDocument(_ path: String) async throws {
        let tree = try await wait("\(path) in the documents") { Self.documentRow(path, in: $0) != nil }
        let row = try #require(Self.documentRow(path, in: tree))
        if tree.status?.hasPrefix(path + " · ") == true { return }
        try session.click(Locator(role: "list item", name: row, within: "Documents"))
        try await wait("\(path) to open") { $0.status?.hasPrefix(path + " · ") == true || $0.dialogTitles.contains("Error") }
        typedField = nil
    }

    /// The documents list's row for `path` (`Title, path[, draft][, n errors]`).
    static func documentRow(_ path: String, in tree: AccessibleNode) -> String? {
        tree.items(ofList: "Documents").first { $0.hasSuffix(", " + path) || $0.contains(", \(path), ") }
    }

    /// Clicks the blocks list's row at `index` and waits until it is selected.
    private func selectBlock(_ index: Int) async throws {
        let tree = try await wait("block \(index + 1) in the list") { $0.items(ofList: "Blocks").count > index }
        let names = tree.items(ofList: "Blocks")
        let name = names[index]
        let nth = names[..<index].filter { $0 == name }.count
        try session.click(Locator(role: "list item", name: name, nth: nth, within: "Blocks"))
        try await wait("block \(index + 1)") { $0.status?.contains(" · block \(index + 1) of ") == true || !$0.dialogTitles.isEmpty }
        typedField = nil
    }

    /// Gives the blocks list the keyboard focus on its selected row.
    private func focusSelectedBlock() async throws {
        let tree = try await wait("a selected block") { $0.selectedItem(ofList: "Blocks") != nil }
        if let focused = tree.first(role: "list", name: "Blocks")?.children.first(where: { $0.states.contains("focused") }),
           focused.states.contains("selected") {
            return
        }
        let name = try #require(tree.selectedItem(ofList: "Blocks"))
        // The click and the keys after it reach the window in order.
        try session.click(Locator(role: "list item", name: name, within: "Blocks"))
        typedField = nil
    }

    /// Gives an entry or a text area of the inspector the keyboard focus
    /// with a click near its start (a spin button's arrows are at its
    /// end), scrolled into view first.
    private func focus(_ locator: Locator) throws {
        try session.reveal(locator, in: "Inspector pane")
        try session.click(locator, across: 0.15)
    }

    /// Opens `menu` (a header-bar menu button) and chooses `item`.
    private func menu(_ menu: String, _ item: String) async throws {
        let tree = try await wait("the \(menu) button") { $0.all.contains { $0.name == menu && ($0.role == "push button" || $0.role == "toggle button") } }
        let button = try #require(tree.all.last { $0.name == menu && ($0.role == "push button" || $0.role == "toggle button") })
        try session.press(Locator(role: button.role, name: menu, nth: tree.all.filter { $0.name == menu && $0.role == button.role }.count - 1))
        try await wait("\(item) in the menu") { $0.first(role: "menu item", name: item) != nil }
        try session.press(Locator(role: "menu item", name: item))
        typedField = nil
    }

    /// Types `answer` into the prompt titled `title` and submits it.
    func answerPrompt(_ title: String, _ answer: String) async throws {
        let tree = try await wait("the \(title) prompt") { $0.dialogTitles.contains(title) }
        let entry = try #require(tree.dialog(title)?.all.first { $0.role == "text" })
        try session.setText(Locator(role: "text", name: entry.name, within: title), answer)
        try session.press(Locator(role: "push button", name: "OK", within: title))
        try await wait("the prompt answered") { !$0.dialogTitles.contains(title) || $0.dialog(title)?.first(descriptionOf: "Prompt message")?.isShowing == true }
    }

    private func openSearch() async throws {
        guard try session.tree()?.isSearchOpen != true else { return }
        try session.key("ctrl+f")
        try await wait("the search") { $0.isSearchOpen }
    }

    /// Closes what the view models show over the panes: a dialog (Escape,
    /// its cancel button), the search, the settings window.
    private func dismiss() async throws {
        let tree = try await wait("something to dismiss") { _ in true }
        if tree.isSearchOpen {
            try session.key("Escape")
            try await wait("the search to close") { !$0.isSearchOpen }
        } else if tree.settingsWindow != nil {
            try session.key("Escape")
            try await wait("the settings to close") { $0.settingsWindow == nil }
        } else if let title = tree.dialogTitles.first {
            try await dismissDialog(title)
        }
    }

    private func dismissDialog(_ title: String) async throws {
        try session.key("Escape")
        try await wait("\(title) to close") { !$0.dialogTitles.contains(title) }
    }

    /// Picks `wanted` in the drop-down named `name` as a keyboard user does:
    /// its popover opened (a click on the drop-down), Home to the first
    /// choice, Down to the wanted one, Enter to choose it. (A click on a
    /// choice does not choose it under Xvfb: GTK 4.8 gives no screen
    /// positions, and a popover's own are off.)
    private func choose(_ wanted: String, in name: String) async throws {
        let tree = try await wait("the \(name) drop-down") { $0.first(role: "combo box", name: name) != nil }
        if tree.first(nameStartingWith: "\(name): ")?.name == "\(name): \(wanted)" { return }
        try session.click(Locator(role: "combo box", name: name))
        let open = try await wait("the choices") { Self.choices(showing: wanted, in: $0) != nil }
        let position = try #require(Self.choices(showing: wanted, in: open)?.firstIndex { item in item.all.contains { $0.role == "label" && $0.name == wanted } })
        try session.key((["Home"] + Array(repeating: "Down", count: position) + ["Return"]).joined(separator: " "))
        try await wait("\(name) to show \(wanted)") { $0.first(nameStartingWith: "\(name): ")?.name == "\(name): \(wanted)" }
    }

    /// The rows of the showing list (a drop-down's popover) one of which is labelled `wanted`.
    private static func choices(showing wanted: String, in tree: AccessibleNode) -> [AccessibleNode]? {
        tree.all.first { list in
            list.role == "list" && list.isShowing
                && list.children.contains { item in item.all.contains { $0.role == "label" && $0.name == wanted && $0.isShowing } }
        }?.children
    }

    // MARK: Fields and text

    /// The control of the inspector field `key` (entry, spin button, text
    /// area, switch, drop-down).
    static func fieldControl(_ key: String, in tree: AccessibleNode) -> AccessibleNode? {
        tree.first(name: "Field \(key)")?.all.first { $0.name == key && $0.role != "label" && $0.role != "panel" }
    }

    /// The text the field `key` shows: its control's text, `true`/`false`
    /// for a switch, the chosen word of a drop-down.
    static func fieldText(_ key: String, in tree: AccessibleNode) -> String? {
        guard let panel = tree.first(name: "Field \(key)"), let control = fieldControl(key, in: tree) else { return nil }
        if let text = control.text { return text }
        if control.role == "combo box" {
            guard let chosen = panel.first(nameStartingWith: "\(key): ")?.name.dropFirst(key.count + 2) else { return nil }
            return chosen == "none" ? "" : String(chosen)
        }
        return control.isChecked ? "true" : "false"
    }

    /// The message under the field `key`, or `nil` when none shows.
    static func fieldMessage(_ key: String, in tree: AccessibleNode) -> String? {
        guard let message = tree.first(name: "Field \(key)")?.first(descriptionOf: "Field message"), message.isShowing else { return nil }
        return message.name.isEmpty ? nil : message.name
    }

    /// A switch or a drop-down whose value is set by choosing it, not typed:
    /// set, applying at once; `false` for a field that is typed into.
    private func setsAtOnce(_ key: String, _ text: String) async throws -> Bool {
        let tree = try await wait("the field \(key)") { Self.fieldControl(key, in: $0) != nil }
        let control = try #require(Self.fieldControl(key, in: tree))
        switch control.role {
        case "toggle button", "check box", "switch":
            let wanted = ["true", "yes", "on", "1"].contains(text.lowercased())
            if control.isChecked != wanted {
                let locator = Locator(role: control.role, name: key, within: "Field \(key)")
                // A click reaches only what is scrolled into view.
                try session.reveal(locator, in: "Inspector pane")
                try session.click(locator)
                try await wait("\(key) switched") { Self.fieldControl(key, in: $0)?.isChecked == wanted }
            }
            return true
        case "combo box":
            try session.reveal(Locator(role: "combo box", name: key, within: "Field \(key)"), in: "Inspector pane")
            try await choose(text, in: key)
            return true
        default:
            return false
        }
    }

    /// Sets the field's text (as typed: the editor sees the change) and
    /// waits until its heading says it is not applied, when it differs.
    private func typeField(_ key: String, _ text: String) async throws {
        let tree = try await wait("the field \(key)") { Self.fieldControl(key, in: $0) != nil }
        let control = try #require(Self.fieldControl(key, in: tree))
        guard control.text != nil else {
            _ = try await setsAtOnce(key, text)
            return
        }
        var typed = text
        if control.role == "text", !control.states.contains("multi line") {
            // A line break would be Enter; a one-line field takes spaces.
            while typed.hasSuffix("\n") { typed.removeLast() }
            typed = typed.replacingOccurrences(of: "\n", with: " ")
        }
        try focus(Locator(role: control.role, name: key, within: "Field \(key)"))
        try session.setText(Locator(role: control.role, name: key, within: "Field \(key)"), typed)
        typedField = key
        try await wait("\(key) typed") { Self.fieldText(key, in: $0) == typed }
    }

    /// Enter in the field (Ctrl+Enter in a text area): a valid value is
    /// applied, a refused one stays with the reason shown.
    private func commitField(_ key: String) async throws {
        let tree = try await wait("the field \(key)") { Self.fieldControl(key, in: $0) != nil }
        let control = try #require(Self.fieldControl(key, in: tree))
        if typedField != key { try focus(Locator(role: control.role, name: key, within: "Field \(key)")) }
        try session.key(control.states.contains("multi line") ? "ctrl+Return" : "Return")
        try await wait("\(key) applied or refused") { tree in
            tree.first(name: "Field \(key)")?.first(role: "label", name: "\(key) · not applied") == nil
                && tree.first(name: "Field \(key)")?.first(role: "label", name: "\(key) (required) · not applied") == nil
                || tree.first(descriptionOf: "Refusal")?.isShowing == true
        }
    }

    /// Moves the focus out of the field (Tab; Ctrl+Tab out of a text area).
    private func leaveField(_ key: String) async throws {
        let tree = try await wait("the field \(key)") { Self.fieldControl(key, in: $0) != nil }
        let control = try #require(Self.fieldControl(key, in: tree))
        if typedField != key { try focus(Locator(role: control.role, name: key, within: "Field \(key)")) }
        try session.key(control.states.contains("multi line") ? "ctrl+Tab" : "Tab")
        try await wait("\(key) left") { Self.fieldControl(key, in: $0)?.states.contains("focused") == false }
        typedField = nil
        keysPending = true
    }

    /// Escape in the field: the value typed goes back, after asking.
    private func discardField(_ key: String, confirm: Bool) async throws {
        let tree = try await wait("the field \(key)") { Self.fieldControl(key, in: $0) != nil }
        let control = try #require(Self.fieldControl(key, in: tree))
        try focus(Locator(role: control.role, name: key, within: "Field \(key)"))
        try session.key("Escape")
        try await wait("the discard question") { $0.dialogTitles.contains("Discard typing") }
        try session.press(Locator(role: "push button", name: confirm ? "Discard" : "Keep", within: "Discard typing"))
        try await wait("the question to close") { !$0.dialogTitles.contains("Discard typing") }
        if confirm { typedField = nil }
    }

    /// Sets the selected block's text in its text area (a final line break
    /// dropped: the editor keeps the block's own).
    private func typeText(_ text: String) async throws {
        var typed = text
        while typed.hasSuffix("\n") { typed.removeLast() }
        try await wait("the block's text") { $0.textArea != nil }
        try focus(Locator(role: "text", name: "Block text"))
        try session.setText(Locator(role: "text", name: "Block text"), typed)
        try await wait("the text typed") { $0.textArea?.text == typed }
        typedField = nil
    }

    /// Ctrl+Enter in the text area: the text is applied.
    private func commitText() async throws {
        try focus(Locator(role: "text", name: "Block text"))
        try session.key("ctrl+Return")
        try await wait("the text applied") { $0.first(role: "push button", name: "Apply text")?.isShowing != true }
    }

    // MARK: Saving and syncing

    /// Ctrl+S, then waits until the save has ended: the status line says
    /// how it went (saved, failed, changed on disk, saved with values
    /// still typed) or a question came up.
    private func save() async throws {
        // An undo or redo pressed just before is handled first: a save of the version before it would end as well.
        try await syncIfKeysPending()
        let tree = try await wait("the window") { _ in true }
        let before = tree.status ?? ""
        try session.key("ctrl+s")
        // A dialog on screen takes the key: the state stays as it is.
        if !tree.dialogTitles.isEmpty { return }
        let ended = [" · saved", " · save failed", " · changed on disk", "Saved; not in the file"]
        if ended.contains(where: before.contains) { try await sync() }
        try await wait("the save to end") { tree in
            let status = tree.status ?? ""
            return (ended.contains(where: status.contains) && !status.contains("saving…")) || !tree.dialogTitles.isEmpty
        }
        keysPending = false
    }

    private func syncIfKeysPending() async throws {
        if keysPending { try await sync() }
    }

    /// Waits until every key sent so far has been handled: the keyboard
    /// shortcuts window (Ctrl+?) opens, as keys are handled in order, and
    /// is closed again. Only where no dialog is open.
    func sync() async throws {
        keysPending = false
        guard try session.tree()?.dialogTitles.isEmpty == true, try session.status().running else { return }
        try session.key("ctrl+question")
        try await wait("the shortcuts window") { $0.shortcutsWindow != nil }
        try session.key("Escape")
        try await wait("the shortcuts window to close") { $0.shortcutsWindow == nil }
    }

    // MARK: Expectations

    private struct Check {
        var name: String
        var expected: Scenario.Expectation
        var holds: (AccessibleNode) -> Bool
    }

    enum Reading {
        case check((AccessibleNode) -> Bool)
        case notShown(String)
        case unknown
    }

    private func check(_ step: Scenario.Step) async throws {
        var checks: [Check] = []
        for (name, expected) in step.expectations.sorted(by: { $0.key < $1.key }) {
            switch try reading(name, expected) {
            case .check(let holds): checks.append(Check(name: name, expected: expected, holds: holds))
            case .notShown(let reason): notes.append("\(scenario.id).yaml:\(step.line) `\(name)` not checked: \(reason)")
            case .unknown: Issue.record(Comment(rawValue: "\(scenario.id).yaml:\(step.line): unknown expectation `\(name)`"))
            }
        }
        guard !checks.isEmpty else { return }
        if step.expectations["frontMatter"] != nil, step.action != "renderPreview", try session.status().running {
            // The front matter is read from the preview, which renders a
            // pause after the last change: that pause passes on the window's clock.
            try await syncIfKeysPending()
            try await session.advanceClock(by: .milliseconds(150))
        }
        do {
            try await session.waitUntil("the expectations", timeout: timeout) { tree in checks.allSatisfy { $0.holds(tree) } }
        } catch let error as WindowSession.Failure where error.description.hasPrefix("tiledit-gtk ended") {
            // The window quit: only `hasQuit` can be read.
            for check in checks where check.name != "hasQuit" {
                Issue.record(Comment(rawValue: "\(scenario.id).yaml:\(step.line) (\(step.action)): `\(check.name)` expected \(check.expected), but the window ended"))
            }
        } catch {
            let last = try session.tree()
            for check in checks where last.map(check.holds) != true {
                Issue.record(Comment(rawValue: "\(scenario.id).yaml:\(step.line) (\(step.action)): `\(check.name)` expected \(check.expected); the tree was:\n\(last.map(String.init(describing:)) ?? "(none)")"))
            }
        }
    }

    /// The headless runner's matching: `~x` a part, `x…` a start, else the whole.
    static func matches(_ pattern: String, _ value: String) -> Bool {
        if pattern.hasPrefix("~") { return value.contains(pattern.dropFirst()) }
        if pattern.hasSuffix("…") { return value.hasPrefix(pattern.dropLast()) }
        return pattern == value
    }

    /// A blocks-list row (`kind, summary[, n errors][, n warnings]`) as the
    /// headless runner writes a block (`kind: summary`).
    static func headlessBlock(_ row: String) -> String {
        var text = row
        for suffix in [", 1 warning", " warnings", ", 1 error", " errors"] {
            if suffix.hasPrefix(","), text.hasSuffix(suffix) {
                text.removeLast(suffix.count)
            } else if !suffix.hasPrefix(","), text.hasSuffix(suffix), let comma = text.range(of: ", ", options: .backwards),
                      Int(text[comma.upperBound...].dropLast(suffix.count)) != nil {
                text = String(text[..<comma.lowerBound])
            }
        }
        guard let comma = text.range(of: ", ") else { return text + ": " }
        return text.replacingCharacters(in: comma, with: ": ")
    }

    /// The preview's lines: every item's lines in order.
    static func previewLines(_ tree: AccessibleNode) -> [String] {
        tree.items(ofList: "Preview").flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }

    /// A terminal preview line (`┌─ front matter ─┐`, `# Posts`, `│ a │`)
    /// as the window shows it: frames' borders and headings' marks gone;
    /// `nil` for a line that is only border or blank.
    static func windowLine(_ expected: String) -> String? {
        var text = expected
        let prefix = text.hasPrefix("~") ? "~" : ""
        if !prefix.isEmpty { text.removeFirst() }
        let ellipsis = text.hasSuffix("…")
        if ellipsis { text.removeLast() }
        text = text.trimmingCharacters(in: CharacterSet(charactersIn: "┌┐└┘│─ "))
        while text.hasPrefix("#") { text.removeFirst() }
        text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        return prefix + text + (ellipsis ? "…" : "")
    }

    /// Whether the preview shows `items` (terminal lines) in order.
    static func previewShows(_ items: [String], in tree: AccessibleNode) -> Bool {
        let lines = previewLines(tree).map { $0.trimmingCharacters(in: .whitespaces) }
        var next = 0
        for item in items {
            guard let pattern = windowLine(item) else { continue }
            guard next < lines.count, let found = lines[next...].firstIndex(where: { matches(pattern, $0) }) else { return false }
            next = found + 1
        }
        return true
    }

    /// The front matter's `key: value` lines in the preview (its first frame).
    static func previewFrontMatter(_ tree: AccessibleNode) -> [String]? {
        guard let first = tree.items(ofList: "Preview").first, first.hasPrefix("front matter\n") else { return nil }
        return first.split(separator: "\n").dropFirst().map(String.init)
    }

    private static let dialogTitles: [String: String] = [
        "confirmQuit": "Unsaved changes", "recoverEdits": "Recover unsaved edits", "interruptedSaves": "Interrupted saves",
        "alert": "Error", "tileCatalog": "Insert a tile", "confirmDelete": "Delete block", "conflict": "Changed on disk",
        "deletedOnDisk": "Deleted on disk", "confirmOverrideReadOnly": "Read-only file", "recovery": "Unsaved edits found",
        "confirmDiscardTyping": "Discard typing", "newDocument": "New document", "confirmDeleteDocument": "Move to trash",
        "rename": "Rename or move",
    ]

    private func reading(_ name: String, _ expected: Scenario.Expectation) throws -> Reading {
        if let reading = yamlReading(name, expected) { return reading }
        let text = expected.text ?? expected.description
        switch name {
        case "session":
            switch text {
            case "open": return .check { !$0.items(ofList: "Documents").isEmpty }
            case "failed": return .check { ($0.status ?? "").contains("Could not") }
            default: return .notShown("the session is \(text) only for a moment")
            }
        case "documents":
            let paths = expected.list
            return .check { tree in
                let rows = tree.items(ofList: "Documents")
                return rows.count == paths.count && zip(rows, paths).allSatisfy { row, path in row.hasSuffix(", " + path) || row.contains(", \(path), ") }
            }
        case "documentTitles":
            let titles = expected.list
            return .check { tree in
                let rows = tree.items(ofList: "Documents")
                return rows.count == titles.count && zip(rows, titles).allSatisfy { $0.hasPrefix($1 + ", ") }
            }
        case "editor":
            if text == "none" { return .check { $0.first(role: "label", name: "No document open") != nil } }
            return .check { $0.status?.hasPrefix(text + " · ") == true }
        case "blockCount":
            guard let count = Int(text) else { return .unknown }
            return .check { tree in
                if let status = tree.status, let range = status.range(of: " · block ") {
                    return status[range.upperBound...].components(separatedBy: " of ").dropFirst().first?.prefix { $0.isNumber } == Substring(text)
                }
                return tree.items(ofList: "Blocks").count == count
            }
        case "blocks":
            let items = expected.list
            return .check { tree in
                let rows = tree.items(ofList: "Blocks").map(Self.headlessBlock)
                return rows.count == items.count && zip(items, rows).allSatisfy { Self.matches($0, $1) }
            }
        case "selection":
            if text == "none" { return .check { !($0.status ?? "").contains(" · block ") } }
            guard let index = Int(text) else { return .unknown }
            return .check { $0.status?.contains(" · block \(index + 1) of ") == true }
        case "selectedBlock":
            if text == "none" { return .check { $0.selectedItem(ofList: "Blocks") == nil } }
            return .check { tree in tree.selectedItem(ofList: "Blocks").map { Self.matches(text, Self.headlessBlock($0)) } ?? false }
        case "fields":
            let keys = expected.list
            return .check { tree in
                let panels = (tree.first(name: "Inspector pane")?.all ?? []).filter { $0.name.hasPrefix("Field ") && $0.role == "panel" }
                return panels.map { String($0.name.dropFirst(6)) } == keys
            }
        case "saveState":
            let labels = ["clean": " · clean", "dirty": " · modified", "saved": " · saved", "failed": " · save failed", "conflict": " · changed on disk"]
            guard let label = labels[text] else { return .notShown("\(text) lasts only a moment") }
            return .check { ($0.status ?? "").contains(label) }
        case "destination":
            if text == "none" {
                return .check { $0.dialogTitles.isEmpty && !$0.isSearchOpen && $0.settingsWindow == nil }
            }
            switch text {
            case "search": return .check { $0.isSearchOpen }
            case "settings": return .check { $0.settingsWindow != nil }
            case "prompt": return .check { $0.dialogTitles.contains { ["Move block", "Go to line", "Add property"].contains($0) } }
            case "renamePreview": return .check { $0.dialogTitles.contains { $0.hasPrefix("Rename · ") } }
            case "reviewingConflict": return .check { $0.dialogTitles.contains { $0.hasPrefix("Compare") || $0.hasPrefix("Merge") } }
            default:
                guard let title = Self.dialogTitles[text] else { return .unknown }
                return .check { $0.dialogTitles.contains(title) }
            }
        case "alert":
            if text == "none" { return .check { !$0.dialogTitles.contains("Error") && $0.first(descriptionOf: "Refusal")?.isShowing != true } }
            let part = text.hasPrefix("~") ? String(text.dropFirst()) : text.hasSuffix("…") ? String(text.dropLast()) : text
            return .check { tree in
                tree.dialogMessages.contains { $0.contains(part) } || tree.first(descriptionOf: "Refusal").map { $0.isShowing && $0.name.contains(part) } == true
                    || (tree.status ?? "").contains(part)
            }
        case "errors", "warnings":
            guard let count = Int(text) else { return .unknown }
            let word = name == "errors" ? "error" : "warning"
            if count == 0 { return .check { !($0.status ?? "").contains(" \(word)") } }
            return .check { ($0.status ?? "").contains(" · \(count) \(count == 1 ? word : word + "s")") }
        case "searchResults":
            let results = expected.list
            return .check { tree in
                // No results yet is what a search waiting for its pause shows too.
                guard tree.isSearchOpen, results.isEmpty || tree.first(nameStartingWith: "Searching", role: "label") == nil else { return false }
                let rows = tree.items(ofList: "Search results")
                return rows.count == results.count && zip(rows, results).allSatisfy { row, result in
                    guard let colon = result.lastIndex(of: ":") else { return false }
                    return row.contains(", \(result[..<colon]) line \(result[result.index(after: colon)...]):")
                }
            }
        case "hasQuit":
            let quit = text == "true"
            return .check { [session] _ in ((try? session.status().running) ?? false) != quit }
        case "notes":
            let parts = expected.list.map { $0.hasPrefix("~") ? String($0.dropFirst()) : $0.hasSuffix("…") ? String($0.dropLast()) : $0 }
            return .check { tree in parts.allSatisfy { (tree.status ?? "").contains($0) } }
        case "journalProblem":
            if text == "none" { return .check { !($0.status ?? "").contains("ecovery journal") } }
            let part = text.hasSuffix("…") ? String(text.dropLast()) : text
            return .check { ($0.status ?? "").contains(part) }
        case "recoverable":
            let paths = expected.list
            return .check { tree in
                let rows = tree.items(ofList: "Documents with unsaved edits")
                return rows.count == paths.count && zip(rows, paths).allSatisfy { $0.hasPrefix($1 + " · ") }
            }
        case "pending":
            return .notShown("a value typed and not applied shows beside its field, with its message, when its block is selected")
        case "unsaved":
            let paths = expected.list
            return .check { tree in
                guard let message = tree.dialog("Unsaved changes")?.accessibleDescription else { return paths.isEmpty }
                return paths.allSatisfy { message.contains($0) }
            }
        case "settings":
            guard try session.tree()?.settingsWindow != nil else { return .notShown("settings show only while their window is open") }
            var wanted: [(String, String)] = []
            for item in expected.list {
                let parts = item.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2 else { return .unknown }
                switch parts[0] {
                case "formatOnSave": wanted.append(("Format on save", parts[1]))
                case "autosaveInterval":
                    guard let seconds = Int(parts[1]) else { return .unknown }
                    wanted.append(("Autosave", seconds == 0 ? "Off" : seconds % 60 == 0 ? "\(seconds / 60) min" : "\(seconds) s"))
                case "theme":
                    wanted.append(("Style", ["auto": "Follow the desktop", "light": "Light", "dark": "Dark"][parts[1]] ?? parts[1]))
                default: return .unknown
                }
            }
            return .check { tree in
                wanted.allSatisfy { name, value in
                    name == "Format on save"
                        ? tree.settingsControl(name)?.isChecked == (value == "true")
                        : tree.settingsWindow?.first(nameStartingWith: "\(name): ")?.name == "\(name): \(value)"
                }
            }
        case "canUndo", "canRedo":
            let button = name == "canUndo" ? "Undo" : "Redo"
            let enabled = text == "true"
            return .check { $0.first(role: "push button", name: button)?.states.contains("sensitive") == enabled }
        case "preview":
            let items = expected.list
            return .check { Self.previewShows(items, in: $0) }
        case "frontMatter":
            let items = expected.list
            return .check { tree in
                guard let fields = Self.previewFrontMatter(tree) else { return items.isEmpty }
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
                if text == "none" { return .check { Self.fieldMessage(key, in: $0) == nil && $0.first(name: "Field \(key)") != nil } }
                return .check { tree in Self.fieldMessage(key, in: tree).map { Self.matches(text, $0) } ?? false }
            case "original":
                return .notShown("the field shows its draft")
            default:
                if text == "absent" { return .check { $0.first(name: "Field \(key)") == nil } }
                return .check { tree in Self.fieldText(key, in: tree).map { Self.matches(text, $0) } ?? false }
            }
        }
    }

    // MARK: Disk

    private func checkDisk() throws {
        for problem in try scenario.diskProblems(in: session.workspace) { Issue.record(Comment(rawValue: problem)) }
    }
}
