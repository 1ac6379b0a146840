/// How one diagnostic of a `YAMLFileDocument` was found, kept beside it so
/// an incremental read can keep, move or replace it without checking the
/// whole file again: its rank (the order of diagnostics starting at the
/// same byte) and, when its message names lines, the message before they
/// were written in.
struct YAMLDiagnosticSource: Sendable, Hashable {
    /// Where the diagnostic comes from (`YAMLChecks.Rank`).
    var rank: YAMLChecks.Rank
    /// The message with its line placeholders (`BlockDiagnostic.line`),
    /// `nil` when it names no line.
    var template: String?
    /// The line (from 1) the placeholders were counted from when written.
    var firstLine: Int

    /// The source of `diagnostic` found with `rank`, its placeholders
    /// counted from `firstLine`.
    init(_ diagnostic: BlockDiagnostic, rank: YAMLChecks.Rank, firstLine: Int) {
        self.rank = rank
        let message = diagnostic.message
        template = message.utf8.contains(UInt8(ascii: "{")) && message.contains("{line+") ? message : nil
        self.firstLine = firstLine
    }
}
