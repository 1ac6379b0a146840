import CCmarkGFM

/// Renders a run of CommonMark/GFM prose to HTML with cmark-gfm, raw HTML
/// escaped (shown as text) and fenced `chart`/`mermaid` code marked with its
/// typed meaning.
///
/// cmark-gfm without `CMARK_OPT_UNSAFE` would replace raw HTML with a
/// "raw HTML omitted" comment; the tree is rewritten before rendering so the
/// reader sees what was written: an HTML block becomes a code block
/// (`language-html`), inline HTML becomes text.
enum ProseHTMLRenderer {
    /// Renders `prose`, with `definitions` (the file's link reference
    /// definitions, see `CommonMarkTree.withDocument(parsing:definitions:_:)`)
    /// read first so references resolve.
    static func render(_ prose: String, definitions: String) -> String {
        CommonMarkTree.withDocument(parsing: prose, definitions: definitions, options: CommonMarkTree.renderingOptions) { document, extensions in
            rewrite(document)
            return CommonMarkTree.html(of: document, extensions: extensions)
        } ?? ""
    }

    /// Replaces raw HTML and typed fenced code in the tree under `root`.
    static func rewrite(_ root: OpaquePointer) {
        var targets: [OpaquePointer] = []
        guard let iterator = cmark_iter_new(root) else { return }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            guard cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE, CMARK_NODE_CODE_BLOCK: targets.append(node)
            default: break
            }
        }
        cmark_iter_free(iterator)

        for node in targets {
            let literal = CommonMarkTree.literal(of: node)
            var replacement: OpaquePointer?
            switch cmark_node_get_type(node) {
            case CMARK_NODE_HTML_BLOCK:
                replacement = cmark_node_new(CMARK_NODE_CODE_BLOCK)
                if let replacement {
                    cmark_node_set_literal(replacement, literal)
                    cmark_node_set_fence_info(replacement, "html")
                }
            case CMARK_NODE_HTML_INLINE:
                replacement = cmark_node_new(CMARK_NODE_TEXT)
                if let replacement { cmark_node_set_literal(replacement, literal) }
            default:
                let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
                let meaning: String
                switch FencedCodeMeaning(info: info) {
                case .chart: meaning = "chart"
                case .mermaid: meaning = "mermaid"
                case .code: continue
                }
                let language = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? meaning
                replacement = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK)
                if let replacement {
                    let html = "<pre data-meaning=\"\(meaning)\"><code class=\"language-\(HTMLText.escaped(language))\">"
                        + HTMLText.escaped(literal) + "</code></pre>"
                    cmark_node_set_on_enter(replacement, html)
                    cmark_node_set_on_exit(replacement, "")
                }
            }
            guard let replacement else { continue }
            cmark_node_replace(node, replacement)
            cmark_node_free(node)
        }
    }
}
