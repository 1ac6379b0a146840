/// Renders a `MarkdownDocument` to HTML: prose through cmark-gfm (GFM
/// table, strikethrough, autolink and tasklist extensions), tiles as
/// semantic HTML, nothing the author wrote ever passed through as markup.
///
/// Rules followed:
/// - All the prose of a document is one CommonMark document (GFM footnotes
///   on), with each tile, display math or raw block placed where it is
///   written, so lists, link references and footnotes work as written and
///   footnotes are numbered and listed once, at the end. Only a tile written
///   inside an HTML construct that runs to an end marker (an HTML comment,
///   `<pre>`, …) starts a new document after it, with the file's link
///   reference definitions read first.
/// - Raw HTML is escaped (shown as text): an HTML block renders as a code
///   block with `class="language-html"`, inline HTML as text.
///   `CMARK_OPT_UNSAFE` is never used, so `javascript:` links are dropped.
/// - `$$…$$` display math renders as `<div class="math math-display">` with
///   the TeX between the delimiters escaped; fenced `chart` and `mermaid`
///   code renders as cmark renders code, with `data-meaning="chart"` or
///   `"mermaid"` on the `<pre>`.
/// - Front matter is not part of the body; its `title` is the page title.
/// - Tiles render as the built-in catalog describes; an unknown tile type,
///   `:::recent:::` (which needs the workspace) and raw blocks render as
///   visible notices.
///
/// The output is deterministic (the same document gives the same bytes),
/// every block's HTML ends with a line break, and the time taken grows
/// linearly with the document.
public struct HTMLRenderer: Sendable {
    /// The `lang` of the page's `<html>` element (a BCP 47 tag).
    public var language: String
    /// The CSS embedded in the page's `<style>` element.
    public var stylesheet: String

    /// A renderer.
    ///
    /// - Parameters:
    ///   - language: the page language, `en` by default.
    ///   - stylesheet: the page CSS; `HTMLRenderer.defaultStylesheet`, which
    ///     reads well in light and dark mode, by default.
    public init(language: String = "en", stylesheet: String = HTMLRenderer.defaultStylesheet) {
        self.language = language
        self.stylesheet = stylesheet
    }

    /// The HTML of the document's body (what goes inside `<main>`), without
    /// the front matter.
    public func renderBody(_ document: MarkdownDocument) -> String {
        let definitions = CommonMarkTree.linkReferenceDefinitions(in: document)
        var html = ""
        html.reserveCapacity(document.storage.count * 2)
        var run = CombinedProse()
        var runs = 0
        var sectionLevel = 1

        func flushRun() {
            guard !run.isEmpty else { return }
            runs += 1
            html += run.render(definitions: runs > 1 ? definitions : "", fileDefinitions: definitions)
            run = CombinedProse()
        }

        for index in 0..<document.blockCount {
            let kind = document.kind(at: index)
            var block = ""
            switch kind {
            case .frontMatter:
                continue
            case .displayMath:
                block = "<div class=\"math math-display\">\(HTMLText.escaped(Self.tex(of: document.storage.string(document.range(at: index)))))</div>\n"
            case .tile(let tile):
                TileHTMLRenderer.render(tile, headingLevel: Swift.min(sectionLevel + 1, 6), into: &block)
            case .recentPosts:
                TileHTMLRenderer.renderRecentPosts(into: &block)
            case .raw(let origin):
                let raw = document.block(at: index)
                renderRaw(origin, text: document.writtenText(of: raw), diagnostics: raw.diagnostics, into: &block)
            default:
                if case .heading(let level, _) = kind { sectionLevel = level }
                let start = document.range(at: index).lowerBound
                let end = index + 1 < document.blockCount ? document.range(at: index + 1).lowerBound : document.storage.count
                run.appendProse(document.storage[start..<end])
                continue
            }
            // A block the line scan found inside an HTML construct that runs
            // until its end marker (a comment, `<pre>`, …) would be swallowed
            // by it in one document: the prose before it is a run of its own.
            switch document.htmlContext(at: index) {
            case .none, .untilBlankLine: break
            default: if kind.tile != nil || kind == .recentPosts { flushRun() }
            }
            run.appendBlock(html: block)
        }
        flushRun()
        return html
    }

    /// A whole page: `<!doctype html>`, `<meta charset="utf-8">`, the
    /// title (see `title(of:)`), the front matter's `description` as a
    /// `<meta name="description">` when it has one, the stylesheet, and the
    /// body inside `<main>`.
    public func renderPage(_ document: MarkdownDocument) -> String {
        var html = "<!doctype html>\n<html lang=\"\(HTMLText.escaped(language))\">\n<head>\n<meta charset=\"utf-8\">\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        html += "<meta name=\"color-scheme\" content=\"light dark\">\n"
        html += "<title>\(HTMLText.escaped(title(of: document)))</title>\n"
        if let frontMatter = document.frontMatter, let value = frontMatter["description"] {
            let description = frontMatter.dialect == .tiledown ? Self.unquoted(value) : value.trimmingSpaces()
            if !description.isEmpty {
                html += "<meta name=\"description\" content=\"\(HTMLText.escaped(description))\">\n"
            }
        }
        html += "<style>\n\(stylesheet)</style>\n</head>\n<body>\n<main>\n"
        html += renderBody(document)
        html += "</main>\n</body>\n</html>\n"
        return html
    }

    /// The page title: the front matter's `title` (in the Tiledown dialect,
    /// without one pair of surrounding quotes), else the text of the first heading, else `Untitled`.
    public func title(of document: MarkdownDocument) -> String {
        if let frontMatter = document.frontMatter, let value = frontMatter["title"] {
            // YAML scalars are read already; Tiledown values keep quotes as typed.
            let title = frontMatter.dialect == .tiledown ? Self.unquoted(value) : value.trimmingSpaces()
            if !title.isEmpty { return title }
        }
        for index in 0..<document.blockCount {
            guard case .heading = document.kind(at: index) else { continue }
            let text = document.storage.string(document.range(at: index))
            let heading = CommonMarkTree.withDocument(parsing: text) { root, _ in
                CommonMarkTree.children(of: root).first.map(CommonMarkTree.plainText(of:)) ?? ""
            } ?? ""
            if !heading.isEmpty { return heading }
        }
        return "Untitled"
    }

    // MARK: Internals

    private func renderRaw(_ origin: RawBlockOrigin, text: String, diagnostics: [Diagnostic], into html: inout String) {
        var notice: String
        switch origin {
        case .tile(let type):
            notice = "Not rendered: this \(type.map { "<code>\(HTMLText.escaped($0))</code> " } ?? "")tile could not be read, so it is shown as written."
        case .unparsed:
            notice = "Not rendered: this block could not be read, so it is shown as written."
        }
        if let first = diagnostics.first {
            notice += " \(HTMLText.escaped(first.message))"
        }
        html += "<p class=\"raw-block-notice\" role=\"note\">\(notice)</p>\n"
        html += "<pre class=\"raw-block\">\(HTMLText.escaped(text))</pre>\n"
    }

    /// The TeX between a display math block's `$$` delimiters, trimmed.
    static func tex(of text: String) -> String {
        var body = Substring(text.trimmingWhitespace())
        if body.hasPrefix("$$") { body = body.dropFirst(2) }
        if body.hasSuffix("$$") { body = body.dropLast(2) }
        return body.trimmingWhitespace()
    }

    /// A front matter value without one pair of surrounding quotes (the
    /// Tiledown dialect keeps quotes as typed).
    static func unquoted(_ value: String) -> String {
        let trimmed = value.trimmingSpaces()
        if trimmed.count >= 2, let first = trimmed.first, first == trimmed.last, first == "\"" || first == "'" {
            return String(trimmed.dropFirst().dropLast())
        }
        return trimmed
    }

    /// The default page stylesheet: system fonts, a readable measure, and
    /// colors for light and dark mode.
    public static let defaultStylesheet = """
        :root { color-scheme: light dark; --text: #1d1d1f; --background: #ffffff; --muted: #5f6368; --accent: #0b57d0; --surface: #f3f4f6; --border: #d0d4da; }
        @media (prefers-color-scheme: dark) {
          :root { --text: #e8eaed; --background: #17181a; --muted: #a0a4aa; --accent: #8ab4f8; --surface: #23252a; --border: #3c4046; }
        }
        body { margin: 0; background: var(--background); color: var(--text); font: 1rem/1.6 system-ui, sans-serif; }
        main { max-width: 46rem; margin: 0 auto; padding: 1.5rem; }
        a { color: var(--accent); }
        pre, code { font-family: ui-monospace, monospace; font-size: 0.92em; }
        pre { background: var(--surface); border: 1px solid var(--border); border-radius: 6px; padding: 0.75rem; overflow-x: auto; }
        table { border-collapse: collapse; }
        th, td { border: 1px solid var(--border); padding: 0.3rem 0.6rem; }
        blockquote { margin-left: 0; padding-left: 1rem; border-left: 4px solid var(--border); color: var(--muted); }
        .tile { margin: 1.5rem 0; }
        .tile-callout, .tile-unknown, .tile-buttondown, .tile-service-form { border: 1px solid var(--border); border-left: 4px solid var(--accent); border-radius: 6px; padding: 0.75rem 1rem; background: var(--surface); }
        .tile-title { margin: 0 0 0.5rem; font-size: 1.1rem; }
        .tile-embed { margin-left: 0; margin-right: 0; }
        .tile-embed iframe, .tile-embed video { width: 100%; height: 100%; border: 0; }
        .tile-notice, .raw-block-notice, .tile-note { color: var(--muted); font-size: 0.9em; }
        .tile-unknown { border-left-color: #c5221f; }
        .math-display { overflow-x: auto; font-family: ui-monospace, monospace; margin: 1rem 0; }

        """
}
