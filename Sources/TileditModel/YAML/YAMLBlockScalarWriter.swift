/// Writes a value as a block scalar of a given style, keeping the old
/// scalar's indicators where they can hold the new text (YAML 1.2 §8.1):
///
/// - the chomping indicator follows the value's final line breaks: none is
///   strip (`-`), one is clip (or keep, `+`, when the old scalar kept and
///   no empty line follows it), more is keep, with the extra ones written
///   as empty lines;
/// - the indentation indicator is kept, and added when the first line of
///   text starts with a space (auto-detection would take the space for
///   indentation) or there is no line of text (it would take the next
///   indented line, a comment, for the content);
/// - what followed the indicators on the header line (a comment) stays;
/// - literal lines are written as they are; folded lines so that folding
///   gives the text back: two lines of text become one with a space, so a
///   line break between two lines that do not start with a space or a tab
///   is written as an empty line.
///
/// Text a block scalar cannot hold is refused with the reason: a carriage
/// return (read as a line break) and characters YAML allows only as
/// escapes (control characters but the tab, U+0085, U+2028, U+2029, a byte
/// order mark). The caller reads the result back before keeping it.
enum YAMLBlockScalarWriter {
    /// A block scalar's text and what it asks of the bytes around it.
    struct Written: Equatable {
        /// From the header through the last line written, without a final line break.
        var text: String
        /// Whether the empty lines following the old scalar are the new
        /// one's (keep chomping), so the edit replaces them too.
        var takesFollowingEmptyLines: Bool
    }

    /// Why `value` cannot be a block scalar, or `nil` when it can.
    static func problem(with value: String) -> String? {
        for scalar in value.unicodeScalars {
            if scalar == "\r" {
                return "the text holds a carriage return, which a block scalar reads as a line break; remove it"
            }
            if scalar != "\n" && scalar != "\t" && YAMLScalarWriter.needsEscape(scalar) {
                let code = String(scalar.value, radix: 16, uppercase: true)
                return "the text holds U+\(String(repeating: "0", count: Swift.max(0, 4 - code.count)) + code), which a block scalar cannot hold; remove it"
            }
        }
        return nil
    }

    /// The block scalar holding `value`.
    ///
    /// - Parameters:
    ///   - value: the text to hold.
    ///   - header: the old scalar's header, whose style is written.
    ///   - contentIndent: the old scalar's content indentation, in spaces
    ///     (`nil` when it had no line of text).
    ///   - parentColumn: the column of its key or `-` (0 for a document's
    ///     root), which indentation indicators count from.
    ///   - followingEmptyLines: the empty lines right after the old scalar.
    ///   - atEndOfText: whether the old scalar ends the text (no line break after it).
    ///   - lineEnding: the file's line ending.
    /// - Throws: `EditError.invalidValue` when a block scalar cannot hold `value` (see the type's notes).
    static func write(
        _ value: String, header: YAMLBlockScalarHeader, contentIndent: Int?, parentColumn: Int,
        followingEmptyLines: Int, atEndOfText: Bool, lineEnding: LineEnding
    ) throws(EditError) -> Written {
        if let problem = problem(with: value) { throw .invalidValue(message: problem) }
        var body = Substring(value)
        var finalBreaks = 0
        while body.last == "\n" {
            body = body.dropLast()
            finalBreaks += 1
        }
        let lines = body.isEmpty ? [] : body.split(separator: "\n", omittingEmptySubsequences: false)
        var written = header
        // Chomping: the final line breaks decide; keep stays while it can.
        var extraEmptyLines = 0
        switch finalBreaks {
        case 0:
            written.chomping = .strip
        case 1 where !lines.isEmpty:
            written.chomping = header.chomping == .keep && followingEmptyLines == 0 ? .keep : .clip
        default:
            written.chomping = .keep
            extraEmptyLines = lines.isEmpty ? finalBreaks : finalBreaks - 1
        }
        // Indentation: the indicator's, else the old lines', else two past the parent.
        var indent = contentIndent ?? (parentColumn + 2)
        if let indicator = header.indentation { indent = parentColumn + indicator }
        let firstText = lines.first { !$0.isEmpty }
        // Bytes, not characters: a space followed by a combining mark is one
        // `Character`. With no line of text, the indicator keeps the lines
        // below (an indented comment) from being taken for the content.
        if written.indentation == nil, firstText.map({ $0.utf8.first == Byte.space }) ?? true {
            var step = indent - parentColumn
            if step < 1 || step > 9 {
                step = 2
                indent = parentColumn + 2
            }
            written.indentation = step
        }
        let spaces = String(repeating: " ", count: indent)
        let newline = lineEnding.string
        var text = written.text
        switch header.style {
        case .folded:
            text += foldedLines(lines, spaces: spaces, newline: newline)
        default:
            for line in lines { text += newline + (line.isEmpty ? "" : spaces + line) }
        }
        // Keep chomping: the following empty lines become the scalar's, so
        // the extra line breaks are written less those already there.
        let takesFollowing = written.chomping == .keep
        if written.chomping == .clip && atEndOfText && !lines.isEmpty {
            // Nothing follows: the final line break is written, so the value has it.
            text += newline
        }
        if takesFollowing {
            // At the end of the text no line break follows the scalar: each one is written.
            let count = atEndOfText ? extraEmptyLines + (lines.isEmpty ? 0 : 1) : extraEmptyLines
            text += String(repeating: newline, count: count)
        }
        return Written(text: text, takesFollowingEmptyLines: takesFollowing && !atEndOfText)
    }

    /// Lines of text written so that folding gives them back: between two
    /// lines that both start with neither a space nor a tab one more empty
    /// line than the text has (a single line break folds into a space);
    /// next to a more indented line, as many as the text has.
    private static func foldedLines(_ lines: [Substring], spaces: String, newline: String) -> String {
        var text = ""
        var emptyRun = 0
        var previous: Substring?
        for line in lines {
            if line.isEmpty {
                emptyRun += 1
                continue
            }
            var empties = emptyRun
            if let previous, !isMoreIndented(previous), !isMoreIndented(line) { empties += 1 }
            text += String(repeating: newline, count: empties) + newline + spaces + line
            previous = line
            emptyRun = 0
        }
        return text + String(repeating: newline, count: emptyRun)
    }

    private static func isMoreIndented(_ line: Substring) -> Bool {
        line.utf8.first.map(Byte.isSpaceOrTab) ?? false
    }
}
