import Foundation
import Testing
import TileditTestSupport

/// The YAML editor's actions and expectations of the scenario corpus in the
/// window: rows of the "YAML tree" list clicked (Enter on the selected row
/// unfolds, Left folds), the "Value" entry of the YAML inspector focused,
/// filled through AT-SPI and applied with Enter, left with Tab, put back
/// with Escape; keys and items added, renamed, moved, duplicated and
/// removed with the inspector's buttons, prompts answered in their dialogs.
/// Expectations are read on the accessible tree: a row's text is its name,
/// its level (`level n`, its description) two spaces each, `▸`/`▾` from its
/// expanded state, as the headless runner writes rows.
extension WindowScenarioPlayer {
    private static let tree = "YAML tree"
    private static let pane = "YAML inspector pane"

    /// Whether the window shows a YAML file's tree.
    static func showsYAML(_ tree: AccessibleNode) -> Bool {
        tree.first(role: "list", name: Self.tree)?.isShowing == true
    }

    /// Performs `step` when it is an action of the YAML editor (or one it
    /// takes with its own widgets); `false` otherwise.
    func performYAML(_ step: Scenario.Step) async throws -> Bool {
        if step.action == "fix", try session.tree().map(Self.showsYAML) != true { return false }
        switch step.action {
        case "selectRow":
            try await selectRow(try number(step, "index"))
        case "unfold":
            // Right on the row, as the terminal's →: a folded collection
            // unfolds, an unfolded one gives its first child.
            try await focusSelectedRow()
            try session.key("Right")
            try await sync()
        case "fold":
            try await focusSelectedRow()
            try session.key("Left")
            try await sync()
        case "setValue":
            try await typeValue(step[argument: "text"] ?? "")
            try await commitValue()
        case "typeValue":
            try await typeValue(step[argument: "text"] ?? "")
        case "commitValue":
            try await commitValue()
        case "leaveValue":
            try await valueKey("Tab")
            try await wait("the value left") { Self.heading(in: $0)?.contains("editing") == false }
        case "discardValue":
            try await valueKey("Escape")
            try await wait("the typing put back") { Self.heading(in: $0).map { !$0.contains("editing") && !$0.contains("not applied") } == true }
        case "addKey":
            let key = try argument(step, "key")
            try pressInPane("Add key")
            try await answerPrompt("Add key", key)
            // The new key is selected before its value is typed.
            try await wait("\(key) selected") { tree in Self.label("Node path", in: tree).map { $0.name == key || $0.name.hasSuffix(".\(key)") } == true }
            if let value = step[argument: "value"] {
                try await typeValue(value)
                try await commitValue()
            }
        case "renameKey":
            try pressInPane("Rename key")
            try await answerPrompt("Rename key", try argument(step, "to"))
        case "removeNode":
            try pressInPane("Remove")
        case "addItem":
            let before = try session.tree().flatMap { Self.label("Node path", in: $0)?.name }
            try pressInPane("Add item")
            // The new item is selected before its value is typed.
            try await wait("the new item selected") { tree in Self.label("Node path", in: tree).map { $0.name != before } == true }
            if let text = step[argument: "text"] {
                try await typeValue(text)
                try await commitValue()
            }
        case "moveItem":
            let offset = try number(step, "by")
            for _ in 0..<abs(offset) { try pressInPane(offset < 0 ? "Move item up" : "Move item down") }
        case "duplicateItem":
            try pressInPane("Duplicate item")
        case "fix":
            try await wait("a fix") { $0.first(name: Self.pane)?.first(role: "push button", name: "Apply fix")?.isShowing == true }
            try pressInPane("Apply fix")
        default:
            return false
        }
        return true
    }

    private func pressInPane(_ name: String) throws {
        try session.press(Locator(role: "push button", name: name, within: Self.pane))
    }

    /// Clicks the tree's row at `index` and waits until the status line says it is selected.
    private func selectRow(_ index: Int) async throws {
        let tree = try await wait("row \(index + 1) of the tree") { $0.items(ofList: Self.tree).count > index }
        let names = tree.items(ofList: Self.tree)
        let nth = names[..<index].filter { $0 == names[index] }.count
        try session.click(Locator(role: "list item", name: names[index], nth: nth, within: Self.tree))
        try await wait("row \(index + 1)") { $0.status?.contains(" · row \(index + 1) of ") == true || !$0.dialogTitles.isEmpty }
    }

    /// Gives the tree the keyboard focus on its selected row.
    private func focusSelectedRow() async throws {
        let tree = try await wait("a selected row") { $0.selectedItem(ofList: Self.tree) != nil }
        let rows = tree.first(role: "list", name: Self.tree)?.children ?? []
        if rows.contains(where: { $0.states.contains("focused") && $0.states.contains("selected") }) { return }
        let name = try #require(tree.selectedItem(ofList: Self.tree))
        let index = try #require(rows.firstIndex { $0.states.contains("selected") })
        let nth = rows[..<index].filter { $0.name == name }.count
        try session.click(Locator(role: "list item", name: name, nth: nth, within: Self.tree))
    }

    /// The value's entry, as a locator.
    private var entry: Locator { Locator(role: "text", name: "Value", within: Self.pane) }

    /// Focuses the value's entry (which begins typing) and sets its text as typed.
    private func typeValue(_ text: String) async throws {
        try await wait("the value's entry") { Self.valueControl(in: $0)?.role == "text" }
        // The click begins typing (the entry's focus), then the text is set as typed.
        try session.reveal(entry, in: Self.pane)
        try session.click(entry, across: 0.15)
        try session.setText(entry, text)
        try await wait("the value typed") { Self.value(in: $0) == text }
    }

    /// Enter in the entry: the value is written, or refused with its reason shown.
    private func commitValue() async throws {
        try await valueKey("Return")
        try await wait("the value written or refused") { tree in
            Self.heading(in: tree).map { !$0.contains("not applied") } == true || Self.problem(in: tree) != nil
        }
    }

    /// Presses `key` in the value's entry, clicked first so the key reaches it
    /// (the click and the key arrive in order).
    private func valueKey(_ key: String) async throws {
        try await wait("the value's entry") { Self.valueControl(in: $0)?.role == "text" }
        try session.reveal(entry, in: Self.pane)
        try session.click(entry, across: 0.15)
        try session.key(key)
    }

    // MARK: Readings

    /// The value's control that shows (entry, switch, text area).
    static func valueControl(in tree: AccessibleNode) -> AccessibleNode? {
        tree.first(name: pane)?.all.first { $0.name == "Value" && $0.role != "label" && $0.isShowing }
    }

    /// The value the field shows: the entry's text, `true`/`false` for a switch.
    static func value(in tree: AccessibleNode) -> String? {
        guard let control = valueControl(in: tree) else { return nil }
        return control.text ?? (control.isChecked ? "true" : "false")
    }

    /// The label described `description` in the YAML inspector, while it shows.
    private static func label(_ description: String, in tree: AccessibleNode) -> AccessibleNode? {
        tree.first(name: pane)?.all.first { $0.accessibleDescription == description && $0.role == "label" && $0.isShowing }
    }

    /// The value's heading: `value`, then `editing`, `not applied`.
    static func heading(in tree: AccessibleNode) -> String? { label("Value heading", in: tree)?.name }

    /// The field's message, while one shows.
    static func problem(in tree: AccessibleNode) -> String? {
        label("Field message", in: tree).flatMap { $0.name.isEmpty ? nil : $0.name }
    }

    /// A row of the tree as the headless runner writes it: two spaces a
    /// level, `▸`/`▾` before a collection, then its name.
    static func rowText(_ row: AccessibleNode, indented: Bool) -> String {
        let level = Int(row.accessibleDescription.dropFirst("level ".count)) ?? 1
        let marker = row.states.contains("expanded") ? "▾ " : row.states.contains("expandable") ? "▸ " : ""
        return (indented ? String(repeating: "  ", count: max(level - 1, 0)) : "") + marker + row.name
    }

    private static func rows(in tree: AccessibleNode) -> [AccessibleNode] {
        tree.first(role: "list", name: Self.tree)?.children.filter { $0.role == "list item" } ?? []
    }

    /// The reading of a YAML expectation; `nil` when `name` is not one.
    func yamlReading(_ name: String, _ expected: Scenario.Expectation) -> Reading? {
        let text = expected.text ?? expected.description
        let items = expected.list
        switch name {
        case "rowCount":
            return .check { $0.status?.contains(" of \(text)") == true && Self.rows(in: $0).count == Int(text) }
        case "rows":
            return .check { tree in
                let rows = Self.rows(in: tree).map { Self.rowText($0, indented: true) }
                return rows.count == items.count && zip(items, rows).allSatisfy { Self.matches($0, $1) }
            }
        case "selectedRow":
            return .check { tree in
                guard let row = Self.rows(in: tree).first(where: { $0.states.contains("selected") }) else { return text == "none" }
                return Self.matches(text, Self.rowText(row, indented: false))
            }
        case "path":
            return .check { tree in
                guard let path = Self.label("Node path", in: tree)?.name else { return false }
                return path == (text == "none" ? "No node selected" : text.isEmpty ? "(document root)" : text)
            }
        case "value":
            return .check { Self.value(in: $0) == (text == "none" ? nil : text) }
        case "valueType":
            return .check { tree in
                if text == "none" { return Self.heading(in: tree) == nil }
                return tree.first(name: Self.pane)?.first(nameStartingWith: "Value type: ")?.name == "Value type: \(text)"
            }
        case "valueProblem":
            if text == "none" { return .check { Self.problem(in: $0) == nil } }
            return .check { tree in Self.problem(in: tree).map { Self.matches(text, $0) } ?? false }
        case "editingValue":
            let editing = text == "true"
            return .check { (Self.heading(in: $0).map { $0.contains("editing") } ?? false) == editing }
        case "shared":
            return .check { tree in
                guard let note = Self.label("Shared value", in: tree)?.name else { return items.isEmpty }
                return items.count == 1 && Self.matches(items[0], note)
            }
        case "mistakes":
            return .check { tree in
                guard let panel = tree.first(name: Self.pane)?.first(name: "Mistakes"), panel.isShowing else { return items.isEmpty }
                let lines = panel.all.filter { $0.role == "label" }.map(\.name)
                return lines.count == items.count && zip(items, lines).allSatisfy { Self.matches($0, $1) }
            }
        case "fixes":
            return .check { tree in
                guard let button = tree.first(name: Self.pane)?.first(role: "push button", name: "Apply fix"), button.isShowing else { return items.isEmpty }
                return items.first.map { Self.matches($0, button.accessibleDescription) } ?? false
            }
        case "documentCount":
            guard let count = Int(text) else { return .unknown }
            return .check { tree in
                let documents = Self.rows(in: tree).filter { $0.name.hasPrefix("Document ") && $0.accessibleDescription == "level 1" }.count
                return Self.rows(in: tree).isEmpty == false && documents == (count == 1 ? 0 : count)
            }
        default:
            return nil
        }
    }
}
