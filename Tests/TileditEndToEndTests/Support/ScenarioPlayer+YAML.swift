import Foundation
import TileditTestSupport

/// The YAML editor's actions and expectations of the scenario corpus under
/// tmux: the keys of the tree (`2` focuses it; `g`, `j`, `→`, `←`, Enter,
/// `a` (in the inspector, `3`), `m`, `d`, `o`, `J`/`K`, `c`, `u`, Ctrl-R) and of the value's field
/// (Ctrl-U, typing, Enter, Tab, Ctrl-G); expectations read from the tree
/// pane (rows drawn indented, `▸`/`▾` before a collection, comment mark and
/// line at the right), the inspector and the status line.
extension ScenarioPlayer {
    /// YAML actions that keep the value's field open.
    static let yamlTypingActions: Set<String> = ["typeValue", "commitValue", "leaveValue", "discardValue"]

    /// Whether the blocks pane shows a YAML file's tree (its title counts rows).
    private func showsYAML() throws -> Bool { (try session.capture().lines.first ?? "").contains(" rows · ") }

    /// Performs `step` when it is an action of the YAML editor (or one the
    /// YAML editor takes with other keys); `false` otherwise.
    func performYAML(_ step: Scenario.Step) async throws -> Bool {
        switch step.action {
        case "selectRow":
            let index = try number(step, "index")
            try session.press(["2", "g"] + Array(repeating: "j", count: index))
            try await session.waitUntil("row \(index + 1)") { $0.status.contains("  row \(index + 1)/") }
        case "unfold":
            try session.press("2", "Right")
        case "fold":
            try session.press("2", "Left")
        case "setValue":
            try await openValue()
            try await typeValue(step[argument: "text"] ?? "")
            try await commitValue()
        case "typeValue":
            try await openValue()
            try await typeValue(step[argument: "text"] ?? "")
        case "commitValue":
            try await openValue()
            try await commitValue()
        case "leaveValue":
            try await openValue()
            try await leaveYAMLTyping()
        case "discardValue":
            try await openValue()
            try session.press("C-g")
            try await session.waitUntil("the field to close") { !$0.status.contains("Editing ") }
            yamlTyping = false
        case "addKey":
            try await answer(prompt: "Add key", with: try argument(step, "key"), after: ["3", "a"])
            if let value = step[argument: "value"] {
                try await openValue()
                try await typeValue(value)
                try await commitValue()
            }
        case "renameKey":
            try await answer(prompt: "Rename key", with: try argument(step, "to"), after: ["2", "m"])
        case "removeNode":
            try session.press("2", "d")
        case "addItem":
            try session.press("2", "o")
            if let text = step[argument: "text"] {
                try await openValue()
                try await typeValue(text)
                try await commitValue()
            }
        case "moveItem":
            let offset = try number(step, "by")
            try session.press(["2"] + Array(repeating: offset < 0 ? "K" : "J", count: abs(offset)))
        case "duplicateItem":
            try session.press("2", "c")
        case "undo" where try showsYAML():
            try session.press("2", "u")
        case "redo" where try showsYAML():
            try session.press("2", "C-r")
        default:
            return false
        }
        return true
    }

    /// Opens the prompt `title` with `keys`, types `answer` over what it
    /// holds and submits it.
    private func answer(prompt title: String, with answer: String, after keys: [String]) async throws {
        try session.press(keys)
        try await session.waitUntil("the \(title) prompt") { $0.hasOverlay(title) }
        try session.press("C-u")
        try session.type(answer)
        try await session.waitUntil("the answer") { $0.overlayText(title)?.contains(answer) == true }
        try session.press("Enter")
        try await session.waitUntil("the prompt to close") { !$0.hasOverlay(title) }
    }

    /// Opens the selected value's field for typing (Enter on its row), unless it is open.
    private func openValue() async throws {
        guard !yamlTyping else { return }
        try session.press("2", "Enter")
        try await session.waitUntil("the value's field") { $0.status.contains("Editing value") }
        yamlTyping = true
    }

    /// Empties the field and types `text`; what was typed shows when every key was handled.
    private func typeValue(_ text: String) async throws {
        try session.press("C-u")
        try session.type(text)
        let part = String(text.suffix(12))
        guard !part.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        try await session.waitUntil("the typed value") { $0.paneRows("Inspector")?.contains { $0.contains(part) } == true }
    }

    /// Enter: the value is written and the field closes, or it is refused
    /// and stays open with its message (`✖ why` in the inspector).
    private func commitValue() async throws {
        try session.press("Enter")
        let screen = try await session.waitUntil("the field to close or say why") { screen in
            !screen.status.contains("Editing ") || Self.valueProblem(in: screen) != nil
        }
        if !screen.status.contains("Editing ") { yamlTyping = false }
    }

    /// Tab: leaves the field, writing a valid value.
    func leaveYAMLTyping() async throws {
        try session.press("Tab")
        try await session.waitUntil("the field to close") { !$0.status.contains("Editing ") }
        yamlTyping = false
    }

    // MARK: Expectations

    /// The field's message in the inspector (`✖ why`, not a diagnostic's `✖ line n:`), or `nil`.
    static func valueProblem(in screen: Capture) -> String? {
        guard let rows = screen.paneRows("Inspector") else { return nil }
        let texts = rows.map { $0.trimmingCharacters(in: .whitespaces) }
        guard let start = texts.firstIndex(where: { $0.hasPrefix("✖ ") && !$0.hasPrefix("✖ line ") }) else { return nil }
        let rest = texts[(start + 1)...].prefix { !$0.isEmpty && !$0.hasPrefix("choices: ") }
        return Capture.folded(([texts[start]] + rest).joined(separator: " "))
    }

    /// The inspector's rows folded into one line.
    private static func inspectorText(_ screen: Capture) -> String {
        Capture.folded((screen.paneRows("Inspector") ?? []).joined(separator: " "))
    }

    /// Whether a row of the tree pane shows `expected`, a row as the
    /// headless runner writes it (two spaces a level, `▸`/`▾`, key and
    /// summary): the pane draws two spaces where a value has no marker, and
    /// after the text only the comment mark, a problem's mark and the line.
    static func treeRow(_ row: String, shows expected: String) -> Bool {
        let indent = expected.prefix { $0 == " " }
        let rest = expected.dropFirst(indent.count)
        let drawn = String(indent) + (rest.hasPrefix("▸ ") || rest.hasPrefix("▾ ") ? String(rest) : "  " + rest)
        guard row.hasPrefix(drawn) else { return false }
        let after = row.dropFirst(drawn.count)
        return after.isEmpty || (after.first == " " && after.allSatisfy { " 0123456789#!✖".contains($0) })
    }

    /// The reading of a YAML expectation; `nil` when `name` is not one.
    func yamlReading(_ name: String, _ expected: Scenario.Expectation) -> Reading? {
        let text = expected.text ?? expected.description
        let items = expected.list
        switch name {
        case "rowCount":
            return .check { ($0.lines.first ?? "").contains("Blocks · \(text) rows · ") }
        case "rows":
            return .check { screen in
                guard (screen.lines.first ?? "").contains("Blocks · \(items.count) rows · "), let rows = screen.paneRows("Blocks") else { return false }
                // Rows below the pane's end are not on screen.
                return zip(rows, items).allSatisfy { Self.treeRow($0, shows: $1) }
            }
        case "selectedRow":
            // The fixtures' trees fit the pane: row n of the status line is the pane's row n.
            return .check { screen in
                guard let rows = screen.paneRows("Blocks"), let range = screen.status.range(of: "  row "),
                    let index = Int(screen.status[range.upperBound...].prefix { $0.isNumber }), index >= 1, index <= rows.count
                else { return text == "none" }
                let row = rows[index - 1]
                return Self.treeRow(String(row.drop { $0 == " " }).withMarkerSpace, shows: text)
            }
        case "path":
            return .check { screen in
                (screen.paneRows("Inspector")?.first?.trimmingCharacters(in: .whitespaces)) == (text == "none" ? nil : text.isEmpty ? "(document root)" : text)
            }
        case "valueType":
            return .check { screen in screen.paneRows("Inspector")?.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("type: \(text) ") } == true }
        case "value":
            return .check { screen in
                guard let rows = screen.paneRows("Inspector")?.map({ $0.trimmingCharacters(in: .whitespaces) }),
                    let typeRow = rows.firstIndex(where: { $0.hasPrefix("type: ") || $0.hasPrefix("accepts: ") }), typeRow + 1 < rows.count
                else { return false }
                return rows[typeRow + 1] == (text.isEmpty ? "(empty)" : text)
            }
        case "valueProblem":
            if text == "none" { return .check { Self.valueProblem(in: $0) == nil } }
            let part = Capture.folded(ScenarioPlayer.shownPart(text, limit: 200))
            return .check { screen in
                guard let problem = Self.valueProblem(in: screen) else { return false }
                return text.hasPrefix("~") ? problem.contains(part) : problem == "✖ " + part
            }
        case "editingValue":
            let editing = text == "true"
            return .check { $0.status.contains("Editing value") == editing }
        case "shared":
            if items.isEmpty { return .check { !Self.inspectorText($0).contains("Shares its value with") } }
            return .check { screen in items.allSatisfy { Self.inspectorText(screen).contains(Capture.folded($0)) } }
        case "mistakes":
            return .check { screen in items.allSatisfy { Self.inspectorText(screen).contains(Capture.folded($0)) } }
        case "fixes":
            return .check { screen in items.allSatisfy { Self.inspectorText(screen).contains(Capture.folded("x: " + $0)) } }
        case "documentCount":
            guard let count = Int(text) else { return .unknown }
            return .check { screen in
                let rows = screen.paneRows("Blocks") ?? []
                let shown = rows.filter { $0.contains("Document ") }.count
                return count == 1 ? shown == 0 : shown == count
            }
        default:
            return nil
        }
    }
}

private extension String {
    /// A row whose leading spaces were dropped, with the two spaces the
    /// pane draws where a value has no `▸`/`▾`: the form `treeRow` reads.
    var withMarkerSpace: String { hasPrefix("▸ ") || hasPrefix("▾ ") ? self : "  " + self }
}
