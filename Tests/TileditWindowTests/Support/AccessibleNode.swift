/// One element of the window's AT-SPI tree as the driver reads it.
struct AccessibleNode: Decodable, CustomStringConvertible {
    /// AT-SPI's role name: "push button", "list", "list item", "label", "frame"…
    let role: String
    /// The accessible name ("" when it has none).
    let name: String
    /// The accessible description ("" when it has none).
    let accessibleDescription: String
    /// AT-SPI state names: "focusable", "focused", "selected", "showing", "sensitive"…
    let states: [String]
    /// Action names ("click"); not read for labels and containers.
    let actions: [String]
    /// The contents of a text element.
    let text: String?
    let children: [AccessibleNode]

    private enum CodingKeys: String, CodingKey {
        case role, name, accessibleDescription = "description", states, actions, text, children
    }

    /// This element and every one below it, depth first.
    var all: [AccessibleNode] {
        var result = [self]
        for child in children { result += child.all }
        return result
    }

    /// The first element, depth first, with this role and name.
    func first(role: String? = nil, name: String? = nil) -> AccessibleNode? {
        all.first { (role == nil || $0.role == role) && (name == nil || $0.name == name) }
    }

    /// The first element whose name contains `text`.
    func first(nameContaining text: String, role: String? = nil) -> AccessibleNode? {
        all.first { $0.name.contains(text) && (role == nil || $0.role == role) }
    }

    /// Whether some element's name contains `text`.
    func contains(_ text: String) -> Bool { all.contains { $0.name.contains(text) } }

    /// Names of the items of the list named `list`, in order.
    func items(ofList list: String) -> [String] {
        first(role: "list", name: list)?.children.filter { $0.role == "list item" }.map(\.name) ?? []
    }

    /// The name of the selected item of the list named `list`.
    func selectedItem(ofList list: String) -> String? {
        first(role: "list", name: list)?.children.first { $0.states.contains("selected") }?.name
    }

    /// The first element named `name` inside an element named `within`
    /// (any of them, in order: a dialog may share its title with the
    /// button that opens it), as the driver's `within` reads it.
    func first(name: String, within: String) -> AccessibleNode? {
        all.lazy.filter { $0.name == within }.compactMap { $0.all.dropFirst().first { $0.name == name } }.first
    }

    /// The first element, depth first, whose name starts with `prefix`.
    func first(nameStartingWith prefix: String, role: String? = nil) -> AccessibleNode? {
        all.first { $0.name.hasPrefix(prefix) && (role == nil || $0.role == role) }
    }

    /// The first element whose accessible description is `description`.
    func first(descriptionOf description: String) -> AccessibleNode? {
        all.first { $0.accessibleDescription == description }
    }

    /// Whether a toggle (a switch, a toggle button) is on.
    var isChecked: Bool { states.contains("checked") || states.contains("pressed") }

    /// Whether the element is on screen (visible, and its window mapped).
    var isShowing: Bool { states.contains("showing") || states.contains("visible") }

    /// The window's top-level elements other than the main window: its
    /// dialogs, the settings window, the keyboard shortcuts window.
    private var otherWindows: [AccessibleNode] {
        children.filter { $0.first(name: "Documents pane") == nil }
    }

    /// The settings window, while it is open.
    var settingsWindow: AccessibleNode? { otherWindows.first { $0.name == "Settings" } }

    /// A control of the settings window (not its label).
    func settingsControl(_ name: String) -> AccessibleNode? {
        settingsWindow?.all.first { $0.name == name && $0.role != "label" }
    }

    /// The keyboard shortcuts window, while it is open.
    var shortcutsWindow: AccessibleNode? { otherWindows.first { $0.name.contains("Shortcuts") } }

    /// The titles of the dialogs open (alerts, questions, prompts, sheets).
    var dialogTitles: [String] {
        otherWindows.filter { $0.name != "Settings" && !$0.name.contains("Shortcuts") }.map(\.name)
    }

    /// The messages of the dialogs open (their accessible descriptions).
    var dialogMessages: [String] {
        otherWindows.map(\.accessibleDescription)
    }

    /// The dialog titled `title`.
    func dialog(_ title: String) -> AccessibleNode? { otherWindows.first { $0.name == title } }

    /// The selected block's text area, when it shows.
    var textArea: AccessibleNode? { all.first { $0.name == "Block text" && $0.text != nil && $0.isShowing } }

    /// The window's status line (the label described as "Status").
    var status: String? {
        all.first { $0.role == "label" && $0.accessibleDescription == "Status" }?.name
    }

    var isFocusable: Bool { states.contains("focusable") }

    /// Whether the element is visible (a closed popover stays in the tree, not visible).
    var isVisible: Bool { states.contains("visible") }

    /// Whether the search popover is open.
    var isSearchOpen: Bool { first(name: "Search popover")?.isVisible ?? false }

    var description: String { render(depth: 0) }

    private func render(depth: Int) -> String {
        let line = String(repeating: "  ", count: depth) + "\(role) \"\(name)\"" + (states.contains("focusable") ? " focusable" : "")
            + (text.map { " text: \($0.debugDescription)" } ?? "")
        return ([line] + children.map { $0.render(depth: depth + 1) }).joined(separator: "\n")
    }
}

/// Finds an element for the driver: the first, depth first, with the role
/// and name given, optionally the `nth` such (from 0) and only inside an
/// element named `within`.
struct Locator: CustomStringConvertible {
    var role: String?
    var name: String?
    var nth: Int?
    var within: String?

    init(role: String? = nil, name: String? = nil, nth: Int? = nil, within: String? = nil) {
        self.role = role
        self.name = name
        self.nth = nth
        self.within = within
    }

    static func button(_ name: String) -> Locator { Locator(role: "push button", name: name) }

    var description: String { [role, name.map { "\"\($0)\"" }, within.map { "in \"\($0)\"" }].compactMap { $0 }.joined(separator: " ") }
}
