/// A stable identity for a block: kept when the block is edited or
/// re-parsed, so selection, undo and a renderer's list identity survive edits
/// (ARCHITECTURE.md, "The editing model"). Identities are unique within one document.
public struct BlockID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public var rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    public static func < (lhs: BlockID, rhs: BlockID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "#\(rawValue)" }
}

/// One block of a document with where it is in the file.
public struct Block: Sendable, Hashable, Identifiable {
    /// Stable identity.
    public var id: BlockID
    /// What the block is.
    public var kind: BlockKind
    /// The block's bytes in the file: from the start of its first line to
    /// the end of its last line, including that line's terminator when it
    /// has one. Blank lines between blocks belong to no block.
    public var range: Range<Int>
    /// File lines the block covers, counted from 1.
    public var lines: ClosedRange<Int>
    /// Problems found in the block, in file coordinates.
    public var diagnostics: [Diagnostic]

    public init(id: BlockID, kind: BlockKind, range: Range<Int>, lines: ClosedRange<Int>, diagnostics: [Diagnostic]) {
        self.id = id
        self.kind = kind
        self.range = range
        self.lines = lines
        self.diagnostics = diagnostics
    }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
