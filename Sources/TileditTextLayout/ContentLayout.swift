import TileditModel

/// The lines of one preview item's content at a width (see
/// `PreviewLayout` for what each looks like).
enum ContentLayout {
    static func lines(of content: StyledContent, width: Int) -> [StyledLine] {
        switch content {
        case .paragraph(let runs):
            var wrapper = LineWrapper(width: width)
            wrapper.append(styled(runs))
            return wrapper.finish()
        case .heading(let level, let runs):
            let marker = String(repeating: "#", count: level) + " "
            var wrapper = LineWrapper(width: width, continuationIndent: marker.count)
            wrapper.append(marker, .heading(level))
            wrapper.append(styled(runs, adding: .heading(level)))
            return wrapper.finish()
        case .code(let text, let meaning):
            var result: [StyledLine] = []
            switch meaning {
            case .chart: result.append(StyledLine("chart", .tileLabel))
            case .mermaid: result.append(StyledLine("mermaid", .tileLabel))
            case .code: break
            }
            return result + indentedLines(text, style: .code, width: width)
        case .html(let text):
            return indentedLines(text, style: [.code, .muted], width: width, indent: 0)
        case .thematicBreak:
            return [StyledLine(String(repeating: "─", count: Swift.max(width, 1)), .muted)]
        case .table(let table):
            return TableLayout.lines(of: table, width: width)
        case .math(let tex):
            return indentedLines(tex, style: .math, width: width)
        case .plain(let text):
            return indentedLines(text, style: .muted, width: width, indent: 0)
        case .frame(let frame):
            return FrameLayout.lines(of: frame, width: width)
        }
    }

    /// Inline runs as styled runs: each role its text style, plus `extra`.
    static func styled(_ runs: [InlineRun], adding extra: TextStyle = .plain) -> [StyledRun] {
        runs.map { StyledRun($0.text, style(of: $0.roles).union(extra)) }
    }

    /// The text style of inline roles.
    static func style(of roles: InlineRoles) -> TextStyle {
        var style = TextStyle.plain
        if roles.contains(.emphasis) { style.insert(.emphasis) }
        if roles.contains(.strong) { style.insert(.strong) }
        if roles.contains(.code) { style.insert(.code) }
        if roles.contains(.link) { style.insert(.link) }
        if roles.contains(.linkTarget) || roles.contains(.muted) { style.insert(.muted) }
        if roles.contains(.strikethrough) { style.insert(.strikethrough) }
        if roles.contains(.error) { style.insert(.error) }
        if roles.contains(.label) { style.insert(.tileLabel) }
        return style
    }

    /// `text`'s lines (without the final line break), indented and cut to `width`.
    static func indentedLines(_ text: String, style: TextStyle, width: Int, indent: Int = 2) -> [StyledLine] {
        var body = Substring(text)
        if body.hasSuffix("\n") { body = body.dropLast() }
        let indent = width > indent + 1 ? indent : 0
        let padding = String(repeating: " ", count: indent)
        var result: [StyledLine] = []
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            for piece in LineWrapper.hardWrap(String(line), width: width - indent) {
                var styled = StyledLine(padding)
                styled.append(piece, style)
                result.append(styled)
            }
        }
        return result
    }
}
