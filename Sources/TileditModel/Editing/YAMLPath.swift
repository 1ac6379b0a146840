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

    /// Parses a dotted path as `init(parsing:)` does, after checking that
    /// the text names its keys one way only (`set --yaml`, `set
    /// --front-matter`): a `"` only opens a whole key and its closing `"`
    /// ends it (`a."b.c"`, not `x"b.c"` nor `"b.c"x`), every quote is
    /// closed, only `\"` and `\\` are escapes inside quotes, and no key
    /// between dots is empty unless written `""`.
    ///
    /// - Throws: `EditError.pathNotFound` with `syntaxProblem(in:)`'s
    ///   sentence when the text is not such a path; nothing is looked up.
    public init(validating text: String) throws(EditError) {
        if let problem = Self.syntaxProblem(in: text) { throw .pathNotFound(message: problem) }
        self.init(parsing: text)
    }

    /// Why `text` is not a dotted path that names one node, with the
    /// position of the fault in characters from 1 (Unicode scalars, as the
    /// path is read), or `nil` when it is one. `init(parsing:)` reads any
    /// text, and would read `"a.b` as the key `a.b` and `x"a.b"` as the key
    /// `xa.b`: keys the user did not write.
    public static func syntaxProblem(in text: String) -> String? {
        enum State { case componentStart, unquoted, quoted, escaped, closed }
        var state = State.componentStart
        var openedAt = 0
        func problem(_ position: Int, _ reason: String) -> String {
            "`\(text)` is not a path: \(reason) (character \(position)); a key holding dots or quotes is written whole in double quotes, as `a.\"b.c\"`"
        }
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            let position = offset + 1
            switch state {
            case .componentStart:
                if scalar == "." { return problem(position, "a key is empty (an empty key is written `\"\"`)") }
                if scalar == "\"" {
                    state = .quoted
                    openedAt = position
                } else {
                    state = .unquoted
                }
            case .unquoted:
                if scalar == "." { state = .componentStart }
                if scalar == "\"" { return problem(position, "a `\"` inside a key that does not start with one") }
            case .quoted:
                if scalar == "\\" { state = .escaped }
                if scalar == "\"" { state = .closed }
            case .escaped:
                guard scalar == "\"" || scalar == "\\" else {
                    return problem(position - 1, "`\\\(scalar)` is no escape; inside quotes only `\\\"` and `\\\\` are")
                }
                state = .quoted
            case .closed:
                guard scalar == "." else { return problem(position, "text after the quoted key's closing `\"`") }
                state = .componentStart
            }
        }
        switch state {
        case .componentStart:
            return text.isEmpty ? "the path is empty" : problem(text.unicodeScalars.count, "the path ends with a dot")
        case .quoted, .escaped:
            return problem(openedAt, "the `\"` opened here is never closed")
        case .unquoted, .closed:
            return nil
        }
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
