/// One hunk of a unified diff: where it sits on each side and its lines.
public struct DiffHunk: Sendable, Hashable {
    /// First line of the old side (from 1; the line before, 0 at the top,
    /// when the hunk holds none of its lines).
    public var oldStart: Int
    /// Lines of the old side in the hunk.
    public var oldCount: Int
    /// First line of the new side, as `oldStart`.
    public var newStart: Int
    /// Lines of the new side in the hunk.
    public var newCount: Int
    /// The hunk's lines in order.
    public var lines: [DiffLine]

    public init(oldStart: Int, oldCount: Int, newStart: Int, newCount: Int, lines: [DiffLine]) {
        self.oldStart = oldStart
        self.oldCount = oldCount
        self.newStart = newStart
        self.newCount = newCount
        self.lines = lines
    }

    /// `@@ -oldStart,oldCount +newStart,newCount @@`.
    public var header: String { "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@" }
}
