import CCmarkGFM

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
    /// the front matter: the pieces of `bodyPieces(_:)`, joined.
    public func renderBody(_ document: MarkdownDocument) -> String {
        var html = ""
        var pieces = bodyPieces(document)
        while let piece = pieces.next() { html += piece }
        return html
    }

    /// The body's HTML (`renderBody`) a piece at a time, each made when it
    /// is asked for: a caller that writes each piece and lets it go never
    /// holds the whole HTML, nor all the prose as one CommonMark document
    /// where splitting it gives the same bytes (see `BodyPieces`).
    public func bodyPieces(_ document: MarkdownDocument) -> BodyPieces {
        BodyPieces(document: document, stretchLength: BodyPieces.stretchLength, splitting: true)
    }

    /// `bodyPieces(_:)` with stretches of `stretchLength` bytes of prose
    /// (tests split small documents this way); `splitting: false` renders
    /// all the prose as one document whatever it holds.
    func bodyPieces(_ document: MarkdownDocument, stretchLength: Int, splitting: Bool = true) -> BodyPieces {
        BodyPieces(document: document, stretchLength: stretchLength, splitting: splitting)
    }

    /// Whether `bodyPieces` may render `document`'s prose in stretches (tests).
    static func splitsSafely(_ document: MarkdownDocument) -> Bool {
        BodyPieces.splitsSafely(document)
    }

    /// The pieces of a document's body HTML, in order.
    ///
    /// All the prose is one CommonMark document (see the type's rules),
    /// except where that cannot give other bytes than rendering it in
    /// stretches of about `stretchLength` bytes of prose, each with all the
    /// file's link reference definitions read first: when the prose has no
    /// footnotes (`[^`), no HTML construct that runs across blocks, and
    /// every line holding `]:` outside the standalone definition blocks is
    /// one cmark leaves out of the block it sits in (a definition after an
    /// HTML block, say) on its own, after a blank line. Stretches end
    /// between top-level blocks, where one document's HTML is the
    /// concatenation of its blocks'.
    public struct BodyPieces: IteratorProtocol, Sequence {
        /// Prose collected before a stretch ends (when splitting is safe).
        public static let stretchLength = 256 * 1024

        /// A link reference definition (or a block of them), for the
        /// stretches that may use it.
        private struct Definition {
            /// Its text, without the line break after it.
            var text: [UInt8]
            /// Its label folded (`foldedLabel`); `nil`: read by every stretch.
            var label: String?
        }

        private let document: MarkdownDocument
        /// The standalone definition blocks' text (what one document reads first after a run).
        private let definitions: String
        /// Every definition of the file in file order, when splitting.
        private let fileDefinitions: [Definition]
        /// Positions in `fileDefinitions` by label, and those every stretch reads.
        private let definitionsByLabel: [String: [Int]]
        private let definitionsForEvery: [Int]
        private let splits: Bool
        private let stretchLength: Int
        /// The next block to read.
        private var nextBlock = 0
        private var run = CombinedProse()
        private var runLength = 0
        /// The bracketed texts of the run's prose, folded: the labels it may use.
        private var runLabels = Set<String>()
        private var runs = 0
        private var sectionLevel = 1

        init(document: MarkdownDocument, stretchLength: Int, splitting: Bool) {
            self.document = document
            self.stretchLength = stretchLength
            definitions = CommonMarkTree.linkReferenceDefinitions(in: document)
            // Short prose is one stretch anyway (and reads no definitions first).
            let found = splitting && document.storage.count > stretchLength ? Self.definitionsIfSplittable(document) : nil
            splits = found != nil
            fileDefinitions = found ?? []
            var byLabel: [String: [Int]] = [:]
            var forEvery: [Int] = []
            for (position, definition) in fileDefinitions.enumerated() {
                if let label = definition.label { byLabel[label, default: []].append(position) } else { forEvery.append(position) }
            }
            definitionsByLabel = byLabel
            definitionsForEvery = forEvery
        }

        /// Whether stretches of the prose render to the same bytes as all of
        /// it at once (see the type's rules).
        static func splitsSafely(_ document: MarkdownDocument) -> Bool {
            definitionsIfSplittable(document) != nil
        }

        /// A label as CommonMark matches it, for ASCII labels: letters in
        /// lower case, each run of spaces, tabs and line breaks one space,
        /// none at either end; `nil` for a label with other characters or a
        /// backslash (a definition of one is read by every stretch).
        static func foldedLabel(_ bytes: ArraySlice<UInt8>) -> String? {
            var folded: [UInt8] = []
            var pendingSpace = false
            for byte in bytes {
                if byte >= 0x80 || byte == UInt8(ascii: "\\") { return nil }
                if byte == 0x20 || byte == 0x09 || byte == Byte.newline || byte == Byte.carriageReturn {
                    pendingSpace = !folded.isEmpty
                    continue
                }
                if pendingSpace { folded.append(0x20) }
                pendingSpace = false
                folded.append(byte &- 0x41 < 26 ? byte + 32 : byte)
            }
            return String(decoding: folded, as: UTF8.self)
        }

        /// Every link reference definition of the file in file order, when
        /// stretches of the prose render to the same bytes as all of it
        /// (see the type's rules); else `nil`.
        private static func definitionsIfSplittable(_ document: MarkdownDocument) -> [Definition]? {
            var result: [Definition] = []
            func add(_ line: ArraySlice<UInt8>) {
                // `[label]:` — the label between the first brackets.
                let label = line.firstIndex(of: UInt8(ascii: "[")).flatMap { open in
                    line[(open + 1)...].firstIndex(of: UInt8(ascii: "]")).flatMap { close in foldedLabel(line[(open + 1)..<close]) }
                }
                result.append(Definition(text: Array(line), label: label))
            }
            for index in 0..<document.blockCount {
                switch document.htmlContext(at: index) {
                case .none: break
                default: return nil
                }
                switch document.kind(at: index) {
                case .linkReferenceDefinitions:
                    let text = document.storage[document.range(at: index)]
                    let lines = text.split(omittingEmptySubsequences: true) { $0 == Byte.newline || $0 == Byte.carriageReturn }
                    if lines.allSatisfy({ $0.first == UInt8(ascii: "[") && isDefinition(Array($0)) }) {
                        for line in lines { add(line) }
                    } else {
                        // Definitions over several lines: read by every stretch.
                        result.append(Definition(text: text, label: nil))
                    }
                    continue
                case .frontMatter, .tile, .recentPosts, .directive, .raw, .displayMath:
                    continue
                default:
                    break
                }
                let text = document.storage[document.range(at: index)]
                var hasFootnote = false
                var hasDefinition = false
                var offset = 0
                while offset + 1 < text.count {
                    if text[offset] == UInt8(ascii: "[") && text[offset + 1] == UInt8(ascii: "^") { hasFootnote = true }
                    if text[offset] == UInt8(ascii: "]") && text[offset + 1] == UInt8(ascii: ":") { hasDefinition = true }
                    offset += 1
                }
                if hasFootnote { return nil }
                if hasDefinition {
                    guard let lines = definitionLines(in: text) else { return nil }
                    for line in lines { add(line[...]) }
                }
            }
            return result
        }

        /// The definitions a run whose bracketed texts are `labels` may use,
        /// in file order, each followed by a blank line: what the run reads
        /// first (a definition no reference of the run names changes nothing in it).
        private func definitionsUsed(by labels: Set<String>) -> String {
            var positions = definitionsForEvery
            for label in labels { positions += definitionsByLabel[label] ?? [] }
            positions.sort()
            var text: [UInt8] = []
            for position in positions {
                text += fileDefinitions[position].text
                CommonMarkTree.appendLineBreak(to: &text)
                CommonMarkTree.appendLineBreak(to: &text)
            }
            return String(decoding: text, as: UTF8.self)
        }

        /// Adds the bracketed texts of `prose` (folded) to the run's labels.
        private mutating func collectLabels(_ prose: ArraySlice<UInt8>) {
            var open: Int?
            for index in prose.indices {
                switch prose[index] {
                case UInt8(ascii: "["): open = index
                case UInt8(ascii: "]"):
                    if let start = open, index - start <= 1000, let label = Self.foldedLabel(prose[(start + 1)..<index]) {
                        runLabels.insert(label)
                    }
                    open = nil
                default: break
                }
            }
        }

        /// Whether `line` alone is a link reference definition: cmark reads
        /// it and leaves no node (a line an HTML block's reported end left
        /// out, `[a]: /x -->`, is a paragraph on its own).
        private static func isDefinition(_ line: [UInt8]) -> Bool {
            line.withUnsafeBufferPointer { buffer in
                CommonMarkTree.withDocument(parsing: buffer) { root, _ in cmark_node_first_child(root) == nil }
            } ?? false
        }

        /// The definitions in a block's text that cmark leaves out of its
        /// nodes (it reads them as definitions), when every line holding
        /// `]:` is one: it starts with `[` (after at most three spaces), no
        /// node covers it and a blank line or another such line is before
        /// it. `nil` when a line holding `]:` is anything else.
        private static func definitionLines(in text: [UInt8]) -> [[UInt8]]? {
            var lines: [Range<Int>] = []
            var start = 0
            for (offset, byte) in text.enumerated() where byte == Byte.newline || byte == Byte.carriageReturn {
                if byte == Byte.carriageReturn, offset + 1 < text.count, text[offset + 1] == Byte.newline { continue }
                lines.append(start..<offset)
                start = offset + 1
            }
            if start < text.count { lines.append(start..<text.count) }
            func content(_ range: Range<Int>) -> ArraySlice<UInt8> {
                var end = range.upperBound
                if end > range.lowerBound, text[end - 1] == Byte.carriageReturn { end -= 1 }
                return text[range.lowerBound..<end]
            }
            // Lines covered by the block's own nodes (1-based, as cmark counts them).
            var covered = Set<Int>()
            let parsed: Bool? = text.withUnsafeBufferPointer { buffer in
                CommonMarkTree.withDocument(parsing: buffer) { root, _ in
                    for node in CommonMarkTree.children(of: root) {
                        let first = Int(cmark_node_get_start_line(node))
                        let last = Int(cmark_node_get_end_line(node))
                        guard first > 0, last >= first else { continue }
                        for line in first...last { covered.insert(line) }
                    }
                    return true
                }
            }
            guard parsed == true else { return nil }
            var found: [[UInt8]] = []
            var previousAllows = true
            for (index, range) in lines.enumerated() {
                let line = content(range)
                let isBlank = line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
                let holds = zip(line, line.dropFirst()).contains { $0 == UInt8(ascii: "]") && $1 == UInt8(ascii: ":") }
                if holds {
                    let leading = line.prefix { $0 == 0x20 }.count
                    guard leading <= 3, line.dropFirst(leading).first == UInt8(ascii: "["), !covered.contains(index + 1), previousAllows,
                          isDefinition(Array(line))
                    else { return nil }
                    found.append(Array(line))
                    previousAllows = true
                    continue
                }
                previousAllows = isBlank
            }
            return found
        }

        /// The next piece of HTML, or `nil` after the last.
        public mutating func next() -> String? {
            while nextBlock < document.blockCount {
                let index = nextBlock
                nextBlock += 1
                let kind = document.kind(at: index)
                var block = ""
                switch kind {
                case .frontMatter:
                    continue
                case .displayMath:
                    block = "<div class=\"math math-display\">\(HTMLText.escaped(HTMLRenderer.tex(of: document.storage.string(document.range(at: index)))))</div>\n"
                case .tile(let tile):
                    TileHTMLRenderer.render(tile, headingLevel: Swift.min(sectionLevel + 1, 6), into: &block)
                case .recentPosts:
                    TileHTMLRenderer.renderRecentPosts(into: &block)
                case .directive(let name):
                    // Its inner lines are prose (an admonition's text); the fences are not shown.
                    let text = document.storage.string(document.range(at: index))
                    block = "<div class=\"directive directive-\(HTMLText.escaped(name))\">\n"
                        + ProseHTMLRenderer.render(HTMLRenderer.directiveBody(text), definitions: "") + "</div>\n"
                case .raw(let origin):
                    let raw = document.block(at: index)
                    HTMLRenderer.renderRaw(origin, text: document.writtenText(of: raw), diagnostics: raw.diagnostics, into: &block)
                default:
                    if case .heading(let level, _) = kind { sectionLevel = level }
                    // A stretch ends before this block once it is long enough.
                    if splits && runLength >= stretchLength, let html = flushRun() {
                        nextBlock = index
                        return html
                    }
                    let start = document.range(at: index).lowerBound
                    let end = index + 1 < document.blockCount ? document.range(at: index + 1).lowerBound : document.storage.count
                    let prose = document.storage[start..<end]
                    if splits { collectLabels(prose[...]) }
                    run.appendProse(prose)
                    runLength += end - start
                    continue
                }
                // A block the line scan found inside an HTML construct that runs
                // until its end marker (a comment, `<pre>`, …) would be swallowed
                // by it in one document: the prose before it is a run of its own.
                switch document.htmlContext(at: index) {
                case .none, .untilBlankLine: break
                default:
                    if kind.tile != nil || kind == .recentPosts, let html = flushRun() {
                        run.appendBlock(html: block)
                        return html
                    }
                }
                run.appendBlock(html: block)
            }
            return flushRun()
        }

        /// The open run's HTML (`nil` when none is open); a new run starts.
        private mutating func flushRun() -> String? {
            guard !run.isEmpty else { return nil }
            runs += 1
            let html: String
            if splits {
                let used = definitionsUsed(by: runLabels)
                html = run.render(definitions: used, fileDefinitions: used)
                runLabels = []
            } else {
                html = run.render(definitions: runs > 1 ? definitions : "", fileDefinitions: definitions)
            }
            run = CombinedProse()
            runLength = 0
            return html
        }
    }

    /// A whole page: `<!doctype html>`, `<meta charset="utf-8">`, the
    /// title (see `title(of:)`), the front matter's `description` as a
    /// `<meta name="description">` when it has one, the stylesheet, and the
    /// body inside `<main>`.
    public func renderPage(_ document: MarkdownDocument) -> String {
        pageStart(document) + renderBody(document) + Self.pageEnd
    }

    /// `renderPage`'s HTML before the body (through `<main>`).
    public func pageStart(_ document: MarkdownDocument) -> String {
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
        return html
    }

    /// `renderPage`'s HTML after the body.
    public static let pageEnd = "</main>\n</body>\n</html>\n"

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

    static func renderRaw(_ origin: RawBlockOrigin, text: String, diagnostics: [Diagnostic], into html: inout String) {
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
    /// The lines of a container directive between its opening and closing
    /// lines (the text after the first line break, up to the last line's start).
    static func directiveBody(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard lines.count >= 2 else { return "" }
        return lines[1..<(lines.count - 1)].joined(separator: "\n") + "\n"
    }

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
