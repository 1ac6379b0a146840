import TileditModel

/// The laws of the canonical formatter (ARCHITECTURE.md, "The editing
/// model", law 5), shared by the `formatter` fuzz target and the model's
/// tests: formatting is idempotent, keeps the blocks (count, kinds up to
/// the rewrites it makes, tiles' types and values, front matter fields, so
/// front matter and tiles end where they ended) and renders the same HTML.
public enum FormatterLaws {
    /// The first law `bytes` breaks when formatted in `dialect`, as a
    /// sentence quoting the input and the output, or `nil` when it keeps
    /// them all.
    public static func violation(_ bytes: [UInt8], dialect: FrontMatterDialect) -> String? {
        let formatter = CanonicalFormatter()
        let document = MarkdownDocument(bytes: bytes, dialect: dialect)
        let once = formatter.format(document)
        if once == bytes { return nil }
        let formatted = MarkdownDocument(bytes: once, dialect: dialect)
        let twice = formatter.format(formatted)
        if twice != once {
            return "\(dialect): not idempotent: \(text(bytes)) became \(text(once)), then \(text(twice))"
        }
        let before = document.blocks.map(signature)
        let after = formatted.blocks.map(signature)
        if before != after {
            let first = Array(zip(before, after)).firstIndex { $0.0 != $0.1 } ?? min(before.count, after.count)
            return "\(dialect): \(text(bytes)) became \(text(once)); block \(first): \(before.dropFirst(first).prefix(2)) became \(after.dropFirst(first).prefix(2))"
        }
        let html = withoutNotices(HTMLRenderer().renderBody(document))
        let formattedHTML = withoutNotices(HTMLRenderer().renderBody(formatted))
        if html != formattedHTML {
            return "\(dialect): \(text(bytes)) became \(text(once)), which renders \(formattedHTML.debugDescription), not \(html.debugDescription)"
        }
        return nil
    }

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self).debugDescription }

    /// What the formatter must keep of a block: its kind up to the rewrites
    /// it makes (setext to ATX headings, indented to fenced code, bullet
    /// characters, tile property order and shorthands), a tile's type and
    /// values, front matter's fields.
    private static func signature(_ block: Block) -> String {
        switch block.kind {
        case .frontMatter(let frontMatter):
            return "front matter " + frontMatter.fields.map { "\($0.key.debugDescription)=\($0.value.debugDescription)" }.joined(separator: ",")
        case .tile(let tile):
            let properties = tile.properties.map { "\($0.key.debugDescription)=\(canonical($0.value))" }.sorted()
            return "tile \(tile.type.debugDescription) " + properties.joined(separator: ",")
        case .heading(let level, _): return "heading \(level)"
        case .fencedCode(let info):
            switch FencedCodeMeaning(info: info) {
            case .chart, .mermaid: return "tile \(block.kind.displayName)"
            case .code: return "code"
            }
        case .indentedCode: return "code"
        default: return block.kind.displayName
        }
    }

    /// A value as the formatter may write it: a literal of one line is
    /// written as a plain value (`TileWriter`), which reads back as text
    /// with the same characters and renders the same.
    private static func canonical(_ value: TileValue) -> TileValue {
        if case .literal(let text) = value, !text.utf8.contains(10), !text.utf8.contains(13) { return .text(text) }
        return value
    }

    /// `html` without the notices over unreadable blocks: they quote the
    /// block's diagnostics, whose line numbers move when the formatter adds
    /// or removes lines above (an indented code block becoming fenced); the
    /// block's own text, in the `<pre>` after the notice, is still compared.
    private static func withoutNotices(_ html: String) -> String {
        html.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("<p class=\"raw-block-notice\"") }
            .joined(separator: "\n")
    }
}
