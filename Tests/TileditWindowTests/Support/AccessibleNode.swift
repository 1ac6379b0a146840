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
