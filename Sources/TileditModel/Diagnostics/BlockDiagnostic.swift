import Foundation

/// A diagnostic as a parser records it, before the block's place in the file
/// is known: `range` and fix edits are byte ranges relative to the start of
/// the block. `MarkdownDocument` turns it into a `Diagnostic`.
struct BlockDiagnostic: Sendable, Hashable {
    var severity: Diagnostic.Severity
    var code: DiagnosticCode
    var message: String
    var range: Range<Int>
    var fix: DiagnosticFix?

    init(_ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ message: String, range: Range<Int>, fix: DiagnosticFix? = nil) {
        self.severity = severity
        self.code = code
        self.message = message
        self.range = range
        self.fix = fix
    }

    /// A placeholder for a line number in a message, `offset` lines below the
    /// block's first line; `MarkdownDocument` writes the file line number in
    /// its place, so messages stay right when lines above the block change.
    static func line(_ offset: Int) -> String { "{line+\(offset)}" }

    /// `message` with line placeholders replaced, for a block starting at `firstLine`.
    func resolvedMessage(firstLine: Int) -> String {
        // A byte scan first: most messages have no placeholder.
        guard message.utf8.contains(UInt8(ascii: "{")), message.contains("{line+") else { return message }
        var result = ""
        var rest = message[...]
        while let open = rest.range(of: "{line+") {
            result += rest[..<open.lowerBound]
            let digits = rest[open.upperBound...].prefix { $0.isNumber }
            let close = rest.index(open.upperBound, offsetBy: digits.count)
            guard close < rest.endIndex, rest[close] == "}", let offset = Int(digits) else {
                result += rest[open]
                rest = rest[open.upperBound...]
                continue
            }
            result += String(firstLine + offset)
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The same diagnostic with its ranges moved by `offset` bytes.
    func shifted(by offset: Int) -> BlockDiagnostic {
        var copy = self
        copy.range = (range.lowerBound + offset)..<(range.upperBound + offset)
        if let fix {
            copy.fix = DiagnosticFix(title: fix.title, edits: fix.edits.map {
                TextEdit(range: ($0.range.lowerBound + offset)..<($0.range.upperBound + offset), replacement: $0.replacement)
            })
        }
        return copy
    }
}
