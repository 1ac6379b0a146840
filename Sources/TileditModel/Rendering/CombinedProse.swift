import CCmarkGFM

/// The prose of a run of blocks as one CommonMark document, with a
/// placeholder line where each other block (a tile, display math, a raw
/// block) sits, so link references and footnotes resolve across the whole
/// run and footnotes are numbered and listed once, as in one CommonMark
/// document.
///
/// A placeholder is an HTML comment line with a blank line on each side: it
/// ends whatever block is open before it (a paragraph, list, block quote,
/// table or HTML block that ends at a blank line) exactly where the
/// document's block structure ends it, and is replaced in cmark's tree by
/// the block's own HTML before rendering. A placeholder cmark does not find
/// where it was written (an HTML construct left open swallowed it) makes
/// the run render block run by block run instead, each as its own document.
struct CombinedProse {
    /// One piece of the run, in order.
    private enum Piece {
        case prose([UInt8])
        case block(html: String)
    }

    private var pieces: [Piece] = []
    private var hasProse = false

    var isEmpty: Bool { pieces.isEmpty }

    /// Adds prose bytes (whole lines, with the blank lines after them).
    mutating func appendProse(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if case .prose(var last)? = pieces.last {
            pieces.removeLast()
            last += bytes
            pieces.append(.prose(last))
        } else {
            pieces.append(.prose(bytes))
        }
        hasProse = true
    }

    /// Adds a block rendered by Tiledit itself (its HTML ends with a line break).
    mutating func appendBlock(html: String) {
        pieces.append(.block(html: html))
    }

    static let placeholder: [UInt8] = Array("<!--tiledit:block-->".utf8)

    /// The run's HTML.
    ///
    /// - Parameters:
    ///   - definitions: link reference definitions read before the run (the
    ///     file's, when it renders as several runs), or empty.
    ///   - fileDefinitions: the file's link reference definitions, read
    ///     before each stretch of prose when the run renders stretch by stretch.
    func render(definitions: String, fileDefinitions: String) -> String {
        guard hasProse else {
            return pieces.reduce(into: "") { html, piece in if case .block(let block) = piece { html += block } }
        }
        var source: [UInt8] = Array(definitions.utf8)
        if !source.isEmpty { CommonMarkTree.appendLineBreak(to: &source) }
        let prefixLines = LineEnding.lineBreakCount(in: source)
        var lineBreaks = prefixLines
        var placeholders: [Int32: String] = [:]
        for piece in pieces {
            switch piece {
            case .prose(let bytes):
                source += bytes
                lineBreaks += LineEnding.lineBreakCount(in: bytes)
            case .block(let html):
                if let last = source.last, !LineEnding.isLineBreak(last) {
                    CommonMarkTree.appendLineBreak(to: &source)
                    lineBreaks += 1
                }
                if !source.isEmpty {
                    CommonMarkTree.appendLineBreak(to: &source)
                    lineBreaks += 1
                }
                placeholders[Int32(lineBreaks + 1)] = html
                source += Self.placeholder
                CommonMarkTree.appendLineBreak(to: &source)
                CommonMarkTree.appendLineBreak(to: &source)
                lineBreaks += 2
            }
        }
        let combined = source.withUnsafeBufferPointer { buffer in
            CommonMarkTree.withDocument(parsing: buffer, options: CommonMarkTree.renderingOptions) { document, extensions -> String? in
                var replaced = 0
                for node in CommonMarkTree.children(of: document) {
                    let line = cmark_node_get_start_line(node)
                    if prefixLines > 0 && Int(line) <= prefixLines {
                        // What the definitions render themselves belongs where they are written.
                        cmark_node_free(node)
                        continue
                    }
                    guard cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK, let html = placeholders[line],
                          CommonMarkTree.literal(of: node).utf8.starts(with: Self.placeholder),
                          let block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { continue }
                    cmark_node_set_on_enter(block, html)
                    cmark_node_set_on_exit(block, "")
                    cmark_node_replace(node, block)
                    cmark_node_free(node)
                    replaced += 1
                }
                guard replaced == placeholders.count else { return nil }
                ProseHTMLRenderer.rewrite(document)
                return CommonMarkTree.html(of: document, extensions: extensions)
            }
        }
        if let html = combined ?? nil { return html }
        return renderedRunByRun(definitions: fileDefinitions)
    }

    /// Each stretch of prose as its own document, the blocks between.
    private func renderedRunByRun(definitions: String) -> String {
        var html = ""
        for piece in pieces {
            switch piece {
            case .prose(let bytes):
                html += ProseHTMLRenderer.render(String(decoding: bytes, as: UTF8.self), definitions: definitions)
            case .block(let block):
                html += block
            }
        }
        return html
    }
}
