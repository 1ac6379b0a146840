import CGtk
import TileditGtk
import TileditModel

/// One item of the styled preview (`StyledItem`) as widgets: a paragraph
/// or a heading as a label of Pango markup from its runs' roles, code,
/// HTML and math in monospace, a table as aligned monospace columns, a
/// frame (front matter, a tile, recent posts, a raw block) as a card with
/// its label and lines; indented by the quotes and list items around it,
/// a list item's marker before its first line. The row's accessible name
/// is the item's text.
@MainActor
enum PreviewItemView {
    /// Fills `row` (emptied first) with `item` and returns its accessible name.
    static func fill(_ row: Box, with item: StyledItem) -> String {
        row.removeAll()
        let (content, name) = view(of: item.content)
        var indent: Int32 = 0
        var marker: String?
        var quoted = false
        for container in item.containers {
            switch container {
            case .quote:
                quoted = true
                indent += 14
            case .listItem(let listMarker, _, let depth, let isFirst):
                indent += 22
                if container == item.containers.last, isFirst { marker = listMarker.text.map(taskOrNumber) ?? bullet(depth) }
            }
        }
        let line = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        if let marker {
            let label = Label(marker)
            label.setVerticalAlignment(GTK_ALIGN_START)
            label.addStyleClass("dim-label")
            line.append(label)
        }
        content.setExpands(horizontally: true, vertically: false)
        line.append(content)
        line.setMargins(top: item.blankLineContainers == nil ? 1 : 8, bottom: 1, start: indent + (marker == nil ? 0 : -16), end: 4)
        if quoted { line.addStyleClass("tiledit-quote") }
        row.append(line)
        return (marker.map { $0 + " " } ?? "") + name
    }

    private static func taskOrNumber(_ text: String) -> String {
        switch text {
        case "[ ]": "☐"
        case "[x]": "☑"
        default: text
        }
    }

    private static func bullet(_ depth: Int) -> String {
        ["•", "◦", "▪"][depth % 3]
    }

    /// The widget for `content` and its text.
    private static func view(of content: StyledContent) -> (Widget, String) {
        switch content {
        case .paragraph(let runs):
            return (label(markup: markup(runs)), plain(runs))
        case .heading(let level, let runs):
            let heading = label(markup: markup(runs))
            heading.addStyleClass(level <= 4 ? "title-\(level)" : "heading")
            heading.setAccessibleDescription("heading \(level)")
            return (heading, plain(runs))
        case .code(let text, let meaning):
            let title: String? = switch meaning {
            case .chart: "chart"
            case .mermaid: "mermaid diagram"
            case .code(let language): language.isEmpty ? nil : language
            }
            return (card(title: title, lines: [monospace(text)]), [title, text].compactMap { $0 }.joined(separator: "\n"))
        case .html(let text):
            let html = monospace(text)
            html.addStyleClass("dim-label")
            return (html, text)
        case .thematicBreak:
            return (Separator(GTK_ORIENTATION_HORIZONTAL), "—")
        case .table(let table):
            let (markup, text) = tableText(table)
            let view = label(markup: markup)
            view.addStyleClass("monospace")
            return (view, text)
        case .math(let tex):
            return (card(title: "math", lines: [monospace(tex)]), "math\n" + tex)
        case .plain(let text):
            let view = Label(text)
            configure(view)
            view.addStyleClass("dim-label")
            return (view, text)
        case .frame(let frame):
            return self.frame(frame)
        }
    }

    private static func frame(_ frame: StyledFrame) -> (Widget, String) {
        var widgets: [Widget] = []
        var lines: [String] = []
        for line in frame.lines {
            switch line {
            case .property(let key, let value):
                widgets.append(label(markup: "<b>\(GtkText.markupEscaped(key)):</b> \(GtkText.markupEscaped(value))"))
                lines.append("\(key): \(value)")
            case .list(let key, let items):
                widgets.append(label(markup: "<b>\(GtkText.markupEscaped(key)):</b>"))
                for item in items { widgets.append(label(markup: "  • " + GtkText.markupEscaped(item))) }
                lines.append("\(key): " + items.joined(separator: ", "))
            case .literal(let key, let text):
                widgets.append(label(markup: "<b>\(GtkText.markupEscaped(key)):</b>"))
                widgets.append(monospace(text))
                lines.append("\(key): \(text)")
            case .notice(let runs):
                let notice = label(markup: markup(runs))
                notice.addStyleClass("dim-label")
                widgets.append(notice)
                lines.append(plain(runs))
            case .verbatim(let text):
                let verbatim = monospace(text)
                verbatim.addStyleClass("dim-label")
                widgets.append(verbatim)
                lines.append(text)
            }
        }
        let title = plain(frame.label)
        let card = card(title: nil, lines: [])
        let heading = label(markup: markup(frame.label))
        heading.addStyleClass("caption-heading")
        if case .tile(_, false) = frame.kind { heading.addStyleClass("warning") }
        if case .raw = frame.kind { heading.addStyleClass("error") }
        card.append(heading)
        widgets.forEach(card.append)
        return (card, ([title] + lines).joined(separator: "\n"))
    }

    private static func card(title: String?, lines: [Widget]) -> Box {
        let box = Box(GTK_ORIENTATION_VERTICAL, spacing: 2)
        box.addStyleClass("card")
        box.addStyleClass("tiledit-frame")
        if let title {
            let heading = Label(title)
            configure(heading)
            heading.addStyleClass("caption-heading")
            box.append(heading)
        }
        lines.forEach(box.append)
        return box
    }

    private static func configure(_ label: Label) {
        label.setTextAlignment(0)
        label.setWraps(true)
        label.setSelectable(false)
    }

    private static func label(markup: String) -> Label {
        let label = Label()
        configure(label)
        label.setMarkup(markup)
        return label
    }

    private static func monospace(_ text: String) -> Label {
        let label = Label(text)
        label.setTextAlignment(0)
        label.addStyleClass("monospace")
        return label
    }

    /// The runs' text without roles.
    static func plain(_ runs: [InlineRun]) -> String {
        runs.map(\.text).joined()
    }

    /// The runs as Pango markup: each role as its own style (the palette
    /// of the window: bold, italics, monospace, underlined links, dim
    /// secondary text, red errors).
    static func markup(_ runs: [InlineRun]) -> String {
        var result = ""
        for run in runs {
            var text = GtkText.markupEscaped(run.text)
            let roles = run.roles
            if roles.contains(.code) { text = "<tt>\(text)</tt>" }
            if roles.contains(.strong) || roles.contains(.label) { text = "<b>\(text)</b>" }
            if roles.contains(.emphasis) { text = "<i>\(text)</i>" }
            if roles.contains(.strikethrough) { text = "<s>\(text)</s>" }
            if roles.contains(.link) { text = "<u>\(text)</u>" }
            if roles.contains(.linkTarget) || roles.contains(.muted) { text = "<span alpha=\"60%\">\(text)</span>" }
            if roles.contains(.error) { text = "<span foreground=\"#c01c28\">\(text)</span>" }
            result += text
        }
        return result
    }

    /// A table in monospace columns as wide as their widest cell (in
    /// characters), the header row bold: markup and plain text.
    private static func tableText(_ table: StyledTable) -> (String, String) {
        let cells = table.rows.map { $0.map(plain) }
        let columns = cells.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in cells { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        var markupLines: [String] = []
        var textLines: [String] = []
        for (rowIndex, row) in cells.enumerated() {
            let padded = (0..<columns).map { index -> String in
                let cell = index < row.count ? row[index] : ""
                let space = String(repeating: " ", count: widths[index] - cell.count)
                switch index < table.alignments.count ? table.alignments[index] : .left {
                case .left: return cell + space
                case .right: return space + cell
                case .center: return String(space.prefix(space.count / 2)) + cell + String(space.dropFirst(space.count / 2))
                }
            }
            let line = padded.joined(separator: " │ ")
            textLines.append(row.joined(separator: " | "))
            let escaped = GtkText.markupEscaped(line)
            markupLines.append(rowIndex == 0 && table.hasHeader ? "<b>\(escaped)</b>" : escaped)
            if rowIndex == 0 && table.hasHeader {
                markupLines.append(widths.map { String(repeating: "─", count: $0) }.joined(separator: "─┼─"))
            }
        }
        return (markupLines.joined(separator: "\n"), textLines.joined(separator: "\n"))
    }
}
