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
    /// component written without leading zeros (`0`, `12`) is a sequence
    /// index when the node there is a sequence (resolution decides),
    /// otherwise a key (`007` is always a key). A component in double quotes
    /// (`a."b.c"`) is a key that may contain dots; inside the quotes `\"` is
    /// a quote and `\\` a backslash. The text is read by Unicode scalars, so a
    /// `.` followed by a combining mark still separates components.
    public init(parsing text: String) {
        var components: [YAMLPathComponent] = []
        var current = String.UnicodeScalarView()
        var quoted = false
        var wasQuoted = false
        var escaped = false
        for scalar in text.unicodeScalars {
            if escaped {
                current.append(scalar)
                escaped = false
            } else if quoted && scalar == "\\" {
                escaped = true
            } else if scalar == "\"" {
                quoted.toggle()
                wasQuoted = true
            } else if scalar == "." && !quoted {
                components.append(Self.component(String(current), quoted: wasQuoted))
                current = String.UnicodeScalarView()
                wasQuoted = false
            } else {
                current.append(scalar)
            }
        }
        components.append(Self.component(String(current), quoted: wasQuoted))
        self.components = components
    }

    private static func component(_ text: String, quoted: Bool) -> YAMLPathComponent {
        let bytes = Array(text.utf8)
        let isIndex = !quoted && !bytes.isEmpty && bytes.count <= 18 && bytes.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            && (bytes.count == 1 || bytes[0] != 0x30)
        if isIndex, let index = Int(text) { return .index(index) }
        return .key(text)
    }

    public var description: String { components.map(\.description).joined(separator: ".") }

    /// The path as messages name it: "the document root" for the empty
    /// path, else the path in backticks (`` `a.b.0` ``), its keys quoted
    /// (`quotedText`) when one is empty or holds a dot or a quote, which
    /// the dotted form would not show.
    public var displayText: String {
        guard !components.isEmpty else { return "the document root" }
        let ambiguous = components.contains { component in
            guard case .key(let key) = component else { return false }
            return key.isEmpty || key.contains(".") || key.contains("\"")
        }
        return "`" + (ambiguous ? quotedText : description) + "`"
    }

    /// The path with every key in double quotes (`\"` and `\\` escaped
    /// inside) and indexes as digits, which `init(parsing:)` reads back as
    /// exactly this path, whatever its keys hold (dots, quotes, digits).
    public var quotedText: String {
        components.map { component in
            switch component {
            case .index(let index): String(index)
            case .key(let key):
                "\"" + key.unicodeScalars.map { $0 == "\\" || $0 == "\"" ? "\\\($0)" : String($0) }.joined() + "\""
            }
        }.joined(separator: ".")
    }
}
