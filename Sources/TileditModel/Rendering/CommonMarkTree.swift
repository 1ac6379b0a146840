import CCmarkGFM
import Foundation

/// Parses prose with cmark-gfm and the GFM extensions (table,
/// strikethrough, autolink, tasklist) for the renderers, and reads nodes.
///
/// Nodes are cmark's `cmark_node *` (an `OpaquePointer`); they live only
/// inside the closure given to `withDocument`.
enum CommonMarkTree {
    private static let registered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    /// Held while a parser with these extensions parses inlines. cmark-gfm
    /// adds an extension's inline characters (`~` for strikethrough, `:` and
    /// `w` for autolinks) to one process-wide table when inline parsing
    /// starts and takes them out when it ends (github/cmark-gfm#221), so two
    /// such parses at once can each lose the other's strikethrough and
    /// autolinks. The block reader attaches only the table extension, which
    /// adds no inline characters, and needs no lock.
    private static let inlineParsing = NSLock()

    /// Runs `body` (a `cmark_parser_finish`) holding the lock every parse
    /// with inline extensions holds while it parses inlines, so the
    /// process-wide table of inline characters is in one known state.
    static func withInlineParsingLock<Result>(_ body: () -> Result) -> Result {
        inlineParsing.lock()
        defer { inlineParsing.unlock() }
        return body()
    }

    /// The parser options of Tiledit's rendering: GFM footnotes on
    /// (`[^label]` references and `[^label]:` definitions, rendered as a
    /// footnotes section at the end, as GitHub shows them).
    static let renderingOptions = CMARK_OPT_FOOTNOTES

    /// Parses `text` and calls `body` with the document node and the list of
    /// attached extensions (what `cmark_render_html` needs to render them).
    ///
    /// - Parameter options: cmark-gfm parser options; `CMARK_OPT_DEFAULT`
    ///   (footnotes off) unless given, for callers that read one block alone.
    static func withDocument<Result>(
        parsing text: String, options: Int32 = CMARK_OPT_DEFAULT, extensions: [String] = extensionNames,
        _ body: (OpaquePointer, UnsafeMutablePointer<cmark_llist>?) -> Result
    ) -> Result? {
        var text = text
        return text.withUTF8 { buffer in
            withDocument(parsing: buffer, options: options, extensions: extensions, body)
        }
    }

    /// Parses the UTF-8 bytes `text` (see `withDocument(parsing:options:_:)`).
    static func withDocument<Result>(
        parsing text: UnsafeBufferPointer<UInt8>, options: Int32 = CMARK_OPT_DEFAULT, extensions: [String] = extensionNames,
        _ body: (OpaquePointer, UnsafeMutablePointer<cmark_llist>?) -> Result
    ) -> Result? {
        _ = registered
        guard let parser = cmark_parser_new(options) else { return nil }
        defer { cmark_parser_free(parser) }
        for name in extensions {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        text.withMemoryRebound(to: CChar.self) { chars in
            if let base = chars.baseAddress, !chars.isEmpty { cmark_parser_feed(parser, base, chars.count) }
        }
        // Inlines are parsed when the parser finishes.
        let finished = withInlineParsingLock { cmark_parser_finish(parser) }
        guard let document = finished else { return nil }
        defer { cmark_node_free(document) }
        return body(document, cmark_parser_get_syntax_extensions(parser))
    }

    /// Parses `text` with `definitions` (link reference definitions, each
    /// ending in a line break) read first, so references to them resolve,
    /// and calls `body` with the document node and the attached extensions.
    ///
    /// The definitions go before the text, not after it, so an unclosed
    /// fence or HTML block at the end of the text cannot swallow them, and
    /// the first definition of a label in the file wins, as in one CommonMark
    /// document. Anything the definitions render themselves (a line that
    /// only looked like a definition) is dropped: it belongs where it is
    /// written. They are left out when `text` has no `]`, which every
    /// reference needs.
    static func withDocument<Result>(
        parsing text: String, definitions: String, options: Int32 = CMARK_OPT_DEFAULT, extensions: [String] = extensionNames,
        _ body: (OpaquePointer, UnsafeMutablePointer<cmark_llist>?) -> Result
    ) -> Result? {
        let usesDefinitions = !definitions.isEmpty && text.utf8.contains(UInt8(ascii: "]"))
        let prefix = usesDefinitions ? definitions + "\n" : ""
        let prefixLines = LineEnding.lineBreakCount(in: prefix.utf8)
        return withDocument(parsing: prefix + text, options: options, extensions: extensions) { document, extensions in
            if prefixLines > 0 {
                for node in children(of: document) where Int(cmark_node_get_start_line(node)) <= prefixLines {
                    cmark_node_free(node)
                }
            }
            return body(document, extensions)
        }
    }

    /// The text of every link reference definition block of `document`,
    /// each followed by a blank line.
    static func linkReferenceDefinitions(in document: MarkdownDocument) -> String {
        var result: [UInt8] = []
        for index in 0..<document.blockCount {
            guard case .linkReferenceDefinitions = document.kind(at: index) else { continue }
            result += document.storage[document.range(at: index)]
            appendLineBreak(to: &result)
            appendLineBreak(to: &result)
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Ends `bytes` with one more line break: `\r` after a lone `\r` (a
    /// `\n` there would join it into one `\r\n`), `\n` otherwise; nothing
    /// is added to empty bytes.
    static func appendLineBreak(to bytes: inout [UInt8]) {
        guard let last = bytes.last else { return }
        bytes.append(last == Byte.carriageReturn ? Byte.carriageReturn : Byte.newline)
    }

    /// The children of `node`, in order.
    static func children(of node: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            result.append(current)
            child = cmark_node_next(current)
        }
        return result
    }

    /// The node's literal text (text, code, HTML), or `""`.
    static func literal(of node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    /// The node's type name as cmark-gfm spells it (`table`, `table_row`,
    /// `table_cell`, `strikethrough`, `tasklist`, …).
    static func typeName(of node: OpaquePointer) -> String {
        cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
    }

    /// The plain text of a node's inline content (text, code and break
    /// literals, markup dropped). Walks the tree with cmark's iterator, so
    /// nesting of any depth costs no stack.
    static func plainText(of node: OpaquePointer) -> String {
        var result = ""
        guard let iterator = cmark_iter_new(node) else { return result }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let current = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE: result += literal(of: current)
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: result += " "
            default: break
            }
        }
        return result
    }

    /// Renders `node` to HTML without `CMARK_OPT_UNSAFE` (raw HTML the tree
    /// still holds would be omitted, and unsafe link schemes are dropped).
    static func html(of node: OpaquePointer, extensions: UnsafeMutablePointer<cmark_llist>?) -> String {
        guard let rendered = cmark_render_html(node, CMARK_OPT_DEFAULT, extensions) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }
}
