import TileditModel

/// A framed block at a width: `┌─ label ─┐`, the content lines inside
/// `│ … │`, `└──┘`, as wide as the width (at least 5).
enum FrameLayout {
    static func lines(of frame: StyledFrame, width: Int) -> [StyledLine] {
        let inner = Swift.max(width - 4, 1)
        var content: [StyledLine] = []
        for line in frame.lines {
            switch line {
            case .property(let key, let value):
                var wrapper = LineWrapper(width: inner, continuationIndent: 2)
                wrapper.append(key + ":", .tileLabel)
                if !value.isEmpty { wrapper.append(" " + value) }
                content += wrapper.finish()
            case .list(let key, let items):
                content.append(StyledLine(key + ":", .tileLabel))
                for item in items {
                    var wrapper = LineWrapper(width: inner - 4)
                    wrapper.append(item)
                    for (index, wrapped) in wrapper.finish().enumerated() {
                        var prefixed = StyledLine(index == 0 ? "  - " : "    ")
                        prefixed.append(contentsOf: wrapped)
                        content.append(prefixed)
                    }
                }
            case .literal(let key, let text):
                content.append(StyledLine(key + ":", .tileLabel))
                content += ContentLayout.indentedLines(text, style: .plain, width: inner)
            case .notice(let runs):
                var wrapper = LineWrapper(width: inner)
                wrapper.append(ContentLayout.styled(runs))
                content += wrapper.finish()
            case .verbatim(let text):
                content += ContentLayout.indentedLines(text, style: .muted, width: inner, indent: 0)
            }
        }
        return box(label: ContentLayout.styled(frame.label), content: content, width: width)
    }

    /// `content` (lines at most `width - 4` wide) in a frame `width` wide
    /// with `label` in its top edge.
    static func box(label: [StyledRun], content: [StyledLine], width: Int) -> [StyledLine] {
        let width = Swift.max(width, 5)
        let inner = width - 4
        var top = StyledLine("┌─ ", .tileFrame)
        var labelSpace = Swift.max(width - 6, 0)
        for run in label where labelSpace > 0 {
            var text = ""
            for character in run.text {
                let characterWidth = DisplayWidth.of(character)
                if characterWidth > labelSpace { break }
                text.append(character)
                labelSpace -= characterWidth
            }
            top.append(text, run.style)
        }
        let labelWidth = top.displayWidth - 3
        top.append(" " + String(repeating: "─", count: Swift.max(width - 5 - labelWidth, 0)) + "┐", .tileFrame)
        var result = [top]
        for line in content {
            var framed = StyledLine("│ ", .tileFrame)
            framed.append(contentsOf: line)
            framed.append(String(repeating: " ", count: Swift.max(inner - line.displayWidth, 0)))
            framed.append(" │", .tileFrame)
            result.append(framed)
        }
        result.append(StyledLine("└" + String(repeating: "─", count: width - 2) + "┘", .tileFrame))
        return result
    }
}
