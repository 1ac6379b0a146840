extension FrontMatterField {
    /// The value as lines to show: for a YAML mapping or list value, one
    /// line a key or item (`name: A`, `- title: x`), nested levels indented
    /// two spaces more, each level from column 1 whatever its indentation
    /// in the file; for any other value, `value`. Nesting past 64 levels
    /// shows as `…` (the recursion is bounded).
    public var outline: String {
        guard let node else { return value }
        switch node.content {
        case .scalar, .alias: return value
        case .mapping, .sequence: break
        }
        var lines: [String] = []
        Self.outline(node, indent: "", into: &lines, depth: 64)
        return lines.joined(separator: "\n")
    }

    private static func outline(_ node: YAMLNode, indent: String, into lines: inout [String], depth: Int) {
        guard depth > 0 else {
            lines.append(indent + "…")
            return
        }
        switch node.content {
        case .scalar(let scalar): lines.append(indent + scalar.value)
        case .alias(let name): lines.append(indent + "*" + name)
        case .mapping(let pairs):
            for pair in pairs {
                let key = pair.key.scalar?.value ?? "?"
                if let leaf = leafText(pair.value) {
                    lines.append(indent + key + ":" + (leaf.isEmpty ? "" : " " + leaf))
                } else {
                    lines.append(indent + key + ":")
                    outline(pair.value, indent: indent + "  ", into: &lines, depth: depth - 1)
                }
            }
        case .sequence(let items):
            for item in items {
                if let leaf = leafText(item) {
                    lines.append(indent + "- " + leaf)
                    continue
                }
                // The item's first line follows the dash; the rest line up under it.
                var nested: [String] = []
                outline(item, indent: "", into: &nested, depth: depth - 1)
                for (index, line) in nested.enumerated() {
                    lines.append(indent + (index == 0 ? "- " : "  ") + line)
                }
            }
        }
    }

    /// A scalar's or alias's text (one line), `nil` for a collection.
    private static func leafText(_ node: YAMLNode) -> String? {
        switch node.content {
        case .scalar(let scalar): scalar.value
        case .alias(let name): "*" + name
        case .mapping, .sequence: nil
        }
    }
}
