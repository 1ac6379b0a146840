/// A step into a YAML tree: a mapping key or a sequence index.
public enum YAMLPathComponent: Sendable, Hashable, CustomStringConvertible {
    case key(String)
    /// A 0-based sequence index.
    case index(Int)

    public var description: String {
        switch self {
        case .key(let key): key
        case .index(let index): String(index)
        }
    }
}

/// A path from a document's root to a node, e.g. `services.web.ports.0`.
public struct YAMLPath: Sendable, Hashable, CustomStringConvertible {
    public var components: [YAMLPathComponent]

    public init(_ components: [YAMLPathComponent]) {
        self.components = components
    }

    /// Parses a dotted path: components split at `.`; an all-digit
    /// component is a sequence index when the node there is a sequence
    /// (resolution decides), otherwise a key. A component in double quotes
    /// (`a."b.c"`) is a key that may contain dots.
    public init(parsing text: String) {
        var components: [YAMLPathComponent] = []
        var current = ""
        var quoted = false
        for character in text {
            if character == "\"" {
                quoted.toggle()
            } else if character == "." && !quoted {
                components.append(Self.component(current))
                current = ""
            } else {
                current.append(character)
            }
        }
        components.append(Self.component(current))
        self.components = components
    }

    private static func component(_ text: String) -> YAMLPathComponent {
        if let index = Int(text), !text.isEmpty, text.allSatisfy(\.isNumber) { return .index(index) }
        return .key(text)
    }

    public var description: String { components.map(\.description).joined(separator: ".") }
}
