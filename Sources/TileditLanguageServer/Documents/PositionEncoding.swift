/// How the `character` of an LSP `Position` counts (LSP 3.17,
/// `PositionEncodingKind`): UTF-16 code units unless client and server
/// agree on UTF-8 bytes during `initialize`.
public enum PositionEncoding: String, Sendable, Hashable {
    /// UTF-16 code units: the protocol's default; a character outside the
    /// Basic Multilingual Plane counts 2.
    case utf16 = "utf-16"
    /// UTF-8 code units (bytes).
    case utf8 = "utf-8"

    /// The encoding to use given the client's `general.positionEncodings`:
    /// UTF-8 when offered, else UTF-16.
    public static func negotiated(offered: [String]) -> PositionEncoding {
        offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
    }
}

/// A position as the protocol gives it: a line from 0 and a character
/// offset from 0 on that line, in the negotiated encoding.
public struct LSPPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public static func < (lhs: LSPPosition, rhs: LSPPosition) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }

    public var description: String { "\(line):\(character)" }

    var json: JSON { .object([("line", .int(line)), ("character", .int(character))]) }

    init?(json: JSON?) {
        guard let line = json?["line"]?.int, let character = json?["character"]?.int, line >= 0, character >= 0 else { return nil }
        self.init(line: line, character: character)
    }
}

/// A range of two positions, end exclusive.
public struct LSPRange: Sendable, Hashable, CustomStringConvertible {
    public var start: LSPPosition
    public var end: LSPPosition

    public init(start: LSPPosition, end: LSPPosition) {
        self.start = start
        self.end = end
    }

    public var description: String { "\(start)-\(end)" }

    var json: JSON { .object([("start", start.json), ("end", end.json)]) }

    init?(json: JSON?) {
        guard let start = LSPPosition(json: json?["start"]), let end = LSPPosition(json: json?["end"]) else { return nil }
        self.init(start: start, end: end)
    }
}
