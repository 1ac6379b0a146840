/// Renders tiles as semantic HTML (the built-in catalog of ARCHITECTURE.md,
/// "The Tiledown format"), every property value escaped, in element content and in
/// attributes alike. No script is emitted.
enum TileHTMLRenderer {
    /// Appends the HTML of `tile` to `html`.
    ///
    /// - Parameter headingLevel: the level (2 to 6) of headings the tile
    ///   emits, one below the section it sits in.
    static func render(_ tile: Tile, headingLevel: Int, into html: inout String) {
        switch tile.type {
        case "callout": renderCallout(tile, headingLevel: headingLevel, into: &html)
        case "counter": renderCounter(tile, into: &html)
        case "embed": renderEmbed(tile, into: &html)
        case "chart": renderChart(tile, into: &html)
        case "mermaid": renderMermaid(tile, into: &html)
        case "service-form": renderServiceForm(tile, into: &html)
        case "buttondown": renderButtondown(tile, headingLevel: headingLevel, into: &html)
        default: renderUnknown(tile, into: &html)
        }
    }

    /// The notice shown where `:::recent:::` is: the list needs the
    /// workspace, which a document alone does not have.
    static func renderRecentPosts(into html: inout String) {
        html += "<nav class=\"recent-posts\" aria-label=\"Recent posts\">\n"
        html += "<p class=\"tile-notice\">Recent posts are listed here when the site is built.</p>\n"
        html += "</nav>\n"
    }

    // MARK: Tiles

    private static func renderCallout(_ tile: Tile, headingLevel: Int, into html: inout String) {
        let title = text(tile, "title") ?? "Note"
        html += "<aside class=\"tile tile-callout\" role=\"note\"\(idAttribute(tile))>\n"
        html += "<h\(headingLevel) class=\"tile-title\">\(HTMLText.escaped(title))</h\(headingLevel)>\n"
        appendParagraphs(text(tile, "body") ?? "", into: &html)
        html += "</aside>\n"
    }

    private static func renderCounter(_ tile: Tile, into html: inout String) {
        let label = text(tile, "label") ?? "Clicks"
        html += "<div class=\"tile tile-counter\"\(idAttribute(tile))>\n"
        html += "<button type=\"button\" data-count=\"0\"><span class=\"tile-counter-label\">\(HTMLText.escaped(label))</span>"
        html += " <output class=\"tile-counter-count\">0</output></button>\n"
        html += "</div>\n"
    }

    private static func renderEmbed(_ tile: Tile, into html: inout String) {
        let url = tile.value("url")?.text ?? ""
        guard let source = VideoSource(url: url) else {
            html += "<div class=\"tile tile-embed tile-invalid\" role=\"note\"\(idAttribute(tile))>\n"
            html += "<p class=\"tile-notice\">This video address is not supported (use a YouTube or Vimeo page, or an https .mp4, .webm or .ogg file): <code>\(HTMLText.escaped(url))</code></p>\n"
            html += "</div>\n"
            return
        }
        let title = HTMLText.escaped(text(tile, "title") ?? "Embedded video")
        let (width, height) = aspectRatio(text(tile, "aspectRatio"))
        html += "<figure class=\"tile tile-embed\" style=\"aspect-ratio: \(width) / \(height)\"\(idAttribute(tile))>\n"
        switch source {
        case .youTube, .vimeo:
            let player = HTMLText.escaped(source.playerURL ?? "")
            html += "<iframe src=\"\(player)\" title=\"\(title)\" sandbox=\"allow-scripts allow-same-origin allow-presentation allow-popups\""
            html += " allow=\"encrypted-media; fullscreen; picture-in-picture\" allowfullscreen loading=\"lazy\" referrerpolicy=\"strict-origin-when-cross-origin\"></iframe>\n"
        case .file(let fileURL, let mediaType):
            html += "<video controls preload=\"metadata\" title=\"\(title)\"><source src=\"\(HTMLText.escaped(fileURL))\" type=\"\(mediaType)\"></video>\n"
        }
        html += "</figure>\n"
    }

    private static func renderChart(_ tile: Tile, into html: inout String) {
        let labels = tile.value("labels")?.items ?? []
        let series = tile.properties.filter { $0.key.hasPrefix("series.") }
        var attributes = ""
        if let type = text(tile, "type") { attributes += " data-chart-type=\"\(HTMLText.escaped(type))\"" }
        if let height = text(tile, "height") { attributes += " data-height=\"\(HTMLText.escaped(height))\"" }
        if let legend = text(tile, "legend") { attributes += " data-legend=\"\(HTMLText.escaped(legend))\"" }
        html += "<figure class=\"tile tile-chart\"\(idAttribute(tile))\(attributes)>\n"
        html += "<figcaption>\(HTMLText.escaped(text(tile, "title") ?? "Chart"))</figcaption>\n"
        html += "<table>\n<thead>\n<tr><th scope=\"col\">Series</th>"
        for label in labels { html += "<th scope=\"col\">\(HTMLText.escaped(label))</th>" }
        html += "</tr>\n</thead>\n<tbody>\n"
        for property in series {
            let name = String(property.key.dropFirst("series.".count))
            let values = property.value.items
            html += "<tr><th scope=\"row\">\(HTMLText.escaped(name))</th>"
            for index in 0..<Swift.max(labels.count, values.count) {
                html += "<td>\(index < values.count ? HTMLText.escaped(values[index]) : "")</td>"
            }
            html += "</tr>\n"
        }
        html += "</tbody>\n</table>\n</figure>\n"
    }

    private static func renderMermaid(_ tile: Tile, into html: inout String) {
        let definition = tile.value("definition")?.text ?? ""
        html += "<pre class=\"mermaid tile tile-mermaid\"\(idAttribute(tile))>\(HTMLText.escaped(definition))</pre>\n"
    }

    private static func renderServiceForm(_ tile: Tile, into html: inout String) {
        var attributes = ""
        for key in ["service", "operation", "mode"] {
            if let value = text(tile, key) { attributes += " data-\(key)=\"\(HTMLText.escaped(value))\"" }
        }
        html += "<form class=\"tile tile-service-form\"\(idAttribute(tile))\(attributes)>\n"
        html += "<button type=\"submit\">\(HTMLText.escaped(text(tile, "submitLabel") ?? "Submit"))</button>\n"
        html += "</form>\n"
    }

    private static func renderButtondown(_ tile: Tile, headingLevel: Int, into html: inout String) {
        let username = tile.value("username")?.text ?? ""
        let action = "https://buttondown.com/api/emails/embed-subscribe/" + HTMLText.percentEncodedPathSegment(username)
        html += "<form class=\"tile tile-buttondown\" method=\"post\" action=\"\(HTMLText.escaped(action))\"\(idAttribute(tile))>\n"
        if let title = text(tile, "title") {
            html += "<h\(headingLevel) class=\"tile-title\">\(HTMLText.escaped(title))</h\(headingLevel)>\n"
        }
        appendParagraphs(text(tile, "body") ?? "", into: &html)
        let label = HTMLText.escaped(text(tile, "emailLabel") ?? "Email address")
        let placeholder = text(tile, "placeholder").map { " placeholder=\"\(HTMLText.escaped($0))\"" } ?? ""
        html += "<label>\(label) <input type=\"email\" name=\"email\"\(placeholder) autocomplete=\"email\" required></label>\n"
        html += "<input type=\"hidden\" name=\"embed\" value=\"1\">\n"
        for tag in tile.value("tags")?.items ?? [] {
            html += "<input type=\"hidden\" name=\"tag\" value=\"\(HTMLText.escaped(tag))\">\n"
        }
        html += "<button type=\"submit\">\(HTMLText.escaped(text(tile, "buttonLabel") ?? "Subscribe"))</button>\n"
        if let note = text(tile, "note") {
            html += "<p class=\"tile-note\">\(HTMLText.escapedLines(note))</p>\n"
        }
        if let poweredBy = text(tile, "poweredBy"), ["true", "yes", "on", "1"].contains(poweredBy.lowercased()) {
            html += "<p class=\"tile-powered-by\"><a href=\"https://buttondown.com/refer/\(HTMLText.escaped(HTMLText.percentEncodedPathSegment(username)))\">Powered by Buttondown</a></p>\n"
        }
        html += "</form>\n"
    }

    private static func renderUnknown(_ tile: Tile, into html: inout String) {
        html += "<div class=\"tile tile-unknown\" role=\"note\">\n"
        html += "<p class=\"tile-notice\">Unknown tile type <code>\(HTMLText.escaped(tile.type))</code>: kept as written, not rendered.</p>\n"
        if !tile.properties.isEmpty {
            html += "<dl>\n"
            for property in tile.properties {
                html += "<dt>\(HTMLText.escaped(property.key))</dt><dd>\(HTMLText.escapedLines(property.value.text))</dd>\n"
            }
            html += "</dl>\n"
        }
        html += "</div>\n"
    }

    // MARK: Helpers

    /// A property's text, `nil` when absent or empty (so defaults apply).
    private static func text(_ tile: Tile, _ key: String) -> String? {
        guard let value = tile.value(key), !value.isEmpty else { return nil }
        return value.text
    }

    /// ` id="…"` for a tile with an `id`, else `""`.
    private static func idAttribute(_ tile: Tile) -> String {
        tile.id.map { " id=\"\(HTMLText.escaped($0))\"" } ?? ""
    }

    /// `W/H` as two positive integers; 16/9 when absent or malformed.
    private static func aspectRatio(_ text: String?) -> (Int, Int) {
        guard let parts = text?.split(separator: "/", omittingEmptySubsequences: false), parts.count == 2,
              let width = Int(parts[0].trimmingSpaces()), let height = Int(parts[1].trimmingSpaces()),
              width > 0, height > 0 else { return (16, 9) }
        return (width, height)
    }

    /// Text as paragraphs (split at blank lines), lines joined with `<br>`.
    private static func appendParagraphs(_ text: String, into html: inout String) {
        var paragraph: [Substring] = []
        func flush() {
            guard !paragraph.isEmpty else { return }
            html += "<p>\(HTMLText.escapedLines(paragraph.joined(separator: "\n")))</p>\n"
            paragraph.removeAll()
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingSpaces().isEmpty { flush() } else { paragraph.append(line) }
        }
        flush()
    }
}
