import TileditModel

/// `textDocument/foldingRange`: front matter, tiles and sections (a
/// heading to the end of the last block before the next heading of the
/// same or a higher level) in Markdown; multi-line mappings and sequences
/// in YAML files.
enum FoldingProvider {
    /// A fold: lines from 0, both included.
    struct Fold: Equatable {
        var startLine: Int
        var endLine: Int
        var kind: String?

        var json: JSON {
            var members: [(String, JSON)] = [("startLine", .int(startLine)), ("endLine", .int(endLine))]
            if let kind { members.append(("kind", .string(kind))) }
            return .object(members)
        }
    }

    static func foldingRanges(_ context: RequestContext, _ params: JSON) throws -> JSON {
        let document = try context.document(params)
        return .array(try folds(in: document).map(\.json))
    }

    static func folds(in document: OpenDocument) throws(ResponseError) -> [Fold] {
        let lines = document.lines
        func lineRange(_ range: Range<Int>) -> (Int, Int) {
            (lines.line(containing: range.lowerBound), lines.line(containing: Swift.max(range.lowerBound, range.upperBound - 1)))
        }
        switch document.model {
        case .siteConfiguration:
            return []
        case .yaml(let file):
            var result: [Fold] = []
            var stack = file.documents.compactMap(\.root).map { ($0, 0) }
            while let (node, depth) = stack.popLast(), result.count < SymbolProvider.maximumSymbols {
                guard depth < SymbolProvider.maximumDepth else { continue }
                let children: [YAMLNode]
                switch node.content {
                case .mapping(let pairs): children = pairs.map(\.value)
                case .sequence(let items): children = items
                default: continue
                }
                let (start, end) = lineRange(node.range)
                if end > start { result.append(Fold(startLine: start, endLine: end, kind: nil)) }
                stack += children.map { ($0, depth + 1) }
            }
            return result.sorted { ($0.startLine, $0.endLine) < ($1.startLine, $1.endLine) }
        case .markdown(let markdown):
            var result: [Fold] = []
            // Open sections: heading level and first line.
            var sections: [(level: Int, line: Int, lastLine: Int)] = []
            func closeSections(downTo level: Int) {
                while let top = sections.last, top.level >= level {
                    sections.removeLast()
                    if top.lastLine > top.line { result.append(Fold(startLine: top.line, endLine: top.lastLine, kind: "region")) }
                }
            }
            for index in 0..<markdown.blockCount {
                if index % 4096 == 0 { try ResponseError.checkCancellation() }
                let (start, end) = lineRange(markdown.range(at: index))
                switch markdown.kind(at: index) {
                case .heading(let level, _):
                    closeSections(downTo: level)
                    sections.append((level, start, end))
                    continue
                case .frontMatter:
                    if end > start { result.append(Fold(startLine: start, endLine: end, kind: nil)) }
                case .tile, .raw(.tile):
                    if end > start { result.append(Fold(startLine: start, endLine: end, kind: "region")) }
                default:
                    break
                }
                for slot in sections.indices { sections[slot].lastLine = end }
            }
            closeSections(downTo: 0)
            return result.sorted { ($0.startLine, $0.endLine) < ($1.startLine, $1.endLine) }
        }
    }
}
