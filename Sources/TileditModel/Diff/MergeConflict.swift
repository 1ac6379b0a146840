/// A region of a `ThreeWayMerge` that both sides changed differently: the
/// base's lines and each side's, with where they start (lines from 1).
public struct MergeConflict: Sendable, Hashable {
    /// The lines as both sides started from them (empty where both inserted).
    public var baseLines: [MergeLine]
    /// The editor's lines.
    public var oursLines: [MergeLine]
    /// The lines on disk.
    public var theirsLines: [MergeLine]
    /// First line of the region in the base (from 1; for an empty region,
    /// the line the insertions come before).
    public var baseStart: Int
    /// First line of the region in the editor's text (from 1).
    public var oursStart: Int
    /// First line of the region on disk (from 1).
    public var theirsStart: Int

    public init(baseLines: [MergeLine], oursLines: [MergeLine], theirsLines: [MergeLine], baseStart: Int, oursStart: Int, theirsStart: Int) {
        self.baseLines = baseLines
        self.oursLines = oursLines
        self.theirsLines = theirsLines
        self.baseStart = baseStart
        self.oursStart = oursStart
        self.theirsStart = theirsStart
    }
}
