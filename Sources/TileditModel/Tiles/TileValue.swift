/// A tile property's value as written in the tile body (ARCHITECTURE.md, "The Tiledown format",
/// tile body grammar). Values are raw strings: quotes are kept as typed and
/// nothing is re-typed.
public enum TileValue: Sendable, Hashable {
    /// `key: value` on one line: the trimmed text after the first `:`
    /// (empty for `key:` alone).
    case text(String)
    /// `key:` followed by `- item` lines: the items, each trimmed.
    case list([String])
    /// `key: |` followed by indented lines: the lines with their common
    /// indentation removed, blank lines kept, joined by `\n`, without a
    /// final line break (trailing blank lines are not part of the value).
    case literal(String)

    /// The value as one string: list items are joined with `, `.
    public var text: String {
        switch self {
        case .text(let value), .literal(let value): value
        case .list(let items): items.joined(separator: ", ")
        }
    }

    /// The value as a list of items: a list's items, or a comma-separated
    /// text split at commas and trimmed (empty items dropped).
    public var items: [String] {
        switch self {
        case .list(let items): items
        case .text(let value), .literal(let value):
            value.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
        }
    }

    /// Whether the value has no text (an empty text, literal or list).
    public var isEmpty: Bool {
        switch self {
        case .text(let value), .literal(let value): value.isEmpty
        case .list(let items): items.isEmpty
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
